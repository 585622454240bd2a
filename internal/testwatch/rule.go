package testwatch

import (
	"time"

	"github.com/mutprop/mutprop/proc"
)

// FirstTryConst bounds the constant of a test's first deadline: most
// mutants that time out never end, and one whose CPU time shows a loop
// stops there; a test that did not compute that long runs on. Half the
// first deadline is the least CPU that shows a loop: for a quick test,
// 25 ms and more, above what a garbage collection over the heap earlier
// tests left costs it. At 25 ms (12.5 ms of CPU), bitset's TestBitSetHuge
// (2 ms of CPU alone) used 20 ms under a mutant it survives.
const FirstTryConst = 50 * time.Millisecond

// RuleFor is the deadline rule of a test that took baseline in the
// baseline and used u alone (the zero Usage: unmeasured, its wall time
// stands for its CPU), under the deadlines t: the CPU that shows a loop
// (the factor times the CPU it used alone, and half its first deadline,
// the factor times its baseline plus at most FirstTryConst), read from
// the time a loop can have used it (half of it, with two threads), and
// its full deadline in wall time (from the baseline).
func RuleFor(t proc.Timeouts, baseline time.Duration, u Usage) Rule {
	alone := u.CPU
	if alone <= 0 {
		alone = baseline
	}
	factor := t.Resolved().Factor
	first := t
	if first.Const == 0 || first.Const > FirstTryConst {
		first.Const = FirstTryConst
	}
	if first.Floor == 0 || first.Floor > FirstTryConst {
		first.Floor = FirstTryConst
	}
	firstDeadline := min(first.For(baseline), t.For(baseline))
	need := max(time.Duration(factor*float64(alone)), firstDeadline/2)
	return Rule{
		First:  min(firstDeadline, need/2),
		Full:   max(firstDeadline, t.For(baseline)),
		Need:   need,
		Alone:  alone,
		Factor: factor,
		Base:   u,
	}
}

// AloneNeed is the CPU that shows a loop by the factor alone: the factor
// times the CPU the test used alone. Unlike Need, it leaves out the first
// deadline, which comes from the test's wall-clock baseline and grows with
// the machine's load: whether a quick test runs again alone after a
// timeout (verdict.Search.RerunAlone) must not depend on the load.
func (r Rule) AloneNeed() time.Duration { return time.Duration(r.Factor * float64(r.Alone)) }

// Backstop is the whole process's deadline for a run under rules (its
// tests' and the process's own): BackstopStretch x the sum of their full
// deadlines. The rules end a run long before it, unless they cannot read
// the process (outside Linux, no CPU time: then they act on wall time
// alone).
func Backstop(rules ...Rule) time.Duration {
	var d time.Duration
	for _, r := range rules {
		d += r.Full
	}
	return BackstopStretch * d
}
