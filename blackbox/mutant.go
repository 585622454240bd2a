package blackbox

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"runtime"
	"slices"
	"strings"
)

// ErrNoCoverage is returned by MutateFunc in a point mode with no point to
// perturb (AtInputs with no hash).
var ErrNoCoverage = errors.New("no input to perturb")

// injectedError is the text of the error a mutant returns for a nil one.
const injectedError = "mutprop: injected error"

// maxAttempts bounds the perturbations drawn at one input before a mutant
// gives up (only a registered Mutator or an Equal option can make a draw
// fail).
const maxAttempts = 32

// MutateFunc returns a mutant of the function f: a function of f's exact
// type F (any parameters, variadic or not, any results) whose output
// differs from f's, observably, at the inputs its mode selects (every
// input by default), and equals f's elsewhere.
//
// The mutant is a deterministic function: the perturbation at an input is
// drawn from a source seeded by Hash of the arguments and the mutant's
// Seed, so the same input always gets the same wrong answer. It calls f
// once per application and perturbs one result, chosen by that source
// among the results whose type can be perturbed. By the Go convention a
// function whose last result is an error and that returns a non-nil
// error has no other meaningful result: then the error is the result
// perturbed (it becomes nil).
//
// The perturbed result differs from f's under reflect.DeepEqual, or under
// the Equal option's equality. Outputs that alias inputs are never
// modified in place. MutateFunc returns an error wrapping ErrCannotPerturb,
// naming the type, when no result of f can be perturbed (no results,
// struct{}, an empty array, a func, a struct without exported
// perturbable fields); when a perturbation fails at call time (a nil
// interface that is not an error, a Mutator or Equal that admits no
// different value), the mutant panics with an error wrapping
// ErrCannotPerturb, so a harness records a crash and never a silent
// survivor. The mutant is safe for concurrent use.
func MutateFunc[F any](f F, opts ...Option) (F, error) {
	m, err := newMutant(f, opts)
	if err != nil {
		var zero F
		return zero, err
	}
	return reflect.MakeFunc(m.fv.Type(), m.call).Interface().(F), nil
}

// mutant is a function value's mutation, everything fixed at MutateFunc.
type mutant struct {
	fv       reflect.Value
	variadic bool
	results  []int // the results whose type can be perturbed
	errLast  bool  // the last result is an error (and perturbable)
	points   map[uint64]struct{}
	seed     uint64
	equal    func(a, b any) bool
	p        perturber
	name     string
	log      *Log
}

// funcValue checks that f is a non-nil function and returns its value.
func funcValue(what string, f any) (reflect.Value, error) {
	fv := reflect.ValueOf(f)
	if !fv.IsValid() {
		return fv, fmt.Errorf("%s: nil, want a function", what)
	}
	if fv.Kind() != reflect.Func {
		return fv, fmt.Errorf("%s %v: not a function", what, fv.Type())
	}
	if fv.IsNil() {
		return fv, fmt.Errorf("%s %v: nil function", what, fv.Type())
	}
	return fv, nil
}

func newMutant(f any, opts []Option) (*mutant, error) {
	fv, err := funcValue("mutate", f)
	if err != nil {
		return nil, err
	}
	t := fv.Type()
	c := config{equal: reflect.DeepEqual}
	for _, o := range opts {
		if o.apply == nil {
			continue // the zero Option
		}
		if err := o.apply(&c); err != nil {
			return nil, fmt.Errorf("mutate %v: %w", t, err)
		}
	}
	m := &mutant{
		fv:       fv,
		variadic: t.IsVariadic(),
		seed:     fmix(c.seed ^ 0x5bd1e9955bd1e995),
		equal:    c.equal,
		p:        perturber{muts: c.muts, injected: errors.New(injectedError)},
		name:     c.name,
		log:      c.log,
	}
	if m.name == "" {
		m.name = funcName(fv)
	}
	var errs []error
	for i := 0; i < t.NumOut(); i++ {
		if err := m.p.check(t.Out(i)); err != nil {
			errs = append(errs, fmt.Errorf("result %d: %w", i, err))
			continue
		}
		m.results = append(m.results, i)
	}
	if t.NumOut() == 0 {
		return nil, fmt.Errorf("mutate %v: %w: no results", t, ErrCannotPerturb)
	}
	if len(m.results) == 0 {
		return nil, fmt.Errorf("mutate %v: %w", t, errors.Join(errs...))
	}
	last := t.NumOut() - 1
	m.errLast = t.Out(last) == errorType && slices.Contains(m.results, last)
	switch c.mode {
	case atInputs:
		if len(c.hashs) == 0 {
			return nil, fmt.Errorf("mutate %v: AtInputs: %w", t, ErrNoCoverage)
		}
		m.points = make(map[uint64]struct{}, len(c.hashs))
		for _, h := range c.hashs {
			m.points[h] = struct{}{}
		}
	}
	return m, nil
}

// funcName is the runtime's name for fv's code, without its import path.
func funcName(fv reflect.Value) string {
	fn := runtime.FuncForPC(fv.Pointer())
	if fn == nil {
		return fv.Type().String()
	}
	name := fn.Name()
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		name = name[i+1:]
	}
	return name
}

// invoke applies the original function to the arguments MakeFunc received.
func invoke(fv reflect.Value, variadic bool, args []reflect.Value) []reflect.Value {
	if variadic {
		return fv.CallSlice(args)
	}
	return fv.Call(args)
}

// call is the mutant's body.
func (m *mutant) call(args []reflect.Value) []reflect.Value {
	h := Hash(args...)
	if m.points != nil {
		if _, ok := m.points[h]; !ok {
			if m.log != nil {
				m.log.pass()
			}
			return invoke(m.fv, m.variadic, args)
		}
	}
	var input string
	if m.log != nil {
		input = formatArgs(args) // before f can change its arguments
	}
	outs := invoke(m.fv, m.variadic, args)
	r := rand.New(rand.NewPCG(h, m.seed))
	cands := m.results
	if last := len(outs) - 1; m.errLast && !outs[last].IsNil() {
		cands = []int{last}
	}
	i := cands[r.IntN(len(cands))]
	orig := outs[i]
	var lastErr error
	for range maxAttempts {
		mv, err := m.p.perturb(r, orig, 0)
		if err != nil {
			lastErr = err
			continue
		}
		if m.equal(orig.Interface(), mv.Interface()) {
			lastErr = errors.New("every value drawn equals the original")
			continue
		}
		res := make([]reflect.Value, len(outs))
		copy(res, outs)
		res[i] = mv
		if m.log != nil {
			m.log.perturbed(Event{
				Name:     m.name,
				Input:    input,
				Original: formatResults(outs),
				Mutated:  formatResults(res),
				Result:   i,
				Hash:     h,
			})
		}
		return res
	}
	if !errors.Is(lastErr, ErrCannotPerturb) {
		lastErr = fmt.Errorf("%w: %w", ErrCannotPerturb, lastErr)
	}
	panic(fmt.Errorf("mutant of %s: result %d (%v) at input hash %#x, after %d attempts: %w",
		m.name, i, orig.Type(), h, maxAttempts, lastErr))
}
