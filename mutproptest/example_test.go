package mutproptest_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/mutprop/mutprop/mutproptest"
	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/propsuite"
)

// Abs is the function under test.
func Abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

type absFunc = func(int) int

// absSuite holds two black-box properties of Abs. Each property takes the
// function under test as a parameter, so it runs unchanged on Abs and on
// every mutant of it.
var absSuite = mutproptest.Func[absFunc]{
	Name:    "abs",
	Subject: Abs,
	Mutants: 4,
	Properties: []mutproptest.Property[absFunc]{
		{Name: "non-negative", Test: func(abs absFunc) propsuite.Test {
			return propsuite.ForAll(propsuite.IntSized(), func(x int) bool { return abs(x) >= 0 })
		}},
		{Name: "symmetric", Test: func(abs absFunc) propsuite.Test {
			return propsuite.ForAll(propsuite.IntSized(), func(x int) bool { return abs(-x) == abs(x) })
		}},
	},
}.Suite()

// TestAbsSuite registers the suite in the package's tests. Under go test
// it checks each property on Abs, one subtest each. Under mutprop run the
// test binary measures the suite against its black-box mutants and the
// package's own mutants.
func TestAbsSuite(t *testing.T) { mutproptest.Run(t, absSuite) }

// Func builds a suite from a function and its properties: the original,
// then black-box mutants of the function. Measured here in-process with
// propsuite.Run, as mutprop run measures it in the test binary.
func ExampleFunc() {
	fmt.Println("properties:", absSuite.Properties, "generators:", absSuite.Generators)
	res, err := propsuite.Run(context.Background(), absSuite, &propsuite.Options{
		Seed:     1,
		Workers:  2,
		Protocol: &propsuite.Protocol{Kind: "trials", Trials: 5, DecideBudget: 200},
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
		fmt.Printf("%-14s %-12s killed in %d of %d trials", mutant, c.Property, c.Outcomes[outcome.Killed], c.Trials())
		if c.Summary.N > 0 {
			fmt.Printf(", after %.1f tests on average", c.Summary.Mean)
		}
		fmt.Println()
	}
	// Every black-box mutant is killed; the symmetric property kills
	// most of them sooner.

	// Output:
	// properties: [non-negative symmetric] generators: [default]
	// original       non-negative killed in 0 of 5 trials
	// original       symmetric    killed in 0 of 5 trials
	// blackbox:abs:1 non-negative killed in 5 of 5 trials, after 10.0 tests on average
	// blackbox:abs:1 symmetric    killed in 5 of 5 trials, after 3.6 tests on average
	// blackbox:abs:2 non-negative killed in 5 of 5 trials, after 3.8 tests on average
	// blackbox:abs:2 symmetric    killed in 5 of 5 trials, after 2.2 tests on average
	// blackbox:abs:3 non-negative killed in 5 of 5 trials, after 10.6 tests on average
	// blackbox:abs:3 symmetric    killed in 5 of 5 trials, after 2.2 tests on average
	// blackbox:abs:4 non-negative killed in 5 of 5 trials, after 1.0 tests on average
	// blackbox:abs:4 symmetric    killed in 5 of 5 trials, after 2.4 tests on average
}
