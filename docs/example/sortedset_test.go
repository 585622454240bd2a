package sortedset

import (
	"testing"

	"pgregory.net/rapid"
)

// Two generators of integer lists: wide values rarely repeat, narrow ones
// repeat all the time.
var (
	wide   = rapid.SliceOf(rapid.IntRange(-1000, 1000))
	narrow = rapid.SliceOf(rapid.IntRange(0, 5))
)

// model is the set's obvious definition: the distinct values, in order.
func model(xs []int) []int {
	seen := map[int]bool{}
	for _, x := range xs {
		seen[x] = true
	}
	var out []int
	for v := -1000; v <= 1000; v++ {
		if seen[v] {
			out = append(out, v)
		}
	}
	return out
}

func equal(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// sorted is a weak property: the result is in increasing order, and
// nothing says which values it holds.
func sorted(t *rapid.T, gen *rapid.Generator[[]int]) {
	out := SortedUnique(gen.Draw(t, "xs"))
	for i := 1; i < len(out); i++ {
		if out[i-1] >= out[i] {
			t.Fatalf("not strictly increasing at %d: %v", i, out)
		}
	}
}

// matchesModel is a strong property: the result is the model's.
func matchesModel(t *rapid.T, gen *rapid.Generator[[]int]) {
	xs := gen.Draw(t, "xs")
	if got, want := SortedUnique(xs), model(xs); !equal(got, want) {
		t.Fatalf("SortedUnique(%v) = %v, want %v", xs, got, want)
	}
}

// insertMatchesModel: inserting into a set is the set of one more value.
func insertMatchesModel(t *rapid.T, gen *rapid.Generator[[]int]) {
	xs := gen.Draw(t, "xs")
	x := gen.Draw(t, "x")
	if len(x) == 0 {
		return
	}
	s := model(xs)
	if got, want := Insert(s, x[0]), model(append(xs, x[0])); !equal(got, want) {
		t.Fatalf("Insert(%v, %d) = %v, want %v", s, x[0], got, want)
	}
}

func TestSortedWide(t *testing.T)  { rapid.Check(t, func(t *rapid.T) { sorted(t, wide) }) }
func TestModelWide(t *testing.T)   { rapid.Check(t, func(t *rapid.T) { matchesModel(t, wide) }) }
func TestModelNarrow(t *testing.T) { rapid.Check(t, func(t *rapid.T) { matchesModel(t, narrow) }) }
func TestInsertModelWide(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) { insertMatchesModel(t, wide) })
}
func TestInsertModelNarrow(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) { insertMatchesModel(t, narrow) })
}
