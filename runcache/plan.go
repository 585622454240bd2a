package runcache

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"sort"

	"github.com/mutprop/mutprop/gotest"
	"github.com/mutprop/mutprop/internal/testlog"
	"github.com/mutprop/mutprop/mutate"
	"github.com/mutprop/mutprop/runlog"
)

// plannedPackage is a package's mutants as gotest.Score selects them.
type plannedPackage struct {
	pkg      *mutate.Package
	stats    mutate.Stats
	muts     []mutate.Mutant
	index    []int
	universe int
	blackbox int // the black-box mutants among universe
	live     bool
}

// plan loads and enumerates the packages as gotest.Score does (Filter,
// then Shard), works out which test packages count for each, and looks up
// every selected mutant.
func (cr *cacheRun) plan(ctx context.Context, cfg *gotest.Config) ([]plannedPackage, error) {
	pkgs, err := mutate.LoadWith(ctx, mutate.LoadConfig{Dir: cfg.Dir, Tags: cfg.Tags}, cfg.Patterns...)
	if err != nil {
		return nil, err
	}
	var plan []plannedPackage
	for _, pkg := range pkgs {
		all, stats, err := cfg.Enumerate(ctx, pkg) // with the black-box mutants, as gotest.Score
		if err != nil {
			return nil, err
		}
		sel, err := cfg.SelectMutants(pkg, all)
		if err != nil {
			return nil, err
		}
		pp := plannedPackage{pkg: pkg, stats: stats, muts: sel.Mutants, index: sel.Index, universe: sel.Universe, blackbox: sel.Blackbox, live: sel.Live}
		plan = append(plan, pp)
		if !sel.Live {
			if cr.unscored == nil {
				cr.unscored = map[string]bool{}
			}
			cr.unscored[pkg.Path] = true
		}
	}
	// The test packages that count, as gotest.Score picks them: with
	// OwnTests a package's own; else every matched package with tests
	// (only those with mutants left when a filter emptied some) and the
	// test-only packages.
	var testPkgs []string
	for _, pp := range plan {
		if _, ok := cr.tests[pp.pkg.Path]; ok && pp.live {
			testPkgs = append(testPkgs, pp.pkg.Path)
		}
	}
	if !cr.ownTests {
		for _, tp := range cfg.TestPackages {
			if _, ok := cr.tests[tp.Path]; ok {
				testPkgs = append(testPkgs, tp.Path)
			}
		}
	}
	cr.counting = map[string][]string{}
	for _, pp := range plan {
		p := pp.pkg.Path
		var counting []string
		for _, q := range testPkgs {
			if (q == p || !cr.ownTests) && cr.links[q][p] {
				counting = append(counting, q)
			}
		}
		sort.Strings(counting)
		cr.counting[p] = counting
	}
	for _, pp := range plan {
		cr.lookup(pp)
	}
	return plan, nil
}

// lookup finds the package's selected mutants whose verdicts hold.
func (cr *cacheRun) lookup(pp plannedPackage) {
	p := pp.pkg.Path
	cr.total += len(pp.muts)
	cp := cr.conf.Packages[p]
	miss := func(reason string) {
		cr.misses[reason]++
	}
	hits := map[string]gotest.MutantResult{}
	cr.hits[p] = hits
	for i, m := range pp.muts {
		switch {
		case cr.envNote != "":
			miss(cr.envNote)
			continue
		case cp == nil:
			miss("not in the cache")
			continue
		case cp.Code != cr.tree.Code[p]:
			miss(p + "'s code changed")
			continue
		}
		c := cp.Mutants[m.ID]
		if c == nil || !runlog.SameMutant(c.Mutant.Mutant, m) {
			miss("not in the cache")
			continue
		}
		if reason := cr.stale(p, c); reason != "" {
			miss(reason)
			continue
		}
		r := c.Mutant
		r.Mutant, r.Index = m, pp.index[i]
		hits[m.ID] = r
	}
}

// stale says why a cached verdict of package p no longer holds, or "".
func (cr *cacheRun) stale(p string, c *cachedMutant) string {
	counting := cr.counting[p]
	for _, q := range sortedKeys(c.Deps) {
		switch {
		case !slices.Contains(counting, q):
			return q + "'s tests no longer count"
		case cr.tests[q] != c.Deps[q]:
			if why := cr.changed[q]; why != "" {
				return why
			}
			return q + "'s tests changed"
		}
	}
	if c.All {
		for _, q := range counting {
			if _, ok := c.Deps[q]; !ok {
				return q + "'s tests count now"
			}
		}
	}
	return ""
}

// deps returns the test packages a verdict of package p depends on
// (runlog.DependsOn), with the hashes of their inputs: those this run's
// tests read when they ran, else those the run started with.
func (cr *cacheRun) deps(p string, r gotest.MutantResult) (map[string]string, bool) {
	qs, all := runlog.DependsOn(p, r.Outcome, r.KilledBy, cr.counting[p], cr.matrix)
	deps := map[string]string{}
	for _, q := range qs {
		deps[q] = cr.tests[q]
	}
	return deps, all
}

// packageHolds reports whether the cache has the package-level results of
// p (its tests, set-aside tests, suites and strength) for this tree and
// selection.
func (cr *cacheRun) packageHolds(pp plannedPackage) bool {
	cp := cr.conf.Packages[pp.pkg.Path]
	if cp == nil || cr.envNote != "" || cp.Code != cr.tree.Code[pp.pkg.Path] || cp.Tests != cr.tests[pp.pkg.Path] {
		return false
	}
	if len(cp.Strength) == 0 && slices.ContainsFunc(pp.muts, func(m mutate.Mutant) bool { return m.Origin == mutate.OriginBlackbox }) {
		return false // black-box mutants need the strength's inputs: a cache written before they were kept
	}
	return len(cp.Suites) == 0 && len(cp.Strength) == 0 || cp.SuitesOver == mutantsHash(pp.muts)
}

// fromCache makes the run's result from the cache when it holds every
// selected mutant of every package, calling cfg's plan and observer as
// gotest.Score would: Prior first (a resumed journal's outcomes), Ready
// per package, Finished for each verdict the cache gives.
func (cr *cacheRun) fromCache(cfg *gotest.Config, plan []plannedPackage) (*gotest.Result, bool) {
	for _, pp := range plan {
		if !pp.live {
			continue
		}
		if !cr.packageHolds(pp) || len(cr.hits[pp.pkg.Path]) != len(pp.muts) {
			return nil, false
		}
	}
	res := &gotest.Result{}
	workers := max(cfg.Workers, 1)
	prior, obs := planOf(cfg), observerOf(cfg)
	for _, pp := range plan {
		pkg := pp.pkg
		pr := &gotest.PackageResult{Path: pkg.Path, Name: pkg.Name, Dir: pkg.Dir, Package: pkg, Files: pkg.Filenames,
			Stats: pp.stats, Universe: pp.universe, Blackbox: pp.blackbox, Workers: workers, Timeouts: cfg.Timeouts}
		res.Packages = append(res.Packages, pr)
		var fresh []gotest.MutantResult
		if pp.live {
			cp := cr.conf.Packages[pkg.Path]
			pr.Inputs = map[string][]testlog.Input{}
			for _, q := range cr.counting[pkg.Path] {
				if ti, ok := cr.conf.Tests[q]; ok {
					pr.Inputs[q] = runlog.ReadsOf(ti) // what the journal records (Journal.Ready)
				}
			}
			for _, name := range cp.TestNames {
				pr.Tests = append(pr.Tests, gotest.TestInfo{Name: name})
			}
			pr.SetAside, pr.Suites = cp.SetAside, cp.Suites
			if len(cp.Strength) > 0 && json.Unmarshal(cp.Strength, &pr.Strength) != nil {
				return nil, false // Score measures it again
			}
			pr.Mutants = make([]gotest.MutantResult, len(pp.muts))
			for i, m := range pp.muts {
				if prev, ok := prior.Prior(pkg.Path, m); ok {
					prev.Mutant, prev.Index = m, pp.index[i]
					pr.Mutants[i] = prev
					cr.resumed++
					continue
				}
				pr.Mutants[i] = cr.hits[pkg.Path][m.ID]
				cr.serve(pkg.Path, m.ID)
				fresh = append(fresh, pr.Mutants[i])
			}
		}
		if err := obs.Ready(pr); err != nil {
			return nil, false // Score meets the same error and reports it
		}
		for _, m := range fresh {
			obs.Finished(pr, m)
		}
	}
	return res, true
}

// hook gives Score the cached verdicts that hold (after the journal's,
// when resuming) and sends them to Finished as the package is ready, as
// outcomes of this run (the journal records them): cfg's plan and
// observer become cachePlan and cacheObserver over them.
func (cr *cacheRun) hook(cfg *gotest.Config) {
	cfg.Plan = &cachePlan{Plan: planOf(cfg), cr: cr}
	cfg.Observer = &cacheObserver{Observer: observerOf(cfg), cr: cr}
}

// planOf returns cfg.Plan, gotest.AllMutants when nil.
func planOf(cfg *gotest.Config) gotest.Plan {
	if cfg.Plan == nil {
		return gotest.AllMutants{}
	}
	return cfg.Plan
}

// observerOf returns cfg.Observer, gotest.NoObserver when nil.
func observerOf(cfg *gotest.Config) gotest.Observer {
	if cfg.Observer == nil {
		return gotest.NoObserver{}
	}
	return cfg.Observer
}

// cachePlan is the run's plan with the cache's verdicts as prior
// outcomes, after the plan's own (a resumed journal's).
type cachePlan struct {
	gotest.Plan
	cr *cacheRun
}

// Prior gives the plan's outcome of m, else the cache's when it holds.
func (p *cachePlan) Prior(pkgPath string, m mutate.Mutant) (gotest.MutantResult, bool) {
	cr := p.cr
	if r, ok := p.Plan.Prior(pkgPath, m); ok {
		cr.resumed++
		return r, true
	}
	r, ok := cr.hits[pkgPath][m.ID]
	if ok && runlog.SameMutant(r.Mutant, m) {
		cr.serve(pkgPath, m.ID)
		return r, true
	}
	return gotest.MutantResult{}, false
}

// cacheObserver is the run's observer that hashes what each package's
// tests read as it is ready, and sends the verdicts the cache served to
// Finished then, as outcomes of this run.
type cacheObserver struct {
	gotest.Observer
	cr *cacheRun
}

// Ready hashes what pr's tests read, then tells the run's observer, then
// sends it the verdicts the cache served for pr.
func (o *cacheObserver) Ready(pr *gotest.PackageResult) error {
	cr := o.cr
	// What the tests read, hashed now, before the mutants run: what
	// changes later runs them again next time.
	for q, read := range pr.Inputs {
		if _, ok := cr.fresh[q]; !ok {
			cr.fresh[q] = cr.tree.TestInputs(q, read)
		}
	}
	if err := o.Observer.Ready(pr); err != nil {
		return err
	}
	for _, m := range pr.Mutants {
		if cr.served[pr.Path][m.Mutant.ID] {
			o.Observer.Finished(pr, m)
		}
	}
	return nil
}

// mutantsHash identifies a selection of mutants.
func mutantsHash(muts []mutate.Mutant) string {
	sum := sha256.New()
	for _, m := range muts {
		fmt.Fprintln(sum, m.ID)
	}
	return hex.EncodeToString(sum.Sum(nil))
}
