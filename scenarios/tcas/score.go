package tcas

import (
	"fmt"
	"sort"
	"strings"
)

// Fault is one version's result on one suite.
type Fault struct {
	Version int  `json:"version"`
	Killed  bool `json:"killed"`
	// TestsToFailure is the 1-based position of the first failing test.
	TestsToFailure int `json:"tests_to_failure,omitempty"`
}

// firstFailure returns the 1-based index of the first input of ins on which
// one of props rejects got (want: the original's outputs), or 0.
func firstFailure(ins []input, got, want []byte, props []property) int {
	for i, in := range ins {
		if got[i] == crashed {
			return i + 1
		}
		for _, p := range props {
			if !p.Check(in, int(got[i]), int(want[i])) {
				return i + 1
			}
		}
	}
	return 0
}

// scoreSet scores every version on one evaluated set with an oracle.
func scoreSet(ev *evaluation, set int, vs []version, props []property) ([]Fault, error) {
	ins, err := ev.sets[set].materialize()
	if err != nil {
		return nil, err
	}
	want := ev.out[0][set]
	out := make([]Fault, 0, len(vs))
	for _, v := range vs {
		n := firstFailure(ins, ev.out[v.Schema][set], want, props)
		out = append(out, Fault{Version: v.Number, Killed: n > 0, TestsToFailure: n})
	}
	return out, nil
}

// PropertyHold says whether a safety property holds on the original.
type PropertyHold struct {
	Name    string `json:"name"`
	Doc     string `json:"doc"`
	Holds   bool   `json:"holds"`
	Checked int    `json:"checked"` // inputs checked
	// Counterexample is the first input (argv order) on which the original
	// violates the property, and Output the original's output on it.
	Counterexample []int  `json:"counterexample,omitempty"`
	Output         int    `json:"output,omitempty"`
	Where          string `json:"where,omitempty"` // the input set of the counterexample
}

// holding checks every safety property on the original's outputs over the
// given evaluated sets.
func holding(ev *evaluation, sets []int, names []string) ([]PropertyHold, error) {
	var out []PropertyHold
	for _, p := range safety {
		h := PropertyHold{Name: p.Name, Doc: p.Doc, Holds: true}
		for k, s := range sets {
			ins, err := ev.sets[s].materialize()
			if err != nil {
				return nil, err
			}
			want := ev.out[0][s]
			h.Checked += len(ins)
			if n := firstFailure(ins, want, want, []property{p}); n > 0 && h.Holds {
				h.Holds = false
				v := values(ins[n-1])
				h.Counterexample, h.Output, h.Where = v[:], int(want[n-1]), names[k]
			}
		}
		out = append(out, h)
	}
	return out, nil
}

// Class is a set of versions that no input of a domain's evaluated sets
// separates.
type Class struct {
	Members []string `json:"members"` // "original" or "v<N>"
}

// EquivalenceOn is the partition of the versions on one domain.
type EquivalenceOn struct {
	Domain     string `json:"domain"`
	Inputs     int    `json:"inputs"`
	Exhaustive bool   `json:"exhaustive"`
	// Classes lists the classes with more than one member (the original's
	// class included when a version is equivalent to it).
	Classes []Class `json:"classes"`
	// Distinct counts the classes of versions not equivalent to the
	// original (v38 excluded).
	Distinct int `json:"distinct"`
}

// partition groups the original and the versions by their outputs on sets.
func partition(ev *evaluation, vs []version, sets []int) [][]string {
	key := func(schema int) string {
		var b strings.Builder
		for _, s := range sets {
			b.Write(ev.out[schema][s])
		}
		return b.String()
	}
	groups := map[string][]string{key(0): {"original"}}
	order := []string{key(0)}
	for _, v := range vs {
		k := key(v.Schema)
		if _, ok := groups[k]; !ok {
			order = append(order, k)
		}
		groups[k] = append(groups[k], fmt.Sprintf("v%d", v.Number))
	}
	out := make([][]string, 0, len(order))
	for _, k := range order {
		out = append(out, groups[k])
	}
	return out
}

// equivalence summarizes a partition.
func equivalence(domain string, inputs int, exhaustive bool, part [][]string) EquivalenceOn {
	e := EquivalenceOn{Domain: domain, Inputs: inputs, Exhaustive: exhaustive}
	for _, g := range part {
		if len(g) > 1 {
			e.Classes = append(e.Classes, Class{Members: g})
		}
		if g[0] == "original" {
			continue
		}
		if len(g) == 1 && g[0] == fmt.Sprintf("v%d", notPortableVersion) {
			continue
		}
		e.Distinct++
	}
	sort.SliceStable(e.Classes, func(i, j int) bool {
		return e.Classes[i].Members[0] == "original" && e.Classes[j].Members[0] != "original"
	})
	return e
}
