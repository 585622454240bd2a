// Package calc holds a few integer functions whose go.mod has no go line:
// the go command compiles it as go 1.16, so everything mutprop generates
// for it (schemata, probes, overlays) must be valid Go 1.16.
package calc

// Sign returns -1, 0 or 1 as x is negative, zero or positive.
func Sign(x int) int {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}

// Dist returns |a - b|.
func Dist(a, b int) int {
	if a > b {
		return a - b
	}
	return b - a
}

// Double returns 2x, as a shift by a constant.
func Double(x int) int {
	return x << 1
}
