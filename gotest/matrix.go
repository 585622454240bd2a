package gotest

import (
	"sort"

	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/report"
)

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

// SummarizeMatrix analyses the killers of each killed mutant
// (MutantResult.KilledBy of a Matrix run) over the given tests and any
// other test that killed one (a test of another package), with the
// analyses of report.KillMatrix, tests in name order.
func SummarizeMatrix(tests []TestInfo, mutants []MutantResult) MatrixSummary {
	index := map[string]int{}
	var names []string
	add := func(name string) {
		if _, ok := index[name]; !ok {
			index[name] = 0
			names = append(names, name)
		}
	}
	for _, t := range tests {
		add(t.Name)
	}
	var killed []MutantResult
	for _, m := range mutants {
		if m.Outcome == outcome.Killed {
			killed = append(killed, m)
			for _, t := range m.KilledBy {
				add(t)
			}
		}
	}
	sort.Strings(names)
	km := report.KillMatrix{Tests: names, Mutants: make([]string, len(killed)), Cells: make([][]report.KillCell, len(names))}
	for i, name := range names {
		index[name] = i
		km.Cells[i] = make([]report.KillCell, len(killed))
	}
	for j, m := range killed {
		km.Mutants[j] = m.Mutant.ID
		for _, t := range m.KilledBy {
			km.Cells[index[t]][j] = report.KilledHere
		}
	}
	return MatrixSummary{Kills: km.Kills(), Redundant: km.Redundant(), Minimal: km.Minimal()}
}
