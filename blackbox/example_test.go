package blackbox_test

import (
	"fmt"
	"slices"

	"github.com/mutprop/mutprop/blackbox"
)

// Insert is the function under test: x into the sorted list xs.
func Insert(x int, xs []int) []int {
	i, _ := slices.BinarySearch(xs, x)
	return slices.Insert(slices.Clone(xs), i, x)
}

// A property takes the function under test as a parameter (Duregård's
// prop_insert1: the output is ordered).
func propInsertOrdered(insert func(int, []int) []int, x int, xs []int) bool {
	return slices.IsSorted(insert(x, xs))
}

func ExampleMutateFunc_deterministic() {
	insert, err := blackbox.MutateFunc(Insert, blackbox.Seed(1))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(Insert(3, []int{1, 2}), insert(3, []int{1, 2}))
	// A mutant is a function: the same input gets the same wrong answer.
	fmt.Println(insert(3, []int{1, 2}))
	// Output:
	// [1 2 3] [3 2 1]
	// [3 2 1]
}

func ExampleMutateFunc() {
	var log blackbox.Log
	insert, err := blackbox.MutateFunc(Insert, blackbox.Seed(7),
		blackbox.Name("Insert"), blackbox.WithLog(&log))
	if err != nil {
		fmt.Println(err)
		return
	}
	// The weak property misses some perturbations; a harness shows a
	// killed mutant with its log.
	for _, xs := range [][]int{{1, 2}, {4, 5, 6}, {}} {
		if propInsertOrdered(insert, 3, xs) {
			fmt.Println("survived:", log.Describe())
		} else {
			fmt.Println("killed:  ", log.Describe())
		}
	}
	// Output:
	// survived: Insert(3, [1 2]) returned [1 2], original [1 2 3]
	// survived: Insert(3, [4 5 6]) returned [3 4 5 6 396921], original [3 4 5 6]
	// killed:   Insert(3, []) returned [3 0], original [3]
}
