package gotest_test

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mutprop/mutprop/gotest"
	"github.com/mutprop/mutprop/internal/testfix"
	"github.com/mutprop/mutprop/mutate"
	"github.com/mutprop/mutprop/outcome"
)

// TestBlackboxBatchesGiveTheVerdictsOfOneProcessPerMutant scores
// testdata/batch.txtar's black-box mutants in batches and one process per
// mutant: every mutant's status, killers, per-test outcomes and tests to
// failure agree, through loops, os.Exit and panics in the middle of a
// batch, and the per-case samples (--blackbox-classic) run their first
// case only, as in either isolation. VerifyIsolation reruns some of them
// one per process and finds no difference.
func TestBlackboxBatchesGiveTheVerdictsOfOneProcessPerMutant(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	dir := testfix.Module(t, filepath.Join("testdata", "batch.txtar"))
	var check *gotest.IsolationCheck
	score := func(isolation string) (*gotest.PackageResult, string) {
		var log bytes.Buffer
		cfg := gotest.Config{
			Dir: dir, Patterns: []string{"."}, Workers: 2, Seed: 1,
			TempDir: t.TempDir(), NoFloor: true, Log: &log, Isolation: isolation,
			Operators: []*mutate.Operator{}, // black-box mutants only
			Blackbox:  &gotest.Blackbox{PerFunc: 12, Classic: 6},
		}
		if isolation == gotest.IsolationBatch {
			cfg.VerifyIsolation = 5
		}
		res, err := gotest.Score(context.Background(), cfg)
		if err != nil {
			t.Fatalf("score (%s): %v\n%s", isolation, err, log.String())
		}
		if isolation == gotest.IsolationBatch {
			check = res.Isolation
		}
		return res.Packages[0], log.String()
	}
	batch, blog := score(gotest.IsolationBatch)
	alone, alog := score(gotest.IsolationProcess)
	if !strings.Contains(blog, "run in ") || strings.Contains(alog, " batches, ") {
		t.Errorf("the batch run's log does not say it ran batches, or the other does:\n%s\n---\n%s", blog, alog)
	}
	if check == nil || check.Checked != 5 || len(check.Differences) != 0 {
		t.Errorf("--verify-isolation 5 found %+v, want 5 checked and no difference", check)
	}
	if len(batch.Mutants) != len(alone.Mutants) || len(batch.Mutants) != 36 {
		t.Fatalf("%d and %d mutants, want 36 (3 functions x 12)", len(batch.Mutants), len(alone.Mutants))
	}
	seen := map[outcome.Outcome]int{}
	for i, b := range batch.Mutants {
		a := alone.Mutants[i]
		seen[b.Outcome]++
		for _, o := range b.PerTest {
			seen[o]++
		}
		if got, want := verdictOf(b), verdictOf(a); got != want {
			t.Errorf("%s:\n  batch:   %s\n  process: %s", b.Mutant.ID, got, want)
		}
	}
	// The fixture means every kind of end to happen in a batch, to a
	// mutant or to one of its tests.
	for _, o := range []outcome.Outcome{outcome.Killed, outcome.Timeout, outcome.Crashed, outcome.Ignored} {
		if seen[o] == 0 {
			t.Errorf("no mutant %s: %v", o, seen)
		}
	}
}

// verdictOf is what must not depend on the isolation: the status, the
// killers, each test's outcome and tests to failure.
func verdictOf(r gotest.MutantResult) string {
	var per []string
	for test, o := range r.PerTest {
		per = append(per, fmt.Sprintf("%s=%s/%d", test, o, r.TestsToFailure[test]))
	}
	slices.Sort(per)
	return fmt.Sprintf("%s by %v [%s]", r.Outcome, r.KilledBy, strings.Join(per, " "))
}

// scoreBoth scores the module in dir with --isolation batch and process
// (every operator and named mutant) and fails on any difference of
// verdict; it returns the batch run's result and log.
func scoreBoth(t *testing.T, dir string) (*gotest.PackageResult, string) {
	t.Helper()
	score := func(isolation string) (*gotest.PackageResult, string) {
		var log bytes.Buffer
		cfg := gotest.Config{
			Dir: dir, Patterns: []string{"."}, Workers: 2, Seed: 1,
			TempDir: t.TempDir(), NoFloor: true, Log: &log, Isolation: isolation,
		}
		res, err := gotest.Score(context.Background(), cfg)
		if err != nil {
			t.Fatalf("score (%s): %v\n%s", isolation, err, log.String())
		}
		return res.Packages[0], log.String()
	}
	batch, blog := score(gotest.IsolationBatch)
	alone, _ := score(gotest.IsolationProcess)
	if len(batch.Mutants) != len(alone.Mutants) || len(batch.Mutants) == 0 {
		t.Fatalf("%d and %d mutants", len(batch.Mutants), len(alone.Mutants))
	}
	for i, b := range batch.Mutants {
		if got, want := verdictOf(b), verdictOf(alone.Mutants[i]); got != want {
			t.Errorf("%s:\n  batch:   %s (%s)\n  process: %s (%s)", b.Mutant.ID, got, b.Reason, want, alone.Mutants[i].Reason)
		}
	}
	return batch, blog
}

// scoreOperatorBatches scores testdata's fixture as scoreBoth does, and
// fails unless its operator and named mutants ran in batches.
func scoreOperatorBatches(t *testing.T, fixture string) *gotest.PackageResult {
	t.Helper()
	pr, log := scoreBoth(t, testfix.Module(t, filepath.Join("testdata", fixture)))
	if !strings.Contains(log, "run their first test in ") {
		t.Errorf("the variants did not run in batches:\n%s", log)
	}
	return pr
}

// TestOperatorBatchesEndAtAKillATimeoutOrACrash scores
// testdata/batchops.txtar's variants in batches of their first test: a
// kill, a panic, a loop and os.Exit in the middle of a batch are
// classified as one process per mutant classifies them, and the rest of
// the batch runs on.
func TestOperatorBatchesEndAtAKillATimeoutOrACrash(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	wantOutcomes(t, scoreOperatorBatches(t, "batchops.txtar"), map[string]outcome.Outcome{
		"named:low": outcome.Killed, "named:high": outcome.Killed, "named:same": outcome.Survived,
		"named:panics": outcome.Killed, "named:loops": outcome.Timeout, "named:exits": outcome.Crashed,
		"named:swap": outcome.Killed, "named:id": outcome.Killed,
	})
}

// TestTestsThatLeaveStateBehindRunOneProcessPerMutant scores a module
// whose test leaves a file in its package directory, and one that fills
// a table in place on first use, each with one test: each is detected,
// the variable named, its mutants run one per process, and the verdicts
// are those of --isolation process.
func TestTestsThatLeaveStateBehindRunOneProcessPerMutant(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	for _, c := range []struct{ fixture, why string }{
		{"leakfile.txtar", "the tests write into the module: note.txt"},
		{"lazymap.txtar", "the first run of the tests sets a package-level variable (state made lazily: lazymap.table), and assigning it back does not undo it"},
	} {
		t.Run(c.fixture, func(t *testing.T) {
			t.Parallel()
			_, log := scoreBoth(t, testfix.Module(t, filepath.Join("testdata", c.fixture)))
			if !strings.Contains(log, "each mutant runs in processes of its own: "+c.why) {
				t.Errorf("the log does not say %q:\n%s", c.why, log)
			}
			if strings.Contains(log, " batches") {
				t.Errorf("mutants ran in batches:\n%s", log)
			}
		})
	}
}

// TestOnlyTheTestsThatLeaveStateBehindAloneRunOneProcessPerMutant
// scores a module whose TestNext changes a package-level variable in
// place at every run beside TestDouble, which changes nothing, and one
// whose table two of three tests fill on first use, and one whose
// mutants' second stage is a test that leaves state behind: run alone,
// each test that leaves state behind is found and named; a mutant whose
// batch would run one of them runs in processes of its own, the others
// in batches, and the verdicts are those of --isolation process.
func TestOnlyTheTestsThatLeaveStateBehindAloneRunOneProcessPerMutant(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	for _, c := range []struct{ fixture, why string }{
		{"leakvar.txtar", "a package-level variable changes with every run of the tests (leakvar.calls), and assigning it back does not undo it; " +
			"alone, 1 of the 2 tests leave state behind (TestNext)"},
		{"lazysome.txtar", "the first run of the tests sets a package-level variable (state made lazily: lazysome.table), and assigning it back does not undo it; " +
			"alone, 2 of the 3 tests leave state behind (TestSquare, TestSum)"},
		{"leakstage.txtar", "a package-level variable changes with every run of the tests (leakstage.calls), and assigning it back does not undo it; " +
			"alone, 1 of the 2 tests leave state behind (TestNextScaled)"},
		{"leakdep.txtar", "a package-level variable ends each run of the tests in one process differently (leakdep.last) though it is put back before each, " +
			"and as the first in a fresh process: the tests keep state that the variables do not hold; alone, 1 of the 2 tests leave state behind (TestTick)"},
	} {
		t.Run(c.fixture, func(t *testing.T) {
			t.Parallel()
			pr, log := scoreBoth(t, testfix.Module(t, filepath.Join("testdata", c.fixture)))
			if !strings.Contains(log, c.why) {
				t.Errorf("the log does not say %q:\n%s", c.why, log)
			}
			if !strings.Contains(log, "run their first test in ") || strings.Contains(log, "each mutant runs in processes of its own") {
				t.Errorf("the clean test's mutants did not run in batches:\n%s", log)
			}
			if len(pr.Mutants) == 0 {
				t.Fatal("no mutants")
			}
		})
	}
}

// TestAPoolStartsEachMutantEmptyAndIsNoStateTheTestsLeave scores a
// module whose function keeps buffers in a package-level sync.Pool, and
// whose test collects the garbage in its first run in a process only
// (poolvar.txtar): the pool's sizes end the second run otherwise than
// the first, as valyala/fastjson's pool did in some runs and not in
// others. A pool is a cache the collector empties at will, so the state
// hash leaves it out and the mutants run in batches; each starts with the
// pool as it was before the first test, so the buffer the dirty variant
// left reaches no other mutant (a kill its fresh rerun would not
// confirm), and the equivalent variant survives. The verdicts are those
// of --isolation process.
func TestAPoolStartsEachMutantEmptyAndIsNoStateTheTestsLeave(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	pr, log := scoreBoth(t, testfix.Module(t, filepath.Join("testdata", "poolvar.txtar")))
	if !strings.Contains(log, "run their first test in ") || strings.Contains(log, "processes of its own") {
		t.Errorf("the mutants did not run in batches:\n%s", log)
	}
	// A buffer left in the pool fails the next mutant's test: a kill that
	// its rerun in a fresh process does not confirm.
	if !strings.Contains(log, " 0 did not recur") {
		t.Errorf("kills that did not recur: a mutant met the pool another left:\n%s", log)
	}
	want := map[string]outcome.Outcome{"named:dirty": outcome.Killed, "named:same": outcome.Survived}
	for _, r := range pr.Mutants {
		if w, ok := want[r.Mutant.ID]; ok && r.Outcome != w {
			t.Errorf("%s: %s (%s), want %s", r.Mutant.ID, r.Outcome, r.Reason, w)
		}
	}
}

// TestTestsThatAssignPackageVariablesRunInBatchesThatPutThemBack scores
// a module whose test assigns a counter at every run, and one that
// builds a table on first use: the leak check (beside the flaky-test
// search) finds it, the switch puts the variables back before each
// mutant, so the mutants run in batches, with the verdicts of
// --isolation process. countvar's equivalent variant survives only where
// the counter starts from 0 at each mutant.
func TestTestsThatAssignPackageVariablesRunInBatchesThatPutThemBack(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	for _, fixture := range []string{"countvar.txtar", "lazyvar.txtar"} {
		t.Run(fixture, func(t *testing.T) {
			t.Parallel()
			pr, log := scoreBoth(t, testfix.Module(t, filepath.Join("testdata", fixture)))
			const note = "the tests assign package-level variables: a batch puts them back before each mutant"
			if !strings.Contains(log, note) {
				t.Errorf("the log does not say the variables are put back:\n%s", log)
			}
			// The leak check runs beside the flaky-test search; what it
			// found is said once, after the search and before the
			// baseline's summary.
			search, said, passed := strings.Index(log, "to find flaky tests"), strings.Index(log, note), strings.Index(log, "baseline passed")
			if strings.Count(log, note) != 1 || search < 0 || said < search || passed < said {
				t.Errorf("the note is not said once between the search and the baseline's summary:\n%s", log)
			}
			if !strings.Contains(log, "run their first test in ") || strings.Contains(log, "processes of its own") {
				t.Errorf("the mutants did not run in batches:\n%s", log)
			}
			for _, r := range pr.Mutants {
				if r.Mutant.ID == "named:same" && r.Outcome != outcome.Survived {
					t.Errorf("named:same: %s (%s), want survived", r.Outcome, r.Reason)
				}
			}
		})
	}
}

// TestRandomBytesLeftInAVariableRunInBatchesThatPutThemBack scores a
// module whose tests leave random bytes in a package-level buffer: each
// run ends with another value there, in one process or in two, so it is
// no state a test leaves to the next. The switch puts the buffer back
// before each mutant, the mutants run in batches, with the verdicts of
// --isolation process.
func TestRandomBytesLeftInAVariableRunInBatchesThatPutThemBack(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	scoreAndSay(t, "randbuf.txtar", true,
		"the tests leave package-level variables that differ from run to run, in fresh processes too (randbuf.scratch): a batch puts them back before each mutant")
}

// scoreAndSay scores testdata's fixture as scoreBoth does, and fails
// unless its log says each of notes and its mutants ran in batches, or
// in processes of their own, as batches says.
func scoreAndSay(t *testing.T, fixture string, batches bool, notes ...string) {
	t.Helper()
	_, log := scoreBoth(t, testfix.Module(t, filepath.Join("testdata", fixture)))
	for _, note := range notes {
		if !strings.Contains(log, note) {
			t.Errorf("the log does not say %q:\n%s", note, log)
		}
	}
	inBatches := strings.Contains(log, "run their first test in ")
	switch {
	case batches && (!inBatches || strings.Contains(log, "processes of its own")):
		t.Errorf("the mutants did not run in batches:\n%s", log)
	case !batches && inBatches:
		t.Errorf("some mutants ran in batches:\n%s", log)
	}
}

// TestATestThatFailsOnceInTheLeakCheckIsFlaky scores
// testdata/flakecheck.txtar, whose test fails once, in the leak check's
// second run: the check runs again in a fresh process, the test passes
// there, so the failure is a flaky test's, not a leak, and the screen
// decides as for a failure in the flaky-test search. By default the
// package is refused, the test named; with --flaky skip it is set aside
// and the other test's mutants run in batches.
func TestATestThatFailsOnceInTheLeakCheckIsFlaky(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	dir := testfix.Module(t, filepath.Join("testdata", "flakecheck.txtar"))
	score := func(flaky string) (*gotest.Result, string, error) {
		var log bytes.Buffer
		cfg := gotest.Config{Dir: dir, Patterns: []string{"."}, Workers: 2, Seed: 1, TempDir: t.TempDir(), NoFloor: true, Log: &log, Flaky: flaky}
		res, err := gotest.Score(context.Background(), cfg)
		return res, log.String(), err
	}
	_, log, err := score("")
	if err == nil || !strings.Contains(err.Error(), "TestAdd is flaky") || !strings.Contains(err.Error(), "a flake: failed once") {
		t.Errorf("by default: %v, want a refusal naming TestAdd as flaky with its failure\n%s", err, log)
	}
	res, log, err := score("skip")
	if err != nil {
		t.Fatalf("--flaky skip: %v\n%s", err, log)
	}
	if !strings.Contains(log, "set aside TestAdd") || !strings.Contains(log, "run their first test in ") || strings.Contains(log, "processes of its own") {
		t.Errorf("--flaky skip: TestAdd not set aside, or the mutants not in batches:\n%s", log)
	}
	for _, r := range res.Packages[0].Mutants {
		if slices.Contains(r.KilledBy, "TestAdd") {
			t.Errorf("%s killed by TestAdd, set aside", r.Mutant.ID)
		}
	}
}

// TestATestThatTimesOutOnceInTheLeakCheckIsScored scores
// testdata/slowcheck.txtar, whose test computes for seconds once, in the
// leak check's second run: the check runs again in a fresh process, the
// test passes there, so the timeout was a slow run's. The package is
// scored, the log says why, and the mutants run in batches with the
// verdicts of one process per mutant.
func TestATestThatTimesOutOnceInTheLeakCheckIsScored(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	scoreAndSay(t, "slowcheck.txtar", true, "the leak check's first run timed out in TestAdd (", "a slow run, not counted as a failure")
}

// TestASlowSuiteOfFewMutantsRunsOneProcessPerMutant scores
// testdata/slowsuite.txtar, whose one test takes 150 ms for a handful of
// mutants: batches would save less than the leak check costs, so no
// check runs, the log says why, and every mutant runs in processes of
// its own, with the verdicts of --isolation process.
func TestASlowSuiteOfFewMutantsRunsOneProcessPerMutant(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	scoreAndSay(t, "slowsuite.txtar", false, "each mutant runs in processes of its own: the tests together take ",
		"batches would save less than the leak check they need costs")
}

// wantKillReasons checks the mutants that want names: killed with the
// reason given, or survived where it is "".
func wantKillReasons(t *testing.T, pr *gotest.PackageResult, want map[string]string) {
	t.Helper()
	for _, r := range pr.Mutants {
		reason, ok := want[r.Mutant.ID]
		if !ok {
			continue
		}
		if o := map[bool]outcome.Outcome{true: outcome.Killed, false: outcome.Survived}[reason != ""]; r.Outcome != o || r.Reason != reason {
			t.Errorf("%s: %s (%q), want %s (%q)", r.Mutant.ID, r.Outcome, r.Reason, o, reason)
		}
	}
}

// TestACutTableTestKillsAlikeInBatchesAndAlone scores
// testdata/subtestloop.txtar's variants, whose test goes on for ever once
// a row failed, in batches and one process per mutant: each kill is read
// up to the test's going on after its failed row, with that row's
// message, and the batch is stopped there and goes on with the rest.
func TestACutTableTestKillsAlikeInBatchesAndAlone(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	wantKillReasons(t, scoreOperatorBatches(t, "subtestloop.txtar"), map[string]string{
		"named:wrong": "code_test.go:14: Code(1) = 87, want 84",
		"named:row2":  "code_test.go:14: Code(2) = 0, want 87",
		"named:same":  "",
	})
}

// TestATestThatFailedAndGoesOnKillsAlikeInBatchesAndAlone scores
// testdata/floodloop.txtar's variants, whose test checks 100,000 cases
// with t.Errorf and panics at the end if one failed, in batches and one
// process per mutant: each kill is read up to the switch's look after
// its failure, with the last message before it, and never reaches the
// panic.
func TestATestThatFailedAndGoesOnKillsAlikeInBatchesAndAlone(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	wantKillReasons(t, scoreOperatorBatches(t, "floodloop.txtar"), map[string]string{
		"named:wrong": "code_test.go:10: Code(0) = 86, want 85",
		"named:rare":  "code_test.go:10: Code(500) = 0, want 417",
		"named:same":  "",
	})
}

// TestASubtestThatFailedAndGoesOnEndsAtItsLoop scores
// testdata/subflood.txtar's variants, whose test runs named helpers as
// subtests, one of which checks 100,000 cases with t.Errorf and then
// loops for ever once it failed (and a helper that takes a testing.TB
// does the same), in batches and one process per mutant:
// each kill is read up to the switch's look after its failure, and the
// switch ends the subtest there (TickT), so that its batch goes on in
// its process instead of waiting for the loop's deadline.
func TestASubtestThatFailedAndGoesOnEndsAtItsLoop(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	pr, log := scoreBoth(t, testfix.Module(t, filepath.Join("testdata", "subflood.txtar")))
	wantKillReasons(t, pr, map[string]string{
		"named:wrong":  "code_test.go:28: Code(1) = 87, want 84",
		"named:rare":   "code_test.go:28: Code(500) = 0, want 417",
		"named:panics": "panic: assignment to entry in nil map",
		"named:same":   "",
	})
	for _, r := range pr.Mutants {
		if r.Outcome == outcome.Timeout {
			t.Errorf("%s timed out (%s): the subtest was not ended at its loop", r.Mutant.ID, r.Reason)
		}
	}
	// The mutants' batch, then the kills' test on the original at the
	// seed: a loop that ran on would end the batch at each kill, and so
	// would a panic that SubNamed did not recover.
	if !strings.Contains(log, "the mutants ran in 2 test processes") {
		t.Errorf("the mutants did not run in 2 processes:\n%s", log)
	}
}

// TestParallelRowsThatGoOnAfterAFailureRunAtTheirSpeed scores
// testdata/parbusy.txtar, whose 40 parallel rows loop a few milliseconds
// each: every mutant that fails rows is a kill, none a timeout.
func TestParallelRowsThatGoOnAfterAFailureRunAtTheirSpeed(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	dir := testfix.Module(t, filepath.Join("testdata", "parbusy.txtar"))
	var log bytes.Buffer
	res, err := gotest.Score(context.Background(), gotest.Config{Dir: dir, Patterns: []string{"."}, Workers: 2, Seed: 1,
		TempDir: t.TempDir(), NoFloor: true, Log: &log})
	if err != nil {
		t.Fatalf("score: %v\n%s", err, log.String())
	}
	for _, r := range res.Packages[0].Mutants {
		want := outcome.Killed
		if r.Mutant.ID == "named:same" {
			want = outcome.Survived
		}
		if r.Outcome != want {
			t.Errorf("%s: %s (%s), want %s", r.Mutant.ID, r.Outcome, r.Reason, want)
		}
	}
}

// TestALaterStageRunsWithItsKillsRerunsAsOneProcessPerMutant scores
// testdata/stages.txtar's variants, which all pass their first test, in
// batches and one process per mutant: their second stage, a batch too,
// whose process goes on after a kill with the kill's reruns, classifies a
// failure, a failed row, a panic, a loop and os.Exit alike, a test after
// the first failure never runs, and the fuzz target runs last.
func TestALaterStageRunsWithItsKillsRerunsAsOneProcessPerMutant(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	pr := scoreOperatorBatches(t, "stages.txtar")
	want := map[string]string{
		"named:two":    "killed by [TestB]",
		"named:late":   "killed by [TestC]",
		"named:row":    "killed by [TestRows]",
		"named:panics": "killed by [TestC]",
		"named:loops":  "timeout by []",
		"named:exits":  "crashed by []",
		"named:fuzzed": "killed by [FuzzDouble]",
		"named:same":   "survived by []",
	}
	for _, r := range pr.Mutants {
		if w, ok := want[r.Mutant.ID]; ok {
			if got := fmt.Sprintf("%s by %v", r.Outcome, r.KilledBy); got != w {
				t.Errorf("%s: %s (%s), want %s", r.Mutant.ID, got, r.Reason, w)
			}
			delete(want, r.Mutant.ID)
		}
	}
	if len(want) > 0 {
		t.Errorf("no such mutants: %v", want)
	}
	// The kills of the second stage, the panic's included, are confirmed
	// in the stage's process: one process runs the first stage of the
	// five mutants, one the tests of their second stage (a batch too),
	// one the survivor's fuzz target, and at most one per killing test
	// checks it on the original (a process for each mutant's second
	// stage would make 10, and processes of their own for the kills'
	// reruns 16: the panic ends each of them).
	only := onlyMutants{"named:two": true, "named:late": true, "named:row": true, "named:panics": true, "named:same": true}
	if n, log := processesOf(t, "stages.txtar", only); n > 1+1+1+3 {
		t.Errorf("the mutants ran in %d test processes, want at most 6:\n%s", n, log)
	}
}

// processesOf scores testdata's fixture, only the mutants named, in
// batches, and returns how many test processes they took, with the log.
func processesOf(t *testing.T, fixture string, only onlyMutants) (int, string) {
	t.Helper()
	var log strings.Builder
	cfg := gotest.Config{
		Dir: testfix.Module(t, filepath.Join("testdata", fixture)), Patterns: []string{"."}, Workers: 2, Seed: 1,
		TempDir: t.TempDir(), NoFloor: true, Log: &log, Operators: []*mutate.Operator{}, Plan: only,
	}
	res, err := gotest.Score(context.Background(), cfg)
	if err != nil {
		t.Fatalf("score: %v\n%s", err, log.String())
	}
	if got := len(res.Packages[0].Mutants); got != len(only) {
		t.Fatalf("%d mutants, want %d", got, len(only))
	}
	return processes(t, log.String()), log.String()
}

// TestASubtestsPanicEndsItsRowInABatch scores testdata/subpanic.txtar's
// variants, under which a row of a table test panics in its subtest, in
// batches and one process per mutant: the verdicts and reasons agree,
// and a panic the switch ends as its row's failure leaves the batch
// running (one process for the four variants' first stage and one to
// check the kills on the original, where a panic that ended its process
// would add a process for the rest of the batch and one for the
// variant alone).
func TestASubtestsPanicEndsItsRowInABatch(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	wantKillReasons(t, scoreOperatorBatches(t, "subpanic.txtar"), map[string]string{
		"named:index":  "panic: runtime error: index out of range [4] with length 4",
		"named:nilmap": "panic: assignment to entry in nil map",
		"named:wrong":  `digit_test.go:12: Name(3) = "four", want "three"`,
		"named:same":   "",
	})
	only := onlyMutants{"named:index": true, "named:nilmap": true, "named:wrong": true, "named:same": true}
	if n, log := processesOf(t, "subpanic.txtar", only); n > 2 {
		t.Errorf("the mutants ran in %d test processes, want at most 2:\n%s", n, log)
	}
}

// onlyMutants is a gotest.Plan that keeps the mutants it names.
type onlyMutants map[string]bool

func (o onlyMutants) Filter(*mutate.Package) (func(mutate.Mutant) bool, error) {
	return func(m mutate.Mutant) bool { return o[m.ID] }, nil
}

func (onlyMutants) Shard(string, mutate.Mutant) bool { return true }

func (onlyMutants) Prior(string, mutate.Mutant) (gotest.MutantResult, bool) {
	return gotest.MutantResult{}, false
}

// processes reads how many test processes a run's mutants took from its
// log ("the mutants ran in N test processes").
func processes(t *testing.T, log string) int {
	t.Helper()
	var n int
	for _, line := range strings.Split(log, "\n") {
		if _, err := fmt.Sscanf(line, "the mutants ran in %d test processes", &n); err == nil {
			return n
		}
	}
	t.Fatalf("no count of test processes in the log:\n%s", log)
	return 0
}

// TestAPanicWithNilKillsInABatchAsAlone scores testdata/panicnil.txtar's
// variants, which panic with nil where the go line makes recover report
// it as nil, in batches and one process per mutant: the test or row that
// panicked fails in both, with go test's reason.
func TestAPanicWithNilKillsInABatchAsAlone(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	wantKillReasons(t, scoreOperatorBatches(t, "panicnil.txtar"), map[string]string{
		"named:inverted": "panic: nil",
		"named:two":      "panic: nil",
		"named:same":     "",
	})
}

// TestAClosureMadeAtInitFollowsTheSwitchInABatch scores
// testdata/initclosure.txtar, whose closures are made as the package
// initialises and run by the tests, in batches and one process per
// mutant: the mutants in the closures' bodies are killed in both.
func TestAClosureMadeAtInitFollowsTheSwitchInABatch(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	wantOutcomes(t, scoreOperatorBatches(t, "initclosure.txtar"), map[string]outcome.Outcome{
		"operator:clean.go:15:7:negate-condition:!": outcome.Killed,
		"operator:clean.go:15:9:relational:>=":      outcome.Killed,
		"operator:clean.go:16:5:return-zero:zero":   outcome.Killed,
		"operator:clean.go:37:12:arithmetic:-":      outcome.Killed,
	})
}

// wantOutcomes checks the outcome of each mutant want names, and that pr
// has them all.
func wantOutcomes(t *testing.T, pr *gotest.PackageResult, want map[string]outcome.Outcome) {
	t.Helper()
	seen := map[string]bool{}
	for _, r := range pr.Mutants {
		if o, ok := want[r.Mutant.ID]; ok {
			seen[r.Mutant.ID] = true
			if r.Outcome != o {
				t.Errorf("%s: %s (%s), want %s", r.Mutant.ID, r.Outcome, r.Reason, o)
			}
		}
	}
	for id := range want {
		if !seen[id] {
			t.Errorf("no such mutant: %s", id)
		}
	}
}
