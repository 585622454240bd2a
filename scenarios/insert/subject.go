package insert

import "slices"

// Insert puts x into the ordered list xs before the first element that is
// not smaller than x, as Haskell's Data.List.insert does. It does not modify
// xs.
func Insert(x int, xs []int) []int {
	i := 0
	for i < len(xs) && xs[i] < x {
		i++
	}
	out := make([]int, 0, len(xs)+1)
	out = append(out, xs[:i]...)
	out = append(out, x)
	return append(out, xs[i:]...)
}

// Sort returns an ordered copy of xs. It is the subject of the two
// properties of Duregård's paper that expose black-box mutation's limits.
func Sort(xs []int) []int { return slices.Sorted(slices.Values(xs)) }

// InsertFunc is the type of the function under test of the insert
// properties.
type InsertFunc = func(int, []int) []int

// SortFunc is the type of the function under test of the sort properties.
type SortFunc = func([]int) []int
