package proc

import (
	"fmt"
	"time"
)

// Timeouts computes the deadline of a mutant's run from the baseline's
// duration: Factor x baseline + Const, at least Floor. The zero value means
// the defaults (DefaultTimeouts).
type Timeouts struct {
	Factor float64       // multiplies the baseline duration; 0 means 5
	Const  time.Duration // added; 0 means 250ms (negative means none)
	Floor  time.Duration // the smallest deadline; 0 means 250ms
}

// DefaultTimeouts are the timeouts used when none are given: 5 x baseline
// + 250 ms, at least 250 ms. The constant absorbs a process's start and the
// scheduler's delays on a loaded machine; gotest confirms a timeout by its
// CPU time or lets a starved test run on, so it need not cover the worst
// case. It was 1 s: on four real modules (5,069 mutants, 98 timeouts, load
// 1 to 6 on 2 cores) 250 ms changed no mutant between detected and
// undetected (one crash after 250 ms became a timeout) and cut their runs
// by 1.3x to 3.2x. The factor was 10: against each test's own CPU time, 5
// changed none of the 11,125 statuses of eight corpus modules and cut
// ulid's timeouts' worker time from 59 to 35 seconds (bench/README.md).
var DefaultTimeouts = Timeouts{Factor: 5, Const: 250 * time.Millisecond, Floor: 250 * time.Millisecond}

// Resolved returns t with its defaults filled in, once for every reader:
// a zero field takes DefaultTimeouts' value, and a negative Const (none)
// becomes zero. The result's fields are the deadline's own terms.
func (t Timeouts) Resolved() Timeouts {
	if t.Factor <= 0 {
		t.Factor = DefaultTimeouts.Factor
	}
	switch {
	case t.Const == 0:
		t.Const = DefaultTimeouts.Const
	case t.Const < 0:
		t.Const = 0
	}
	if t.Floor <= 0 {
		t.Floor = DefaultTimeouts.Floor
	}
	return t
}

// For returns the deadline of a run whose unmutated baseline took baseline.
func (t Timeouts) For(baseline time.Duration) time.Duration {
	r := t.Resolved()
	return max(time.Duration(r.Factor*float64(baseline))+r.Const, r.Floor)
}

// Formula writes the deadline's formula, its defaults filled in: "5 x
// baseline + 250ms, at least 250ms".
func (t Timeouts) Formula() string {
	r := t.Resolved()
	return fmt.Sprintf("%g x baseline + %v, at least %v", r.Factor, r.Const, r.Floor)
}
