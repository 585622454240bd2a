package gotest

import (
	"testing"
	"time"

	"github.com/mutprop/mutprop/proc"
)

func TestATimeoutIsConfirmedByItsCPUTimeOnlyWhenItComputedPastTheFactorForHalfItsDeadlineWithoutGrowing(t *testing.T) {
	t.Parallel()
	s := &session{runState: &runState{cfg: &Config{Timeouts: proc.Timeouts{Factor: 10}}},
		usage: map[string]usage{
			"TestA": {cpu: 4 * time.Millisecond, rss: 20 << 20, faults: 3000, written: 100},
			"TestB": {cpu: 6 * time.Millisecond, rss: 30 << 20, faults: 4000, written: 100},
		}}
	loop := proc.Result{TimedOut: true, CPU: 120 * time.Millisecond, PeakRSS: 22 << 20, PageFaults: 3500, Written: 200}
	for _, c := range []struct {
		name           string
		tests          []string
		res            func(proc.Result) proc.Result
		computed, grew bool
	}{
		{"a loop past 10 x its test's CPU", []string{"TestA"}, func(r proc.Result) proc.Result { return r }, true, false},
		{"two tests: 10 x their sum", []string{"TestA", "TestB"}, func(r proc.Result) proc.Result { return r }, true, false},
		{"two tests, less than 10 x their sum", []string{"TestA", "TestB"}, func(r proc.Result) proc.Result { r.CPU = 90 * time.Millisecond; return r }, false, false},
		{"starved or blocked: little CPU", []string{"TestA"}, func(r proc.Result) proc.Result { r.CPU = 10 * time.Millisecond; return r }, false, false},
		{"growing memory: the cap may say", []string{"TestA"}, func(r proc.Result) proc.Result { r.PeakRSS = 40 << 20; return r }, true, true},
		{"touching memory: the cap may say", []string{"TestA"}, func(r proc.Result) proc.Result { r.PageFaults = 9000; return r }, true, true},
		{"growing output: the budget may say", []string{"TestA"}, func(r proc.Result) proc.Result { r.Written = 2 << 20; return r }, true, true},
		{"crashed late on a loaded machine: past 10 x its CPU, for less than half its deadline", []string{"TestA"}, func(r proc.Result) proc.Result { r.CPU = 45 * time.Millisecond; return r }, false, false},
		{"a test without a measured run", []string{"TestC"}, func(r proc.Result) proc.Result { return r }, false, false},
	} {
		computed, grew, why := s.timeoutEvidence(c.tests, 100*time.Millisecond, c.res(loop))
		if computed != c.computed || grew != c.grew {
			t.Errorf("%s: computed %v, grew %v (%s), want %v, %v", c.name, computed, grew, why, c.computed, c.grew)
		}
	}
}
