package blackbox

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

// The composite perturbers' doc comments list the edits they choose from
// uniformly; these tests classify many perturbations and check that each
// edit happens, about as often as promised, and nothing else does.

// classify names the edit that turned in into out, or "".
func classifySlice(in, out []int) string {
	switch {
	case len(out) == len(in)-1:
		for i := range in {
			if slices.Equal(out, slices.Concat(in[:i], in[i+1:])) {
				return "drop"
			}
		}
	case len(out) == len(in)+1:
		// A duplicated last element looks like an append of it: the test's
		// elements are not values an append draws.
		for i := range in {
			if slices.Equal(out, slices.Concat(in[:i+1], []int{in[i]}, in[i+1:])) {
				return "dup"
			}
		}
		if slices.Equal(out[:len(in)], in) && out[len(in)] != 0 {
			return "append-changed"
		}
		if slices.Equal(out[:len(in)], in) {
			return "append-zero"
		}
	case len(out) == len(in):
		var diff []int
		for i := range in {
			if in[i] != out[i] {
				diff = append(diff, i)
			}
		}
		if len(diff) == 2 && out[diff[0]] == in[diff[1]] && out[diff[1]] == in[diff[0]] {
			return "swap"
		}
		if len(diff) == 1 {
			return "change"
		}
	}
	return ""
}

func TestSlicePerturbationsMixDropDupSwapChangeAndAppend(t *testing.T) {
	t.Parallel()
	p := testPerturber()
	r := rand.New(rand.NewPCG(11, 11))
	in := []int{10, 20, 30, 40}
	n := map[string]int{}
	const draws = 5000
	for range draws {
		v, err := p.perturb(r, reflect.ValueOf(in), 0)
		if err != nil {
			t.Fatal(err)
		}
		out := v.Interface().([]int)
		kind := classifySlice(in, out)
		if kind == "" {
			t.Fatalf("%v became %v: not one of the documented edits", in, out)
		}
		n[kind]++
		if len(out) > 0 {
			out[0] = -999 // a fresh backing array: the input must not see this
		}
		if !slices.Equal(in, []int{10, 20, 30, 40}) {
			t.Fatalf("a perturbation shares the input's backing array: %v", in)
		}
	}
	// Five edits, chosen uniformly; an append adds the zero value or,
	// half of the time, a perturbed zero.
	for _, k := range []string{"drop", "dup", "swap", "change"} {
		if f := float64(n[k]) / draws; f < 0.17 || f > 0.23 {
			t.Errorf("%s: %d of %d, want about a fifth (%v)", k, n[k], draws, n)
		}
	}
	if f := float64(n["append-zero"]) / draws; f < 0.07 || f > 0.13 {
		t.Errorf("appends of zero: %d of %d, want about a tenth (%v)", n["append-zero"], draws, n)
	}
	// Edge cases: an empty slice can only grow, one element cannot swap,
	// all-equal elements fall back from a swap to another edit.
	for range 200 {
		v, _ := p.perturb(r, reflect.ValueOf([]int{}), 0)
		if got := v.Interface().([]int); len(got) != 1 {
			t.Fatalf("[] became %v, want an appended element", got)
		}
		v, _ = p.perturb(r, reflect.ValueOf([]int{7, 7, 7}), 0)
		if got := v.Interface().([]int); classifySlice([]int{7, 7, 7}, got) == "" {
			t.Fatalf("[7 7 7] became %v", got)
		}
		v, _ = p.perturb(r, reflect.ValueOf([]int{5}), 0)
		if got := v.Interface().([]int); classifySlice([]int{5}, got) == "swap" || classifySlice([]int{5}, got) == "" {
			t.Fatalf("[5] became %v", got)
		}
	}
}

func TestMapPerturbationsMixDropChangeAndAdd(t *testing.T) {
	t.Parallel()
	p := testPerturber()
	r := rand.New(rand.NewPCG(12, 12))
	in := map[string]int{"": 1, "a": 2, "b": 3}
	n := map[string]int{}
	const draws = 3000
	for range draws {
		v, err := p.perturb(r, reflect.ValueOf(in), 0)
		if err != nil {
			t.Fatal(err)
		}
		out := v.Interface().(map[string]int)
		var kind string
		switch len(out) {
		case 2:
			kind = "drop"
			for k, x := range out {
				if in[k] != x {
					kind = ""
				}
			}
		case 3:
			diff := 0
			for k, x := range in {
				if y, ok := out[k]; !ok {
					diff += 10
				} else if y != x {
					diff++
				}
			}
			if diff == 1 {
				kind = "change"
			}
		case 4:
			kind = "add"
			for k, x := range in {
				if out[k] != x {
					kind = ""
				}
			}
		}
		if kind == "" {
			t.Fatalf("%v became %v: not one of the documented edits", in, out)
		}
		n[kind]++
		if len(in) != 3 || in["a"] != 2 {
			t.Fatalf("the input map changed: %v", in)
		}
	}
	for _, k := range []string{"drop", "change", "add"} {
		if f := float64(n[k]) / draws; f < 0.29 || f > 0.38 {
			t.Errorf("%s: %d of %d, want about a third (%v)", k, n[k], draws, n)
		}
	}
	// The zero key is the first new key; when it is present a new key is
	// a perturbed present one.
	v, _ := p.perturb(r, reflect.ValueOf(map[int]bool{}), 0)
	if got := v.Interface().(map[int]bool); len(got) != 1 {
		t.Errorf("an empty map became %v, want one entry", got)
	} else if _, ok := got[0]; !ok {
		t.Errorf("an empty map became %v, want the zero key added", got)
	}
}

func TestNewKeyFailsOnlyWhenNoKeyCanBeMade(t *testing.T) {
	t.Parallel()
	p := testPerturber()
	r := rand.New(rand.NewPCG(13, 13))
	full := reflect.ValueOf(map[bool]int{false: 1, true: 2})
	keys, _ := sortedEntries(full)
	if k, err := p.newKey(r, full, keys, 0); err == nil {
		t.Errorf("a map holding both bools got a new key %v", k)
	}
	half := reflect.ValueOf(map[bool]int{false: 1})
	keys, _ = sortedEntries(half)
	if k, err := p.newKey(r, half, keys, 0); err != nil || k.Bool() != true {
		t.Errorf("newKey(map[false:1]) = %v, %v; want true", k, err)
	}
	deep := reflect.ValueOf(map[int]int{0: 1})
	keys, _ = sortedEntries(deep)
	if _, err := p.newKey(r, deep, keys, maxDepth); err == nil {
		t.Errorf("newKey at the maximum depth succeeded")
	}
	fk := reflect.ValueOf(map[struct{}]int{{}: 1}) // struct{} has one value
	keys, _ = sortedEntries(fk)
	if _, err := p.newKey(r, fk, keys, 0); err == nil {
		t.Errorf("a key type that cannot be perturbed gave a new key")
	}
}

func TestPointerAndInterfacePerturbationsSometimesGiveNil(t *testing.T) {
	t.Parallel()
	p := testPerturber()
	r := rand.New(rand.NewPCG(14, 14))
	x := 5
	const draws = 4000
	nils := 0
	for range draws {
		v, err := p.perturb(r, reflect.ValueOf(&x), 0)
		if err != nil {
			t.Fatal(err)
		}
		out := v.Interface().(*int)
		if out == nil {
			nils++
		} else if out == &x || *out == 5 {
			t.Fatalf("the pointer perturbation reused or kept the pointee: %v", *out)
		}
	}
	if f := float64(nils) / draws; f < 0.21 || f > 0.29 {
		t.Errorf("nil %d of %d times, want about a quarter", nils, draws)
	}
	if v, _ := p.perturb(r, reflect.ValueOf((*int)(nil)), 0); v.IsNil() || v.Elem().Int() != 0 {
		t.Errorf("nil *int became %v, want a pointer to 0", v)
	}
	if v, _ := p.perturb(r, reflect.ValueOf(&x), maxDepth); !v.IsNil() {
		t.Errorf("at the maximum depth a pointer became %v, want nil", v)
	}
	var s fmt.Stringer = stringer(3)
	sv := reflect.ValueOf(&s).Elem()
	nils = 0
	for range draws {
		v, err := p.perturb(r, sv, 0)
		if err != nil {
			t.Fatal(err)
		}
		if v.IsNil() {
			nils++
		} else if v.Interface().(stringer) == 3 {
			t.Fatalf("the interface kept its value")
		}
	}
	if f := float64(nils) / draws; f < 0.21 || f > 0.29 {
		t.Errorf("interface: nil %d of %d times, want about a quarter", nils, draws)
	}
	if v, _ := p.perturb(r, sv, maxDepth); !v.IsNil() {
		t.Errorf("at the maximum depth an interface became %v, want nil", v)
	}
	var e error = errors.New("x")
	if v, _ := p.perturb(r, reflect.ValueOf(&e).Elem(), 0); !v.IsNil() {
		t.Errorf("a non-nil error became %v, want nil", v)
	}
	var none fmt.Stringer
	if _, err := p.perturb(r, reflect.ValueOf(&none).Elem(), 0); !errors.Is(err, ErrCannotPerturb) {
		t.Errorf("a nil Stringer: err %v, want ErrCannotPerturb", err)
	}
}

type stringer int

func (s stringer) String() string { return fmt.Sprint(int(s)) }

func TestComplexPerturbationsChangeOnePart(t *testing.T) {
	t.Parallel()
	p := testPerturber()
	r := rand.New(rand.NewPCG(15, 15))
	re, im := 0, 0
	for range 2000 {
		v, err := p.perturb(r, reflect.ValueOf(complex64(complex(3, 4))), 0)
		if err != nil {
			t.Fatal(err)
		}
		c := v.Complex()
		switch {
		case real(c) != 3 && imag(c) == 4:
			re++
		case real(c) == 3 && imag(c) != 4:
			im++
		default:
			t.Fatalf("3+4i became %v", c)
		}
		if complex128(complex64(c)) != c {
			t.Fatalf("a complex64 perturbation %v is not a complex64 value", c)
		}
	}
	if re < 850 || im < 850 {
		t.Errorf("real part changed %d times, imaginary %d, want about half each", re, im)
	}
}

func TestStructPerturbationChangesOneExportedField(t *testing.T) {
	t.Parallel()
	p := testPerturber()
	r := rand.New(rand.NewPCG(16, 16))
	type rec struct {
		A, B   int
		hidden int
		F      func()
	}
	in := rec{A: 1, B: 2, hidden: 3}
	changed := map[string]int{}
	for range 1000 {
		v, err := p.perturb(r, reflect.ValueOf(in), 0)
		if err != nil {
			t.Fatal(err)
		}
		out := v.Interface().(rec)
		switch {
		case out.hidden != 3 || out.F != nil:
			t.Fatalf("%+v: an unexported or func field changed", out)
		case out.A != 1 && out.B == 2:
			changed["A"]++
		case out.A == 1 && out.B != 2:
			changed["B"]++
		default:
			t.Fatalf("%+v became %+v, want one field changed", in, out)
		}
	}
	if changed["A"] < 400 || changed["B"] < 400 {
		t.Errorf("fields changed %v, want about half each", changed)
	}
	if _, err := p.perturb(r, reflect.ValueOf(in), maxDepth); err == nil {
		t.Errorf("a struct at the maximum depth was perturbed")
	}
	if _, err := p.perturb(r, reflect.ValueOf([2]int{}), maxDepth); err == nil {
		t.Errorf("an array at the maximum depth was perturbed")
	}
}
