package propsuite

import "testing"

// computeSize is a transliteration of QuickCheck's Test.computeSize
// (QuickCheck 2.14), kept apart from Size so that the two can disagree.
func computeSize(n, d, ms int) int {
	const mts = 100
	roundTo := func(n, m int) int { return (n / m) * m }
	if roundTo(n, mts)+mts <= ms || n >= ms || ms%mts == 0 {
		return min(n%mts+d/10, mts)
	}
	return min((n%mts)*mts/(ms%mts)+d/10, mts)
}

func TestSizeFollowsQuickCheckComputeSize(t *testing.T) {
	t.Parallel()
	for _, budget := range []int{1, 50, 100, 250, 1000, 10000} {
		for n := 0; n < budget; n++ {
			for _, d := range []int{0, 9, 10, 35, 2000} {
				if got, want := Size(n, d, budget), computeSize(n, d, budget); got != want {
					t.Fatalf("Size(%d, %d, %d) = %d, QuickCheck says %d", n, d, budget, got, want)
				}
			}
		}
	}
}

func TestSizeCyclesThroughZeroToNinetyNineForBudgetsOfHundreds(t *testing.T) {
	t.Parallel()
	for i := range 1000 {
		if got := Size(i, 0, 1000); got != i%100 {
			t.Fatalf("test %d: size %d, want %d", i, got, i%100)
		}
	}
}

func TestSizeOfTheLastPartialHundredIsStretched(t *testing.T) {
	t.Parallel()
	// QuickCheck's own comment: with maxSuccess = 250 sizes go
	// 0..99, 0..99, 0, 2, 4, ..., 98.
	for i := 200; i < 250; i++ {
		if got, want := Size(i, 0, 250), 2*(i-200); got != want {
			t.Fatalf("test %d of 250: size %d, want %d", i, got, want)
		}
	}
}

func TestSizeGrowsWithDiscardsAndIsCappedAtMaxSize(t *testing.T) {
	t.Parallel()
	if got := Size(5, 20, 100); got != 7 {
		t.Fatalf("Size(5, 20, 100) = %d, want 7", got)
	}
	if got := Size(99, 500, 100); got != MaxSize {
		t.Fatalf("Size(99, 500, 100) = %d, want %d", got, MaxSize)
	}
}
