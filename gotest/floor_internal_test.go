package gotest

import (
	"testing"
	"time"
)

// TestTheFloorTakesTheMedianOfATestsRunsTogether checks settleOriginal
// by hand: one run read late (its lines in one piece, 1 us) moves a
// test's floor time no more than one read slow does, and the median
// stays within the rounding of the time the first run printed.
func TestTheFloorTakesTheMedianOfATestsRunsTogether(t *testing.T) {
	t.Parallel()
	ms := time.Millisecond
	s := &session{original: map[string]time.Duration{"TestA": 11 * ms, "TestB": 2 * ms, "TestC": 5 * ms, "TestD": 200 * ms},
		printed: map[string]time.Duration{"TestA": 10 * ms, "TestB": 0, "TestC": 10 * ms, "TestD": 200 * ms}}
	s.addOriginal(map[string]time.Duration{"TestA": 11 * ms, "TestB": 2 * ms, "TestX": ms})
	s.addOriginal(map[string]time.Duration{"TestA": time.Microsecond, "TestB": 3 * ms})
	s.addOriginal(map[string]time.Duration{"TestA": 12 * ms, "TestB": 40 * ms, "TestD": 390 * ms})
	s.addOriginal(map[string]time.Duration{"TestD": 410 * ms})
	s.addOriginal(map[string]time.Duration{"TestA": 10 * ms})
	s.settleOriginal()
	want := map[string]time.Duration{
		"TestA": 10 * ms,  // 1 us, 10, 11, 12: the lower middle
		"TestB": 3 * ms,   // 2, 3, 40
		"TestC": 5 * ms,   // no run added: as recorded
		"TestD": 205 * ms, // 390 and 410 on busy workers: 200 ms printed alone, and 5 ms of rounding
	}
	for name, d := range want {
		if s.original[name] != d {
			t.Errorf("%s: %v, want %v", name, s.original[name], d)
		}
	}
	if _, ok := s.original["TestX"]; ok {
		t.Errorf("TestX, which the baseline never recorded, has a floor time")
	}
}
