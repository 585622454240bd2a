package blackbox_test

import (
	"reflect"
	"testing"

	"github.com/mutprop/mutprop/blackbox"
)

// addAll is a small function of the benchmark's shape: xs with k added to
// each element, in a new slice.
func addAll(xs []int, k int) []int {
	out := make([]int, len(xs))
	for i, x := range xs {
		out[i] = x + k
	}
	return out
}

var sink []int

// BenchmarkWrapperOverhead compares a direct call of a small
// func([]int, int) []int with the same call through a no-op
// reflect.MakeFunc wrapper (the floor of any black-box wrapper), a
// single-point mutant at an input it does not perturb (hash and pass
// through), and the every-point mutant (hash, call, perturb). Report the
// ratios against "direct".
func BenchmarkWrapperOverhead(b *testing.B) {
	xs := []int{5, 3, 8, 1, 9, 2, 7, 4}
	noop := func() func([]int, int) []int {
		fv := reflect.ValueOf(addAll)
		return reflect.MakeFunc(fv.Type(), fv.Call).Interface().(func([]int, int) []int)
	}()
	every, err := blackbox.MutateFunc(addAll, blackbox.Seed(1))
	if err != nil {
		b.Fatal(err)
	}
	single, err := blackbox.MutateFunc(addAll, blackbox.AtInputs(12345))
	if err != nil {
		b.Fatal(err)
	}
	for _, bc := range []struct {
		name string
		f    func([]int, int) []int
	}{
		{"direct", addAll},
		{"noop-wrapper", noop},
		{"single-point-miss", single},
		{"every-point", every},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				sink = bc.f(xs, i&7)
			}
		})
	}
}

// BenchmarkHash measures the input hash alone on the same arguments.
func BenchmarkHash(b *testing.B) {
	args := []reflect.Value{reflect.ValueOf([]int{5, 3, 8, 1, 9, 2, 7, 4}), reflect.ValueOf(3)}
	b.ReportAllocs()
	var h uint64
	for b.Loop() {
		h += blackbox.Hash(args...)
	}
	_ = h
}
