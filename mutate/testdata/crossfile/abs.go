// Package crossfile keeps a target in one file and its named variant in
// another.
package crossfile

// Abs returns |x|.
func Abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
