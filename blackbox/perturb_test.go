package blackbox

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"sync"
	"testing"
)

type point struct {
	X, Y int
	tag  string
}

type node struct {
	Val  int
	Next *node
}

type withSlice struct {
	Name  string
	Items []int
	Inner *point
}

// static returns a non-addressable value of x's static type T (so an
// interface type stays an interface).
func static[T any](x T) reflect.Value {
	return reflect.ValueOf(struct{ V T }{x}).Field(0)
}

// builtinCases makes fresh values of every kind the built-in mutators
// handle. Each call returns new values, so a case can be compared with an
// untouched twin.
func builtinCases() map[string]func() reflect.Value {
	cyc := func() reflect.Value {
		n := &node{Val: 1}
		n.Next = &node{Val: 2, Next: n}
		return static(n)
	}
	return map[string]func() reflect.Value{
		"bool false":         func() reflect.Value { return static(false) },
		"bool true":          func() reflect.Value { return static(true) },
		"int 0":              func() reflect.Value { return static(0) },
		"int max":            func() reflect.Value { return static(math.MaxInt) },
		"int8 max":           func() reflect.Value { return static(int8(math.MaxInt8)) },
		"int8 min":           func() reflect.Value { return static(int8(math.MinInt8)) },
		"int16":              func() reflect.Value { return static(int16(-7)) },
		"int32":              func() reflect.Value { return static(int32(1 << 30)) },
		"int64 min":          func() reflect.Value { return static(int64(math.MinInt64)) },
		"uint 0":             func() reflect.Value { return static(uint(0)) },
		"uint8 max":          func() reflect.Value { return static(uint8(255)) },
		"uint16":             func() reflect.Value { return static(uint16(9)) },
		"uint32":             func() reflect.Value { return static(uint32(math.MaxUint32)) },
		"uint64 max":         func() reflect.Value { return static(uint64(math.MaxUint64)) },
		"uintptr":            func() reflect.Value { return static(uintptr(3)) },
		"float32 0":          func() reflect.Value { return static(float32(0)) },
		"float32 big":        func() reflect.Value { return static(float32(math.MaxFloat32)) },
		"float64 -0":         func() reflect.Value { return static(math.Copysign(0, -1)) },
		"float64 1e300":      func() reflect.Value { return static(1e300) },
		"float64 max":        func() reflect.Value { return static(math.MaxFloat64) },
		"float64 tiny":       func() reflect.Value { return static(math.SmallestNonzeroFloat64) },
		"float64 inf":        func() reflect.Value { return static(math.Inf(1)) },
		"complex64":          func() reflect.Value { return static(complex64(1 + 2i)) },
		"complex128":         func() reflect.Value { return static(complex(0, 0)) },
		"string empty":       func() reflect.Value { return static("") },
		"string a":           func() reflect.Value { return static("a") },
		"string utf8":        func() reflect.Value { return static("héllo, 世界") },
		"string invalid":     func() reflect.Value { return static("\xff\xfe") },
		"string ~":           func() reflect.Value { return static("~") },
		"slice nil":          func() reflect.Value { return static([]int(nil)) },
		"slice empty":        func() reflect.Value { return static([]int{}) },
		"slice one":          func() reflect.Value { return static([]int{1}) },
		"slice equal elems":  func() reflect.Value { return static([]int{2, 2, 2}) },
		"slice of slices":    func() reflect.Value { return static([][]int{{1}, nil, {}}) },
		"slice of structs":   func() reflect.Value { return static([]struct{}{{}, {}}) },
		"byte slice":         func() reflect.Value { return static([]byte("xyz")) },
		"array":              func() reflect.Value { return static([3]int{1, 2, 3}) },
		"array of arrays":    func() reflect.Value { return static([1][2]bool{{true, false}}) },
		"map nil":            func() reflect.Value { return static(map[string]int(nil)) },
		"map empty":          func() reflect.Value { return static(map[string]int{}) },
		"map":                func() reflect.Value { return static(map[string]int{"a": 1, "b": 2, "": 0}) },
		"map struct{} keys":  func() reflect.Value { return static(map[struct{}]int{{}: 1}) },
		"map of slices":      func() reflect.Value { return static(map[int][]int{1: {1}, 2: nil}) },
		"struct":             func() reflect.Value { return static(point{X: 1, Y: 2, tag: "t"}) },
		"struct with slice":  func() reflect.Value { return static(withSlice{"n", []int{1, 2}, &point{X: 1}}) },
		"pointer nil":        func() reflect.Value { return static((*int)(nil)) },
		"pointer":            func() reflect.Value { x := 5; return static(&x) },
		"pointer to pointer": func() reflect.Value { x := 5; p := &x; return static(&p) },
		"pointer to struct":  func() reflect.Value { return static(&point{X: 1, tag: "t"}) },
		"cyclic list":        cyc,
		"error nil":          func() reflect.Value { return static(error(nil)) },
		"error":              func() reflect.Value { return static(errors.New("boom")) },
		"any nil":            func() reflect.Value { return static(any(nil)) },
		"any int":            func() reflect.Value { return static(any(3)) },
		"any slice":          func() reflect.Value { return static(any([]string{"a"})) },
		"slice of any":       func() reflect.Value { return static([]any{nil, 1, "s"}) },
		"stringer":           func() reflect.Value { return static(fmt.Stringer(reflect.TypeFor[int]())) },
	}
}

func testPerturber() *perturber {
	return &perturber{injected: errors.New(injectedError)}
}

func TestEveryBuiltinMutatorChangesItsValueWithoutTouchingTheOriginal(t *testing.T) {
	t.Parallel()
	for name, mk := range builtinCases() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			p := testPerturber()
			for seed := range uint64(200) {
				v, twin := mk(), mk()
				out, err := p.perturb(rand.New(rand.NewPCG(seed, 1)), v, 0)
				if err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				if out.Type() != v.Type() {
					t.Fatalf("seed %d: type %v, want %v", seed, out.Type(), v.Type())
				}
				if reflect.DeepEqual(out.Interface(), v.Interface()) {
					t.Fatalf("seed %d: %v perturbed into an equal value %v", seed, v, out)
				}
				if !reflect.DeepEqual(v.Interface(), twin.Interface()) {
					t.Fatalf("seed %d: the original changed to %v (want %v)", seed, v, twin)
				}
			}
		})
	}
}

func TestEveryBuiltinMutatorIsDeterministicAndVariesWithTheSeed(t *testing.T) {
	t.Parallel()
	for name, mk := range builtinCases() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			p := testPerturber()
			distinct := map[string]bool{}
			for seed := range uint64(50) {
				a, err := p.perturb(rand.New(rand.NewPCG(seed, 1)), mk(), 0)
				if err != nil {
					t.Fatal(err)
				}
				b, err := p.perturb(rand.New(rand.NewPCG(seed, 1)), mk(), 0)
				if err != nil {
					t.Fatal(err)
				}
				// Hash compares structure, cycles and NaNs included, where
				// DeepEqual would call two NaNs different.
				if Hash(a) != Hash(b) {
					t.Fatalf("seed %d: %v then %v", seed, a, b)
				}
				distinct[fmt.Sprint(Hash(a))] = true
			}
			// A bool, a nil pointer, an error and a nil interface have a
			// single other value; everything else has several.
			single := strings.HasPrefix(name, "bool") || strings.HasPrefix(name, "error") ||
				name == "pointer nil" || name == "any nil" || name == "stringer" || name == "float64 inf"
			if !single && len(distinct) < 2 {
				t.Errorf("50 seeds gave a single perturbation of %v", mk())
			}
		})
	}
}

func TestUnperturbableTypesAreErrorsNamingTheType(t *testing.T) {
	t.Parallel()
	type hasFunc struct{ F func() }
	p := testPerturber()
	for _, tc := range []struct {
		t    reflect.Type
		want string
	}{
		{reflect.TypeFor[struct{}](), "struct {}"},
		{reflect.TypeFor[[0]int](), "[0]int"},
		{reflect.TypeFor[[2]struct{}](), "[2]struct {}"},
		{reflect.TypeFor[func()](), "func()"},
		{reflect.TypeFor[chan int](), "chan int"},
		{reflect.TypeFor[sync.Mutex](), "sync.Mutex"},
		{reflect.TypeFor[hasFunc](), "func()"},
	} {
		err := p.check(tc.t)
		if err == nil || !errors.Is(err, ErrCannotPerturb) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("check(%v) = %v, want an ErrCannotPerturb naming %q", tc.t, err, tc.want)
		}
	}
}

func TestNilInterfaceWithoutAnInjectableValueIsAnError(t *testing.T) {
	t.Parallel()
	p := testPerturber()
	_, err := p.perturb(rand.New(rand.NewPCG(1, 1)), static(fmt.Stringer(nil)), 0)
	if !errors.Is(err, ErrCannotPerturb) || !strings.Contains(err.Error(), "fmt.Stringer") {
		t.Fatalf("got %v, want an ErrCannotPerturb naming fmt.Stringer", err)
	}
}

func TestErrorsFlipBetweenNilAndTheInjectedError(t *testing.T) {
	t.Parallel()
	p := testPerturber()
	r := rand.New(rand.NewPCG(1, 1))
	out, err := p.perturb(r, static(error(nil)), 0)
	if err != nil || out.IsNil() || out.Interface().(error).Error() != "mutprop: injected error" {
		t.Fatalf("nil error became %v, %v", out, err)
	}
	out, err = p.perturb(r, static(errors.New("x")), 0)
	if err != nil || !out.IsNil() {
		t.Fatalf("non-nil error became %v, %v", out, err)
	}
}

func TestMutateIntAlwaysDiffersAndWrapsToTheWidth(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(7, 7))
	for _, bits := range []int{8, 16, 32, 64} {
		lo, hi := int64(-1)<<(bits-1), int64(1)<<(bits-1)-1
		for _, x := range []int64{lo, lo + 1, -1, 0, 1, hi - 1, hi} {
			for range 100 {
				y := mutateInt(r, x, bits)
				if y == x || y < lo || y > hi {
					t.Fatalf("mutateInt(%d, %d bits) = %d", x, bits, y)
				}
			}
		}
	}
}

func TestMutateFloatAlwaysDiffersAndStaysFinite(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(7, 7))
	xs := []float64{0, math.Copysign(0, -1), 1, -1, 1e300, -1e300, math.MaxFloat64,
		-math.MaxFloat64, math.SmallestNonzeroFloat64, math.MaxFloat32, 1 << 24, 0.1}
	for _, bits := range []int{32, 64} {
		for _, x := range xs {
			if bits == 32 {
				x = float64(float32(x))
				if math.IsInf(x, 0) {
					continue
				}
			}
			for range 200 {
				y := mutateFloat(r, x, bits)
				if y == x || math.IsNaN(y) || math.IsInf(y, 0) {
					t.Fatalf("mutateFloat(%g, %d bits) = %g", x, bits, y)
				}
				if bits == 32 && float64(float32(y)) != y {
					t.Fatalf("mutateFloat(%g, 32 bits) = %g, not a float32", x, y)
				}
			}
		}
	}
}

func TestMutateStringKeepsValidUTF8Valid(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(3, 3))
	for _, s := range []string{"", "a", "héllo", "世界", "~~~"} {
		for range 200 {
			out := mutateString(r, s)
			if out == s {
				t.Fatalf("mutateString(%q) = %q", s, out)
			}
			if strings.ToValidUTF8(out, "\x00") != out {
				t.Fatalf("mutateString(%q) = %q, not valid UTF-8", s, out)
			}
		}
	}
}

func TestMapsWithNaNKeysKeepThemWhenNotDropped(t *testing.T) {
	t.Parallel()
	p := testPerturber()
	for seed := range uint64(100) {
		v := static(map[float64]int{math.NaN(): 1, 1: 2})
		out, err := p.perturb(rand.New(rand.NewPCG(seed, 1)), v, 0)
		if err != nil {
			t.Fatal(err)
		}
		nans := 0
		for k := range out.Interface().(map[float64]int) {
			if math.IsNaN(k) {
				nans++
			}
		}
		if n := out.Len(); n >= 2 && nans == 0 || n < 1 || n > 3 {
			t.Fatalf("seed %d: %v became %v", seed, v, out)
		}
	}
}
