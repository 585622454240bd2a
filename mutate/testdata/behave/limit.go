package main

// limit caps x at 1000. main's inputs stay far below the cap, so some of
// its boundary and literal mutants never change a value (no infection).
func limit(x int) int {
	if x > 1000 {
		return 1000
	}
	return x
}
