// Package trials is the subject of gotest's trials test: one property of
// Compare, each written with a weak and a strong generator, in rapid and
// in testing/quick.
package trials

// Compare returns -1 when a < b, 1 when a > b and 0 when they are equal.
// Its boundary mutants (a <= b, a >= b) differ from it only on equal
// arguments.
func Compare(a, b int) int {
	if a < b {
		return -1
	}
	if a > b {
		return 1
	}
	return 0
}
