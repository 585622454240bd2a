package gotest_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mutprop/mutprop/gotest"
	"github.com/mutprop/mutprop/internal/testfix"
	"github.com/mutprop/mutprop/mutate"
	"github.com/mutprop/mutprop/outcome"
)

// limitModule writes a module whose tests never call Limit at 1000 or
// 1001, so that the boundary mutant of x > 1000 and the literal 1001 in it
// change no value: no test is infected by them (testdata/limit.txtar).
func limitModule(t *testing.T) string {
	t.Helper()
	return testfix.Module(t, filepath.Join("testdata", "limit.txtar"))
}

// TestProbesSkipOnlyTestsThatCannotKill scores the limit module with and
// without probes: every outcome must agree, the uninfected mutants must
// be survived without running, and the infected ones must run against
// exactly the tests that infect them.
func TestProbesSkipOnlyTestsThatCannotKill(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	dir := limitModule(t)
	ops, err := mutate.SelectOperators("boundary,relational,literal")
	if err != nil {
		t.Fatal(err)
	}
	score := func(noProbes bool) map[string]gotest.MutantResult {
		cfg := gotest.Config{Dir: dir, Workers: 2, Seed: 1, Operators: ops, NoProbes: noProbes, TempDir: t.TempDir()}
		res, err := gotest.Score(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]gotest.MutantResult{}
		for _, m := range res.Packages[0].Mutants {
			out[m.Mutant.ID] = m
		}
		if !noProbes && (res.Packages[0].Probed == 0 || res.Packages[0].Uninfected == 0) {
			t.Errorf("%d probed, %d uninfected: want both above zero", res.Packages[0].Probed, res.Packages[0].Uninfected)
		}
		return out
	}
	probed, plain := score(false), score(true)
	if len(probed) != len(plain) || len(probed) < 6 {
		t.Fatalf("%d mutants with probes, %d without", len(probed), len(plain))
	}
	want := map[string]struct {
		outcome  outcome.Outcome
		infected string // the tests run with probes
	}{
		"operator:limit.go:5:7:boundary:>=":   {outcome.Survived, ""},
		"operator:limit.go:5:9:literal:1001":  {outcome.Survived, ""},
		"operator:limit.go:5:7:relational:<=": {outcome.Killed, "TestSmall TestBig"},
		"operator:limit.go:5:9:literal:0":     {outcome.Killed, "TestSmall"},
		"operator:limit.go:6:10:literal:1001": {outcome.Killed, "TestBig"},
		"operator:limit.go:5:9:literal:999":   {outcome.Survived, ""},
	}
	for id, w := range want {
		m, ok := probed[id]
		if !ok {
			t.Errorf("no mutant %s", id)
			continue
		}
		if m.Outcome != w.outcome || strings.Join(m.InfectedBy, " ") != w.infected || m.InfectedBy == nil {
			t.Errorf("%s: %s, infected by %q (%v), want %s, infected by %q", id, m.Outcome, strings.Join(m.InfectedBy, " "), m.InfectedBy != nil, w.outcome, w.infected)
		}
		if w.infected == "" && !strings.HasPrefix(m.Reason, "not run") {
			t.Errorf("%s: reason %q, want it to say the mutant did not run", id, m.Reason)
		}
	}
	for id, m := range probed {
		if p := plain[id]; p.Outcome != m.Outcome {
			t.Errorf("%s: %s with probes, %s without", id, m.Outcome, p.Outcome)
		}
		if plain[id].InfectedBy != nil {
			t.Errorf("%s: infected by %v in a run without probes", id, plain[id].InfectedBy)
		}
	}
}
