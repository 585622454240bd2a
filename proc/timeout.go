package proc

import "time"

// Timeouts computes the deadline of a mutant's run from the baseline's
// duration: Factor x baseline + Const, at least Floor. The zero value means
// the defaults (DefaultTimeouts).
type Timeouts struct {
	Factor float64       // multiplies the baseline duration; 0 means 10
	Const  time.Duration // added; 0 means 250ms (negative means none)
	Floor  time.Duration // the smallest deadline; 0 means 250ms
}

// DefaultTimeouts are the timeouts used when none are given: 10 x baseline
// + 250 ms, at least 250 ms. The constant absorbs a process's start and the
// scheduler's delays on a loaded machine; gotest confirms a timeout by its
// CPU time or lets a starved test run on, so it need not cover the worst
// case. It was 1 s: on four real modules (5,069 mutants, 98 timeouts, load
// 1 to 6 on 2 cores) 250 ms changed no mutant between detected and
// undetected (one crash after 250 ms became a timeout) and cut their runs
// by 1.3x to 3.2x.
var DefaultTimeouts = Timeouts{Factor: 10, Const: 250 * time.Millisecond, Floor: 250 * time.Millisecond}

// For returns the deadline of a run whose unmutated baseline took baseline.
func (t Timeouts) For(baseline time.Duration) time.Duration {
	f, c, floor := t.Factor, t.Const, t.Floor
	if f <= 0 {
		f = DefaultTimeouts.Factor
	}
	if c == 0 {
		c = DefaultTimeouts.Const
	} else if c < 0 {
		c = 0
	}
	if floor <= 0 {
		floor = DefaultTimeouts.Floor
	}
	d := time.Duration(f*float64(baseline)) + c
	if d < floor {
		d = floor
	}
	return d
}
