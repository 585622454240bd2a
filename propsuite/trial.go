package propsuite

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime/debug"

	"github.com/mutprop/mutprop/outcome"
)

// TrialConfig bounds one trial. A nil *TrialConfig means the defaults.
type TrialConfig struct {
	// MaxTests is the test budget: the number of non-discarded tests after
	// which the mutant survives. Default 100.
	MaxTests int
	// MaxDiscardRatio: the trial gives up after MaxDiscardRatio×MaxTests
	// discarded tests (QuickCheck's maxDiscardRatio). Default 10.
	MaxDiscardRatio int
}

func (c *TrialConfig) budget() (tests, discards int) {
	tests, ratio := 100, 10
	if c != nil && c.MaxTests > 0 {
		tests = c.MaxTests
	}
	if c != nil && c.MaxDiscardRatio > 0 {
		ratio = c.MaxDiscardRatio
	}
	return tests, tests * ratio
}

// TrialResult is what one trial measured. It is data: a falsified property
// is an Outcome, not an error.
type TrialResult struct {
	Outcome outcome.Outcome `json:"outcome"`
	// TestsToFailure counts the non-discarded tests up to and including the
	// failing one, when Outcome is Killed (QuickCheck's numTests).
	TestsToFailure int `json:"tests_to_failure,omitempty"`
	// Tests and Discards count what ran.
	Tests    int `json:"tests"`
	Discards int `json:"discards,omitempty"`
	// Crash holds the panic message and stack when Outcome is Crashed.
	Crash string `json:"crash,omitempty"`
}

// RunTrial runs t with QuickCheck's size schedule until the first failure or
// the budget. All randomness comes from seed. A panic in t is recovered and
// reported as Crashed. Cancelling ctx stops the trial between tests with
// Outcome Timeout.
func RunTrial(ctx context.Context, t Test, seed uint64, cfg *TrialConfig) TrialResult {
	maxTests, maxDiscards := cfg.budget()
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	var res TrialResult
	recent := 0
	for res.Tests < maxTests {
		if (res.Tests+res.Discards)&63 == 0 && ctx.Err() != nil {
			res.Outcome = outcome.Timeout
			return res
		}
		size := Size(res.Tests, recent, maxTests)
		v, crash := runOne(t, r, size)
		switch {
		case crash != "":
			res.Tests++
			res.Outcome, res.Crash = outcome.Crashed, crash
			return res
		case v == Discard:
			res.Discards++
			recent++
			if res.Discards >= maxDiscards {
				res.Outcome = outcome.GaveUp
				return res
			}
		case v == Fail:
			res.Tests++
			res.Outcome, res.TestsToFailure = outcome.Killed, res.Tests
			return res
		default:
			res.Tests++
			recent = 0
		}
	}
	res.Outcome = outcome.Survived
	return res
}

// runOne runs one test case, turning a panic into a crash description.
func runOne(t Test, r *rand.Rand, size int) (v CaseResult, crash string) {
	defer func() {
		if p := recover(); p != nil {
			crash = fmt.Sprintf("panic: %v\n%s", p, debug.Stack())
		}
	}()
	return t(r, size), ""
}

// ScoreResult counts how many test cases of a fixed number failed.
type ScoreResult struct {
	Tests    int    `json:"tests"`
	Failed   int    `json:"failed"`
	Discards int    `json:"discards,omitempty"`
	Crashed  int    `json:"crashed,omitempty"`
	GaveUp   bool   `json:"gave_up,omitempty"`
	Crash    string `json:"crash,omitempty"` // the first crash, if any
}

// Fraction is Failed/Tests (crashes count as failures), or 0 with no tests.
func (s ScoreResult) Fraction() float64 {
	if s.Tests == 0 {
		return 0
	}
	return float64(s.Failed+s.Crashed) / float64(s.Tests)
}

// RunScore runs t for n non-discarded tests without stopping at failures,
// and counts the failures. It measures Duregård's per-test-case mutation
// score when t builds a fresh mutant for every test case.
func RunScore(ctx context.Context, t Test, seed uint64, n int, cfg *TrialConfig) (ScoreResult, error) {
	_, maxDiscards := (&TrialConfig{MaxTests: n, MaxDiscardRatio: ratioOf(cfg)}).budget()
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	var res ScoreResult
	recent := 0
	for res.Tests < n {
		if res.Tests&63 == 0 && ctx.Err() != nil {
			return res, fmt.Errorf("score stopped after %d tests: %w", res.Tests, ctx.Err())
		}
		v, crash := runOne(t, r, Size(res.Tests, recent, n))
		switch {
		case crash != "":
			res.Tests++
			res.Crashed++
			if res.Crash == "" {
				res.Crash = crash
			}
		case v == Discard:
			res.Discards++
			recent++
			if res.Discards >= maxDiscards {
				res.GaveUp = true
				return res, nil
			}
		default:
			res.Tests++
			recent = 0
			if v == Fail {
				res.Failed++
			}
		}
	}
	return res, nil
}

func ratioOf(c *TrialConfig) int {
	if c == nil || c.MaxDiscardRatio <= 0 {
		return 10
	}
	return c.MaxDiscardRatio
}
