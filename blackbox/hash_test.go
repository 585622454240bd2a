package blackbox_test

import (
	"errors"
	"math"
	"reflect"
	"testing"

	"github.com/mutprop/mutprop/blackbox"
)

func h(xs ...any) uint64 {
	vs := make([]reflect.Value, len(xs))
	for i, x := range xs {
		vs[i] = reflect.ValueOf(x)
	}
	return blackbox.Hash(vs...)
}

type tree struct {
	Left, Right *tree
	Key         int
	note        string
}

func TestHashIsAFixedFunctionOfTheValue(t *testing.T) {
	t.Parallel()
	// Pinned so that a change of the hash (which changes every mutant) is
	// a deliberate one.
	if got, want := h(3, []int{1, 2}), uint64(0x323a2bba685fbb9d); got != want {
		t.Errorf("Hash(3, [1 2]) = %#x, want %#x", got, want)
	}
	if got, want := h("héllo", map[string]int{"a": 1}, &tree{Key: 1}), uint64(0x4a7710d037ee4761); got != want {
		t.Errorf("Hash(\"héllo\", map[a:1], &tree{Key: 1}) = %#x, want %#x", got, want)
	}
}

func TestHashTellsApartWhatDeepEqualTellsApart(t *testing.T) {
	t.Parallel()
	x := 1
	pairs := [][2]any{
		{1, 2},
		{int8(1), int16(1)},
		{"ab", "ba"},
		{"a", []byte("a")},
		{[]int(nil), []int{}},
		{map[int]int(nil), map[int]int{}},
		{(*int)(nil), &x},
		{[]int{1, 2}, []int{2, 1}},
		{[]string{"a", "b"}, []string{"ab"}},
		{[]string{"", "a"}, []string{"a", ""}},
		{0.0, math.Copysign(0, -1)},
		{true, false},
		{struct{ A, B int }{1, 2}, struct{ A, B int }{2, 1}},
		{tree{Key: 1, note: "a"}, tree{Key: 1, note: "b"}},
		{map[string]int{"a": 1}, map[string]int{"a": 2}},
		{map[string]int{"a": 1}, map[string]int{"b": 1}},
		{[2]int{1, 2}, [2]int{1, 3}},
		{errors.New("a"), errors.New("b")},
	}
	for _, p := range pairs {
		if h(p[0]) == h(p[1]) {
			t.Errorf("Hash(%#v) == Hash(%#v)", p[0], p[1])
		}
	}
	if h(1, 2) == h(2, 1) || h(1) == h(1, 1) {
		t.Errorf("argument order or count does not change the hash")
	}
}

func TestHashIgnoresMapOrderAddressesAndInterfaces(t *testing.T) {
	t.Parallel()
	a := map[int]string{}
	b := map[int]string{}
	for i := range 100 {
		a[i] = string(rune('a' + i%26))
		b[99-i] = string(rune('a' + (99-i)%26))
	}
	if h(a) != h(b) {
		t.Errorf("maps built in different orders hash differently")
	}
	x, y := 7, 7
	if h(&x) != h(&y) {
		t.Errorf("pointers to equal values hash differently")
	}
	var anyv any = []int{1}
	if h(anyv) != blackbox.Hash(reflect.ValueOf(&anyv).Elem()) {
		t.Errorf("an interface does not hash as its dynamic value")
	}
}

func TestHashTerminatesOnCyclesAndDeepCopiesOfThemHashAlike(t *testing.T) {
	t.Parallel()
	ring := func(n int) *tree {
		first := &tree{Key: 0}
		cur := first
		for i := 1; i < n; i++ {
			cur.Right = &tree{Key: i}
			cur = cur.Right
		}
		cur.Right = first
		return first
	}
	if r1, r2 := ring(5), ring(5); h(r1) != h(r2) {
		t.Errorf("two copies of a ring hash differently")
	}
	if h(ring(5)) == h(ring(6)) {
		t.Errorf("rings of different lengths hash alike")
	}
	s := []any{1, nil}
	s[1] = s
	if h1, h2 := h(s), h(s); h1 != h2 {
		t.Errorf("a self-containing slice hashes unstably")
	}
	m := map[string]any{}
	m["self"] = m
	if h1, h2 := h(m), h(m); h1 != h2 {
		t.Errorf("a self-containing map hashes unstably")
	}
}

func TestHashOfFuncsAndChannelsFallsBackToNilness(t *testing.T) {
	t.Parallel()
	f, g := func() {}, func() {}
	if h(f) != h(g) {
		t.Errorf("two non-nil funcs hash differently (the documented fallback is by nil-ness)")
	}
	if h(f) == h((func())(nil)) {
		t.Errorf("a nil func hashes like a non-nil one")
	}
	if h(make(chan int)) == h((chan int)(nil)) {
		t.Errorf("a nil channel hashes like a non-nil one")
	}
}
