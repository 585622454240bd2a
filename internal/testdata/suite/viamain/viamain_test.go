package viamain

import (
	"os"
	"testing"

	"github.com/mutprop/mutprop/mutproptest"
	"github.com/mutprop/mutprop/propsuite"
)

type maxFunc = func(int, int) int

var pairs = propsuite.Pair(propsuite.IntSized(), propsuite.IntSized())

func property(name string, check func(max maxFunc, a, b int) bool) mutproptest.Property[maxFunc] {
	return mutproptest.Property[maxFunc]{Name: name, Test: func(max maxFunc) propsuite.Test {
		return propsuite.ForAll(pairs, func(p propsuite.PairOf[int, int]) bool { return check(max, p.First, p.Second) })
	}}
}

var broken = os.Getenv("VIAMAIN_BREAK") != ""

var maxSuite = mutproptest.Func[maxFunc]{
	Name:    "max",
	Subject: Max,
	Mutants: 5,
	Properties: []mutproptest.Property[maxFunc]{
		property("upper-bound", func(max maxFunc, a, b int) bool {
			m := max(a, b)
			if broken {
				return m > a && m > b
			}
			return m >= a && m >= b && (m == a || m == b)
		}),
		property("commutative", func(max maxFunc, a, b int) bool { return max(a, b) == max(b, a) }),
	},
}.Suite()

func TestMain(m *testing.M) {
	mutproptest.Main(m, maxSuite, mutproptest.WithProtocol(propsuite.Protocol{DecideBudget: 100, Trials: 3, FailBudget: 500}))
}

func TestMaxExamples(t *testing.T) {
	if Max(1, 2) != 2 || Max(2, 1) != 2 || Max(-1, -1) != -1 {
		t.Error("Max is wrong on an example")
	}
}
