package blackbox

import (
	"math/rand/v2"
	"reflect"
)

// A Mutator perturbs values of one type: given v, it returns a value of
// v's type that differs from v (for the mutant's equality). It must not
// modify v or anything reachable from v in place, and it must draw every
// random choice from r, so that a mutant stays a deterministic function of
// its input. Register one for a type with WithMutator; it replaces the
// built-in mutator for that exact type, at any depth.
//
// If the value returned equals v, the mutant draws again (a bounded
// number of times) and then fails loudly; returning an error does the
// same at once.
type Mutator interface {
	Mutate(r *rand.Rand, v reflect.Value) (reflect.Value, error)
}

// MutatorFunc adapts an ordinary function to the Mutator interface.
type MutatorFunc func(r *rand.Rand, v reflect.Value) (reflect.Value, error)

// Mutate calls f(r, v).
func (f MutatorFunc) Mutate(r *rand.Rand, v reflect.Value) (reflect.Value, error) {
	return f(r, v)
}
