// Package blackboxmut makes a run's black-box mutants (mutate's
// BlackboxWrap: each wrapped function's outputs perturbed, K mutants a
// function): which functions are wrapped, their mutants after the
// operator mutants, their place in the schemata build, and each test's
// strength against them beside its data coverage.
package blackboxmut

import (
	"context"
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"slices"

	"github.com/mutprop/mutprop/mutate"
	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/report"
)

// DefaultMutants is the number of black-box mutants per wrapped function
// by default: the insert study's count behind its per-case score, a fresh
// mutant for each of its 1,000 test cases (Duregård's maxSuccess = 1000;
// mutprop scenario insert). A test's per-case score is a share of them,
// so its 95% interval is about +-3 points near 50%: fewer mutants cost
// less and leave properties a few points apart tied.
const DefaultMutants = 1000

// Config configures black-box mutants: each wrapped function of a mutated
// package gets PerFunc mutants (mutate.BlackboxPointsDoc), after the
// package's operator mutants, in the same schemata build.
type Config struct {
	// Funcs names the functions to wrap, as mutate.BlackboxFunc.Name
	// spells them ("SortedUnique", "(*Set).Add"), in whichever mutated
	// package declares them; nil wraps every function that can be.
	Funcs []string
	// PerFunc is the number of mutants of each wrapped function; 0 means
	// DefaultMutants.
	PerFunc int
	// Points is 0 for every-point mutants, p > 0 for p-point mutants.
	Points int
	// Classic is how many of each function's mutants (the first, by
	// their index) run every test to its budget: the classic kill rate
	// and their statuses. The others are per-case samples (Sample):
	// each test runs only its first generated case against them, which
	// is all Duregård's per-case score needs. 0 means DefaultClassic; a
	// negative value none (every mutant a sample).
	Classic int
}

// DefaultClassic is the number of each function's black-box mutants that
// run every test to its budget by default: the insert study's fixed set
// of 100 mutants behind its classic kill rate (mutprop scenario insert),
// within about 4 points.
const DefaultClassic = 100

// SampleDoc says what a per-case sample is, for --help and the reports.
const SampleDoc = `A per-case sample is a black-box mutant past the first --blackbox-classic of its function: each test that calls the function runs only its first generated case against it (rapid's -rapid.checks=1; other libraries their whole budget), which is all the per-case score needs. Its status is ignored: the mutation score and the classic kill rate count only the others.`

// classic returns Classic with its default: how many mutants of a
// function run every test to its budget.
func (b *Config) classic() int {
	switch {
	case b.Classic == 0:
		return DefaultClassic
	case b.Classic < 0:
		return 0
	}
	return b.Classic
}

// Sample reports whether the black-box mutant m is a per-case sample:
// its index among its function's mutants is Classic or more.
func (b *Config) Sample(m mutate.Mutant) bool {
	if b == nil || m.Origin != mutate.OriginBlackbox {
		return false
	}
	_, k, _, ok := mutate.ParseBlackboxID(m.ID)
	return ok && k >= b.classic()
}

func (b *Config) perFunc() int {
	if b.PerFunc <= 0 {
		return DefaultMutants
	}
	return b.PerFunc
}

// BlackboxFuncs returns the names of Funcs that pkg declares and that
// can be wrapped, an empty non-nil slice when there are none; nil (every
// function) when Funcs is nil. A name of Funcs that no package declares,
// or that cannot be wrapped, is the caller's to report (mutprop run
// checks them before the run).
func (b *Config) BlackboxFuncs(pkg *mutate.Package) []string {
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

// Enumerate returns pkg's operator mutants (mutate.Enumerate with
// operators), then, with b, its black-box mutants (not numbered: the
// schemata build numbers them). overlay says the run builds each mutant
// alone, which black-box mutants cannot do.
func Enumerate(ctx context.Context, pkg *mutate.Package, operators []*mutate.Operator, b *Config, overlay bool) ([]mutate.Mutant, mutate.Stats, error) {
	all, stats, err := mutate.Enumerate(ctx, pkg, &mutate.Options{Operators: operators})
	if err != nil || b == nil {
		return all, stats, err
	}
	if overlay {
		return nil, stats, fmt.Errorf("score %s: black-box mutants need the schemata mode", pkg.Path)
	}
	w, err := mutate.BlackboxWrap(pkg, mutate.BlackboxOptions{Funcs: b.BlackboxFuncs(pkg), PerFunc: b.perFunc(), Points: b.Points})
	if err != nil {
		return nil, stats, err
	}
	for _, m := range w.Mutants {
		m.Schema, m.Probed = 0, false
		all = append(all, m)
	}
	return all, stats, nil
}

// Schemata returns the schemata of pkg's selected mutants muts
// (mutate.SchemataWithBlackbox, with opts), numbered from opts.Base+1, how
// many schema numbers it used, and how many functions it wrapped. The
// operator mutants come first in muts, the black-box ones after: only the
// functions some selected black-box mutant perturbs are wrapped, and each
// selected one takes the schema number and probe of its twin among the
// mutants the wrapping returns (muts is updated in place).
func Schemata(pkg *mutate.Package, muts []mutate.Mutant, b *Config, opts mutate.SchemataOptions) (files map[string][]byte, used, funcs int, err error) {
	n := len(muts)
	for n > 0 && muts[n-1].Origin == mutate.OriginBlackbox {
		n--
	}
	ops, bbs := muts[:n:n], muts[n:]
	if slices.ContainsFunc(ops, func(m mutate.Mutant) bool { return m.Origin == mutate.OriginBlackbox }) {
		return nil, 0, 0, fmt.Errorf("schemata %s: black-box mutants must follow the operator mutants", pkg.Path)
	}
	if len(bbs) > 0 {
		if b == nil {
			return nil, 0, 0, fmt.Errorf("schemata %s: black-box mutants without a black-box configuration", pkg.Path)
		}
		names := []string{}
		for _, m := range bbs {
			if !slices.Contains(names, m.Original) {
				names = append(names, m.Original)
			}
		}
		opts.Blackbox = &mutate.BlackboxOptions{Funcs: names, PerFunc: b.perFunc(), Points: b.Points, Data: true}
		funcs = len(names)
	}
	files, made, err := mutate.SchemataWithBlackbox(pkg, ops, opts)
	if err != nil {
		return nil, 0, 0, err
	}
	byID := make(map[string]mutate.Mutant, len(made))
	for _, m := range made {
		byID[m.ID] = m
	}
	for i := range bbs {
		m, ok := byID[bbs[i].ID]
		if !ok {
			return nil, 0, 0, fmt.Errorf("schemata %s: black-box mutant %s was not built", pkg.Path, bbs[i].ID)
		}
		bbs[i].Schema, bbs[i].Probed = m.Schema, m.Probed
	}
	return files, len(ops) + len(made), funcs, nil
}

// Result is one mutant's outcome as Strength reads it.
type Result struct {
	Mutant    mutate.Mutant
	Outcome   outcome.Outcome
	PerTest   map[string]outcome.Outcome
	CoveredBy []string
	// TestsToFailure is, per test that failed, the generated cases up
	// to and including the failing one, when its output says so;
	// FailsOnOriginal for a test that failed on the original at Seed.
	TestsToFailure map[string]int
	// Seed is the seed of the mutant's runs (Seed); 0 for the pinned one.
	Seed uint64
	// Sample: a per-case sample (Config.Sample), whose tests ran their
	// first case only.
	Sample bool
}

// FailsOnOriginal is the tests-to-failure recorded for a (black-box
// mutant, test) whose test failed on the mutant but also on the original
// at the mutant's seed: not a kill (the test's outcome is survived), and
// left out of the per-case score.
const FailsOnOriginal = -1

// Seed returns the seed of black-box mutant id's runs in a run with seed
// run: each black-box mutant's tests draw their own inputs, so that the
// first generated case of a test is a fresh sample per mutant (the
// per-case score, report.StrengthDoc). It depends only on run and id,
// never on the workers, and is never 0 (which leaves rapid's seed random).
func Seed(run uint64, id string) uint64 {
	h := fnv.New64a()
	var buf [8]byte
	binary.LittleEndian.PutUint64(buf[:], run)
	h.Write(buf[:])
	h.Write([]byte("blackbox\x00"))
	h.Write([]byte(id))
	// SplitMix64's finalizer spreads nearby hashes apart.
	z := h.Sum64()
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	z ^= z >> 31
	// rapid and testing/quick read the seed as an int64: keep it
	// positive, and never 0.
	z &= 1<<63 - 1
	if z == 0 {
		z = 1
	}
	return z
}

// perTestTTF returns the tests-to-failure of each test of r that detected
// the mutant: its count, or 1 for a test that failed without one (a plain
// test is one case); a timeout or crash without a count has none.
func perTestTTF(r Result) map[string]int {
	out := map[string]int{}
	for t, o := range r.PerTest {
		switch n := r.TestsToFailure[t]; {
		case n > 0:
			out[t] = n
		case n == 0 && o == outcome.Killed:
			out[t] = 1
		}
	}
	return out
}

// originalFails lists the tests of r that failed on the original at its
// seed (FailsOnOriginal), sorted.
func originalFails(r Result) []string {
	var out []string
	for t, n := range r.TestsToFailure {
		if n == FailsOnOriginal {
			out = append(out, t)
		}
	}
	slices.Sort(out)
	return out
}

// NoArgs returns the functions of pkg that can be wrapped and take no
// argument (mutate.BlackboxFunc.Params 0: no receiver, no parameter), by
// name: their data coverage is one input whatever the tests do.
func NoArgs(pkg *mutate.Package) map[string]bool {
	out := map[string]bool{}
	for _, c := range mutate.BlackboxCandidates(pkg) {
		if c.Reason == "" && c.Params == 0 {
			out[c.Name] = true
		}
	}
	return out
}

// Strength returns the black-box mutants of package pkg among results by
// wrapped function, in the order of the results, with the tests that call
// each function and their data coverage: what report.SummarizeStrength
// needs. data returns, by test name, the data coverage that the
// recording's "d" lines (mutate.BlackboxData) give the function whose
// first black-box mutant has schema number first. A test that covers a
// function's mutants without a data line (its recording was not read)
// has nil data. noArgs names the functions without arguments (NoArgs).
func Strength(pkg string, results []Result, data func(first int) map[string]mutate.BlackboxData, noArgs map[string]bool) []report.StrengthFunc {
	var out []report.StrengthFunc
	index := map[string]int{}
	for _, r := range results {
		m := r.Mutant
		if m.Origin != mutate.OriginBlackbox {
			continue
		}
		i, ok := index[m.Original]
		if !ok {
			i = len(out)
			index[m.Original] = i
			out = append(out, report.StrengthFunc{Package: pkg, Function: m.Original, NoArgs: noArgs[m.Original], Callers: map[string]*report.DataCoverage{}})
			if first := firstOf(m); first > 0 {
				for test, d := range data(first) {
					out[i].Callers[test] = &report.DataCoverage{Distinct: d.Distinct, DistinctAtLeast: d.AtLeast(), MinSize: d.MinSize, MaxSize: d.MaxSize}
				}
			}
		}
		f := &out[i]
		f.Mutants = append(f.Mutants, report.StrengthMutant{ID: m.ID, Outcome: r.Outcome, PerTest: r.PerTest,
			PerTestTTF: perTestTTF(r), Seed: r.Seed, OriginalFails: originalFails(r), Sample: r.Sample})
		for _, name := range r.CoveredBy {
			if _, ok := f.Callers[name]; !ok {
				f.Callers[name] = nil
			}
		}
	}
	return out
}

// firstOf returns the schema number of the first black-box mutant of m's
// function (its k = 0), which the function's data lines name: m's number
// less its k (mutate.ParseBlackboxID); 0 when m has no number.
func firstOf(m mutate.Mutant) int {
	_, k, _, ok := mutate.ParseBlackboxID(m.ID)
	if !ok || m.Schema == 0 {
		return 0
	}
	return m.Schema - k
}
