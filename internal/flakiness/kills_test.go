package flakiness

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// simKill simulates the runs of a killing test: against the mutant it
// fails with probability mutant in a fresh run, and with repeated in a
// later run of one process (a test that fails only after the tests before
// it: 0 alone); on the original, with probability original. It counts
// the calls.
type simKill struct {
	rng                        *rand.Rand
	mutant, repeated, original float64
	repeats, agains, originals int
	err                        error
}

func (s *simKill) fails(p float64) bool { return s.rng.Float64() < p }

func (s *simKill) Repeat(_ context.Context, n int) (Runs, error) {
	s.repeats++
	var r Runs
	for range n {
		if s.fails(s.repeated) {
			r.Fail++
		} else {
			r.Pass++
		}
	}
	return r, s.err
}

func (s *simKill) Again(context.Context) (bool, error) {
	s.agains++
	return s.fails(s.mutant), s.err
}

func (s *simKill) Original(context.Context) (Runs, error) {
	s.originals++
	if s.fails(s.original) {
		return Runs{Fail: 1}, nil
	}
	return Runs{Pass: 1}, nil
}

func newSim(seed uint64, mutant, repeated, original float64) *simKill {
	return &simKill{rng: rand.New(rand.NewPCG(seed, 1)), mutant: mutant, repeated: repeated, original: original}
}

func confirm(t *testing.T, s *simKill, k KillRuns) KillRuns {
	t.Helper()
	k, err := ConfirmKill(context.Background(), s, k)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// TestADeterministicKillHoldsAfterOneProcessAndOneRunOnTheOriginal: a
// test that always fails against the mutant and passes on the original
// costs one process of KillReruns runs and one run on the original.
func TestADeterministicKillHoldsAfterOneProcessAndOneRunOnTheOriginal(t *testing.T) {
	t.Parallel()
	s := newSim(1, 1, 1, 0)
	k := confirm(t, s, NewKillRuns("TestF", 1, false))
	if k.Status() != KillHolds || s.repeats != 1 || s.agains != 0 || s.originals != 1 {
		t.Fatalf("status %d after %d processes, %d fresh runs, %d on the original: want it to hold after 1, 0, 1 (%+v)",
			k.Status(), s.repeats, s.agains, s.originals, k)
	}
	if got, want := k.Record(), "failed 1 of 1 runs against the mutant (3 of 3 more in one process), 0 of 1 on the original, with seed 1"; got != want {
		t.Errorf("record %q, want %q", got, want)
	}
	if k.Note() != "" {
		t.Errorf("a kill that holds has the note %q", k.Note())
	}
}

// TestAKillThatNeedsTheTestsBeforeItHoldsInFreshRuns: a test that fails
// only after the tests before it in its process passes alone; the kill's
// own run, in fresh processes, fails it every time: the kill holds.
func TestAKillThatNeedsTheTestsBeforeItHoldsInFreshRuns(t *testing.T) {
	t.Parallel()
	s := newSim(1, 1, 0, 0)
	k := confirm(t, s, NewKillRuns("TestB", 1, false))
	if k.Status() != KillHolds || s.agains != KillReruns {
		t.Fatalf("status %d after %d fresh runs, want it to hold after %d (%+v)", k.Status(), s.agains, KillReruns, k)
	}
}

// TestAKillThatPassesAFreshRunIsUnstable: a pass in one process sends
// the test to fresh runs; a pass there makes the kill unstable, and the
// note says how many runs failed.
func TestAKillThatPassesAFreshRunIsUnstable(t *testing.T) {
	t.Parallel()
	s := newSim(1, 0, 0, 0)
	k := confirm(t, s, NewKillRuns("TestF", 7, false))
	if k.Status() != KillUnstable || s.agains != 1 || s.originals != 0 {
		t.Fatalf("status %d after %d fresh runs and %d on the original, want unstable after 1 and 0 (%+v)", k.Status(), s.agains, s.originals, k)
	}
	want := "unstable: TestF failed 1 of 2 runs against the mutant (0 of 3 more in one process), with seed 7: not a kill"
	if k.Note() != want {
		t.Errorf("note %q, want %q", k.Note(), want)
	}
}

// TestAKillByATestThatFailsOnTheOriginalIsFlaky: the test fails on the
// original at the seed: not a kill, and the note says so; a test known
// to fail there is not run again.
func TestAKillByATestThatFailsOnTheOriginalIsFlaky(t *testing.T) {
	t.Parallel()
	s := newSim(1, 1, 1, 1)
	k := confirm(t, s, NewKillRuns("TestF", 1, false))
	if k.Status() != KillFlaky || !strings.HasPrefix(k.Note(), "flaky: TestF failed 1 of 1 runs against the mutant (3 of 3 more in one process), 1 of 1 on the original") {
		t.Fatalf("status %d, note %q: want flaky", k.Status(), k.Note())
	}
	s = newSim(1, 1, 1, 1)
	known := NewKillRuns("TestF", 1, false)
	known.Original = Runs{Fail: 1}
	if k := confirm(t, s, known); k.Status() != KillFlaky || s.repeats+s.agains+s.originals != 0 {
		t.Errorf("status %d after %d runs: a test known to fail on the original needs none", k.Status(), s.repeats+s.agains+s.originals)
	}
}

// TestASuspectsKillNeedsSuspectRuns: a suspect's kill needs SuspectReruns
// runs after its own; in one process they cost one process still.
func TestASuspectsKillNeedsSuspectRuns(t *testing.T) {
	t.Parallel()
	s := newSim(1, 1, 1, 0)
	k := confirm(t, s, NewKillRuns("TestF", 1, true))
	if k.Status() != KillHolds || k.Repeated.Fail != SuspectReruns || s.repeats != 1 {
		t.Fatalf("status %d, %+v after %d processes: want %d runs in one", k.Status(), k, s.repeats, SuspectReruns)
	}
}

// TestASamplesFailureNeedsSampleRunsUnlessSuspect: a per-case sample's
// failure reruns SampleReruns times in its process, and a suspect test's
// SuspectReruns times, sample or not.
func TestASamplesFailureNeedsSampleRunsUnlessSuspect(t *testing.T) {
	t.Parallel()
	for _, suspect := range []bool{false, true} {
		s := newSim(1, 1, 1, 0)
		k := NewKillRuns("TestF", 1, suspect)
		k.Sample = true
		k = confirm(t, s, k)
		want := 1
		if suspect {
			want = SuspectReruns
		}
		if k.Status() != KillHolds || k.Repeated.Fail != want || s.repeats != 1 || k.Need() != 1+want {
			t.Errorf("suspect %v: status %d, %+v after %d processes: want %d runs in one", suspect, k.Status(), k, s.repeats, want)
		}
	}
}

// TestAProcessStoppedEarlyIsToppedUp: runs in one process that end
// early (a testify assertion ends the process at the first) are made up
// by another process of the runs left.
func TestAProcessStoppedEarlyIsToppedUp(t *testing.T) {
	t.Parallel()
	var asked []int
	r := &stoppingRunner{asked: &asked}
	k, err := ConfirmKill(context.Background(), r, NewKillRuns("TestA", 1, false))
	if err != nil || k.Status() != KillHolds || len(asked) != 3 || asked[0] != 3 || asked[1] != 2 || asked[2] != 1 {
		t.Fatalf("status %d, err %v, processes asked for %v runs: want 3, 2, 1", k.Status(), err, asked)
	}
}

// stoppingRunner fails the first run of each process, which it ends.
type stoppingRunner struct{ asked *[]int }

func (r *stoppingRunner) Repeat(_ context.Context, n int) (Runs, error) {
	*r.asked = append(*r.asked, n)
	return Runs{Fail: 1}, nil
}
func (r *stoppingRunner) Again(context.Context) (bool, error)    { return true, nil }
func (r *stoppingRunner) Original(context.Context) (Runs, error) { return Runs{Pass: 1}, nil }

// TestAnErrorLeavesTheKillUndecided: a run that cannot be made stops the
// confirmation, undecided.
func TestAnErrorLeavesTheKillUndecided(t *testing.T) {
	t.Parallel()
	s := newSim(1, 1, 1, 0)
	s.err = errors.New("no such binary")
	k, err := ConfirmKill(context.Background(), s, NewKillRuns("TestF", 1, false))
	if err == nil || k.Status() != KillUndecided {
		t.Fatalf("status %d, err %v: want undecided with the error", k.Status(), err)
	}
}

// TestARareFlakeHoldsAboutTwiceItsRateToTheThird simulates kills by a
// test that fails 4 % of the time whatever the mutant (in one process
// too): a kill holds with a chance of 2 x 0.04^3 x 0.96 = 1.2e-4 (the
// kill's own failure given), as KillReruns' comment computes. Over
// 400,000 simulated kills, about 49 hold; the test wants 20 to 90 (the
// Poisson count is within that range with a chance above 99.99 %).
func TestARareFlakeHoldsAboutTwiceItsRateToTheThird(t *testing.T) {
	t.Parallel()
	const p, n = 0.04, 400_000
	s := newSim(3, p, p, p)
	held := 0
	for range n {
		if k := confirm(t, s, NewKillRuns("TestF", 1, false)); k.Status() == KillHolds {
			held++
		}
	}
	want := float64(n) * (math.Pow(p, 3) + (1-math.Pow(p, 3))*math.Pow(p, 3)) * (1 - p)
	if held < 20 || held > 90 {
		t.Errorf("%d of %d kills by a %g flake held, want about %.0f", held, n, p, want)
	}
}
