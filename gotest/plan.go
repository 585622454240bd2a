package gotest

import "github.com/mutprop/mutprop/mutate"

// Plan chooses the mutants Score runs (Config.Plan). Score asks it in
// order: Filter once per package, Shard for each mutant Filter kept, and
// Prior for each mutant Shard kept. Embed AllMutants to implement only
// some of its methods.
type Plan interface {
	// Filter returns a predicate on pkg's mutants (for example: on lines
	// changed since a git revision); the mutants it rejects are dropped as
	// if never made. A nil predicate keeps them all, and the package is
	// scored even without mutants; with a predicate, a package none of
	// whose mutants it keeps is not built. An error stops the run.
	Filter(pkg *mutate.Package) (func(mutate.Mutant) bool, error)
	// Shard reports whether this run keeps m among those Filter kept (a
	// deterministic part of them, for sharded runs).
	// PackageResult.Universe still counts them all.
	Shard(pkgPath string, m mutate.Mutant) bool
	// Prior returns the outcome an earlier run recorded for m (to resume
	// a run): the mutant is reported with it and not run.
	Prior(pkgPath string, m mutate.Mutant) (MutantResult, bool)
}

// Observer follows a Score run (Config.Observer). Its calls do not
// overlap. Embed NoObserver to implement only some of its methods.
type Observer interface {
	// Ready is called once per package after its baseline and coverage,
	// before any mutant runs, with every selected mutant in pr.Mutants
	// (those from Plan.Prior with their outcome). A package no mutant is
	// selected from is ready at once. An error stops the run.
	Ready(pr *PackageResult) error
	// Finished receives every outcome this run produces (not those from
	// Plan.Prior) as it is known: the no-coverage and uninfected mutants
	// after Ready, then each mutant that runs as it finishes.
	Finished(pr *PackageResult, m MutantResult)
	// Progress is called after Finished for each mutant that runs: done
	// of total mutants of the run are known.
	Progress(done, total int, m MutantResult)
}

// AllMutants is the Plan that keeps every mutant and knows no earlier
// run: Score's when Config.Plan is nil.
type AllMutants struct{}

// Filter keeps every mutant: it returns a nil predicate.
func (AllMutants) Filter(*mutate.Package) (func(mutate.Mutant) bool, error) { return nil, nil }

// Shard keeps every mutant.
func (AllMutants) Shard(string, mutate.Mutant) bool { return true }

// Prior knows no outcome.
func (AllMutants) Prior(string, mutate.Mutant) (MutantResult, bool) { return MutantResult{}, false }

// NoObserver is the Observer that does nothing: Score's when
// Config.Observer is nil.
type NoObserver struct{}

// Ready does nothing.
func (NoObserver) Ready(*PackageResult) error { return nil }

// Finished does nothing.
func (NoObserver) Finished(*PackageResult, MutantResult) {}

// Progress does nothing.
func (NoObserver) Progress(int, int, MutantResult) {}

// plan returns cfg.Plan, AllMutants when nil.
func (cfg *Config) plan() Plan {
	if cfg.Plan == nil {
		return AllMutants{}
	}
	return cfg.Plan
}

// observer returns cfg.Observer, NoObserver when nil.
func (cfg *Config) observer() Observer {
	if cfg.Observer == nil {
		return NoObserver{}
	}
	return cfg.Observer
}

// keepOnly is the Plan that keeps the mutant id alone (RunMutant).
type keepOnly struct {
	AllMutants
	id string
}

// Filter keeps the mutant p.id.
func (p keepOnly) Filter(*mutate.Package) (func(mutate.Mutant) bool, error) {
	return func(m mutate.Mutant) bool { return m.ID == p.id }, nil
}
