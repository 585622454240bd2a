// Package bbseed is the fixture of gotest's test of black-box mutants'
// own seeds: one function, Double, and a property that passes only with
// rapid's seed pinned to 1.
package bbseed

// Double returns 2*x.
func Double(x int) int { return 2 * x }
