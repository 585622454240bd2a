package propsuite

import "math/rand/v2"

// CaseResult is what one test case of a property concluded: pass, fail
// or discard. (A mutant's verdict, killed or survived, is another thing:
// package outcome names it.)
type CaseResult int

// The results of a test case.
const (
	Pass    CaseResult = iota // the property held
	Fail                      // the property was falsified
	Discard                   // the input did not meet the property's precondition
)

// String names the result: pass, fail or discard.
func (v CaseResult) String() string {
	switch v {
	case Pass:
		return "pass"
	case Fail:
		return "fail"
	case Discard:
		return "discard"
	}
	return "caseresult(?)"
}

// A Test generates one input with r at the given size and checks it. It is
// the type-erased form of a property applied to a generator; build one with
// ForAll or ForAllV.
type Test func(r *rand.Rand, size int) CaseResult

// ForAll checks that check holds for values drawn from g.
func ForAll[T any](g Generator[T], check func(T) bool) Test {
	return func(r *rand.Rand, size int) CaseResult {
		if check(g(r, size)) {
			return Pass
		}
		return Fail
	}
}

// ForAllV is ForAll for checks that may discard an input (QuickCheck's ==>).
func ForAllV[T any](g Generator[T], check func(T) CaseResult) Test {
	return func(r *rand.Rand, size int) CaseResult { return check(g(r, size)) }
}

// Implies returns Discard when pre is false, else Pass or Fail by ok.
func Implies(pre bool, ok func() bool) CaseResult {
	if !pre {
		return Discard
	}
	if ok() {
		return Pass
	}
	return Fail
}

// Check converts a boolean into a Pass or Fail result.
func Check(ok bool) CaseResult {
	if ok {
		return Pass
	}
	return Fail
}
