package blackbox

// This file is not a package of its own: mutate's generator
// (mutate/blackbox_runtime_test.go) type-checks it with the non-test files
// of package blackbox, renames every package-level name of both, and
// writes the result to mutate/blackbox_runtime.go.txt, the runtime that
// mutprop run puts into a user's package beside the wrappers of its
// functions (mutate/blackbox.go). It holds what the wrappers call.

import (
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"reflect"
	"strconv"
	"sync"
)

// pointMix spreads the mutants' seeds over the hashes: a golden-ratio
// increment, as in splitmix64.
const pointMix = 0x9e3779b97f4a7c15

// selects reports whether the k-point mutant of the given seed perturbs
// the input whose Hash is h: it does when splitmix64(h + seed*pointMix)
// is a multiple of points, about one input in points, the same inputs in
// every run.
func selects(h, seed uint64, points int) bool {
	return fmix(h+seed*pointMix)%uint64(points) == 0
}

// lazy holds one wrapped function's active mutant, or its observer, made
// at the first call. Its zero value is ready: a wrapper declares it
// without an initializer, so that no package-level initialization order
// depends on it. A batch run changes the active mutant between the
// iterations of its tests: the mutant is made again when the seed
// changes.
type lazy struct {
	mu      sync.Mutex
	fnSeed  uint64
	fn, obs any
	obsOnce sync.Once
	data    dataCover
}

// get returns the mutant of f, a function value, with the given seed:
// every input perturbed when points is 0, else the inputs selects picks.
// A mutant that cannot be made panics (the wrapper checked the result
// types beforehand, so this is a bug): running the original would score
// it as survived.
func (l *lazy) get(f any, name string, seed uint64, points int) any {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.fn != nil && l.fnSeed == seed {
		return l.fn
	}
	m, err := newMutant(f, []Option{Seed(seed), Name(name)})
	if err != nil {
		panic(fmt.Errorf("mutprop: black-box mutant (seed %d) of %s: %w", seed, name, err))
	}
	body := m.call
	if points > 0 {
		body = func(args []reflect.Value) []reflect.Value {
			if !selects(Hash(args...), seed, points) {
				return invoke(m.fv, m.variadic, args)
			}
			return m.call(args)
		}
	}
	l.fn, l.fnSeed = reflect.MakeFunc(m.fv.Type(), body).Interface(), seed
	return l.fn
}

// observe returns a function of f's type that returns what f returns, by
// the path its n mutants (seeds 1..n) take: it hashes the arguments, calls
// f by reflection and draws a perturbation of its results that it drops.
// A run through it takes about as long as one through any of the
// mutants: the bound the baseline's recording run gives. When infect is
// not nil, it is called with first+k for each k in 0..n-1 whose mutant
// perturbs the input (all of them when points is 0): the mutants this
// call infects. When data is not nil, the calls' data coverage is
// recorded through it (dataCover.add).
func (l *lazy) observe(f any, n, points, first int, infect func(int), data func(string)) any {
	l.obsOnce.Do(func() {
		fv := reflect.ValueOf(f)
		m, err := newMutant(f, []Option{Seed(1)})
		body := func(args []reflect.Value) []reflect.Value {
			h := Hash(args...)
			if data != nil {
				l.data.add(h, argsSize(args), first, data)
			}
			if infect != nil {
				for k := 0; k < n; k++ {
					if points <= 0 || selects(h, uint64(k+1), points) {
						infect(first + k)
					}
				}
			}
			outs := invoke(fv, fv.Type().IsVariadic(), args)
			if err == nil {
				m.draw(h, outs)
			}
			return outs
		}
		l.obs = reflect.MakeFunc(fv.Type(), body).Interface()
	})
	return l.obs
}

// draw draws the perturbation the mutant would return for outs and drops
// it; a failure is ignored (the observer never changes what f returns).
func (m *mutant) draw(h uint64, outs []reflect.Value) {
	defer func() { _ = recover() }()
	if len(m.results) == 0 {
		return
	}
	r := rand.New(rand.NewPCG(h, m.seed))
	i := m.results[r.IntN(len(m.results))]
	_, _ = m.p.perturb(r, outs[i], 0)
}

// dataCap bounds the distinct inputs a wrapper counts in a process: past
// it, the count stays at dataCap ("at least") and the memory it holds
// stops growing.
const dataCap = 100000

// dataExact: figures up to it are recorded exactly.
const dataExact = 16

// dataCover is one wrapped function's data coverage in a process: the
// distinct inputs it was called with (by Hash, receiver included) and the
// least and greatest size of its calls' arguments (argsSize).
type dataCover struct {
	mu       sync.Mutex
	seen     map[uint64]struct{}
	min, max uint64
	// The figures of the last line written.
	wrote      bool
	wDistinct  int
	wMin, wMax uint64
}

// add records a call whose arguments hash to h and measure size, and
// writes the line "d FIRST DISTINCT MIN MAX" (FIRST: the function's first
// schema number) through out when the figures moved enough since the last
// line: at the first call; when the distinct count changes while at most
// dataExact, or reaches a power of two, or dataCap; when the greatest
// size changes while at most dataExact, or changes its bit length; when
// the least size changes while below dataExact, or changes its bit
// length. A process thus writes at most about 200 lines per function
// however long it runs, and its figures only grow: the last line holds
// the best ones, exact up to dataExact and each within a factor of two of
// the process's final figure beyond (the distinct count is more than half
// the true one, unless capped; the greatest size more than half the true
// one; the least size less than twice the true one).
func (d *dataCover) add(h, size uint64, first int, out func(string)) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.seen == nil {
		d.seen = map[uint64]struct{}{}
		d.min, d.max = size, size
	}
	if len(d.seen) < dataCap {
		d.seen[h] = struct{}{}
	}
	d.min, d.max = min(d.min, size), max(d.max, size)
	n := len(d.seen)
	write := !d.wrote ||
		n != d.wDistinct && (n <= dataExact || n&(n-1) == 0 || n == dataCap) ||
		d.max != d.wMax && (d.max <= dataExact || bits.Len64(d.max) > bits.Len64(d.wMax)) ||
		d.min != d.wMin && (d.min < dataExact || bits.Len64(d.min) < bits.Len64(d.wMin))
	if !write {
		return
	}
	d.wrote, d.wDistinct, d.wMin, d.wMax = true, n, d.min, d.max
	out("d " + strconv.Itoa(first) + " " + strconv.Itoa(n) + " " + strconv.FormatUint(d.min, 10) + " " + strconv.FormatUint(d.max, 10) + "\n")
}

// argsSize is the size of a call (data coverage): the sum, saturating, of
// its arguments' sizes (receiver included), by valueSize.
func argsSize(args []reflect.Value) uint64 {
	var s uint64
	for _, a := range args {
		s = addSize(s, valueSize(a, 0))
	}
	return s
}

// valueSize is a value's size: its length for a string, slice, array, map
// or channel; for a number, the bit length of its magnitude (numberSize);
// 0 for a bool, a nil and a func; what it points to or holds for a
// pointer or an interface; the sum of its fields' sizes for a struct.
// Nesting deeper than 8 pointers, interfaces or structs counts 0.
func valueSize(v reflect.Value, depth int) uint64 {
	if depth > 8 {
		return 0
	}
	switch v.Kind() {
	case reflect.String, reflect.Slice, reflect.Array, reflect.Map, reflect.Chan:
		return uint64(v.Len())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		x := v.Int()
		if x < 0 {
			return numberSize(uint64(-(x + 1)) + 1)
		}
		return numberSize(uint64(x))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return numberSize(v.Uint())
	case reflect.Float32, reflect.Float64:
		return numberSize(floatMagnitude(v.Float()))
	case reflect.Complex64, reflect.Complex128:
		c := v.Complex()
		return numberSize(floatMagnitude(real(c))) + numberSize(floatMagnitude(imag(c)))
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return 0
		}
		return valueSize(v.Elem(), depth+1)
	case reflect.Struct:
		var s uint64
		for i := 0; i < v.NumField(); i++ {
			s = addSize(s, valueSize(v.Field(i), depth+1))
		}
		return s
	}
	return 0
}

// numberSize is a number's size: the bit length of its magnitude m (0 for
// 0, 1 for 1, 7 for 100, 64 at most), the log scale of QuickCheck's size
// of a number. A number then weighs in a call's size as a short list, not
// as its magnitude (which reaches 2^63 for testing/quick's ints).
func numberSize(m uint64) uint64 {
	return uint64(bits.Len64(m))
}

// floatMagnitude is |x| truncated, saturating; 0 for a NaN.
func floatMagnitude(x float64) uint64 {
	x = math.Abs(x)
	switch {
	case math.IsNaN(x):
		return 0
	case x >= math.MaxUint64:
		return math.MaxUint64
	}
	return uint64(x)
}

// addSize adds sizes, saturating at math.MaxUint64.
func addSize(a, b uint64) uint64 {
	if s, carry := bits.Add64(a, b, 0); carry == 0 {
		return s
	}
	return math.MaxUint64
}
