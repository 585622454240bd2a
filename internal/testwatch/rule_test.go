package testwatch

import (
	"testing"
	"time"

	"github.com/mutprop/mutprop/proc"
)

// TestATestsRuleComesFromItsBaseline: first deadline factor x baseline +
// at most 50 ms, full deadline factor x baseline + the constant, and the
// CPU that shows a loop: more than factor x its CPU alone, and half its
// first deadline, read from half that CPU in wall time (a loop on two
// threads has used it by then); a test whose usage alone was not
// measured has its baseline stand for its CPU. The process's backstop is
// BackstopStretch x the sum of the full deadlines.
func TestATestsRuleComesFromItsBaseline(t *testing.T) {
	t.Parallel()
	to := proc.Timeouts{Factor: 10}
	base := Usage{CPU: 4 * time.Millisecond}
	measured := RuleFor(to, 5*time.Millisecond, base)
	unmeasured := RuleFor(to, 5*time.Millisecond, Usage{})
	parallel := RuleFor(to, 5*time.Millisecond, Usage{CPU: 10 * time.Millisecond})
	for _, c := range []struct {
		got, want Rule
	}{
		{measured, Rule{First: 25 * time.Millisecond, Full: 300 * time.Millisecond, Need: 50 * time.Millisecond, Alone: 4 * time.Millisecond, Factor: 10, Base: base}},
		{unmeasured, Rule{First: 25 * time.Millisecond, Full: 300 * time.Millisecond, Need: 50 * time.Millisecond, Alone: 5 * time.Millisecond, Factor: 10}},
		{parallel, Rule{First: 50 * time.Millisecond, Full: 300 * time.Millisecond, Need: 100 * time.Millisecond, Alone: 10 * time.Millisecond, Factor: 10, Base: Usage{CPU: 10 * time.Millisecond}}},
	} {
		if c.got != c.want {
			t.Errorf("rule = %+v, want %+v", c.got, c.want)
		}
	}
	if got, want := Backstop(unmeasured, measured, unmeasured), BackstopStretch*900*time.Millisecond; got != want {
		t.Errorf("backstop %v, want %v", got, want)
	}
	// A default deadline (Factor 0) uses proc's default factor.
	if r := RuleFor(proc.Timeouts{}, time.Second, Usage{}); r.Factor != proc.DefaultTimeouts.Factor || r.Full != proc.DefaultTimeouts.For(time.Second) {
		t.Errorf("default rule %+v", r)
	}
}

// TestTheCPUDeadlineIgnoresTheWallBaseline: the same test measured on a
// quiet machine and on a busy one (its wall baseline doubled, its CPU the
// same) needs the same CPU to show a loop, so a mutant that makes it
// compute longer gets one verdict on both.
func TestTheCPUDeadlineIgnoresTheWallBaseline(t *testing.T) {
	t.Parallel()
	u := Usage{CPU: 700 * time.Millisecond}
	quiet := RuleFor(proc.Timeouts{}, 680*time.Millisecond, u)
	busy := RuleFor(proc.Timeouts{}, 1370*time.Millisecond, u)
	if quiet.Need != busy.Need {
		t.Errorf("CPU that shows a loop %v quiet, %v busy: want one figure", quiet.Need, busy.Need)
	}
	if want := time.Duration(proc.DefaultTimeouts.Factor * float64(u.CPU)); quiet.Need != want {
		t.Errorf("CPU that shows a loop %v, want the factor times the CPU alone, %v", quiet.Need, want)
	}
	if quiet.Full == busy.Full {
		t.Errorf("the wall deadline did not follow the wall baseline: %v both", quiet.Full)
	}
}

// TestWhetherATestIsQuickIgnoresTheWallBaseline: a 5 ms test's need grows
// with its wall baseline on a busy machine (half its first deadline), past
// verdict.ConfirmBelow; AloneNeed, which decides whether a timeout of it
// runs again alone, stays the factor times its CPU alone.
func TestWhetherATestIsQuickIgnoresTheWallBaseline(t *testing.T) {
	t.Parallel()
	u := Usage{CPU: 5 * time.Millisecond}
	quiet := RuleFor(proc.Timeouts{}, 6*time.Millisecond, u)
	busy := RuleFor(proc.Timeouts{}, 60*time.Millisecond, u)
	if busy.Need <= quiet.Need {
		t.Fatalf("need %v quiet, %v busy: the busy baseline should raise it", quiet.Need, busy.Need)
	}
	want := time.Duration(proc.DefaultTimeouts.Factor * float64(u.CPU))
	if quiet.AloneNeed() != want || busy.AloneNeed() != want {
		t.Errorf("AloneNeed %v quiet, %v busy: want %v both", quiet.AloneNeed(), busy.AloneNeed(), want)
	}
}
