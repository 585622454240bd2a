// Package trials measures how fast each test that reaches a killed mutant
// finds it (mutprop run --trials N). They run after every mutant has its
// outcome, one killed mutant after the other (its jobs spread over the
// workers).
//
// Every test that reaches the mutant (its covering tests and its killers)
// runs N times alone against it; trial i has the seed Seed(run seed,
// mutant ID, test name, i): rapid's -rapid.seed, testing/quick's default
// source (testbin.QuickSeedOverlay, testbin.QuickSeedEnv) and
// mutproptest's -mutprop.seed. gopter takes no seed from outside: its
// trials are reported unseeded. A test that did not kill the mutant in
// its run gets trials too: one that finds it in 3 trials of 20 is slow,
// not blind, and one that never does is censored every time.
//
// A trial runs at most Config.Budget cases (testbin.RunSpec.Budget; 0
// leaves each library's default). It records the cases it ran, read from
// the test's output (testjson.Cases): to its failure, or all of them when
// it passed its budget (censored). A trial that died without a count (an
// os.Exit, a fatal error) runs again, traced (testbin.RunSpec.Trace), when
// its library is seeded: the same seed replays the same cases, and the
// trace tells the case it died in. It records the test's own time as
// test2json reports it, the process's wall time when the test never
// ended.
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
	"time"

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

// Spec is one run of a trial.
type Spec struct {
	Seed   uint64
	Budget int  // testbin.RunSpec.Budget
	Trace  bool // testbin.RunSpec.Trace
}

// Result is what one run of a test says.
type Result struct {
	Verdict testjson.Verdict
	// Count is what the test's output says of the cases it ran; Counted
	// false when it says nothing (a plain test, or a death before any
	// library line).
	Count   testjson.Count
	Counted bool
	// Elapsed is the test's own time (test2json's), or the process's
	// wall time when the test never ended.
	Elapsed time.Duration
}

// Host runs a mutant's tests.
type Host interface {
	// Tests returns the tests of names that can run against the mutant;
	// one that cannot (not among the run's tests, or its binary does not
	// build) is left out, and the host says so.
	Tests(ctx context.Context, names []string) ([]Test, error)
	// Run runs t alone against the mutant, from worker w, as a trial.
	Run(ctx context.Context, w int, t Test, s Spec) Result
	// ForEach calls fn for each of n jobs from the workers.
	ForEach(ctx context.Context, n int, fn func(w, i int) error) error
}

// Killed is a killed mutant as its trials need it.
type Killed struct {
	Package, ID string
	// Function is the function under test the mutant lives in
	// (report.TrialCell.Function).
	Function string
	KilledBy []string // the tests that killed it
	Tests    []string // the tests that reach it (its covering tests)
}

// Config is how many trials run, from which seed, with which budget.
type Config struct {
	Trials int
	Seed   uint64 // the run's seed
	// Budget is the cases per trial (testbin.RunSpec.Budget); 0 leaves
	// each library's default.
	Budget int
}

// Run runs the trials of every test that reaches m (its killers and its
// covering tests); it returns the cells, in test name order, and the
// number of test runs (traced runs again included).
func Run(ctx context.Context, h Host, m Killed, cfg Config) ([]report.TrialCell, int, error) {
	names := slices.Concat(m.KilledBy, m.Tests)
	slices.Sort(names)
	tests, err := h.Tests(ctx, slices.Compact(names))
	if err != nil {
		return nil, 0, err
	}
	return trialCells(ctx, h, m, tests, cfg)
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

// trialCells runs cfg.Trials trials of each test, one cell a test.
func trialCells(ctx context.Context, h Host, m Killed, tests []Test, cfg Config) ([]report.TrialCell, int, error) {
	n := cfg.Trials
	cells := make([]report.TrialCell, len(tests))
	libs := make([][]string, len(tests))
	traced := make([]bool, len(tests)*n)
	for c, tt := range tests {
		cells[c] = report.TrialCell{Package: m.Package, Mutant: m.ID, Function: m.Function, Test: tt.Name,
			Budget: cfg.Budget, Trials: make([]report.Trial, n)}
		libs[c] = make([]string, n)
	}
	err := h.ForEach(ctx, len(tests)*n, func(w, k int) error {
		c, i := k/n, k%n
		tt := tests[c]
		seed := Seed(cfg.Seed, m.ID, tt.Name, i)
		spec := Spec{Seed: seed, Budget: cfg.Budget}
		res := h.Run(ctx, w, tt, spec)
		tr := report.Trial{Seed: seed, Outcome: res.Verdict.Outcome, Seconds: res.Elapsed.Seconds()}
		if !res.Counted && tr.Outcome == outcome.Crashed && traceable(tt.Bin) {
			spec.Trace = true
			again := h.Run(ctx, w, tt, spec)
			traced[k] = true
			if again.Counted && again.Verdict.Outcome != outcome.Survived {
				res.Count, res.Counted, tr.Traced = again.Count, true, true
			}
		}
		if res.Counted {
			tr.Cases = res.Count.Cases
			libs[c][i] = res.Count.Lib
			if detected(tr.Outcome) {
				tr.TestsToFailure = res.Count.Cases
			}
		}
		cells[c].Trials[i] = tr
		return nil
	})
	runs := len(tests) * n
	for _, t := range traced {
		if t {
			runs++
		}
	}
	if err != nil {
		return nil, runs, err
	}
	for c, tt := range tests {
		for _, lib := range libs[c] {
			if lib != "" {
				cells[c].Library = lib
				break
			}
		}
		cells[c].Seeded = seeded(cells[c].Library, tt.Bin)
		cells[c].Budgeted = cfg.Budget > 0 && budgeted(cells[c].Library, tt.Bin)
	}
	return cells, runs, nil
}

// detected reports whether a trial with outcome o found the mutant: its
// test failed, or its process died in it (a panic, an os.Exit, a fatal
// error). A timeout is left out: where in its cases it hung is unknown.
func detected(o outcome.Outcome) bool { return o == outcome.Killed || o == outcome.Crashed }

// traceable reports whether a run again of a test from bin, traced,
// replays its cases and prints them: rapid's and testing/quick's seeds
// reach their generators.
func traceable(bin *testbin.Binary) bool { return bin.Rapid || bin.QuickSeed }

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

// budgeted reports whether a trial's budget reaches the library lib, run
// from bin: gopter reads no flag, a plain test runs one case.
func budgeted(lib string, bin *testbin.Binary) bool {
	switch lib {
	case "rapid", "quick", "mutprop":
		return seeded(lib, bin)
	}
	return false
}
