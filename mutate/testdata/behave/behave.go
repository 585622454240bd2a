// Command behave is a fixture: each of its mutants must behave the same in
// the schemata build and in its single-mutant build.
package main

import (
	"os"
	"strconv"
	"strings"
)

// Stack is a stack of ints.
type Stack struct{ items []int }

// Push pushes x.
func (s *Stack) Push(x int) { s.items = append(s.items, x) }

// Pop pops the top, if any.
func (s *Stack) Pop() (int, bool) {
	if len(s.items) == 0 {
		return 0, false
	}
	x := s.items[len(s.items)-1]
	s.items = s.items[:len(s.items)-1]
	return x, true
}

func sum(xs []int) int {
	total := 0
	for i := 0; i < len(xs); i++ {
		if i > 100 || i < -100 { //mutprop:ignore
			panic("runaway") //mutprop:ignore
		} //mutprop:ignore
		total += xs[i]
	}
	return total
}

func classify(x int) string {
	switch {
	case x < 0:
		return "neg"
	case x == 0:
		return "zero"
	}
	return "pos"
}

//mutprop:variant classify zero-positive "classify treats zero as positive"
func classifyZeroPositive(x int) string {
	if x < 0 {
		return "neg"
	}
	return "pos"
}

func firstEven(xs []int) int {
	for _, x := range xs {
		if x%2 != 0 {
			continue
		}
		return x
	}
	return -1
}

var calls int

func called() bool {
	calls++
	return true
}

func both(a, b bool) bool { return a && !b || b && called() }

const scale = 4

func scaled(x int) int { return x*scale + 1<<2 }

func join(xs []string) string {
	var b strings.Builder
	for i, x := range xs {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(x)
	}
	return b.String()
}

func shift(x uint) uint {
	x <<= 1
	x ^= 3
	return x &^ 1
}

func neg(x float64) float64 { return -x * 1.5 }

func count(xs []int) uint {
	var n uint = 0
	for range xs {
		n++
	}
	return n
}

// main prints the results of every function on fixed inputs.
//
//mutprop:ignore
func main() {
	run := func(name string, f func() string) {
		defer func() {
			if r := recover(); r != nil {
				os.Stdout.WriteString(name + " panic\n")
			}
		}()
		os.Stdout.WriteString(name + " " + f() + "\n")
	}
	itoa, btoa := strconv.Itoa, strconv.FormatBool
	run("stack", func() string {
		var s Stack
		s.Push(1)
		s.Push(2)
		a, ok1 := s.Pop()
		b, ok2 := s.Pop()
		c, ok3 := s.Pop()
		return itoa(a) + btoa(ok1) + itoa(b) + btoa(ok2) + itoa(c) + btoa(ok3)
	})
	run("sum", func() string { return itoa(sum([]int{1, 2, 3, 4})) })
	run("classify", func() string { return classify(-3) + classify(0) + classify(5) })
	run("firstEven", func() string { return itoa(firstEven([]int{1, 3, 4, 6})) + itoa(firstEven([]int{1})) })
	run("both", func() string {
		r := btoa(both(true, false)) + btoa(both(false, true)) + btoa(both(true, true)) + btoa(both(false, false))
		return r + itoa(calls)
	})
	run("scaled", func() string { return itoa(scaled(3)) })
	run("join", func() string { return join([]string{"a", "b", "c"}) })
	run("shift", func() string { return strconv.FormatUint(uint64(shift(5)), 10) })
	run("neg", func() string { return strconv.FormatFloat(neg(2), 'g', -1, 64) })
	run("count", func() string { return strconv.FormatUint(uint64(count([]int{7, 8, 9})), 10) })
	run("generated", func() string { return itoa(generated(1)) })
	run("limit", func() string { return itoa(limit(5)) })
	run("pairSum", func() string {
		i, j := pairSum([]int{5, 1, 4, 2}, 6)
		return itoa(i) + "," + itoa(j)
	})
	run("record", func() string {
		for _, x := range []int{1, 3, 2, 5} {
			record(x)
		}
		s := ""
		for _, x := range history {
			s += itoa(x) + " "
		}
		return s
	})
}
