package gotest

import (
	"slices"

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
// other test that killed one (a test of another package): the kill
// matrix of report.KillMatrixOf, tests in name order.
func SummarizeMatrix(tests []TestInfo, mutants []MutantResult) MatrixSummary {
	var names []string
	for _, t := range tests {
		names = append(names, t.Name)
	}
	var run report.Run
	for _, m := range mutants {
		if m.Outcome == outcome.Killed {
			run.Mutants = append(run.Mutants, report.Mutant{ID: m.Mutant.ID, KilledBy: m.KilledBy})
			names = append(names, m.KilledBy...)
		}
	}
	slices.Sort(names)
	for _, name := range slices.Compact(names) {
		run.Tests = append(run.Tests, report.Test{ID: name, Name: name})
	}
	km := report.KillMatrixOf(run)
	return MatrixSummary{Kills: km.Kills(), Redundant: km.Redundant(), Minimal: km.Minimal()}
}
