package gotest_test

import (
	"github.com/mutprop/mutprop/gotest"
	"github.com/mutprop/mutprop/mutate"
)

// keepPlan is a gotest.Plan that keeps the mutants keep accepts.
type keepPlan func(mutate.Mutant) bool

func (p keepPlan) Filter(*mutate.Package) (func(mutate.Mutant) bool, error) { return p, nil }
func (keepPlan) Shard(string, mutate.Mutant) bool                           { return true }
func (keepPlan) Prior(string, mutate.Mutant) (gotest.MutantResult, bool) {
	return gotest.MutantResult{}, false
}

// observerFuncs is a gotest.Observer of the functions set.
type observerFuncs struct {
	ready    func(*gotest.PackageResult) error
	progress func(done, total int, m gotest.MutantResult)
}

func (o observerFuncs) Ready(pr *gotest.PackageResult) error {
	if o.ready == nil {
		return nil
	}
	return o.ready(pr)
}

func (observerFuncs) Finished(*gotest.PackageResult, gotest.MutantResult) {}

func (o observerFuncs) Progress(done, total int, m gotest.MutantResult) {
	if o.progress != nil {
		o.progress(done, total, m)
	}
}
