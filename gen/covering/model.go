package covering

import (
	"fmt"
	"slices"
)

// Param is one input parameter; its values are 0..Size-1.
type Param struct {
	Name string
	Size int
}

// Relation requires every value combination of every Strength-subset of
// Params (indexes into Model.Params).
type Relation struct {
	Params   []int
	Strength int
}

// Constraint restricts the valid tests. Allow receives a full-width row in
// model order where -1 means "not chosen yet" and must report exactly
// whether that partial row can still be completed to a row satisfying the
// constraint. Allow may read only the positions listed in Params and must
// not modify the row.
type Constraint struct {
	Name   string
	Params []int
	Allow  func(row []int) bool
}

// Model is the input of Generate and Check.
type Model struct {
	Params    []Param
	Relations []Relation
	// Constraints must have pairwise disjoint Params so that the
	// conjunction of their Allow results is itself exact.
	Constraints []Constraint
}

// Uniform returns the model of params at global strength t (one relation
// over all parameters), without constraints.
func Uniform(params []Param, t int) Model {
	all := make([]int, len(params))
	for i := range all {
		all[i] = i
	}
	return Model{Params: params, Relations: []Relation{{Params: all, Strength: t}}}
}

// Bound returns the constraint Σ row[digits[i]]·base^i ≤ max (digits least
// significant first). A partial row is extendable exactly when the sum over
// its chosen digits is at most max, since unchosen digits can be 0.
func Bound(name string, digits []int, base, max int) Constraint {
	ds := slices.Clone(digits)
	weights := make([]int, len(ds))
	w := 1
	for i := range ds {
		weights[i] = w
		w *= base
	}
	return Constraint{
		Name:   name,
		Params: ds,
		Allow: func(row []int) bool {
			s := 0
			for i, d := range ds {
				if v := row[d]; v > 0 {
					s += v * weights[i]
				}
			}
			return s <= max
		},
	}
}

// validate reports the first structural error of m.
func (m *Model) validate() error {
	n := len(m.Params)
	if n == 0 {
		return fmt.Errorf("covering: model has no parameters")
	}
	for i, p := range m.Params {
		if p.Size < 1 {
			return fmt.Errorf("covering: parameter %d (%s) has size %d, want >= 1", i, p.Name, p.Size)
		}
	}
	if len(m.Relations) == 0 {
		return fmt.Errorf("covering: model has no relations")
	}
	for ri, r := range m.Relations {
		if err := checkIndexes(r.Params, n); err != nil {
			return fmt.Errorf("covering: relation %d: %w", ri, err)
		}
		if r.Strength < 1 || r.Strength > len(r.Params) {
			return fmt.Errorf("covering: relation %d: strength %d not in 1..%d", ri, r.Strength, len(r.Params))
		}
	}
	owner := make([]int, n)
	for i := range owner {
		owner[i] = -1
	}
	for ci, c := range m.Constraints {
		if c.Allow == nil {
			return fmt.Errorf("covering: constraint %d (%s) has no Allow function", ci, c.Name)
		}
		if err := checkIndexes(c.Params, n); err != nil {
			return fmt.Errorf("covering: constraint %d (%s): %w", ci, c.Name, err)
		}
		for _, p := range c.Params {
			if owner[p] >= 0 {
				return fmt.Errorf("covering: constraints %d and %d both read parameter %d (%s); scopes must be disjoint",
					owner[p], ci, p, m.Params[p].Name)
			}
			owner[p] = ci
		}
	}
	return nil
}

func checkIndexes(idx []int, n int) error {
	seen := make(map[int]bool, len(idx))
	for _, p := range idx {
		if p < 0 || p >= n {
			return fmt.Errorf("parameter index %d out of range 0..%d", p, n-1)
		}
		if seen[p] {
			return fmt.Errorf("parameter index %d repeated", p)
		}
		seen[p] = true
	}
	return nil
}

// name returns a printable name of parameter i.
func (m *Model) name(i int) string {
	if s := m.Params[i].Name; s != "" {
		return s
	}
	return fmt.Sprintf("p%d", i)
}
