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
