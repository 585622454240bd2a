package bb

import (
	"testing"

	"pgregory.net/rapid"
)

// TestSortedUniqueProperty checks SortedUnique's specification: strictly
// increasing, every input element present, no other element.
func TestSortedUniqueProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		xs := rapid.SliceOf(rapid.IntRange(-20, 20)).Draw(t, "xs")
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
	})
}

// TestSet is a plain test of Set.
func TestSet(t *testing.T) {
	var s Set
	if !s.Add(1) || s.Add(1) || !s.Add(2) {
		t.Fatal("Add")
	}
	if s.Len() != 2 {
		t.Fatalf("Len %d, want 2", s.Len())
	}
	Clear(&s)
	if s.Len() != 0 {
		t.Fatalf("Len %d after Clear, want 0", s.Len())
	}
}

// TestDouble calls Double only.
func TestDouble(t *testing.T) {
	if Double(3) != 6 {
		t.Fatal("Double(3)")
	}
}
