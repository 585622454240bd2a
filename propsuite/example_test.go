package propsuite_test

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/propsuite"
)

// A Generator draws a value from a seeded source and a size: the same
// source and size give the same value. Combinators build generators of
// larger values from smaller ones.
func ExampleGenerator() {
	digits := propsuite.IntRange(0, 9)
	pairs := propsuite.Pair(digits, propsuite.SliceOf(digits))
	r := rand.New(rand.NewPCG(1, 2))
	for _, size := range []int{0, 2, 5} {
		p := pairs(r, size)
		fmt.Println(p.First, p.Second)
	}
	// Output:
	// 7 []
	// 6 [7 2]
	// 0 [4 1]
}

// maxOf is the subject of the example suite.
func maxOf(a, b int) int {
	if a > b {
		return a
	}
	return b
}

// maxMutants are the changed versions of maxOf the suite offers, by ID.
var maxMutants = map[string]func(a, b int) int{
	"":      maxOf, // the original
	"first": func(a, b int) int { return a },
	"capped": func(a, b int) int { // wrong only above 50
		return min(maxOf(a, b), 50)
	},
	"boundary": func(a, b int) int { // equivalent: a >= b picks the same value
		if a >= b {
			return a
		}
		return b
	},
}

// Run measures every (mutant, property, generator) cell of a Suite in this
// process: here, which property detects which mutant of maxOf, on small and
// on wide inputs.
func ExampleRun() {
	pair := func(g propsuite.Generator[int]) propsuite.Generator[propsuite.PairOf[int, int]] {
		return propsuite.Pair(g, g)
	}
	generators := map[string]propsuite.Generator[propsuite.PairOf[int, int]]{
		"small": pair(propsuite.IntRange(-2, 2)),
		"sized": pair(propsuite.IntSized()),
	}
	properties := map[string]func(f func(a, b int) int, a, b int) bool{
		"upper bound": func(f func(a, b int) int, a, b int) bool { m := f(a, b); return m >= a && m >= b },
		"commutes":    func(f func(a, b int) int, a, b int) bool { return f(a, b) == f(b, a) },
	}
	suite := &propsuite.Suite{
		Name:       "max",
		Mutants:    []propsuite.Mutant{{}, {ID: "first"}, {ID: "capped"}, {ID: "boundary"}},
		Properties: []string{"upper bound", "commutes"},
		Generators: []string{"small", "sized"},
		Test: func(m propsuite.Mutant, property, generator string) (propsuite.Test, error) {
			f, p, g := maxMutants[m.ID], properties[property], generators[generator]
			if f == nil || p == nil || g == nil {
				return nil, fmt.Errorf("no cell (%s, %s, %s)", m.ID, property, generator)
			}
			return propsuite.ForAll(g, func(in propsuite.PairOf[int, int]) bool { return p(f, in.First, in.Second) }), nil
		},
	}
	res, err := propsuite.Run(context.Background(), suite, &propsuite.Options{
		Seed:     1,
		Workers:  2,
		Protocol: &propsuite.Protocol{Kind: "trials", Trials: 20, DecideBudget: 100},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range res.Cells {
		mutant := c.Mutant
		if mutant == "" {
			mutant = "original"
		}
		fmt.Printf("%-8s %-11s %-5s killed in %2d of %d trials", mutant, c.Property, c.Generator, c.Outcomes[outcome.Killed], c.Trials())
		if c.Summary.N > 0 {
			fmt.Printf(", after %.1f tests on average", c.Summary.Mean)
		}
		fmt.Println()
	}
	// The original passes; first is caught at once; capped only by the
	// sized generator, whose values pass 50 as the size grows; boundary
	// is equivalent to the original, so nothing can kill it.

	// Output:
	// original upper bound small killed in  0 of 20 trials
	// original upper bound sized killed in  0 of 20 trials
	// original commutes    small killed in  0 of 20 trials
	// original commutes    sized killed in  0 of 20 trials
	// first    upper bound small killed in 20 of 20 trials, after 3.0 tests on average
	// first    upper bound sized killed in 20 of 20 trials, after 4.5 tests on average
	// first    commutes    small killed in 20 of 20 trials, after 1.6 tests on average
	// first    commutes    sized killed in 20 of 20 trials, after 2.4 tests on average
	// capped   upper bound small killed in  0 of 20 trials
	// capped   upper bound sized killed in 20 of 20 trials, after 60.2 tests on average
	// capped   commutes    small killed in  0 of 20 trials
	// capped   commutes    sized killed in  0 of 20 trials
	// boundary upper bound small killed in  0 of 20 trials
	// boundary upper bound sized killed in  0 of 20 trials
	// boundary commutes    small killed in  0 of 20 trials
	// boundary commutes    sized killed in  0 of 20 trials
}
