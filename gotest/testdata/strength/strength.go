// Package strength is the fixture of gotest's strength and data coverage
// test: one function, SortedUnique, checked by the same property under a
// wide generator and under a narrow one that draws lists of length 0 or 1
// only.
package strength

// SortedUnique returns the distinct elements of xs in increasing order.
func SortedUnique(xs []int) []int {
	var out []int
	for _, x := range xs {
		i := 0
		for i < len(out) && out[i] < x {
			i++
		}
		if i < len(out) && out[i] == x {
			continue
		}
		out = append(out, 0)
		copy(out[i+1:], out[i:])
		out[i] = x
	}
	return out
}
