package covering

import (
	"fmt"
	"strings"
)

// MissingError reports a required tuple that no row covers.
type MissingError struct {
	Relation int      // index into Model.Relations
	Params   []int    // model indexes, ascending
	Values   []int    // the missing values, one per parameter
	Names    []string // parameter names
}

// Error implements error.
func (e *MissingError) Error() string {
	parts := make([]string, len(e.Params))
	for i := range e.Params {
		parts[i] = fmt.Sprintf("%s=%d", e.Names[i], e.Values[i])
	}
	return fmt.Sprintf("covering: relation %d: required tuple (%s) is not covered", e.Relation, strings.Join(parts, ", "))
}

// Check verifies rows against m independently of Generate: every row has
// one in-range value per parameter and satisfies every constraint, and for
// every relation every tuple of every Strength-subset that the constraints
// allow appears in some row. The first missing tuple is reported as a
// *MissingError.
func Check(m Model, rows [][]int) error {
	if err := m.validate(); err != nil {
		return err
	}
	n := len(m.Params)
	for r, row := range rows {
		if len(row) != n {
			return fmt.Errorf("covering: row %d has %d values, want %d", r, len(row), n)
		}
		for p, v := range row {
			if v < 0 || v >= m.Params[p].Size {
				return fmt.Errorf("covering: row %d: %s=%d out of range 0..%d", r, m.name(p), v, m.Params[p].Size-1)
			}
		}
		for _, c := range m.Constraints {
			if !c.Allow(row) {
				return fmt.Errorf("covering: row %d violates constraint %q", r, c.Name)
			}
		}
	}
	partial := make([]int, n)
	for ri, rel := range m.Relations {
		var err error
		combinations(len(rel.Params), rel.Strength, func(idx []int) {
			if err != nil {
				return
			}
			ps := make([]int, len(idx))
			for i, j := range idx {
				ps[i] = rel.Params[j]
			}
			err = checkSubset(&m, ri, ps, rows, partial)
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// checkSubset checks one parameter subset: it marks the value codes the
// rows hold (first parameter most significant), then walks all tuples in
// lexicographic order.
func checkSubset(m *Model, rel int, ps []int, rows [][]int, partial []int) error {
	total := 1
	for _, p := range ps {
		total *= m.Params[p].Size
	}
	var seen func(c int) bool
	if total <= 1<<24 {
		marks := make([]bool, total)
		for _, row := range rows {
			marks[codeOf(m, ps, func(i int) int { return row[ps[i]] })] = true
		}
		seen = func(c int) bool { return marks[c] }
	} else {
		marks := make(map[int]bool, len(rows))
		for _, row := range rows {
			marks[codeOf(m, ps, func(i int) int { return row[ps[i]] })] = true
		}
		seen = func(c int) bool { return marks[c] }
	}
	vals := make([]int, len(ps))
	for c := 0; ; c++ {
		if !seen(c) && allowed(m, ps, vals, partial) {
			names := make([]string, len(ps))
			for i, p := range ps {
				names[i] = m.name(p)
			}
			return &MissingError{Relation: rel, Params: ps, Values: vals, Names: names}
		}
		i := len(ps) - 1
		for i >= 0 && vals[i] == m.Params[ps[i]].Size-1 {
			vals[i] = 0
			i--
		}
		if i < 0 {
			return nil
		}
		vals[i]++
	}
}

func codeOf(m *Model, ps []int, val func(i int) int) int {
	c := 0
	for i, p := range ps {
		c = c*m.Params[p].Size + val(i)
	}
	return c
}

// allowed reports whether the tuple (ps = vals, don't-care elsewhere) can be
// completed to a valid test.
func allowed(m *Model, ps, vals, partial []int) bool {
	for i := range partial {
		partial[i] = -1
	}
	for i, p := range ps {
		partial[p] = vals[i]
	}
	for _, c := range m.Constraints {
		if !c.Allow(partial) {
			return false
		}
	}
	return true
}
