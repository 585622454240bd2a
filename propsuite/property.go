package propsuite

import "math/rand/v2"

// Verdict is the result of one test case.
type Verdict int

// The verdicts of a test case.
const (
	Pass    Verdict = iota // the property held
	Fail                   // the property was falsified
	Discard                // the input did not meet the property's precondition
)

// String names the verdict: pass, fail or discard.
func (v Verdict) String() string {
	switch v {
	case Pass:
		return "pass"
	case Fail:
		return "fail"
	case Discard:
		return "discard"
	}
	return "verdict(?)"
}

// A Test generates one input with r at the given size and checks it. It is
// the type-erased form of a property applied to a generator; build one with
// ForAll or ForAllV.
type Test func(r *rand.Rand, size int) Verdict

// ForAll checks that check holds for values drawn from g.
func ForAll[T any](g Generator[T], check func(T) bool) Test {
	return func(r *rand.Rand, size int) Verdict {
		if check(g(r, size)) {
			return Pass
		}
		return Fail
	}
}

// ForAllV is ForAll for checks that may discard an input (QuickCheck's ==>).
func ForAllV[T any](g Generator[T], check func(T) Verdict) Test {
	return func(r *rand.Rand, size int) Verdict { return check(g(r, size)) }
}

// Implies returns Discard when pre is false, else Pass or Fail by ok.
func Implies(pre bool, ok func() bool) Verdict {
	if !pre {
		return Discard
	}
	if ok() {
		return Pass
	}
	return Fail
}

// Check converts a boolean into a Pass or Fail verdict.
func Check(ok bool) Verdict {
	if ok {
		return Pass
	}
	return Fail
}
