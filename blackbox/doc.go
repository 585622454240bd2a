// Package blackbox makes black-box mutants: a function's outputs are
// perturbed, its source is never read (Duregård, "Black-box Mutation
// Testing", seed 001 paper IV). MutateFunc wraps any function with
// reflect.MakeFunc and returns a function of the same type whose result
// differs observably from the original's, so a complete specification
// kills every mutant and there are no equivalent mutants.
//
// A mutant is a deterministic function: the perturbation at an input is
// seeded by Hash of the arguments (QuickCheck's CoArbitrary) and the
// mutant's Seed. It perturbs every input (EveryPoint, Duregård's
// mutateFun) or only the inputs named by hash (AtInputs).
//
// The files, one concept each:
//
//   - mutant.go: MutateFunc, the wrapper, the choice of the result to
//     perturb, retries, ErrNoCoverage.
//   - options.go: Option and the options (Seed, modes, Equal,
//     WithMutator, Name, WithLog).
//   - hash.go: Hash, the stable structural hash of inputs.
//   - perturb.go: the type-directed engine for composite values (slices,
//     arrays, maps, structs, pointers, interfaces and errors) with copy on
//     the path, so outputs that alias inputs are never written;
//     ErrCannotPerturb.
//   - scalar.go: the mutators of integers, floats and strings.
//   - mutator.go: Mutator, the interface of user mutators, and MutatorFunc.
//   - log.go: Log and Event, what a mutant did, for showing an example of a
//     killed mutant.
//
// No package state: every mutant carries its own configuration, and
// mutants and logs are safe for concurrent use. Unexported struct fields
// are copied but never perturbed (reflect cannot set them without package
// unsafe, which this package does not use); register a Mutator for such
// types. Logs describe values with fmt, which does not detect cycles
// through slices, maps or interfaces (a slice that contains itself);
// pointers below the top level print as addresses.
package blackbox
