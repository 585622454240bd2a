package testwatch

import (
	"time"

	"github.com/mutprop/mutprop/proc"
)

// FirstTryConst bounds the constant of a test's first deadline: most
// mutants that time out never end, and one whose CPU time shows a loop
// stops there; a test that did not compute that long runs on. It was
// 50 ms: 25 ms changed no status on go-diff, ulid and bitset (7,967
// mutants) and cut go-diff's timeouts from 30.5 to 24.5 worker-seconds,
// most of them quick tests whose first deadline is mostly this constant.
const FirstTryConst = 25 * time.Millisecond

// RuleFor is the deadline rule of a test that took baseline in the
// baseline and used u alone (the zero Usage: unmeasured, its wall time
// stands for its CPU), under the deadlines t: its first deadline (the
// factor times its baseline, plus at most FirstTryConst), from which its
// CPU time confirms a loop past the factor times the CPU it used alone,
// and its full deadline in wall time (from the baseline).
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
	return Rule{
		First:  firstDeadline,
		Full:   max(firstDeadline, t.For(baseline)),
		Need:   max(time.Duration(factor*float64(alone)), firstDeadline/2),
		Alone:  alone,
		Factor: factor,
		Base:   u,
	}
}

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
