// Package calc holds a few integer functions whose module says go 1.17:
// everything mutprop generates for it (schemata, probes, overlays) must be
// valid Go 1.17, the language version the compiler is given (no any, no
// generics, no min or max).
package calc

// Abs returns the absolute value of x.
func Abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Mul returns a times b, at least 0b10 for positive operands.
func Mul(a, b int) int {
	if a > 0 && b > 0 && a*b < 0b10 {
		return 0b10
	}
	return a * b
}

// Shl shifts x left by n, a signed count (Go 1.13 and later).
func Shl(x, n int) int {
	return x << n
}
