package rapidinsert

import (
	"flag"
	"os"
	"slices"
	"strconv"
	"testing"

	"pgregory.net/rapid"
)

// testCases is the number of test cases of every property: the insert
// study's (mutprop scenario insert) 1,000 per property.
const testCases = 1000

// maxSize is QuickCheck's largest size. Over 1,000 test cases QuickCheck
// runs test i at size i mod 100: each size from 0 to 99 ten times.
const maxSize = 99

// TestMain runs each property on testCases test cases, as the study does,
// unless -rapid.checks is given. mutprop runs the test binary with its own
// flags, so the count is set here rather than on the command line.
func TestMain(m *testing.M) {
	flag.Parse()
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "rapid.checks" })
	if !given {
		if err := flag.Set("rapid.checks", strconv.Itoa(testCases)); err != nil {
			panic(err)
		}
	}
	os.Exit(m.Run())
}

// uniformInt draws an integer uniformly from [lo, hi], as QuickCheck's
// choose does. rapid.IntRange favours small values and the bounds; the
// study's generators draw uniformly, so this one is built from fair bits.
// It shrinks towards lo.
func uniformInt(lo, hi int) *rapid.Generator[int] {
	if lo == hi {
		return rapid.Just(lo)
	}
	bit := rapid.Bool()
	return rapid.Custom(func(t *rapid.T) int {
		span := uint64(hi - lo)
		for {
			var u uint64
			for b := span; b > 0; b >>= 1 {
				u <<= 1
				if bit.Draw(t, "bit") {
					u |= 1
				}
			}
			if u <= span {
				return lo + int(u)
			}
		}
	})
}

// size draws a QuickCheck size: uniform in [0, maxSize], as the study's
// 1,000 test cases are spread over the sizes.
var size = uniformInt(0, maxSize)

// arbitraryInt is QuickCheck's arbitrary Int at the given size: uniform in
// [-size, size].
func arbitraryInt(size int) *rapid.Generator[int] { return uniformInt(-size, size) }

// arbitraryList is QuickCheck's arbitrary [Int] at the given size: a
// length uniform in [0, size], then that many arbitrary Ints.
func arbitraryList(size int) *rapid.Generator[[]int] {
	return rapid.Custom(func(t *rapid.T) []int {
		n := uniformInt(0, size).Draw(t, "length")
		xs := make([]int, n)
		for i := range xs {
			xs[i] = arbitraryInt(size).Draw(t, "element")
		}
		return xs
	})
}

// orderedList is QuickCheck's OrderedList Int: an arbitrary list, sorted.
func orderedList(size int) *rapid.Generator[[]int] {
	return rapid.Map(arbitraryList(size), func(xs []int) []int { slices.Sort(xs); return xs })
}

// insertInput draws the inputs of an insert property, in the study's
// order: a size, x, then the list (ordered when ordered is set).
func insertInput(t *rapid.T, ordered bool) (int, []int) {
	n := size.Draw(t, "size")
	x := arbitraryInt(n).Draw(t, "x")
	if ordered {
		return x, orderedList(n).Draw(t, "xs")
	}
	return x, arbitraryList(n).Draw(t, "xs")
}

// isOrdered reports whether xs is in non-decreasing order.
func isOrdered(xs []int) bool {
	for i := 1; i < len(xs); i++ {
		if xs[i-1] > xs[i] {
			return false
		}
	}
	return true
}

// difference is Haskell's (\\): xs with the first occurrence of each
// element of ys removed.
func difference(xs, ys []int) []int {
	out := slices.Clone(xs)
	for _, y := range ys {
		if i := slices.Index(out, y); i >= 0 {
			out = slices.Delete(out, i, i+1)
		}
	}
	return out
}

// TestProp_insert0 is prop_insert0: on an arbitrary list xs, if xs is
// ordered then Insert(x, xs) is ordered. It is almost vacuous: an
// arbitrary list is seldom ordered unless it is short.
func TestProp_insert0(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		x, xs := insertInput(t, false)
		if !isOrdered(xs) {
			return
		}
		if out := Insert(x, xs); !isOrdered(out) {
			t.Fatalf("Insert(%d, %v) = %v is not ordered", x, xs, out)
		}
	})
}

// TestProp_insert1 is prop_insert1: on an ordered list, Insert's result is
// ordered.
func TestProp_insert1(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		x, xs := insertInput(t, true)
		if out := Insert(x, xs); !isOrdered(out) {
			t.Fatalf("Insert(%d, %v) = %v is not ordered", x, xs, out)
		}
	})
}

// TestProp_insert2 is prop_insert2: the result is ordered and holds x.
func TestProp_insert2(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		x, xs := insertInput(t, true)
		if out := Insert(x, xs); !isOrdered(out) || !slices.Contains(out, x) {
			t.Fatalf("Insert(%d, %v) = %v: not ordered or without x", x, xs, out)
		}
	})
}

// TestProp_insert3 is prop_insert3: the result is ordered and one element
// longer than xs.
func TestProp_insert3(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		x, xs := insertInput(t, true)
		if out := Insert(x, xs); !isOrdered(out) || len(out) != len(xs)+1 {
			t.Fatalf("Insert(%d, %v) = %v: not ordered or not one longer", x, xs, out)
		}
	})
}

// TestProp_insert4 is prop_insert4: the result is ordered, holds x and is
// one element longer than xs.
func TestProp_insert4(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		x, xs := insertInput(t, true)
		if out := Insert(x, xs); !isOrdered(out) || !slices.Contains(out, x) || len(out) != len(xs)+1 {
			t.Fatalf("Insert(%d, %v) = %v: not ordered, without x or not one longer", x, xs, out)
		}
	})
}

// TestProp_insert5 is prop_insert5, the complete specification: the
// result is ordered, xs \\ out == [] and out \\ xs == [x].
func TestProp_insert5(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		x, xs := insertInput(t, true)
		out := Insert(x, xs)
		d := difference(out, xs)
		if !isOrdered(out) || len(difference(xs, out)) != 0 || len(d) != 1 || d[0] != x {
			t.Fatalf("Insert(%d, %v) = %v: not xs with x inserted in order", x, xs, out)
		}
	})
}

// TestProp_sort_tautology is prop_sort_tautology: Sort(xs) equals
// Sort(xs). It checks nothing: a black-box mutant answers the same input
// the same way twice.
func TestProp_sort_tautology(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		xs := arbitraryList(size.Draw(t, "size")).Draw(t, "xs")
		if a, b := Sort(xs), Sort(xs); !slices.Equal(a, b) {
			t.Fatalf("Sort(%v) = %v, then %v", xs, a, b)
		}
	})
}

// TestProp_singlesort is prop_singlesort: Sort([x]) == [x]. It is complete
// on singleton lists and says nothing about longer ones.
func TestProp_singlesort(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		x := arbitraryInt(size.Draw(t, "size")).Draw(t, "x")
		if out := Sort([]int{x}); !slices.Equal(out, []int{x}) {
			t.Fatalf("Sort([%d]) = %v", x, out)
		}
	})
}
