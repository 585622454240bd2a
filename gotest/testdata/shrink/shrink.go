// Package shrink holds the code under a test of rapid's shrinking.
package shrink

// Abs returns the absolute value of x.
func Abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
