package gotest

import (
	"testing"
	"time"

	"github.com/mutprop/mutprop/internal/testwatch"
	"github.com/mutprop/mutprop/proc"
)

// A test's rule comes from its baseline: first deadline factor x baseline
// + at most 50 ms, full deadline factor x baseline + the constant, and
// the CPU that shows a loop: more than factor x its CPU alone, and half
// its first deadline; a test whose usage alone was not measured has its
// baseline stand for its CPU. The process's backstop is BackstopStretch
// x the sum of the full deadlines, its own overhead's included.
func TestATestsRuleComesFromItsBaseline(t *testing.T) {
	t.Parallel()
	s := &session{runState: &runState{cfg: &Config{Timeouts: proc.Timeouts{Factor: 10}}},
		overhead: 5 * time.Millisecond,
		baseline: map[string]time.Duration{"TestA": 5 * time.Millisecond, "TestC": 5 * time.Millisecond},
		usage: map[string]usage{
			"TestA": {cpu: 4 * time.Millisecond, rss: 20 << 20, faults: 3000, written: 100},
		}}
	base := testwatch.Usage{CPU: 4 * time.Millisecond, RSS: 20 << 20, Faults: 3000, Written: 100}
	for test, want := range map[string]testwatch.Rule{
		"TestA": {First: 100 * time.Millisecond, Full: 300 * time.Millisecond, Need: 50 * time.Millisecond, Alone: 4 * time.Millisecond, Factor: 10, Base: base},
		"TestC": {First: 100 * time.Millisecond, Full: 300 * time.Millisecond, Need: 50 * time.Millisecond, Alone: 5 * time.Millisecond, Factor: 10},
		"":      {First: 100 * time.Millisecond, Full: 300 * time.Millisecond, Need: 50 * time.Millisecond, Alone: 5 * time.Millisecond, Factor: 10},
	} {
		if got := s.rule(test); got != want {
			t.Errorf("rule(%q) = %+v, want %+v", test, got, want)
		}
	}
	if got, want := s.backstop([]string{"TestA", "TestC"}), testwatch.BackstopStretch*900*time.Millisecond; got != want {
		t.Errorf("backstop %v, want %v", got, want)
	}
}
