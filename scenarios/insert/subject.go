package insert

import "slices"

// insert puts x into the ordered list xs before the first element that is
// not smaller than x, as Haskell's Data.List.insert does. It does not modify
// xs.
func insert(x int, xs []int) []int {
	i := 0
	for i < len(xs) && xs[i] < x {
		i++
	}
	out := make([]int, 0, len(xs)+1)
	out = append(out, xs[:i]...)
	out = append(out, x)
	return append(out, xs[i:]...)
}

// sort returns an ordered copy of xs. It is the subject of the two
// properties of Duregård's paper that expose black-box mutation's limits.
func sort(xs []int) []int { return slices.Sorted(slices.Values(xs)) }

// insertFunc is the type of the function under test of the insert
// properties.
type insertFunc = func(int, []int) []int

// sortFunc is the type of the function under test of the sort properties.
type sortFunc = func([]int) []int
