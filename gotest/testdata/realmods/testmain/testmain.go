// Package testmain is scored by tests that read files beside the package:
// a TestMain that loads testdata, a golden file, and a path found with
// runtime.Caller.
package testmain

import "strings"

// Shout upper-cases s and appends an exclamation mark.
func Shout(s string) string {
	if s == "" {
		return ""
	}
	return strings.ToUpper(s) + "!"
}

// Sum adds xs.
func Sum(xs []int) int {
	t := 0
	for _, x := range xs {
		t += x
	}
	return t
}
