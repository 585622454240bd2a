package insert

import (
	"fmt"
	"math/rand/v2"
	"reflect"

	"github.com/mutprop/mutprop/blackbox"
)

// ListMutator names how the black-box mutants perturb a list.
type ListMutator string

const (
	// BuiltinLists uses blackbox's built-in slice mutator: drop, duplicate,
	// swap, change or append an element, with equal chances.
	BuiltinLists ListMutator = "builtin"
	// ConstructorLists follows the shape of a Haskell Mutant instance
	// derived from the list type: walking down the list, at each cons cell
	// either replace it by [] (truncate), mutate its head, or go on to the
	// tail, with equal chances; [] becomes a one-element list.
	ConstructorLists ListMutator = "constructor"
)

// mutants returns the every-point black-box mutants of insert and sort for
// one seed: functions of the same types whose output differs from the
// original's at every input, the same wrong answer for the same input.
func mutants(seed uint64, lists ListMutator) (insertFunc, sortFunc, error) {
	opts := []blackbox.Option{blackbox.Seed(seed)}
	switch lists {
	case BuiltinLists, "":
	case ConstructorLists:
		opts = append(opts, blackbox.WithMutator(reflect.TypeFor[[]int](), blackbox.MutatorFunc(constructorMutate)))
	default:
		return nil, nil, fmt.Errorf("unknown list mutator %q (want builtin or constructor)", lists)
	}
	ins, err := blackbox.MutateFunc(insert, append(opts, blackbox.Name("Insert"))...)
	if err != nil {
		return nil, nil, fmt.Errorf("mutate Insert: %w", err)
	}
	srt, err := blackbox.MutateFunc(sort, append(opts, blackbox.Name("Sort"))...)
	if err != nil {
		return nil, nil, fmt.Errorf("mutate Sort: %w", err)
	}
	return ins, srt, nil
}

// constructorMutate is ConstructorLists for []int. Every branch changes the
// list, so the result always differs from the input.
func constructorMutate(r *rand.Rand, v reflect.Value) (reflect.Value, error) {
	xs := v.Interface().([]int)
	out := make([]int, 0, len(xs)+1)
	for i, x := range xs {
		switch r.IntN(3) {
		case 0: // this cons becomes []
			return reflect.ValueOf(out), nil
		case 1: // mutate the head, keep the tail
			out = append(out, mutateInt(r, x))
			return reflect.ValueOf(append(out, xs[i+1:]...)), nil
		}
		out = append(out, x) // go on into the tail
	}
	// Reached []: it becomes a one-element list.
	return reflect.ValueOf(append(out, int(r.IntN(201))-100)), nil
}

// mutateInt returns an integer other than x, near it half of the time.
func mutateInt(r *rand.Rand, x int) int {
	if r.IntN(2) == 0 {
		if r.IntN(2) == 0 {
			return x + 1
		}
		return x - 1
	}
	y := int(r.IntN(201)) - 100
	if y == x {
		y++
	}
	return y
}
