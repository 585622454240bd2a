// Package envinit panics at init when ENVINIT_PANIC is set
// (runcache/environ_test.go): go test then fails.
package envinit

import "os"

func init() {
	if os.Getenv("ENVINIT_PANIC") != "" {
		panic("ENVINIT_PANIC is set")
	}
}

// Clamp returns x within [lo, hi].
func Clamp(x, lo, hi int) int {
	if x < lo {
		return lo
	}
	if x > hi {
		return hi
	}
	return x
}
