package blackbox_test

import (
	"reflect"
	"slices"
	"testing"

	"github.com/mutprop/mutprop/blackbox"
)

// record is a value with every kind Hash treats specially.
type record struct {
	N   int64
	S   string
	B   []byte
	F   float64
	M   map[string][]int
	P   *record
	Any any
	Arr [2]uint16
}

// build makes a record from fuzz inputs; two calls give deep copies, and
// reverse inserts the map entries in the opposite order.
func build(n int64, s string, b []byte, f float64, reverse bool) *record {
	m := map[string][]int{}
	keys := []string{s, "k", string(b)}
	if reverse {
		slices.Reverse(keys)
	}
	for _, k := range keys {
		m[k] = append(m[k], len(k)) // the same whatever the order
	}
	r := &record{N: n, S: s, B: slices.Clone(b), F: f, M: m, Any: []any{s, n},
		Arr: [2]uint16{uint16(n), uint16(len(s))}}
	if n%2 == 0 {
		r.P = &record{N: -n, S: s + s}
	}
	return r
}

func FuzzHash(f *testing.F) {
	f.Add(int64(0), "", []byte(nil), 0.0)
	f.Fuzz(func(t *testing.T, n int64, s string, b []byte, fl float64) {
		a, c := build(n, s, b, fl, false), build(n, s, b, fl, true)
		ha := blackbox.Hash(reflect.ValueOf(a))
		if ha != blackbox.Hash(reflect.ValueOf(a)) {
			t.Fatalf("two hashes of one value differ")
		}
		if ha != blackbox.Hash(reflect.ValueOf(c)) {
			t.Fatalf("a deep copy (map built in another order) hashes differently")
		}
		if blackbox.Hash(reflect.ValueOf(n), reflect.ValueOf(s)) == blackbox.Hash(reflect.ValueOf(n+1), reflect.ValueOf(s)) {
			t.Fatalf("n and n+1 hash alike")
		}
	})
}

func FuzzMutateInts(f *testing.F) {
	f.Add(int64(0), uint64(0))
	f.Fuzz(func(t *testing.T, x int64, seed uint64) {
		m64 := mustMutate(t, func(v int64) int64 { return v }, blackbox.Seed(seed))
		if a, b := m64(x), m64(x); a == x || a != b {
			t.Fatalf("int64 mutant at %d: %d, then %d", x, a, b)
		}
		m8 := mustMutate(t, func(v int8) int8 { return v }, blackbox.Seed(seed))
		if m8(int8(x)) == int8(x) {
			t.Fatalf("int8 mutant at %d: %d", int8(x), m8(int8(x)))
		}
		mu := mustMutate(t, func(v uint32) uint32 { return v }, blackbox.Seed(seed))
		if mu(uint32(x)) == uint32(x) {
			t.Fatalf("uint32 mutant at %d: %d", uint32(x), mu(uint32(x)))
		}
		mf := mustMutate(t, func(v float32) float32 { return v }, blackbox.Seed(seed))
		if v := float32(x); mf(v) == v {
			t.Fatalf("float32 mutant at %g: %g", v, mf(v))
		}
	})
}

func FuzzMutateSlices(f *testing.F) {
	f.Add([]byte(nil), uint64(0))
	f.Fuzz(func(t *testing.T, data []byte, seed uint64) {
		xs := make([]int, len(data))
		for i, c := range data {
			xs[i] = int(c) - 128
		}
		if len(data) == 0 && seed%2 == 0 {
			xs = nil
		}
		before := slices.Clone(xs)
		ident := mustMutate(t, func(v []int) []int { return v }, blackbox.Seed(seed))
		out := ident(xs)
		if reflect.DeepEqual(out, xs) {
			t.Fatalf("mutant of identity at %v returned it", xs)
		}
		if !slices.Equal(xs, before) {
			t.Fatalf("the input changed from %v to %v", before, xs)
		}
		if !reflect.DeepEqual(ident(xs), out) {
			t.Fatalf("the mutant answered %v then %v", out, ident(xs))
		}
		ins := mustMutate(t, insert, blackbox.Seed(seed))
		if x := len(data); reflect.DeepEqual(ins(x, xs), insert(x, xs)) {
			t.Fatalf("insert mutant at (%d, %v) answered like insert", x, xs)
		}
	})
}
