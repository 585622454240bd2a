package blackbox_test

import (
	"errors"
	"math"
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

// FuzzMutateValues drives the built-in mutators of strings, byte slices,
// maps, structs, pointers, bools, float64 bit patterns and errors through
// identity functions (and one (int, error) function): the mutant's answer
// differs from the original's (reflect.DeepEqual), is the same on a second
// call, and the input, including what it references, is left as it was.
func FuzzMutateValues(f *testing.F) {
	f.Add("", []byte(nil), uint64(0), false, uint64(0))
	f.Fuzz(func(t *testing.T, s string, b []byte, fbits uint64, ok bool, seed uint64) {
		opt := blackbox.Seed(seed)
		// check calls a mutant of a function f at in; want is f(in).
		check := func(what string, in, want any, call func() any) {
			t.Helper()
			before := deepCopy(t, in)
			out := call()
			if reflect.DeepEqual(out, want) {
				t.Fatalf("%s mutant at %#v returned the original's answer %#v", what, before, want)
			}
			if !reflect.DeepEqual(in, before) {
				t.Fatalf("%s mutant changed its input from %#v to %#v", what, before, in)
			}
			if again := call(); !reflect.DeepEqual(again, out) {
				t.Fatalf("%s mutant answered %#v then %#v", what, out, again)
			}
		}
		ms := mustMutate(t, func(v string) string { return v }, opt)
		check("string", s, s, func() any { return ms(s) })
		mb := mustMutate(t, func(v []byte) []byte { return v }, opt)
		check("[]byte", b, b, func() any { return mb(b) })
		mbool := mustMutate(t, func(v bool) bool { return v }, opt)
		check("bool", ok, ok, func() any { return mbool(ok) })
		fl := math.Float64frombits(fbits)
		mf := mustMutate(t, func(v float64) float64 { return v }, opt)
		if out := mf(fl); math.Float64bits(out) == fbits || math.Float64bits(mf(fl)) != math.Float64bits(out) {
			t.Fatalf("float64 mutant at %x: %x, then %x", fbits, math.Float64bits(out), math.Float64bits(mf(fl)))
		}
		m := map[string]int{s: len(b), string(b): int(fbits % 7)}
		mm := mustMutate(t, func(v map[string]int) map[string]int { return v }, opt)
		check("map", m, m, func() any { return mm(m) })
		type pair struct {
			S string
			N *int
		}
		n := int(int8(fbits))
		p := pair{S: s, N: &n}
		mp := mustMutate(t, func(v pair) pair { return v }, opt)
		check("struct", p, p, func() any { return mp(p) })
		pp := &p
		mpp := mustMutate(t, func(v *pair) *pair { return v }, opt)
		check("pointer", pp, pp, func() any { return mpp(pp) })
		var err error
		if ok {
			err = errors.New(s)
		}
		me := mustMutate(t, func(e error) (int, error) { return n, e }, opt)
		check("(int, error)", err, [2]any{n, err}, func() any { k, e := me(err); return [2]any{k, e} })
		if err != nil {
			if _, e := me(err); e != nil {
				t.Fatalf("a mutant of a function that failed returned an error %v, want nil", e)
			}
		}
	})
}

// deepCopy copies v through its exported structure (reflect.DeepEqual
// sees the same value), so a later change to v in place shows.
func deepCopy(t *testing.T, v any) any {
	t.Helper()
	if _, isErr := v.(error); v == nil || isErr {
		return v // nil, or an immutable error value
	}
	return copyValue(reflect.ValueOf(v)).Interface()
}

func copyValue(v reflect.Value) reflect.Value {
	switch v.Kind() {
	case reflect.Slice:
		if v.IsNil() {
			return v
		}
		out := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		for i := range v.Len() {
			out.Index(i).Set(copyValue(v.Index(i)))
		}
		return out
	case reflect.Map:
		if v.IsNil() {
			return v
		}
		out := reflect.MakeMapWithSize(v.Type(), v.Len())
		iter := v.MapRange()
		for iter.Next() {
			out.SetMapIndex(iter.Key(), copyValue(iter.Value()))
		}
		return out
	case reflect.Pointer:
		if v.IsNil() {
			return v
		}
		out := reflect.New(v.Type().Elem())
		out.Elem().Set(copyValue(v.Elem()))
		return out
	case reflect.Struct:
		out := reflect.New(v.Type()).Elem()
		for i := range v.NumField() {
			out.Field(i).Set(copyValue(v.Field(i)))
		}
		return out
	}
	return v
}
