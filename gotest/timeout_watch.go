package gotest

import "github.com/mutprop/mutprop/internal/testwatch"

// rule is the deadline rule of test ("" for the process outside its
// tests), from its baseline and what it used alone (testwatch.RuleFor).
func (s *session) rule(test string) testwatch.Rule {
	if test == "" {
		return testwatch.RuleFor(s.cfg.Timeouts, s.overhead, testwatch.Usage{})
	}
	return testwatch.RuleFor(s.cfg.Timeouts, s.baseline[test], s.usage[test])
}
