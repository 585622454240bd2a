package gotest_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/mutprop/mutprop/gotest"
	"github.com/mutprop/mutprop/internal/blackboxmut"
	"github.com/mutprop/mutprop/internal/testfix"
	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/report"
)

// TestBlackboxKillsAreConfirmedOnTheOriginalAtTheMutantsSeed scores
// testdata/bbseed.txtar, whose property passes only with rapid's seed pinned to
// 1: each black-box mutant runs with its own seed, so the property fails
// against every one; the check on the original at that seed fails too,
// so none is a kill, each pair is left out of the per-case score, and
// the strength section names the test and a seed.
func TestBlackboxKillsAreConfirmedOnTheOriginalAtTheMutantsSeed(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	dir := copyTestdata(t, "bbseed")
	var log bytes.Buffer
	cfg := gotest.Config{
		Dir: dir, Patterns: []string{"."}, Workers: 2, Seed: 1,
		TempDir: t.TempDir(), NoFloor: true, Log: &log,
		Blackbox: &gotest.Blackbox{Funcs: []string{"Double"}, PerFunc: 4},
	}
	res, err := gotest.Score(context.Background(), cfg)
	if err != nil {
		t.Fatalf("score: %v\n%s", err, log.String())
	}
	n := 0
	for _, m := range res.Packages[0].Mutants {
		if !strings.HasPrefix(m.Mutant.ID, "blackbox:") {
			continue
		}
		n++
		if m.Outcome != outcome.Survived || len(m.KilledBy) != 0 || m.PerTest["TestDouble"] != outcome.Survived {
			t.Errorf("%s: %s, killed by %v, per test %v: want survived", m.Mutant.ID, m.Outcome, m.KilledBy, m.PerTest)
		}
		if m.TestsToFailure["TestDouble"] != blackboxmut.FailsOnOriginal || !strings.Contains(m.Reason, "TestDouble fails on the original with seed ") {
			t.Errorf("%s: tests-to-failure %v, reason %q: want the failure on the original noted", m.Mutant.ID, m.TestsToFailure, m.Reason)
		}
	}
	if n != 4 {
		t.Fatalf("%d black-box mutants, want 4\n%s", n, log.String())
	}
	s := report.SummarizeStrength(res.Packages[0].Strength)
	if len(s.Rows) != 1 {
		t.Fatalf("rows %+v, want TestDouble's", s.Rows)
	}
	r := s.Rows[0]
	if r.Killed != 0 || r.PerCaseMutants != 0 || r.PerCasePct != nil || len(r.OriginalFails) != 4 || !strings.HasPrefix(r.OriginalFails[0], "seed ") {
		t.Errorf("row %+v: want no kill, no per-case sample and 4 seeds named", r)
	}
}
