package gotest

import (
	"slices"
	"testing"
)

// TestThePilotRunsFirstSpreadOverTheStage: of 100 jobs, 20 evenly spaced
// ones (every fifth) run first, then the other 80 in their order; a stage
// of 10 runs as it is.
func TestThePilotRunsFirstSpreadOverTheStage(t *testing.T) {
	t.Parallel()
	jobs := make([]job, 100)
	for i := range jobs {
		jobs[i].i = i
	}
	var got []int
	for _, j := range pilotFirst(jobs) {
		got = append(got, j.i)
	}
	for k := range 20 {
		if got[k] != 5*k {
			t.Fatalf("pilot job %d is %d, want %d: %v", k, got[k], 5*k, got[:20])
		}
	}
	rest := slices.Clone(got[20:])
	if !slices.IsSorted(rest) || len(rest) != 80 || slices.Contains(rest, 5) {
		t.Errorf("after the pilot: %v, want the other 80 in order", rest)
	}
	small := make([]job, 10)
	for i := range small {
		small[i].i = i
	}
	for k, j := range pilotFirst(small) {
		if j.i != k {
			t.Errorf("a stage of 10 was reordered: %d at %d", j.i, k)
		}
	}
}
