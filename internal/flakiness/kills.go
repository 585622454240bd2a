package flakiness

import (
	"context"
	"fmt"
)

// Confirming a kill. The baseline runs each test 2 + k times (at least
// 7): a test that fails at random 4 % of the time passes them all with a
// chance of 0.96^14 = 56 % at k = 12, and its failures under mutants
// would count as kills. So a kill counts only if its test fails again
// against the mutant, with the same seed and the same binary, and passes
// on the original at that seed:
//
//   - Repeated: the test runs alone against the mutant, KillReruns more
//     times in one process (-test.count), which costs one process start.
//     A run in one process shares the state the earlier ones left, so a
//     pass there proves nothing.
//   - Fresh: after a pass in that process (or when it ran nothing), the
//     kill's own run (its tests, -test.failfast) runs again in fresh
//     processes, until one does not fail the test or KillReruns did. A
//     test that fails only after the tests before it in its process still
//     fails there: a deterministic kill always recurs.
//   - Original: the test runs alone on the original at the seed, once per
//     test, package and seed (the caller keeps the answer).
//
// The verdicts (KillRuns.Status):
//
//	the test                                          | the kill
//	failed on the original at the seed                | KillFlaky: not a kill; the test is flaky
//	passed (or was not reached) in a fresh run        | KillUnstable: not a kill; the mutant is unstable
//	failed Need runs against the mutant, passed on    | KillHolds
//	  the original
//
// A test with a kill that did not recur, or a failure on the original,
// earlier in the run is a suspect: its later kills need SuspectReruns more
// runs instead of KillReruns.
//
// The chance that a test failing at random with probability p, whatever
// the mutant, gives a kill that holds: the kill run fails (p), then either
// the KillReruns runs in one process all fail (p^3) or, after a pass
// there, KillReruns fresh runs do (p^3), and the original passes (1-p):
// p x (p^3 + (1 - p^3) p^3) x (1 - p), about 2p^4. For p = 4 %, 4.9e-6
// per mutant run. gotest's fixture of a 4 % flake (testdata/rareflake.txtar)
// runs 6 mutants under 20 seeds, at most 120 mutant runs: a false kill
// with a chance of 120 x 4.9e-6 = 0.06 % at most. With one confirming run
// it would be 120 x 0.04^2 = 19 %. A 30 % flake is 2 x 0.3^4 = 1.6 %
// per mutant run; once it showed a kill that did not recur (a suspect), 2
// x 0.3^7 = 0.04 %.
//
// A black-box per-case sample (internal/blackboxmut) is no kill: its
// status is ignored, and its tests' first cases only feed the per-case
// score. Its failure runs SampleReruns more times in its process, and on
// the original at its seed: a test failing at random with probability p
// adds about p^2 to the score (0.16 points at 4 %), where three reruns
// cost up to four times the sample's run.
const (
	KillReruns    = 3
	SuspectReruns = 6
	SampleReruns  = 1
)

// Runs counts a test's runs: those it passed, and those it did not (it
// failed, or the run was stopped in it: a timeout, a crash).
type Runs struct{ Pass, Fail int }

func (r Runs) total() int { return r.Pass + r.Fail }

// KillRuns is what confirming one kill saw: the killing test, the seed of
// the mutant's runs, and the test's runs against the mutant and on the
// original.
type KillRuns struct {
	Test string
	Seed uint64
	// Suspect: the test showed a kill that did not recur, or failed on
	// the original, earlier in the run.
	Suspect bool
	// Sample: the mutant is a black-box per-case sample, whose failures
	// feed the per-case score and count as no kill (SampleReruns).
	Sample bool
	// Mutant counts the kill's own run and the fresh runs against the
	// mutant; a fresh run that did not reach the test counts as a pass.
	Mutant Runs
	// Repeated counts the runs in one process against the mutant
	// (KillRunner.Repeat).
	Repeated Runs
	// Original counts the runs on the original at Seed.
	Original Runs
}

// NewKillRuns starts the record of a kill of test at seed: its own run
// failed.
func NewKillRuns(test string, seed uint64, suspect bool) KillRuns {
	return KillRuns{Test: test, Seed: seed, Suspect: suspect, Mutant: Runs{Fail: 1}}
}

// Need is how many runs against the mutant must fail, the kill's own
// included: 1 + KillReruns, 1 + SuspectReruns for a suspect, 1 +
// SampleReruns for a per-case sample's failure.
func (k KillRuns) Need() int {
	switch {
	case k.Suspect:
		return 1 + SuspectReruns
	case k.Sample:
		return 1 + SampleReruns
	}
	return 1 + KillReruns
}

// recurred counts the runs against the mutant that failed the test: the
// runs in one process count only when none of them passed.
func (k KillRuns) recurred() int {
	n := k.Mutant.Fail
	if k.Repeated.Pass == 0 {
		n += k.Repeated.Fail
	}
	return n
}

// KillStatus is what the runs of a kill say.
type KillStatus int

const (
	// KillUndecided: the runs stopped short (cancelled, or a run could
	// not be made).
	KillUndecided KillStatus = iota
	// KillRecurs: the test failed every run against the mutant; its run
	// on the original is still to come.
	KillRecurs
	// KillHolds: the test failed every run against the mutant and passed
	// on the original.
	KillHolds
	// KillUnstable: the test passed a fresh run against the mutant: not
	// a kill, and the mutant's verdict is unstable.
	KillUnstable
	// KillFlaky: the test failed on the original at the seed: not a kill,
	// and the test is flaky.
	KillFlaky
)

// Status reads the runs (see KillReruns).
func (k KillRuns) Status() KillStatus {
	switch {
	case k.Original.Fail > 0:
		return KillFlaky
	case k.Mutant.Pass > 0:
		return KillUnstable
	case k.recurred() < k.Need():
		return KillUndecided
	case k.Original.Pass > 0:
		return KillHolds
	}
	return KillRecurs
}

// Record describes the runs: "failed 1 of 2 runs against the mutant (2
// of 3 more in one process), 0 of 1 on the original, with seed 1".
func (k KillRuns) Record() string {
	s := fmt.Sprintf("failed %d of %d runs against the mutant", k.Mutant.Fail, k.Mutant.total())
	if k.Repeated.total() > 0 {
		s += fmt.Sprintf(" (%d of %d more in one process)", k.Repeated.Fail, k.Repeated.total())
	}
	if k.Original.total() > 0 {
		s += fmt.Sprintf(", %d of %d on the original", k.Original.Fail, k.Original.total())
	}
	return s + fmt.Sprintf(", with seed %d", k.Seed)
}

// Note is the line a mutant's reason gets for a kill that is not one
// (KillUnstable, KillFlaky), "" for the others.
func (k KillRuns) Note() string {
	switch k.Status() {
	case KillUnstable:
		return "unstable: " + k.Test + " " + k.Record() + ": not a kill"
	case KillFlaky:
		return "flaky: " + k.Test + " " + k.Record() + ": not a kill"
	}
	return ""
}

// KillRunner runs a killing test again, for ConfirmKill.
type KillRunner interface {
	// Repeat runs the test alone against the mutant n times in one
	// process: the runs it passed and those it did not; runs the process
	// never reached count in neither.
	Repeat(ctx context.Context, n int) (Runs, error)
	// Again runs the kill's own run again in a fresh process: failed
	// reports that the test did not pass (not reached: it passed).
	Again(ctx context.Context) (failed bool, err error)
	// Original runs the test alone on the original at the seed.
	Original(ctx context.Context) (Runs, error)
}

// ConfirmKill runs the test of the kill k again (see KillReruns) until
// Status decides, and returns the runs. k may hold runs already: the
// caller's record of the test on the original, a run in one process of
// several killing tests. An error stops it with the runs so far.
func ConfirmKill(ctx context.Context, r KillRunner, k KillRuns) (KillRuns, error) {
	if k.Status() == KillFlaky {
		return k, nil
	}
	need := k.Need()
	for k.Repeated.Pass == 0 && k.recurred() < need {
		got, err := r.Repeat(ctx, need-k.recurred())
		if err != nil {
			return k, err
		}
		k.Repeated.Pass += got.Pass
		k.Repeated.Fail += got.Fail
		if got.total() == 0 {
			break // it ran nothing: fresh runs decide
		}
	}
	for k.Mutant.Pass == 0 && k.recurred() < need {
		failed, err := r.Again(ctx)
		if err != nil {
			return k, err
		}
		if failed {
			k.Mutant.Fail++
		} else {
			k.Mutant.Pass++
		}
	}
	if k.Status() == KillRecurs {
		o, err := r.Original(ctx)
		if err != nil {
			return k, err
		}
		k.Original.Pass += o.Pass
		k.Original.Fail += o.Fail
	}
	return k, nil
}

// FlakyTest is a test that failed on the original during the mutants'
// runs, with the evidence: its kills are not kills.
type FlakyTest struct {
	Test     string `json:"test"`
	Evidence string `json:"evidence"`
}
