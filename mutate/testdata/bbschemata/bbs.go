// Package bbs is the fixture of black-box mutants in the schemata: the
// functions that black-box mutants wrap hold operator mutants too, in one
// file, among them a recursive function and a method.
package bbs

// Fact is recursive: a black-box mutant perturbs the outer call only.
func Fact(n int) int {
	if n <= 1 {
		return 1
	}
	return n * Fact(n-1)
}

// Counter counts.
type Counter struct{ N int }

// Add adds a positive x and returns the count.
func (c *Counter) Add(x int) int {
	if x > 0 {
		c.N += x
	}
	return c.N
}

// Scale is called by one test only.
func Scale(x int) int { return x*3 - 1 }

// Label is called by the same test as Scale.
func Label(x int) string {
	if x%2 == 0 {
		return "even"
	}
	return "odd"
}

// labelAllOdd is a named fault of Label, whose body it enters.
//
//mutprop:variant Label all-odd "Label calls every number odd"
func labelAllOdd(x int) string { return "odd" }
