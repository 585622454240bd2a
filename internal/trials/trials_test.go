package trials

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/mutprop/mutprop/internal/testbin"
	"github.com/mutprop/mutprop/internal/testjson"
	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/report"
)

// fakeHost kills the mutant with the tests of kills: a kill after
// seed%7 + 1 generated tests, so that a trial's figure depends on its
// seed only; the others pass their budget. The tests of crashes die
// without a count, but in a traced run, where they say the case. workers
// is how many workers ForEach spreads the jobs over.
type fakeHost struct {
	kills   []string
	crashes []string
	known   []string // the tests Tests knows; others are left out
	workers int
	mu      sync.Mutex
	runs    int
	specs   []Spec
}

func (h *fakeHost) Tests(_ context.Context, names []string) ([]Test, error) {
	var out []Test
	for _, n := range names {
		if slices.Contains(h.known, n) {
			out = append(out, Test{Name: n, Local: n, Bin: &testbin.Binary{Rapid: true}})
		}
	}
	return out, nil
}

func (h *fakeHost) Run(_ context.Context, _ int, t Test, s Spec) Result {
	h.mu.Lock()
	h.runs++
	h.specs = append(h.specs, s)
	h.mu.Unlock()
	n := int(s.Seed%7) + 1
	switch {
	case slices.Contains(h.crashes, t.Name) && s.Trace:
		return Result{Verdict: testjson.Verdict{Outcome: outcome.Crashed}, Count: testjson.Count{Cases: n, Lib: "rapid", Traced: true}, Counted: true}
	case slices.Contains(h.crashes, t.Name):
		return Result{Verdict: testjson.Verdict{Outcome: outcome.Crashed}, Elapsed: 30 * time.Millisecond}
	case slices.Contains(h.kills, t.Name):
		return Result{Verdict: testjson.Verdict{Outcome: outcome.Killed}, Count: testjson.Count{Cases: n, Lib: "rapid", Failed: true}, Counted: true,
			Elapsed: 10 * time.Millisecond}
	}
	return Result{Verdict: testjson.Verdict{Outcome: outcome.Survived}, Count: testjson.Count{Cases: max(s.Budget, 100), Lib: "rapid"}, Counted: true,
		Elapsed: 20 * time.Millisecond}
}

func (h *fakeHost) ForEach(ctx context.Context, n int, fn func(w, i int) error) error {
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = fn(i%h.workers, i)
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return ctx.Err()
}

// TestTrialsRunEveryTestThatReachesTheMutantTheSameOnAnyWorkers: every
// test that covers or killed the mutant gets N seeded trials in name
// order, at the budget; a test Tests leaves out is skipped; one that
// never fails is censored at its budget; the cells do not depend on the
// number of workers.
func TestTrialsRunEveryTestThatReachesTheMutantTheSameOnAnyWorkers(t *testing.T) {
	t.Parallel()
	m := Killed{Package: "p", ID: "p/a.go:3:boundary", Function: "F", KilledBy: []string{"TestB"}, Tests: []string{"TestB", "TestA", "TestC", "TestGone"}}
	cfg := Config{Trials: 6, Seed: 1, Budget: 40}
	var first []report.TrialCell
	for _, workers := range []int{1, 3} {
		h := &fakeHost{kills: []string{"TestA", "TestB"}, known: []string{"TestA", "TestB", "TestC"}, workers: workers}
		cells, runs, err := Run(context.Background(), h, m, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if runs != 3*cfg.Trials || h.runs != runs {
			t.Errorf("%d workers: %d runs counted, %d made, want %d", workers, runs, h.runs, 3*cfg.Trials)
		}
		if !slices.Equal(cellTests(cells), []string{"TestA", "TestB", "TestC"}) {
			t.Errorf("%d workers: tests %v, want TestA, TestB, TestC", workers, cellTests(cells))
		}
		for _, s := range h.specs {
			if s.Budget != 40 || s.Trace {
				t.Errorf("spec %+v: want the budget 40, untraced", s)
			}
		}
		for _, c := range cells {
			if len(c.Trials) != cfg.Trials || c.Library != "rapid" || !c.Seeded || !c.Budgeted || c.Budget != 40 || c.Function != "F" {
				t.Errorf("cell %+v: want %d seeded, budgeted rapid trials of F", c, cfg.Trials)
			}
			for i, tr := range c.Trials {
				if tr.Seed != Seed(cfg.Seed, m.ID, c.Test, i) {
					t.Errorf("%s trial %d: seed %d", c.Test, i, tr.Seed)
				}
				switch c.Test {
				case "TestC":
					if tr.Outcome != outcome.Survived || tr.Cases != 100 || tr.TestsToFailure != 0 || tr.Seconds != 0.02 {
						t.Errorf("TestC trial %d: %+v, want censored after its 100 cases", i, tr)
					}
				default:
					if tr.Outcome != outcome.Killed || tr.TestsToFailure != int(tr.Seed%7)+1 || tr.Cases != tr.TestsToFailure || tr.Seconds != 0.01 {
						t.Errorf("%s trial %d: %+v", c.Test, i, tr)
					}
				}
			}
		}
		if first == nil {
			first = cells
		} else if !slices.EqualFunc(first, cells, func(a, b report.TrialCell) bool { return a.Test == b.Test && slices.Equal(a.Trials, b.Trials) }) {
			t.Errorf("figures differ with %d workers", workers)
		}
	}
}

// TestATrialThatDiesWithoutACountRunsAgainTraced: a crash without a
// count runs again with the same seed and the trace on, which tells the
// case it died in; the time stays the first run's.
func TestATrialThatDiesWithoutACountRunsAgainTraced(t *testing.T) {
	t.Parallel()
	m := Killed{Package: "p", ID: "m", Tests: []string{"TestExit"}}
	h := &fakeHost{crashes: []string{"TestExit"}, known: []string{"TestExit"}, workers: 2}
	cells, runs, err := Run(context.Background(), h, m, Config{Trials: 4, Seed: 9})
	if err != nil {
		t.Fatal(err)
	}
	if runs != 8 || h.runs != 8 {
		t.Errorf("%d runs counted, %d made; want 4 trials and 4 traced runs again", runs, h.runs)
	}
	for i, tr := range cells[0].Trials {
		if tr.Outcome != outcome.Crashed || !tr.Traced || tr.TestsToFailure != int(tr.Seed%7)+1 || tr.Seconds != 0.03 {
			t.Errorf("trial %d: %+v, want a crash at its traced case, 0.03 s", i, tr)
		}
	}
}

func cellTests(cells []report.TrialCell) []string {
	var out []string
	for _, c := range cells {
		out = append(out, c.Test)
	}
	return out
}

// TestSeedIsNeverZero: seed 0 would leave rapid's seed random.
func TestSeedIsNeverZero(t *testing.T) {
	t.Parallel()
	seen := map[uint64]bool{}
	for i := range 1000 {
		s := Seed(1, "m", "TestX", i)
		if s == 0 {
			t.Fatalf("trial %d: seed 0", i)
		}
		seen[s] = true
	}
	if len(seen) < 990 {
		t.Errorf("%d distinct seeds in 1000 trials", len(seen))
	}
	if seeded("gopter", &testbin.Binary{Rapid: true, QuickSeed: true, MutpropSeed: true}) || !seeded("quick", &testbin.Binary{QuickSeed: true}) {
		t.Error("seeded: gopter is never seeded; quick is when the binary seeds it")
	}
	if budgeted("gopter", &testbin.Binary{Rapid: true}) || !budgeted("rapid", &testbin.Binary{Rapid: true}) || budgeted("", &testbin.Binary{Rapid: true}) {
		t.Error("budgeted: gopter never, rapid when the binary has its flags, a plain test never")
	}
}
