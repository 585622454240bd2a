package gotest

import "sort"

// MatrixSummary is what a kill matrix says about a package's tests.
type MatrixSummary struct {
	// Kills maps each test to the IDs of the mutants it killed.
	Kills map[string][]string
	// Redundant lists the tests that kill no mutant that no other test
	// kills (tests that kill nothing included), sorted.
	Redundant []string
	// Minimal is a small set of tests that kills every mutant the whole
	// suite kills, chosen greedily (the test killing the most mutants not
	// yet killed first; ties by name), in the order chosen.
	Minimal []string
}

// SummarizeMatrix analyses the killers of each mutant (MutantResult.KilledBy
// of a Matrix run) over the given tests.
func SummarizeMatrix(tests []TestInfo, mutants []MutantResult) MatrixSummary {
	ms := MatrixSummary{Kills: map[string][]string{}}
	killers := map[string][]string{} // mutant -> tests
	for _, m := range mutants {
		if m.Outcome != Killed {
			continue
		}
		for _, t := range m.KilledBy {
			ms.Kills[t] = append(ms.Kills[t], m.Mutant.ID)
		}
		killers[m.Mutant.ID] = m.KilledBy
	}
	names := make([]string, 0, len(tests))
	for _, t := range tests {
		names = append(names, t.Name)
	}
	sort.Strings(names)
	for _, t := range names {
		unique := false
		for _, id := range ms.Kills[t] {
			if len(killers[id]) == 1 {
				unique = true
				break
			}
		}
		if !unique {
			ms.Redundant = append(ms.Redundant, t)
		}
	}
	left := map[string]bool{}
	for id := range killers {
		left[id] = true
	}
	for len(left) > 0 {
		best, bestN := "", 0
		for _, t := range names {
			n := 0
			for _, id := range ms.Kills[t] {
				if left[id] {
					n++
				}
			}
			if n > bestN {
				best, bestN = t, n
			}
		}
		if bestN == 0 {
			break
		}
		ms.Minimal = append(ms.Minimal, best)
		for _, id := range ms.Kills[best] {
			delete(left, id)
		}
	}
	return ms
}
