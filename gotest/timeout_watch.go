package gotest

import (
	"time"

	"github.com/mutprop/mutprop/internal/testwatch"
	"github.com/mutprop/mutprop/proc"
)

// Each test of a run has its own deadline, read from the events the test
// binary streams (internal/testwatch); rule gives it from the test's
// baseline: its first deadline, where its CPU time confirms a loop, its
// full deadline, and what it used alone.

// rule is the deadline rule of test ("" for the process outside its
// tests).
func (s *session) rule(test string) testwatch.Rule {
	b, u := s.overhead, usage{}
	if test != "" {
		b, u = s.baseline[test], s.usage[test]
	}
	alone := u.cpu
	if alone <= 0 {
		alone = b // unmeasured: its wall time stands for its CPU
	}
	first := s.firstTimeoutOf(b)
	return testwatch.Rule{
		First:  first,
		Full:   max(first, s.cfg.Timeouts.For(b)),
		Need:   max(time.Duration(s.factor()*float64(alone)), first/2),
		Alone:  alone,
		Factor: s.factor(),
		Base:   testwatch.Usage{CPU: u.cpu, RSS: u.rss, Faults: u.faults, Written: u.written},
	}
}

// factor is the deadline factor.
func (s *session) factor() float64 {
	if f := s.cfg.Timeouts.Factor; f > 0 {
		return f
	}
	return proc.DefaultTimeouts.Factor
}

// backstop is the whole process's deadline for a run of tests:
// testwatch.BackstopStretch x the sum of their full deadlines and the
// overhead's. The per-test rules end a run long before it, unless they cannot read the process (outside
// Linux, no CPU time: then rules 2 and 3 act on wall time alone).
func (s *session) backstop(tests []string) time.Duration {
	d := s.rule("").Full
	for _, t := range tests {
		d += s.rule(t).Full
	}
	return testwatch.BackstopStretch * d
}
