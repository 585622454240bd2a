package propsuite

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/mutprop/mutprop/outcome"
)

func pass(*rand.Rand, int) CaseResult    { return Pass }
func discard(*rand.Rand, int) CaseResult { return Discard }

func TestTrialBudgetsAndTheirDefaults(t *testing.T) {
	t.Parallel()
	cases := []struct {
		cfg             *TrialConfig
		tests, discards int
		testFn          Test
		outcome         outcome.Outcome
	}{
		{nil, 100, 0, pass, outcome.Survived},
		{&TrialConfig{}, 100, 0, pass, outcome.Survived},
		{&TrialConfig{MaxTests: -5}, 100, 0, pass, outcome.Survived},
		{&TrialConfig{MaxTests: 1}, 1, 0, pass, outcome.Survived},
		{nil, 0, 1000, discard, outcome.GaveUp},
		{&TrialConfig{MaxTests: 10, MaxDiscardRatio: 3}, 0, 30, discard, outcome.GaveUp},
		{&TrialConfig{MaxTests: 10, MaxDiscardRatio: -1}, 0, 100, discard, outcome.GaveUp},
	}
	for _, c := range cases {
		res := RunTrial(context.Background(), c.testFn, 1, c.cfg)
		if res.Outcome != c.outcome || res.Tests != c.tests || res.Discards != c.discards {
			t.Errorf("cfg %+v: %+v, want %s after %d tests and %d discards", c.cfg, res, c.outcome, c.tests, c.discards)
		}
	}
}

func TestACrashCountsAsATestAndKeepsThePanicMessage(t *testing.T) {
	t.Parallel()
	calls := 0
	res := RunTrial(context.Background(), func(*rand.Rand, int) CaseResult {
		calls++
		if calls == 3 {
			panic("kaboom")
		}
		return Pass
	}, 1, nil)
	if res.Outcome != outcome.Crashed || res.Tests != 3 || !strings.HasPrefix(res.Crash, "panic: kaboom\n") || !strings.Contains(res.Crash, "goroutine") {
		t.Fatalf("got %+v, want crashed at test 3 with the panic and its stack", res)
	}
}

func TestACancelledTrialStopsAtTheNextCheckEvery64Tests(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	calls := 0
	res := RunTrial(ctx, func(*rand.Rand, int) CaseResult {
		calls++
		if calls == 100 {
			cancel()
		}
		if calls%2 == 0 {
			return Discard
		}
		return Pass
	}, 1, &TrialConfig{MaxTests: 1000})
	if res.Outcome != outcome.Timeout || res.Tests+res.Discards != 128 {
		t.Fatalf("got %+v, want a timeout at the check after 128 tests and discards", res)
	}
	done, stop := context.WithCancel(context.Background())
	stop()
	if res := RunTrial(done, pass, 1, nil); res.Outcome != outcome.Timeout || res.Tests != 0 {
		t.Errorf("a trial with a cancelled context: %+v, want a timeout before any test", res)
	}
}

func TestScoreRunsPastFailuresAndCrashes(t *testing.T) {
	t.Parallel()
	calls := 0
	res, err := RunScore(context.Background(), func(r *rand.Rand, size int) CaseResult {
		calls++
		switch {
		case calls%10 == 0:
			panic("crash " + string(rune('0'+calls/10)))
		case calls%5 == 0:
			return Fail
		case calls%7 == 0:
			return Discard
		}
		return Pass
	}, 1, 50, nil)
	if err != nil {
		t.Fatal(err)
	}
	// 50 counted tests: of calls 1..57 (7 discards among them, at 7, 14,
	// 21, 28, 42, 49, 56), 5 crash (10..50) and 6 fail (5, 15, 25, 35, 45, 55).
	if res.Tests != 50 || res.Crashed != 5 || res.Failed != 6 || res.Discards != 7 || res.GaveUp {
		t.Fatalf("got %+v", res)
	}
	if !strings.HasPrefix(res.Crash, "panic: crash 1\n") {
		t.Errorf("crash %q, want the first one", res.Crash)
	}
	if f := res.Fraction(); f != 11.0/50 {
		t.Errorf("fraction %v, want 11/50", f)
	}
	if f := (ScoreResult{}).Fraction(); f != 0 {
		t.Errorf("fraction of nothing %v", f)
	}
}

func TestScoreGivesUpAtItsDiscardRatioAndStopsWhenCancelled(t *testing.T) {
	t.Parallel()
	res, err := RunScore(context.Background(), discard, 1, 7, nil)
	if err != nil || !res.GaveUp || res.Discards != 70 {
		t.Errorf("default ratio: %+v, %v; want gave up after 70 discards", res, err)
	}
	res, err = RunScore(context.Background(), discard, 1, 7, &TrialConfig{MaxDiscardRatio: 2})
	if err != nil || !res.GaveUp || res.Discards != 14 {
		t.Errorf("ratio 2: %+v, %v; want gave up after 14 discards", res, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	calls := 0
	res, err = RunScore(ctx, func(*rand.Rand, int) CaseResult {
		if calls++; calls == 70 {
			cancel()
		}
		return Pass
	}, 1, 1000, nil)
	if err == nil || res.Tests != 128 || !strings.Contains(err.Error(), "score stopped after 128 tests") {
		t.Errorf("cancelled at test 70: %+v, %v; want a stop at the check after 128 tests", res, err)
	}
}

func TestValidateRejectsBrokenSuites(t *testing.T) {
	t.Parallel()
	ok := func(Mutant, string, string) (Test, error) { return pass, nil }
	cases := []struct {
		s    *Suite
		want string
	}{
		{nil, "no Test function"},
		{&Suite{Name: "s"}, "no Test function"},
		{&Suite{Name: "s", Test: ok, Mutants: []Mutant{{ID: "a"}, {ID: "b"}, {ID: "a"}}}, `duplicate mutant "a"`},
		{&Suite{Name: "s", Test: ok, Properties: []string{"p", ""}}, `empty or duplicate property ""`},
		{&Suite{Name: "s", Test: ok, Properties: []string{"p", "q", "p"}}, `empty or duplicate property "p"`},
		{&Suite{Name: "s", Test: ok, Generators: []string{""}}, `empty or duplicate generator ""`},
		{&Suite{Name: "s", Test: ok, Generators: []string{"g", "g"}}, `empty or duplicate generator "g"`},
	}
	for _, c := range cases {
		if err := c.s.Validate(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Validate: %v, want an error with %q", err, c.want)
		}
	}
	// Names are per kind: a mutant, a property and a generator may share one.
	good := &Suite{Name: "s", Test: ok, Mutants: []Mutant{{ID: "x"}, {ID: ""}}, Properties: []string{"x"}, Generators: []string{"x"}}
	if err := good.Validate(); err != nil {
		t.Errorf("a valid suite: %v", err)
	}
	res, err := Run(context.Background(), good, &Options{Workers: 1, Protocol: &Protocol{Trials: 1, DecideBudget: 1}})
	if err != nil {
		t.Fatal(err)
	}
	if want := (Protocol{Kind: "mttf", Trials: 1, DecideBudget: 1, FailBudget: 1000000, Tests: 1000}); res.Protocol != want {
		t.Errorf("protocol %+v, want the defaults filled in: %+v", res.Protocol, want)
	}
	if len(res.Cells) != 2 || res.Cells[0].Key() != "x\x1fx\x1fx" || res.Cells[1].Key() != "\x1fx\x1fx" {
		t.Errorf("cells %+v", res.Cells)
	}
}
