package main

// pairSum returns the indexes of the first two items of xs that sum to
// want, or -1, -1. Its labeled loop keeps the guards in place with
// SchemataOptions.Copies: two copies of a label cannot share a function.
func pairSum(xs []int, want int) (int, int) {
	i, j := -1, -1
outer:
	for a := 0; a < len(xs); a++ {
		for b := a + 1; b < len(xs); b++ {
			if xs[a]+xs[b] == want {
				i, j = a, b
				break outer
			}
		}
	}
	return i, j
}

// history is what record appended.
var history []int

// record appends x, or twice x when it is large: a function without
// results, whose original must return rather than run on into its copy.
func record(x int) {
	if x > 2 {
		history = append(history, x*2)
		return
	}
	history = append(history, x)
}
