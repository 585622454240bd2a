package gotest

import (
	"context"
	"fmt"
	"slices"

	"github.com/mutprop/mutprop/internal/blackboxmut"
	"github.com/mutprop/mutprop/internal/testbin"
	"github.com/mutprop/mutprop/mutate"
	"github.com/mutprop/mutprop/report"
)

// DefaultBlackboxMutants is the number of black-box mutants per wrapped
// function by default (blackboxmut.DefaultMutants: the insert study's count).
const DefaultBlackboxMutants = blackboxmut.DefaultMutants

// DefaultBlackboxClassic is how many of each function's black-box
// mutants run every test to its budget by default
// (blackboxmut.DefaultClassic); the others are per-case samples.
const DefaultBlackboxClassic = blackboxmut.DefaultClassic

// Blackbox configures black-box mutants (Config.Blackbox): each wrapped
// function of a mutated package gets PerFunc mutants, after the package's
// operator mutants, in the same schemata build (blackboxmut.Config).
type Blackbox = blackboxmut.Config

// Enumerate returns the mutants of pkg that Score makes: its operator
// mutants (mutate.Enumerate with Operators), then, with Blackbox, its
// black-box mutants (not numbered: the schemata build numbers them).
func (cfg *Config) Enumerate(ctx context.Context, pkg *mutate.Package) ([]mutate.Mutant, mutate.Stats, error) {
	return blackboxmut.Enumerate(ctx, pkg, cfg.Operators, cfg.Blackbox, cfg.mode().overlay())
}

// schemata returns the schemata of t's mutants (blackboxmut.Schemata),
// numbered from base+1, a batch build's with switchPath (batch.go), and how many schema numbers it used.
// It returns at once when ctx ends: a package of many thousand mutants
// takes seconds to render and type-check, and an interrupt must not wait
// for it. The work then finishes on copies and is dropped.
func (rs *runState) schemata(ctx context.Context, t *target, base int, switchPath string) (map[string][]byte, int, error) {
	opts := mutate.SchemataOptions{Probes: rs.cfg.probes(), Base: base, Copies: true, Coverage: true, Switch: switchPath}
	type built struct {
		files       map[string][]byte
		used, funcs int
		err         error
	}
	muts := slices.Clone(t.muts) // numbered here, copied back once done
	done := make(chan built, 1)
	go func() {
		files, used, funcs, err := blackboxmut.Schemata(t.pkg, muts, rs.cfg.Blackbox, opts)
		done <- built{files, used, funcs, err}
	}()
	var b built
	select {
	case b = <-done:
	case <-ctx.Done():
		return nil, 0, fmt.Errorf("schemata %s: %w", t.pkg.Path, ctx.Err())
	}
	copy(t.muts, muts)
	if b.err == nil && b.funcs > 0 {
		n := 0
		for _, m := range t.muts {
			if m.Origin == mutate.OriginBlackbox {
				n++
			}
		}
		rs.cfg.logf("%s: %d black-box mutants of %d functions", t.pkg.Path, n, b.funcs)
	}
	return b.files, b.used, b.err
}

// strengthFuncs returns t's black-box mutants by wrapped function with the
// tests that call each and their data coverage (blackboxmut.Strength).
func (t *target) strengthFuncs(sessions []*session) []report.StrengthFunc {
	results := make([]blackboxmut.Result, len(t.pr.Mutants))
	for i, r := range t.pr.Mutants {
		results[i] = blackboxmut.Result{Mutant: r.Mutant, Outcome: r.Outcome, PerTest: r.PerTest, CoveredBy: r.CoveredBy,
			TestsToFailure: r.TestsToFailure}
		if len(sessions) > 0 {
			results[i].Seed = sessions[0].cfg.mutantSeed(r.Mutant)
			results[i].Sample = sessions[0].cfg.Blackbox.Sample(r.Mutant)
		}
	}
	return blackboxmut.Strength(t.pkg.Path, results, func(first int) map[string]mutate.BlackboxData {
		out := map[string]mutate.BlackboxData{}
		for _, s := range sessions {
			for _, test := range s.tests {
				if d, ok := s.data[test][first]; ok {
					out[t.name(s, test)] = d
				}
			}
		}
		return out
	}, blackboxmut.NoArgs(t.pkg))
}

// mutantSeed is the seed of m's runs: its own for a black-box mutant
// (blackboxmut.Seed of the run's seed and m's ID), so that each one's
// tests draw their own inputs and a test's first case is a fresh sample
// per mutant (the per-case score); the run's pinned seed for the others.
// It depends on neither the workers nor the order of the runs.
func (cfg *Config) mutantSeed(m mutate.Mutant) uint64 {
	if m.Origin == mutate.OriginBlackbox {
		return blackboxmut.Seed(cfg.seed(), m.ID)
	}
	return cfg.seed()
}

// seeds reports whether a run's seed reaches the generators of b's tests:
// rapid's -rapid.seed, or testing/quick's source over
// testbin.QuickSeedOverlay.
func seeds(b *testbin.Binary) bool {
	return b.Rapid || b.QuickSeed
}
