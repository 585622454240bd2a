package gotest

import (
	"testing"
	"time"

	"github.com/mutprop/mutprop/proc"
)

// TestTheProcessOutsideItsTestsHasAtLeastTheFloorForBaseline: a suite of
// parallel tests measures no overhead (their times overlap the process's),
// and a rule from zero would stop a run whose garbage collector worked for
// 25 ms between two tests (rapid's suite, under load). Its baseline is the
// deadlines' floor at least; a measured overhead above it stands.
func TestTheProcessOutsideItsTestsHasAtLeastTheFloorForBaseline(t *testing.T) {
	t.Parallel()
	s := &session{runState: &runState{cfg: &Config{}}}
	floor := proc.DefaultTimeouts.Floor
	if r := s.rule(""); r.Alone != floor || r.Need < time.Duration(proc.DefaultTimeouts.Factor*float64(floor)) {
		t.Errorf("overhead 0: rule %+v, want the floor %v as its baseline", r, floor)
	}
	s.overhead = 2 * time.Second
	if r := s.rule(""); r.Alone != 2*time.Second {
		t.Errorf("overhead 2s: rule %+v, want 2s as its baseline", r)
	}
}
