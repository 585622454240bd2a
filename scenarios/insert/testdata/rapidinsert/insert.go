// Package rapidinsert is the subject of mutprop's insert study (Duregård,
// Automating Black-Box Property Based Testing, paper IV), as a user's
// package: a sorted insert and a sort on []int, tested by ordinary rapid
// properties in insert_test.go.
package rapidinsert

import "slices"

// Insert puts x into the ordered list xs before the first element that is
// not smaller than x, as Haskell's Data.List.insert does. It does not
// modify xs.
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

// Sort returns an ordered copy of xs.
func Sort(xs []int) []int { return slices.Sorted(slices.Values(xs)) }
