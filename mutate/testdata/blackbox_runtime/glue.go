package blackbox

// This file is not a package of its own: mutate's generator
// (mutate/blackbox_runtime_test.go) type-checks it with the non-test files
// of package blackbox, renames every package-level name of both, and
// writes the result to mutate/blackbox_runtime.go.txt, the runtime that
// mutprop run puts into a user's package beside the wrappers of its
// functions (mutate/blackbox.go). It holds what the wrappers call.

import (
	"fmt"
	"math/rand/v2"
	"reflect"
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
// depends on it.
type lazy struct {
	once, obsOnce sync.Once
	fn, obs       any
}

// get returns the mutant of f, a function value, with the given seed:
// every input perturbed when points is 0, else the inputs selects picks.
// A mutant that cannot be made panics (the wrapper checked the result
// types beforehand, so this is a bug): running the original would score
// it as survived.
func (l *lazy) get(f any, name string, seed uint64, points int) any {
	l.once.Do(func() {
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
		l.fn = reflect.MakeFunc(m.fv.Type(), body).Interface()
	})
	return l.fn
}

// observe returns a function of f's type that returns what f returns, by
// the path its n mutants (seeds 1..n) take: it hashes the arguments, calls
// f by reflection and draws a perturbation of its results that it drops.
// A run through it takes about as long as one through any of the
// mutants: the bound the baseline's recording run gives. When infect is
// not nil, it is called with first+k for each k in 0..n-1 whose mutant
// perturbs the input (all of them when points is 0): the mutants this
// call infects.
func (l *lazy) observe(f any, n, points, first int, infect func(int)) any {
	l.obsOnce.Do(func() {
		fv := reflect.ValueOf(f)
		m, err := newMutant(f, []Option{Seed(1)})
		body := func(args []reflect.Value) []reflect.Value {
			h := Hash(args...)
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
