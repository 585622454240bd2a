package insert

import (
	"slices"
)

// insertProperty is one of the properties of Duregård's Fig. 4.1, or one of the
// two sort properties of the same paper. Exactly one of Insert and Sort is
// set: black-box properties receive the function under test as a parameter,
// so the same property runs on the original and on any mutant.
type insertProperty struct {
	Name string
	// PaperKilledPct is the per-test-case kill percentage the paper
	// printed, or -1 where the paper gives none.
	PaperKilledPct float64
	// Note says what the property is for.
	Note string
	// OrderedInput: the list input is an ordered list (QuickCheck's
	// OrderedList) rather than an arbitrary one.
	OrderedInput bool
	// SingletonInput: the property applies the function to [x] only.
	SingletonInput bool
	Insert         func(insert insertFunc, x int, xs []int) bool
	Sort           func(sort sortFunc, x int, xs []int) bool
}

// properties returns the six insert properties of Fig. 4.1 in the paper's
// order, then the sort tautology and prop_singlesort.
func properties() []insertProperty {
	return []insertProperty{
		{Name: "prop_insert0", PaperKilledPct: 3, Note: "arbitrary lists: vacuous unless the input happens to be ordered",
			Insert: func(insert insertFunc, x int, xs []int) bool { return !ordered(xs) || ordered(insert(x, xs)) }},
		{Name: "prop_insert1", PaperKilledPct: 37, OrderedInput: true, Note: "the output is ordered",
			Insert: func(insert insertFunc, x int, xs []int) bool { return ordered(insert(x, xs)) }},
		{Name: "prop_insert2", PaperKilledPct: 64, OrderedInput: true, Note: "ordered, and x is in it",
			Insert: func(insert insertFunc, x int, xs []int) bool {
				out := insert(x, xs)
				return ordered(out) && slices.Contains(out, x)
			}},
		{Name: "prop_insert3", PaperKilledPct: 87, OrderedInput: true, Note: "ordered, and one longer",
			Insert: func(insert insertFunc, x int, xs []int) bool {
				out := insert(x, xs)
				return ordered(out) && len(out) == len(xs)+1
			}},
		{Name: "prop_insert4", PaperKilledPct: 90, OrderedInput: true, Note: "ordered, x is in it, one longer",
			Insert: func(insert insertFunc, x int, xs []int) bool {
				out := insert(x, xs)
				return ordered(out) && slices.Contains(out, x) && len(out) == len(xs)+1
			}},
		{Name: "prop_insert5", PaperKilledPct: 100, OrderedInput: true, Note: "complete: ordered, xs \\\\ out == [], out \\\\ xs == [x]",
			Insert: func(insert insertFunc, x int, xs []int) bool {
				out := insert(x, xs)
				d := difference(out, xs)
				return ordered(out) && len(difference(xs, out)) == 0 && len(d) == 1 && d[0] == x
			}},
		{Name: "prop_sort_tautology", PaperKilledPct: 0, Note: "sort xs == sort xs: checks nothing",
			Sort: func(sort sortFunc, _ int, xs []int) bool { return slices.Equal(sort(xs), sort(xs)) }},
		{Name: "prop_singlesort", PaperKilledPct: 100, SingletonInput: true, Note: "sort [x] == [x]: complete only on singleton lists",
			Sort: func(sort sortFunc, x int, _ []int) bool { return slices.Equal(sort([]int{x}), []int{x}) }},
	}
}

// ordered reports whether xs is in non-decreasing order.
func ordered(xs []int) bool {
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
	out := append([]int(nil), xs...)
	for _, y := range ys {
		if i := slices.Index(out, y); i >= 0 {
			out = slices.Delete(out, i, i+1)
		}
	}
	return out
}
