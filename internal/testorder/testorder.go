// Package testorder decides in which order a mutant meets its covering
// tests, and in which processes they run: quick tests first, since most
// mutants die there, with an order that the machine's load cannot move.
//
// A mutant's verdict may depend on which test meets it first (a test that
// loops beside one that fails), so the order is a function of figures the
// load leaves alone: a test's speed class, from the CPU time it used alone
// (Class), then its place in the test binary. The package holds the
// policy only; gotest applies it to its sessions and binaries.
package testorder

import (
	"slices"
	"sort"
	"time"
)

// Class buckets a test's speed by powers of ten from 100 ms: 0 under
// 100 ms, 1 under 1 s, 2 under 10 s, up to 6. Ordering tests by class
// rather than by duration keeps slow properties behind quick tests while
// making the order, and so the first killer of a mutant, independent of
// timing noise: two runs with the same seed report the same killers.
func Class(speed time.Duration) int {
	c := 0
	for limit := 100 * time.Millisecond; speed >= limit && c < 6; limit *= 10 {
		c++
	}
	return c
}

// Test is one covering test of a mutant.
type Test struct {
	Name  string        // as the results name it
	Own   bool          // a test of the mutated package itself
	Order int           // its place among the binaries and in its binary's order
	Speed time.Duration // the CPU it used alone, or its wall time unmeasured
	// Near is set, for a mutant of code that runs as the package
	// initializes (a table in a package-level variable), on the tests
	// declared in its file's _test.go file: every test reaches such a
	// mutant's site, and those most likely read what it computes.
	Near bool
}

// Sort orders tests fastest first by Class, then the tests Near the
// mutant, then the package's own tests before other packages', then by
// Order.
func Sort(tests []Test) {
	sort.SliceStable(tests, func(i, j int) bool {
		a, b := tests[i], tests[j]
		if ca, cb := Class(a.Speed), Class(b.Speed); ca != cb {
			return ca < cb
		}
		if a.Near != b.Near {
			return a.Near
		}
		if a.Own != b.Own {
			return a.Own
		}
		return a.Order < b.Order
	})
}

// Stages splits a mutant's tests, sorted, into runs: the first alone,
// where most mutants die, then the others grouped by binary (group) and
// speed class, in order, each group in one process that stops at its first
// failure. A test binary runs its tests in source order, so a group of
// quick tests runs before the slow ones start: a mutant that a 10 ms test
// kills does not wait for a 2 s property first.
func Stages[G comparable](tests []string, group func(string) G, speed func(string) time.Duration) [][]string {
	if len(tests) == 0 {
		return nil
	}
	type key struct {
		g     G
		class int
	}
	out := [][]string{{tests[0]}}
	at := map[key]int{}
	for _, name := range tests[1:] {
		k := key{group(name), Class(speed(name))}
		i, ok := at[k]
		if !ok {
			i = len(out)
			at[k] = i
			out = append(out, nil)
		}
		out[i] = append(out[i], name)
	}
	return out
}

// Unreached returns the tests of a run that a deadline or a crash ended
// which did not pass, in their order, but its culprit (the test it is
// blamed on, "" for none): the tests a run after it still owes the
// mutant, those cut off beside the culprit included.
func Unreached(tests, passed []string, culprit string) []string {
	var out []string
	for _, name := range tests {
		if name != culprit && !slices.Contains(passed, name) {
			out = append(out, name)
		}
	}
	return out
}
