// Package looptime is a fixture of mutprop's per-test deadlines: its
// variant loops in a 10 ms test that runs in one process with a 2 s test.
package looptime

//lint:file-ignore U1000 the variant runs only through mutprop's schemata

// Step returns x's successor.
func Step(x int) int {
	return x + 1
}

var spins int

// stepLoop loops forever on 3.
//
//mutprop:variant Step loop "loops forever on 3"
func stepLoop(x int) int {
	for x == 3 {
		spins++
	}
	return x + 1
}
