package trials

import (
	"context"
	"slices"
	"sync"
	"testing"

	"github.com/mutprop/mutprop/internal/testbin"
	"github.com/mutprop/mutprop/internal/testjson"
	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/report"
)

// fakeHost kills the mutant with the tests of kills: a kill after
// seed%7 + 1 generated tests, so that a trial's figure depends on its
// seed only. workers is how many workers ForEach spreads the jobs over.
type fakeHost struct {
	kills   []string
	known   []string // the tests Tests knows; others are left out
	workers int
	mu      sync.Mutex
	runs    int
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

func (h *fakeHost) Run(_ context.Context, _ int, t Test, seed uint64, _ bool) (testjson.Verdict, string) {
	h.mu.Lock()
	h.runs++
	h.mu.Unlock()
	if !slices.Contains(h.kills, t.Name) {
		return testjson.Verdict{Outcome: outcome.Survived}, ""
	}
	return testjson.Verdict{Outcome: outcome.Killed, TestsToFailure: map[string]int{t.Local: int(seed%7) + 1}}, "rapid"
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

// TestTrialsFindEveryKillerAndGiveTheSameFiguresOnAnyWorkers: the tests
// that kill the mutant besides its first killer are found by one run
// alone each, a test Tests leaves out is skipped, every killing test gets
// N seeded trials in name order, and the cells do not depend on the
// number of workers.
func TestTrialsFindEveryKillerAndGiveTheSameFiguresOnAnyWorkers(t *testing.T) {
	t.Parallel()
	m := Mutant{Package: "p", ID: "p/a.go:3:boundary", KilledBy: []string{"TestB"}, Tests: []string{"TestB", "TestA", "TestC", "TestGone"}}
	cfg := Config{Trials: 6, Seed: 1}
	var first []string
	for _, workers := range []int{1, 3} {
		h := &fakeHost{kills: []string{"TestA", "TestB"}, known: []string{"TestA", "TestB", "TestC"}, workers: workers}
		cells, runs, err := Run(context.Background(), h, m, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if runs != 2+2*cfg.Trials || h.runs != runs {
			t.Errorf("%d workers: %d runs counted, %d made, want %d", workers, runs, h.runs, 2+2*cfg.Trials)
		}
		var got []string
		for _, c := range cells {
			if len(c.Trials) != cfg.Trials || c.Library != "rapid" || !c.Seeded {
				t.Errorf("cell %+v: want %d seeded rapid trials", c, cfg.Trials)
			}
			for i, tr := range c.Trials {
				if tr.Seed != Seed(cfg.Seed, m.ID, c.Test, i) || tr.TestsToFailure != int(tr.Seed%7)+1 {
					t.Errorf("%s trial %d: %+v", c.Test, i, tr)
				}
				got = append(got, c.Test+":"+string(tr.Outcome))
			}
		}
		if !slices.Equal(cellTests(cells), []string{"TestA", "TestB"}) {
			t.Errorf("%d workers: killing tests %v, want TestA, TestB", workers, cellTests(cells))
		}
		if first == nil {
			first = got
		} else if !slices.Equal(first, got) {
			t.Errorf("figures differ with %d workers", workers)
		}
	}
	// With the matrix, KilledBy holds every killer: no run finds more.
	h := &fakeHost{kills: []string{"TestA", "TestB"}, known: []string{"TestA", "TestB", "TestC"}, workers: 2}
	cells, runs, err := Run(context.Background(), h, m, Config{Trials: 2, Seed: 1, Matrix: true})
	if err != nil || runs != 2 || !slices.Equal(cellTests(cells), []string{"TestB"}) {
		t.Errorf("matrix: %v runs, cells %v, err %v; want 2 runs of TestB only", runs, cellTests(cells), err)
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
}

// seedHost kills with TestPinned only at the run's seed, and with
// TestOwn at every seed: a black-box mutant whose tests all ran at its
// own seed, where TestPinned did not kill it.
type seedHost struct {
	fakeHost
	pinned uint64
}

func (h *seedHost) Run(ctx context.Context, w int, t Test, seed uint64, trial bool) (testjson.Verdict, string) {
	if t.Name == "TestPinned" && seed != h.pinned {
		h.mu.Lock()
		h.runs++
		h.mu.Unlock()
		return testjson.Verdict{Outcome: outcome.Survived}, ""
	}
	return h.fakeHost.Run(ctx, w, t, seed, trial)
}

// TestTrialsOfAMutantWhoseTestsAllRanSearchNoKiller: a black-box mutant
// ran each of its tests alone at its own seed (AllRan), so its recorded
// killers are all its killers: TestPinned, which fails only at the run's
// seed and did not kill at the mutant's, gets no trials, and no test runs
// at the run's seed. Without AllRan the search at the run's seed would
// count it.
func TestTrialsOfAMutantWhoseTestsAllRanSearchNoKiller(t *testing.T) {
	t.Parallel()
	cfg := Config{Trials: 3, Seed: 42}
	m := Mutant{Package: "p", ID: "blackbox:p.F:1", KilledBy: []string{"TestOwn"}, Tests: []string{"TestOwn", "TestPinned"}}
	for _, allRan := range []bool{true, false} {
		m.AllRan = allRan
		h := &seedHost{fakeHost: fakeHost{kills: []string{"TestOwn", "TestPinned"}, known: []string{"TestOwn", "TestPinned"}, workers: 2}, pinned: cfg.Seed}
		cells, runs, err := Run(context.Background(), h, m, cfg)
		if err != nil {
			t.Fatal(err)
		}
		want, wantRuns := []string{"TestOwn"}, cfg.Trials
		if !allRan {
			want, wantRuns = []string{"TestOwn", "TestPinned"}, 1+2*cfg.Trials
		}
		if got := cellTests(cells); !slices.Equal(got, want) || runs != wantRuns || h.runs != runs {
			t.Errorf("AllRan %v: killing tests %v in %d runs (%d made), want %v in %d", allRan, got, runs, h.runs, want, wantRuns)
		}
	}
}
