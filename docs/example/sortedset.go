// Package sortedset is docs/strength.md's worked example: a sorted set of
// integers kept in a slice, with properties of different strength and
// generators of different reach in its tests.
package sortedset

import "sort"

// SortedUnique returns the distinct elements of xs in increasing order.
// It does not change xs.
func SortedUnique(xs []int) []int {
	out := append([]int(nil), xs...)
	sort.Ints(out)
	n := 0
	for i, x := range out {
		if i == 0 || x != out[n-1] {
			out[n] = x
			n++
		}
	}
	return out[:n]
}

// Insert adds x to the sorted set s (increasing, no duplicates) and
// returns the result; s is left unchanged.
func Insert(s []int, x int) []int {
	i := sort.SearchInts(s, x)
	if i < len(s) && s[i] == x {
		return append([]int(nil), s...)
	}
	out := make([]int, 0, len(s)+1)
	out = append(out, s[:i]...)
	out = append(out, x)
	return append(out, s[i:]...)
}
