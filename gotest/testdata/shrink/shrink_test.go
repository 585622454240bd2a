package shrink

import (
	"fmt"
	"testing"

	"pgregory.net/rapid"
)

// recorder is the *testing.T an inner rapid.Check fails: it records the
// failure instead of failing the test, as rapid's own checkShrink does.
type recorder struct {
	*testing.T
	failed bool
	msgs   []string
}

func (r *recorder) Errorf(format string, args ...any) { r.Error(fmt.Sprintf(format, args...)) }
func (r *recorder) Error(args ...any)                 { r.failed, r.msgs = true, append(r.msgs, fmt.Sprint(args...)) }
func (r *recorder) Fatalf(format string, args ...any) { r.Errorf(format, args...) }
func (r *recorder) Fatal(args ...any)                 { r.Error(args...) }
func (r *recorder) FailNow()                          { r.failed = true }
func (r *recorder) Fail()                             { r.failed = true }
func (r *recorder) Failed() bool                      { return r.failed }

// TestShrinkFindsTheThreshold checks rapid's shrinking, as rapid's own
// TestShrink_* tests do: a property that fails when Abs(x) >= 1000, for x
// drawn from [0, 2^30], fails first at some large x; only rapid's
// minimization of that case brings it down to 1000. The test draws no
// negative x, so it cannot tell apart mutants of Abs's negative branch.
func TestShrinkFindsTheThreshold(t *testing.T) {
	r := &recorder{T: t}
	last := -1
	rapid.Check(r, func(rt *rapid.T) {
		x := rapid.IntRange(0, 1<<30).Draw(rt, "x")
		if Abs(x) >= 1000 {
			last = x
			rt.Fatalf("Abs(%d) >= 1000", x)
		}
	})
	if !r.failed {
		t.Fatal("the property never failed")
	}
	if last != 1000 {
		t.Fatalf("rapid reported x = %d, want the minimal counterexample 1000", last)
	}
}
