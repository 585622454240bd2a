//go:build go1.18

package bb

// Max is refused: it is generic.
func Max[T int | float64](a, b T) T {
	if a > b {
		return a
	}
	return b
}
