package proc

import "time"

// Timeouts computes the deadline of a mutant's run from the baseline's
// duration: Factor x baseline + Const, at least Floor. The zero value means
// the defaults (DefaultTimeouts).
type Timeouts struct {
	Factor float64       // multiplies the baseline duration; 0 means 10
	Const  time.Duration // added; 0 means 1s (negative means none)
	Floor  time.Duration // the smallest deadline; 0 means 1s
}

// DefaultTimeouts are the timeouts used when none are given: 10 x baseline
// + 1 s, at least 1 s. The constant absorbs a process's start on a loaded
// machine; a run that still times out is run again alone before it counts
// (gotest), so it need not cover the worst case.
var DefaultTimeouts = Timeouts{Factor: 10, Const: time.Second, Floor: time.Second}

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
