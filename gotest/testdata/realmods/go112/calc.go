// Package calc holds a few integer functions whose module says go 1.12:
// everything mutprop generates for it (schemata, probes, overlays) must be
// valid Go 1.12, the language version the compiler is given (no 0o
// literals, no signed shift counts).
package calc

// Sum returns the sum of xs.
func Sum(xs []int) int {
	s := 0
	for _, x := range xs {
		s += x
	}
	return s
}

// Max returns the larger of a and b.
func Max(a, b int) int {
	if a >= b {
		return a
	}
	return b
}

// LowBits returns the n low bits of x, n below 32.
func LowBits(x uint32, n uint) uint32 {
	return x & (1<<n - 1)
}

// Half returns x divided by 2, as a shift by a constant.
func Half(x int) int {
	return x >> 1
}
