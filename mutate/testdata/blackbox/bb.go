// Package bb is the fixture of mutate's black-box wrapping: a function
// returning each result type package blackbox perturbs, a method, a
// variadic and a recursive function, and functions it must refuse.
package bb

import (
	"errors"
	"sort"
	"strconv"
)

func Int(x int) int { return 3*x + 1 }

func Float(x int) float64 { return float64(x) / 4 }

func Str(x int) string { return "n" + strconv.Itoa(x) }

func Even(x int) bool { return x%2 == 0 }

func Upto(x int) []int {
	var out []int
	for i := 0; i < x; i++ {
		out = append(out, i*i)
	}
	return out
}

func Triple(x int) [3]int { return [3]int{x, x + 1, x + 2} }

func Count(x int) map[string]int {
	m := map[string]int{}
	for _, c := range strconv.Itoa(x) {
		m[string(c)]++
	}
	return m
}

// Pair has exported fields: a struct blackbox can perturb.
type Pair struct {
	A, B int
}

func MakePair(x int) Pair { return Pair{x, -x} }

func NewPair(x int) *Pair {
	if x == 0 {
		return nil
	}
	return &Pair{A: x, B: x * x}
}

// Sum is a method on a value receiver.
func (p Pair) Sum() int { return p.A + p.B }

func Check(x int) error {
	if x < 0 {
		return errors.New("negative")
	}
	return nil
}

// Half has two results, the last an error.
func Half(x int) (int, error) {
	if x%2 != 0 {
		return 0, errors.New("odd")
	}
	return x / 2, nil
}

// Split has named results.
func Split(x int) (q, r int) {
	q, r = x/3, x%3
	return
}

// Set is a set of ints: Add is a method on a pointer receiver.
type Set struct {
	items map[int]bool
}

// Add adds x and reports whether it was new.
func (s *Set) Add(x int) bool {
	if s.items == nil {
		s.items = map[int]bool{}
	}
	if s.items[x] {
		return false
	}
	s.items[x] = true
	return true
}

// Sorted is variadic.
func Sorted(xs ...int) []int {
	out := append([]int(nil), xs...)
	sort.Ints(out)
	return out
}

// Fact is recursive: its mutants perturb the outer call only.
func Fact(n int) int {
	if n <= 1 {
		return 1
	}
	return n * Fact(n-1)
}

// Shadow's parameter shadows a type the wrapper names.
func Shadow(int int, _ string) int { return int + 1 }

// Refused: no results.
func Nothing(x int) { _ = x }

// Refused: a chan cannot be perturbed.
func Chan() chan int { return make(chan int) }

// Refused: a func cannot be perturbed.
func Func() func() { return func() {} }

type hidden struct{ a int }

// Refused: no exported field.
func Hidden() hidden { return hidden{1} }

func init() {}
