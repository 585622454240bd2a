package gotest

import (
	"context"
	"fmt"
	"slices"

	"github.com/mutprop/mutprop/mutate"
)

// DefaultBlackboxMutants is the number of black-box mutants per wrapped
// function by default: the insert study's fixed mutant set.
const DefaultBlackboxMutants = 100

// Blackbox configures black-box mutants (Config.Blackbox): each wrapped
// function of a mutated package gets PerFunc mutants
// (mutate.BlackboxPointsDoc), after the package's operator mutants, in
// the same schemata build.
type Blackbox struct {
	// Funcs names the functions to wrap, as mutate.BlackboxFunc.Name
	// spells them ("SortedUnique", "(*Set).Add"), in whichever mutated
	// package declares them; nil wraps every function that can be.
	Funcs []string
	// PerFunc is the number of mutants of each wrapped function; 0 means
	// DefaultBlackboxMutants.
	PerFunc int
	// Points is 0 for every-point mutants, p > 0 for p-point mutants.
	Points int
}

func (b *Blackbox) perFunc() int {
	if b.PerFunc <= 0 {
		return DefaultBlackboxMutants
	}
	return b.PerFunc
}

// BlackboxFuncs returns the names of Funcs that pkg declares and that
// can be wrapped, an empty non-nil slice when there are none; nil (every
// function) when Funcs is nil. A name of Funcs that no package declares,
// or that cannot be wrapped, is the caller's to report (mutprop run
// checks them before the run).
func (b *Blackbox) BlackboxFuncs(pkg *mutate.Package) []string {
	if b.Funcs == nil {
		return nil
	}
	out := []string{}
	for _, c := range mutate.BlackboxCandidates(pkg) {
		if c.Reason == "" && slices.Contains(b.Funcs, c.Name) {
			out = append(out, c.Name)
		}
	}
	return out
}

// Enumerate returns the mutants of pkg that Score makes: its operator
// mutants (mutate.Enumerate with Operators), then, with Blackbox, its
// black-box mutants (not numbered: the schemata build numbers them).
func (cfg *Config) Enumerate(ctx context.Context, pkg *mutate.Package) ([]mutate.Mutant, mutate.Stats, error) {
	all, stats, err := mutate.Enumerate(ctx, pkg, &mutate.Options{Operators: cfg.Operators})
	if err != nil || cfg.Blackbox == nil {
		return all, stats, err
	}
	if cfg.Mode == ModeOverlay {
		return nil, stats, fmt.Errorf("score %s: black-box mutants need the schemata mode", pkg.Path)
	}
	w, err := mutate.BlackboxWrap(pkg, mutate.BlackboxOptions{Funcs: cfg.Blackbox.BlackboxFuncs(pkg), PerFunc: cfg.Blackbox.perFunc(), Points: cfg.Blackbox.Points})
	if err != nil {
		return nil, stats, err
	}
	for _, m := range w.Mutants {
		m.Schema, m.Probed = 0, false
		all = append(all, m)
	}
	return all, stats, nil
}

// schemata returns the schemata of t's mutants (mutate.SchemataWithBlackbox),
// numbered from base+1, and how many schema numbers it used. The
// operator mutants come first in t.muts, the black-box ones after: only
// the functions some selected black-box mutant perturbs are wrapped, and
// each selected one takes the schema number and probe of its twin among
// the mutants the wrapping returns.
func (rs *runState) schemata(t *target, base int) (map[string][]byte, int, error) {
	cfg := rs.cfg
	n := len(t.muts)
	for n > 0 && t.muts[n-1].Origin == mutate.OriginBlackbox {
		n--
	}
	ops, bbs := t.muts[:n:n], t.muts[n:]
	if slices.ContainsFunc(ops, func(m mutate.Mutant) bool { return m.Origin == mutate.OriginBlackbox }) {
		return nil, 0, fmt.Errorf("schemata %s: black-box mutants must follow the operator mutants", t.pkg.Path)
	}
	opts := mutate.SchemataOptions{Probes: cfg.probes(), Base: base, Copies: true, Coverage: true}
	if len(bbs) > 0 {
		if cfg.Blackbox == nil {
			return nil, 0, fmt.Errorf("schemata %s: black-box mutants without Config.Blackbox", t.pkg.Path)
		}
		funcs := []string{}
		for _, m := range bbs {
			if !slices.Contains(funcs, m.Original) {
				funcs = append(funcs, m.Original)
			}
		}
		opts.Blackbox = &mutate.BlackboxOptions{Funcs: funcs, PerFunc: cfg.Blackbox.perFunc(), Points: cfg.Blackbox.Points, Data: true}
	}
	files, made, err := mutate.SchemataWithBlackbox(t.pkg, ops, opts)
	if err != nil {
		return nil, 0, err
	}
	byID := make(map[string]mutate.Mutant, len(made))
	for _, m := range made {
		byID[m.ID] = m
	}
	for i := range bbs {
		m, ok := byID[bbs[i].ID]
		if !ok {
			return nil, 0, fmt.Errorf("schemata %s: black-box mutant %s was not built", t.pkg.Path, bbs[i].ID)
		}
		bbs[i].Schema, bbs[i].Probed = m.Schema, m.Probed
	}
	if len(bbs) > 0 {
		cfg.logf("%s: %d black-box mutants of %d functions", t.pkg.Path, len(bbs), len(opts.Blackbox.Funcs))
	}
	return files, len(ops) + len(made), nil
}
