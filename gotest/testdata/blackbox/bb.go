// Package bb is the fixture of gotest's black-box mutant tests: a
// function of a slice, methods, a function only a plain test calls, and
// one that cannot be wrapped.
package bb

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

// Set is a set of ints.
type Set struct{ items []int }

// Add adds x and reports whether it was new.
func (s *Set) Add(x int) bool {
	for _, y := range s.items {
		if y == x {
			return false
		}
	}
	s.items = append(s.items, x)
	return true
}

// Len is the number of elements.
func (s *Set) Len() int { return len(s.items) }

// Double returns 2x: only TestDouble calls it.
func Double(x int) int { return 2 * x }

// Clear empties s: it has no result, so no black-box mutant.
func Clear(s *Set) { s.items = nil }
