// Package suite is mutprop's example of a suite registered in a package's
// tests (package mutproptest): black-box properties of a sorted insert,
// with black-box mutants, which mutprop run measures in worker processes
// of the package's own test binary, together with the package's
// white-box mutants.
//
// It lives under internal/testdata so that ./... (go test, go vet) skips
// it: its looping and stack-overflowing variants only run under mutprop.
// Load it explicitly: go run ./cmd/mutprop run ./internal/testdata/suite.
//
// Files:
//
//	suite.go       the subject, Insert, and two named variants of it: one
//	               hangs (timeout), one recurses without end (crashed)
//	suite_test.go  the suite "insert" (mutproptest.Func, four properties
//	               from vacuous to complete, 20 black-box mutants),
//	               registered by TestInsertSuite, and an example test
//	viamain/       a suite registered in TestMain (mutproptest.Main)
//
// Expected classification (gotest's suite test asserts it, with the golden
// list gotest/testdata/suite.golden): on the original every property
// holds; the tautology "deterministic" detects no black-box mutant (a
// black-box mutant is a function) and kills no white-box mutant (it
// detects those that panic, hang or crash, whatever the property); "complete"
// detects every mutant but the equivalent ones, and every black-box
// mutant at the first test.
package suite

import "time"

// Insert returns xs, which must be sorted, with x inserted in order, in a
// new slice.
func Insert(x int, xs []int) []int {
	out := make([]int, 0, len(xs)+1)
	i := 0
	for i < len(xs) && xs[i] < x {
		out = append(out, xs[i])
		i++
	}
	out = append(out, x)
	return append(out, xs[i:]...)
}

// insertHang never returns (it waits, as on a lock that is never
// released): through any property, its mutant is a timeout.
//
//mutprop:variant Insert hang "waits forever"
//lint:ignore U1000 a named variant: the schemata call it
func insertHang(x int, xs []int) []int {
	for {
		time.Sleep(time.Hour)
	}
}

// insertOverflow recurses without a base case: its mutant overflows the
// stack, a fatal error that kills the worker (crashed).
//
//mutprop:variant Insert overflow "recurses without a base case"
//lint:ignore U1000 a named variant: the schemata call it
func insertOverflow(x int, xs []int) []int {
	//lint:ignore SA5007 the unbounded recursion is the fault this variant plants
	return insertOverflow(x+1, xs)
}
