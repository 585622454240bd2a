package suitehost

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/propsuite"
	"github.com/mutprop/mutprop/stats"
)

// Join joins the suites that the shards of one run measured in a package
// (parts, one list per shard) into those the unsharded run measures.
// Each shard measures a suite against the same original and own
// (black-box) mutants, taken from the first shard that has the suite,
// and against its part of the package's white-box mutants, whose
// positions among the package's mutants index gives: the white-box
// mutants, their cells and kills are joined in that order. The counts of
// mutants left out add up; the durations add up, and the cell timeout
// is the largest. One part is returned as it is.
func Join(parts [][]propsuite.HostedResult, index map[string]int) ([]propsuite.HostedResult, error) {
	if len(parts) == 1 {
		return parts[0], nil
	}
	var order []string
	bySuite := map[string][]propsuite.HostedResult{}
	for _, part := range parts {
		for _, r := range part {
			k := r.Package + "\x1f" + r.Name + "\x1f" + r.Test
			if _, ok := bySuite[k]; !ok {
				order = append(order, k)
			}
			bySuite[k] = append(bySuite[k], r)
		}
	}
	var out []propsuite.HostedResult
	for _, k := range order {
		r, err := joinSuite(bySuite[k], index)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, nil
}

// joinSuite joins the shards' measures of one suite (Join).
func joinSuite(ps []propsuite.HostedResult, index map[string]int) (propsuite.HostedResult, error) {
	if len(ps) == 1 {
		return ps[0], nil
	}
	first := ps[0]
	r := first
	r.Mutants, r.Cells, r.Properties, r.Err = nil, nil, nil, ""
	white := func(id string) bool { _, ok := index[id]; return ok }
	// rank orders the cells by mutant: the original, the suite's own
	// mutants in the first shard's order, the white-box ones by index.
	own := map[string]int{"": 0}
	for _, c := range first.Cells {
		if _, ok := own[c.Mutant]; !ok && !white(c.Mutant) {
			own[c.Mutant] = len(own)
		}
	}
	rank := func(id string) int {
		if i, ok := index[id]; ok {
			return len(own) + i
		}
		return own[id]
	}
	var errs []string
	for _, m := range first.Mutants {
		if !white(m.ID) {
			r.Mutants = append(r.Mutants, m)
		}
	}
	for _, c := range first.Cells {
		if !white(c.Mutant) {
			r.Cells = append(r.Cells, c)
		}
	}
	var whites []propsuite.MutantStatus
	seen := map[string]bool{}
	for _, p := range ps {
		if p.Seed != first.Seed || p.Protocol != first.Protocol || len(p.Properties) != len(first.Properties) {
			return propsuite.HostedResult{}, fmt.Errorf("suite %s: the shards measured it with other seeds, protocols or properties", first.Label())
		}
		for _, m := range p.Mutants {
			if white(m.ID) {
				if seen[m.ID] {
					return propsuite.HostedResult{}, fmt.Errorf("suite %s: two shards measured mutant %s", first.Label(), m.ID)
				}
				seen[m.ID] = true
				whites = append(whites, m)
			}
		}
		for _, c := range p.Cells {
			if white(c.Mutant) {
				r.Cells = append(r.Cells, c)
			}
		}
		if p.Err != "" && !slices.Contains(errs, p.Err) {
			errs = append(errs, p.Err)
		}
	}
	sort.SliceStable(whites, func(i, j int) bool { return index[whites[i].ID] < index[whites[j].ID] })
	r.Mutants = append(r.Mutants, whites...)
	sort.SliceStable(r.Cells, func(i, j int) bool { return rank(r.Cells[i].Mutant) < rank(r.Cells[j].Mutant) })
	r.Err = strings.Join(errs, "; ")
	r.NotCovered, r.NotInSchemata, r.Duration, r.CellTimeout = 0, 0, 0, 0
	for _, p := range ps {
		r.NotCovered += p.NotCovered
		r.NotInSchemata += p.NotInSchemata
		r.Duration += p.Duration
		r.CellTimeout = max(r.CellTimeout, p.CellTimeout)
	}
	cells := map[string]propsuite.Cell{}
	for _, c := range r.Cells {
		cells[c.Key()] = c
	}
	for i, sp := range first.Properties {
		w := propsuite.Kills{}
		for _, p := range ps {
			q := p.Properties[i]
			if q.Property != sp.Property || q.Generator != sp.Generator {
				return propsuite.HostedResult{}, fmt.Errorf("suite %s: the shards list other properties", first.Label())
			}
			w.Total += q.WhiteBox.Total
			w.Detected += q.WhiteBox.Detected
			w.Killed += q.WhiteBox.Killed
			w.Crashed += q.WhiteBox.Crashed
			w.Timeout += q.WhiteBox.Timeout
		}
		// The mean over the killed white-box mutants, summed in their
		// order as summarize does.
		if sp.Original == outcome.Survived {
			sum, n := 0.0, 0
			for _, m := range r.Mutants {
				c, ok := cells[(&propsuite.Cell{Mutant: m.ID, Property: sp.Property, Generator: sp.Generator}).Key()]
				if !white(m.ID) || !ok || cellStatus(c) != outcome.Killed || len(c.Counts) == 0 {
					continue
				}
				sum += stats.SummarizeInts(c.Counts).Mean
				n++
			}
			if n > 0 {
				w.MeanTestsToFailure = sum / float64(n)
			}
		}
		sp.WhiteBox = w
		r.Properties = append(r.Properties, sp)
	}
	return r, nil
}
