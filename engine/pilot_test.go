package engine

import (
	"slices"
	"testing"
)

// TestThePilotRunsFirstSpreadOverTheStage: of 100 jobs, 20 evenly spaced
// ones (every fifth) run first, then the other 80 in their order; a stage
// of 10 runs as it is.
func TestThePilotRunsFirstSpreadOverTheStage(t *testing.T) {
	t.Parallel()
	jobs := make([]int, 100)
	for i := range jobs {
		jobs[i] = i
	}
	got := PilotFirst(jobs)
	for k := range 20 {
		if got[k] != 5*k {
			t.Fatalf("pilot job %d is %d, want %d: %v", k, got[k], 5*k, got[:20])
		}
	}
	rest := slices.Clone(got[20:])
	if !slices.IsSorted(rest) || len(rest) != 80 || slices.Contains(rest, 5) {
		t.Errorf("after the pilot: %v, want the other 80 in order", rest)
	}
	small := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	if got := PilotFirst(small); !slices.IsSorted(got) {
		t.Errorf("a stage of 10 was reordered: %v", got)
	}
}
