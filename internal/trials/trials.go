// Package trials measures how fast each test that kills a mutant finds it
// (mutprop run --trials N). They run after every mutant has its outcome,
// one killed mutant after the other (its jobs spread over the workers):
//
//  1. Killers. Without the kill matrix a mutant stops at its first
//     killing test; each other test it runs against then runs alone once,
//     with the run's seed, and those that fail kill it too. A black-box
//     mutant ran every test alone at its own seed (Mutant.AllRan): its
//     recorded killers are all its killers, and none is searched for.
//  2. Trials. Each killing test runs N times alone against the mutant;
//     trial i has the seed Seed(run seed, mutant ID, test name, i):
//     rapid's -rapid.seed, testing/quick's default source
//     (testbin.QuickSeedOverlay, testbin.QuickSeedEnv) and mutproptest's
//     -mutprop.seed. gopter takes no seed from outside: its trials are
//     reported unseeded.
//
// A trial's result goes to a slot fixed by (mutant, test, trial), so the
// figures do not depend on the number of workers nor on their order.
// Trials are not journaled: a resumed run runs them again, for the
// journaled mutants too, and gets the same figures. A Host runs the
// tests.
package trials

import (
	"context"
	"slices"

	"github.com/mutprop/mutprop/internal/testbin"
	"github.com/mutprop/mutprop/internal/testjson"
	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/propsuite"
	"github.com/mutprop/mutprop/report"
)

// Test is one test that a mutant's trials run.
type Test struct {
	Name  string          // as the run's results name it
	Local string          // its name in its binary
	Bin   *testbin.Binary // the binary that holds the mutant
}

// Host runs a mutant's tests.
type Host interface {
	// Tests returns the tests of names that can run against the mutant;
	// one that cannot (not among the run's tests, or its binary does not
	// build) is left out, and the host says so.
	Tests(ctx context.Context, names []string) ([]Test, error)
	// Run runs t alone against the mutant with seed, from worker w (a
	// trial when trial is set). It returns the verdict and, for a
	// failure, the property-testing library its message names.
	Run(ctx context.Context, w int, t Test, seed uint64, trial bool) (testjson.Verdict, string)
	// ForEach calls fn for each of n jobs from the workers.
	ForEach(ctx context.Context, n int, fn func(w, i int) error) error
}

// Mutant is a killed mutant as its trials need it.
type Mutant struct {
	Package, ID string
	KilledBy    []string // the tests that killed it
	Tests       []string // the tests it ran against
	// AllRan: every test of Tests ran alone against the mutant, at the
	// mutant's own seed, and KilledBy holds those whose kill held (a
	// black-box mutant: its kills are confirmed on the original at that
	// seed). No other test is searched for: a search at the run's seed
	// would count a test that did not kill at the mutant's seed, or miss
	// one that did.
	AllRan bool
}

// Config is how many trials run, from which seed.
type Config struct {
	Trials int
	Seed   uint64 // the run's seed
	// Matrix: every test ran against the mutant, so KilledBy holds all
	// its killers.
	Matrix bool
}

// Run finds the tests that kill m and runs their trials; it returns the
// cells, in test name order, and the number of test runs.
func Run(ctx context.Context, h Host, m Mutant, cfg Config) ([]report.TrialCell, int, error) {
	killing, runs, err := killingTests(ctx, h, m, cfg)
	if err != nil {
		return nil, runs, err
	}
	cells, err := trialCells(ctx, h, m, killing, cfg)
	return cells, runs + len(killing)*cfg.Trials, err
}

// Seed is the seed of trial i of test against mutant id; never 0, which
// would leave rapid's seed random.
func Seed(seed uint64, id, test string, i int) uint64 {
	s := propsuite.TrialSeed(seed, id, test, "", i)
	if s == 0 {
		s = 1
	}
	return s
}

// killingTests returns every test that kills m, in name order: its
// killers, and (unless Matrix or m.AllRan ran them all) its other tests
// that kill it when run alone with the run's seed; and the number of
// those runs.
func killingTests(ctx context.Context, h Host, m Mutant, cfg Config) ([]Test, int, error) {
	killers := slices.Clone(m.KilledBy)
	runs := 0
	if !cfg.Matrix && !m.AllRan {
		var others []string
		for _, name := range m.Tests {
			if !slices.Contains(killers, name) {
				others = append(others, name)
			}
		}
		cands, err := h.Tests(ctx, others)
		if err != nil {
			return nil, runs, err
		}
		kills := make([]bool, len(cands))
		err = h.ForEach(ctx, len(cands), func(w, k int) error {
			v, _ := h.Run(ctx, w, cands[k], cfg.Seed, false)
			kills[k] = v.Outcome == outcome.Killed
			return nil
		})
		if err != nil {
			return nil, runs, err
		}
		runs += len(cands)
		for k, c := range cands {
			if kills[k] {
				killers = append(killers, c.Name)
			}
		}
	}
	slices.Sort(killers)
	killing, err := h.Tests(ctx, slices.Compact(killers))
	return killing, runs, err
}

// trialCells runs cfg.Trials trials of each killing test of m, one cell a
// test.
func trialCells(ctx context.Context, h Host, m Mutant, killing []Test, cfg Config) ([]report.TrialCell, error) {
	n := cfg.Trials
	cells := make([]report.TrialCell, len(killing))
	libs := make([][]string, len(killing))
	for c, tt := range killing {
		cells[c] = report.TrialCell{Package: m.Package, Mutant: m.ID, Test: tt.Name, Trials: make([]report.Trial, n)}
		libs[c] = make([]string, n)
	}
	err := h.ForEach(ctx, len(killing)*n, func(w, k int) error {
		c, i := k/n, k%n
		tt := killing[c]
		seed := Seed(cfg.Seed, m.ID, tt.Name, i)
		v, lib := h.Run(ctx, w, tt, seed, true)
		tr := report.Trial{Seed: seed, Outcome: v.Outcome}
		if v.Outcome == outcome.Killed {
			tr.TestsToFailure = v.TestsToFailure[tt.Local]
		}
		cells[c].Trials[i], libs[c][i] = tr, lib
		return nil
	})
	if err != nil {
		return nil, err
	}
	for c, tt := range killing {
		for _, lib := range libs[c] {
			if lib != "" {
				cells[c].Library = lib
				break
			}
		}
		cells[c].Seeded = seeded(cells[c].Library, tt.Bin)
	}
	return cells, nil
}

// seeded reports whether a trial's seed reaches the generator of a test
// whose failures name the library lib, run from bin.
func seeded(lib string, bin *testbin.Binary) bool {
	switch lib {
	case "rapid":
		return bin.Rapid
	case "quick":
		return bin.QuickSeed
	case "mutprop":
		return bin.MutpropSeed
	}
	return false // gopter seeds from the clock; a plain test has no generator
}
