package suite

import (
	"slices"
	"testing"

	"github.com/mutprop/mutprop/mutproptest"
	"github.com/mutprop/mutprop/propsuite"
)

type insertFunc = func(int, []int) []int

// input is an element and an ordered list (QuickCheck's OrderedList).
type input struct {
	x  int
	xs []int
}

var inputs = propsuite.Map(propsuite.Pair(propsuite.IntSized(), propsuite.SliceOf(propsuite.IntSized())),
	func(p propsuite.PairOf[int, []int]) input {
		slices.Sort(p.Second)
		return input{p.First, p.Second}
	})

func property(name string, check func(insert insertFunc, in input) bool) mutproptest.Property[insertFunc] {
	return mutproptest.Property[insertFunc]{Name: name, Test: func(insert insertFunc) propsuite.Test {
		return propsuite.ForAll(inputs, func(in input) bool { return check(insert, in) })
	}}
}

func ordered(xs []int) bool { return slices.IsSorted(xs) }

// insertSuite holds four properties of Insert, from vacuous to complete.
var insertSuite = mutproptest.Func[insertFunc]{
	Name:      "insert",
	Subject:   Insert,
	Generator: "ordered-lists",
	Mutants:   20,
	Properties: []mutproptest.Property[insertFunc]{
		property("deterministic", func(insert insertFunc, in input) bool {
			return slices.Equal(insert(in.x, in.xs), insert(in.x, in.xs))
		}),
		property("one-longer", func(insert insertFunc, in input) bool {
			return len(insert(in.x, in.xs)) == len(in.xs)+1
		}),
		property("ordered", func(insert insertFunc, in input) bool {
			return ordered(insert(in.x, in.xs))
		}),
		property("complete", func(insert insertFunc, in input) bool {
			want := append(slices.Clone(in.xs), in.x)
			slices.Sort(want)
			return slices.Equal(insert(in.x, in.xs), want)
		}),
	},
}.Suite()

// TestInsertSuite registers the suite: go test runs its properties on
// Insert; mutprop run measures them against every mutant.
func TestInsertSuite(t *testing.T) {
	mutproptest.Run(t, insertSuite, mutproptest.WithProtocol(propsuite.Protocol{DecideBudget: 300, Trials: 5, FailBudget: 2000}))
}

func TestInsertExamples(t *testing.T) {
	for _, c := range []struct {
		x        int
		xs, want []int
	}{
		{1, nil, []int{1}},
		{2, []int{1, 3}, []int{1, 2, 3}},
		{0, []int{1, 2}, []int{0, 1, 2}},
	} {
		if got := Insert(c.x, c.xs); !slices.Equal(got, c.want) {
			t.Errorf("Insert(%d, %v) = %v, want %v", c.x, c.xs, got, c.want)
		}
	}
}
