// Package calc holds a few integer functions whose module says go 1.2:
// everything mutprop generates for it (schemata, probes, overlays) must be
// valid Go 1.2, the language version the compiler is given.
package calc

// Clamp returns x limited to the range [lo, hi].
func Clamp(x, lo, hi int) int {
	if x < lo {
		return lo
	}
	if x > hi {
		return hi
	}
	return x
}

// Scale returns x times 4, as a shift by a constant: a mutated shift
// count must stay unsigned before Go 1.13.
func Scale(x int) int {
	return x << 2
}

// Even reports whether x is even.
func Even(x int) bool {
	return x%2 == 0
}
