package blackbox

import (
	"fmt"
	"reflect"
)

// An Option configures MutateFunc. Options apply in order; between the mode
// options (EveryPoint, AtInputs) the last one wins.
type Option struct{ apply func(*config) error }

// config is everything a mutant needs, fixed when MutateFunc returns.
type config struct {
	seed  uint64
	mode  mode
	hashs []uint64 // AtInputs
	equal func(a, b any) bool
	muts  map[reflect.Type]Mutator
	name  string
	log   *Log
}

type mode int

const (
	everyPoint mode = iota
	atInputs
)

// Seed sets the mutant's seed (default 0). The perturbation at an input is
// drawn from a source seeded by the input's Hash and this seed, so two
// mutants with different seeds usually answer differently at the same
// input, and one mutant always answers the same.
func Seed(seed uint64) Option {
	return Option{func(c *config) error {
		c.seed = seed
		return nil
	}}
}

// EveryPoint perturbs the output at every input (Duregård's mutateFun).
// It is the default mode.
func EveryPoint() Option {
	return Option{func(c *config) error {
		c.mode = everyPoint
		return nil
	}}
}

// AtInputs perturbs the output only at the inputs whose Hash is one of
// hashes, and answers like the original everywhere else. A point is an
// input, not a call: every application to that input is perturbed, the
// same way.
func AtInputs(hashes ...uint64) Option {
	return Option{func(c *config) error {
		c.mode = atInputs
		c.hashs = append([]uint64(nil), hashes...)
		return nil
	}}
}

// Equal sets the equality under which a perturbed result must differ
// from the original one (default reflect.DeepEqual). It is called with
// the original and the perturbed value of the one result perturbed.
// Use it when the property compares results more coarsely than
// DeepEqual, for example as sets.
func Equal(eq func(a, b any) bool) Option {
	return Option{func(c *config) error {
		if eq == nil {
			return fmt.Errorf("Equal: nil equality")
		}
		c.equal = eq
		return nil
	}}
}

// WithMutator makes the mutant perturb values of type t with m, wherever
// they occur in a result (at the top or nested), instead of the built-in
// mutator for t. Use it for types with unexported fields, or to make
// perturbations meaningful for a type's invariants.
func WithMutator(t reflect.Type, m Mutator) Option {
	return Option{func(c *config) error {
		if t == nil || m == nil {
			return fmt.Errorf("WithMutator(%v, %v): nil type or mutator", t, m)
		}
		if c.muts == nil {
			c.muts = make(map[reflect.Type]Mutator)
		}
		c.muts[t] = m
		return nil
	}}
}

// Name sets the name the mutant's Log uses for the function (default: the
// function's name as the runtime knows it, without its import path).
func Name(name string) Option {
	return Option{func(c *config) error {
		c.name = name
		return nil
	}}
}

// WithLog makes the mutant record its applications in l, so a harness can
// show an example of a killed mutant (Log.Describe). One Log may observe
// several mutants; it is safe for concurrent use.
func WithLog(l *Log) Option {
	return Option{func(c *config) error {
		if l == nil {
			return fmt.Errorf("WithLog: nil log")
		}
		c.log = l
		return nil
	}}
}
