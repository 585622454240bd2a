package blackbox

import (
	"fmt"
	"maps"
	"math"
	"reflect"
	"slices"
	"strings"
	"sync"
)

// An Application is one distinct input a recorded function was applied
// to.
type Application struct {
	Hash  uint64 // the input's Hash: what AtInputs takes
	Input string // the arguments as they were when applied, as "3, [1 2]"
	Size  int    // the input's size (see Coverage)
	Calls int    // how many times the function was applied to this input
}

// A Recorder wraps a function and records what it was applied to, for the
// two-phase point modes and for data coverage:
//
//	rec, err := blackbox.Record(insert)
//	ok := prop(rec.Func(), x, xs)                  // run on the original
//	m, err := blackbox.MutateFunc(insert, blackbox.Seed(s),
//		blackbox.SinglePoint(rec.Applications())) // one recorded input perturbed
//	killed := !prop(m, x, xs)                      // same test case, on the mutant
//
// The wrapped function answers exactly like the original. A Recorder is
// safe for concurrent use.
type Recorder[F any] struct {
	fn       F
	variadic bool

	mu    sync.Mutex
	index map[uint64]int // hash -> position in apps
	apps  []Application
	cov   Coverage
}

// Record wraps f, which must be a non-nil function.
func Record[F any](f F) (*Recorder[F], error) {
	fv, err := funcValue("record", f)
	if err != nil {
		return nil, err
	}
	rec := &Recorder[F]{
		variadic: fv.Type().IsVariadic(),
		index:    make(map[uint64]int),
		cov: Coverage{
			Sizes:    make(map[int]int),
			ArgSizes: make([]map[int]int, fv.Type().NumIn()),
		},
	}
	for i := range rec.cov.ArgSizes {
		rec.cov.ArgSizes[i] = make(map[int]int)
	}
	w := reflect.MakeFunc(fv.Type(), func(args []reflect.Value) []reflect.Value {
		rec.note(args)
		return invoke(fv, rec.variadic, args)
	})
	rec.fn = w.Interface().(F)
	return rec, nil
}

// Func returns the recording wrapper of the original function.
func (rec *Recorder[F]) Func() F { return rec.fn }

func (rec *Recorder[F]) note(args []reflect.Value) {
	h := Hash(args...)
	sizes := make([]int, len(args))
	total := 0
	for i, a := range args {
		sizes[i] = Size(a)
		total = satAdd(total, sizes[i])
	}
	rec.mu.Lock()
	rec.cov.Applications++
	rec.cov.Sizes[total]++
	for i, s := range sizes {
		rec.cov.ArgSizes[i][s]++
	}
	if j, ok := rec.index[h]; ok {
		rec.apps[j].Calls++
		rec.mu.Unlock()
		return
	}
	rec.mu.Unlock()
	input := formatArgs(args) // outside the lock; before f can change args
	rec.mu.Lock()
	defer rec.mu.Unlock()
	if j, ok := rec.index[h]; ok { // another goroutine got there first
		rec.apps[j].Calls++
		return
	}
	rec.index[h] = len(rec.apps)
	rec.apps = append(rec.apps, Application{Hash: h, Input: input, Size: total, Calls: 1})
	rec.cov.Distinct++
}

// Applications returns the distinct inputs recorded so far, in the order
// they were first seen.
func (rec *Recorder[F]) Applications() []Application {
	rec.mu.Lock()
	defer rec.mu.Unlock()
	return slices.Clone(rec.apps)
}

// Coverage returns the data coverage recorded so far.
func (rec *Recorder[F]) Coverage() Coverage {
	rec.mu.Lock()
	defer rec.mu.Unlock()
	c := rec.cov
	c.Sizes = cloneHist(c.Sizes)
	c.ArgSizes = make([]map[int]int, len(rec.cov.ArgSizes))
	for i, h := range rec.cov.ArgSizes {
		c.ArgSizes[i] = cloneHist(h)
	}
	return c
}

func cloneHist(h map[int]int) map[int]int { return maps.Clone(h) }

// Coverage is the black-box data coverage of a property: which inputs it
// applied the function under test to, kept apart from the property's
// strength (Duregård's prop_singlesort kills every mutant, yet only ever
// sorts singleton lists: its Sizes are {1: n}).
//
// The size of an input is the sum of its arguments' sizes (Size).
type Coverage struct {
	Applications int           // applications of the function
	Distinct     int           // distinct inputs (by Hash)
	Sizes        map[int]int   // input size -> number of applications
	ArgSizes     []map[int]int // per argument: size -> number of applications
}

// MaxSize returns the largest input size applied, or -1 if none was.
func (c Coverage) MaxSize() int {
	m := -1
	for s := range c.Sizes {
		m = max(m, s)
	}
	return m
}

// String summarizes c as
// "12 applications, 3 distinct inputs, sizes 0:2 1:10".
func (c Coverage) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d applications, %d distinct inputs, sizes", c.Applications, c.Distinct)
	if len(c.Sizes) == 0 {
		b.WriteString(" none")
	}
	for _, s := range slices.Sorted(maps.Keys(c.Sizes)) {
		fmt.Fprintf(&b, " %d:%d", s, c.Sizes[s])
	}
	return b.String()
}

// Size is the size of a value for data coverage: the length of a string,
// slice or map (not counting the elements' sizes); the magnitude of a
// number (|x|, truncated, saturating at math.MaxInt); 0 for a bool, nil
// or a func; the sum of the elements' sizes for an array or a struct (a
// tuple); the size of what a pointer or an interface refers to.
func Size(v reflect.Value) int {
	return size(v, 0)
}

func size(v reflect.Value, depth int) int {
	if !v.IsValid() || depth > maxDepth {
		return 0
	}
	switch v.Kind() {
	case reflect.String, reflect.Slice, reflect.Map:
		return v.Len()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		x := v.Int()
		if x == math.MinInt64 {
			return math.MaxInt
		}
		return int(min(uint64(abs(x)), math.MaxInt))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return int(min(v.Uint(), math.MaxInt))
	case reflect.Float32, reflect.Float64:
		return floatSize(v.Float())
	case reflect.Complex64, reflect.Complex128:
		c := v.Complex()
		return floatSize(math.Hypot(real(c), imag(c)))
	case reflect.Array:
		s := 0
		for i := 0; i < v.Len(); i++ {
			s = satAdd(s, size(v.Index(i), depth+1))
		}
		return s
	case reflect.Struct:
		s := 0
		for i := 0; i < v.NumField(); i++ {
			s = satAdd(s, size(v.Field(i), depth+1))
		}
		return s
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return 0
		}
		return size(v.Elem(), depth+1)
	}
	return 0
}

func abs(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

func floatSize(f float64) int {
	f = math.Abs(f)
	switch {
	case math.IsNaN(f):
		return 0
	case f >= math.MaxInt:
		return math.MaxInt
	}
	return int(f)
}

func satAdd(a, b int) int {
	if a > math.MaxInt-b {
		return math.MaxInt
	}
	return a + b
}
