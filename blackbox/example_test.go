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

func ExampleMutate() {
	m, err := blackbox.Mutate(Insert, blackbox.Seed(1))
	if err != nil {
		fmt.Println(err)
		return
	}
	insert := m.(func(int, []int) []int)
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

func ExampleRecord() {
	sortInts := func(xs []int) []int { return slices.Sorted(slices.Values(xs)) }
	// prop_singlesort: sort [x] == [x].
	propSingleSort := func(sort func([]int) []int, x int) bool {
		return slices.Equal(sort([]int{x}), []int{x})
	}
	rec, err := blackbox.Record(sortInts)
	if err != nil {
		fmt.Println(err)
		return
	}
	killed := 0
	for x := range 50 {
		propSingleSort(rec.Func(), x) // run on the original, recording
		one, err := blackbox.Record(sortInts)
		if err != nil {
			fmt.Println(err)
			return
		}
		propSingleSort(one.Func(), x)
		// Then the same test case on a mutant perturbed at the one
		// recorded input.
		m, err := blackbox.MutateFunc(sortInts, blackbox.Seed(uint64(x)),
			blackbox.SinglePoint(one.Applications()))
		if err != nil {
			fmt.Println(err)
			return
		}
		if !propSingleSort(m, x) {
			killed++
		}
	}
	fmt.Printf("strength: %d/50 killed\n", killed)
	fmt.Println("coverage:", rec.Coverage())
	// Output:
	// strength: 50/50 killed
	// coverage: 50 applications, 50 distinct inputs, sizes 1:50
}
