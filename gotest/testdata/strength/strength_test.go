package strength

import (
	"testing"

	"pgregory.net/rapid"
)

// check is SortedUnique's specification: strictly increasing, every
// input element present, no other element.
func check(t *rapid.T, xs []int) {
	out := SortedUnique(xs)
	in := map[int]bool{}
	for _, x := range xs {
		in[x] = true
	}
	if len(out) != len(in) {
		t.Fatalf("%v: %d elements, want %d", out, len(out), len(in))
	}
	for i, y := range out {
		if !in[y] {
			t.Fatalf("%v: %d is not in the input", out, y)
		}
		if i > 0 && out[i-1] >= y {
			t.Fatalf("%v: not strictly increasing", out)
		}
	}
}

// TestWide draws lists of any length the generator gives.
func TestWide(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		check(t, rapid.SliceOfN(rapid.IntRange(-20, 20), 2, 30).Draw(t, "xs"))
	})
}

// TestNarrow draws lists of length 0 or 1 only: as strong as TestWide on
// these mutants, it says nothing about longer lists.
func TestNarrow(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		check(t, rapid.SliceOfN(rapid.IntRange(-20, 20), 0, 1).Draw(t, "xs"))
	})
}
