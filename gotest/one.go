package gotest

import (
	"context"
	"fmt"
	"os"
	"sync"
	"time"

	"github.com/mutprop/mutprop/internal/sandbox"
	"github.com/mutprop/mutprop/internal/testbin"
	"github.com/mutprop/mutprop/internal/testjson"
	"github.com/mutprop/mutprop/internal/testorder"
	"github.com/mutprop/mutprop/internal/testwatch"
	"github.com/mutprop/mutprop/mutate"
	"github.com/mutprop/mutprop/outcome"
)

// ShrinkTime bounds rapid's minimization of a failing case in the run
// that RunMutant makes again to show it: rapid's own default
// (-rapid.shrinktime).
const ShrinkTime = 30 * time.Second

// MutantRun is one mutant run against chosen tests as Score runs a mutant
// (RunMutant): what mutprop show --test prints.
type MutantRun struct {
	// Package is the mutant's package, with the chosen tests and their
	// baseline.
	Package *PackageResult
	// Result is the mutant's verdict, in Score's words.
	Result MutantResult
	// Unreached are the chosen tests whose recording run on the original
	// never reached the mutant's code: Score would not run them against
	// it (no-coverage).
	Unreached []string
	// Runs are the processes that ran tests, in order.
	Runs []TestRun
}

// TestRun is one process that ran tests for RunMutant.
type TestRun struct {
	Tests   []string
	Outcome outcome.Outcome
	Reason  string
	// Output is what the tests printed, go test -v's output: the
	// framing lines of -test.v=test2json left out.
	Output string
	// Shrunk marks the run RunMutant makes after a rapid kill: the
	// killing tests again, with rapid's minimization of the failing case
	// on. Score's runs stop at the first failing case.
	Shrunk bool
	// Original is set for a run on the original code: the check of a
	// black-box kill at the mutant's seed.
	Original bool
}

// RunMutant runs the mutant id of the one package cfg.Patterns names
// against the tests cfg.Run selects and cfg.Skip leaves (nil: all of its own tests), as Score
// runs a mutant. It builds the package's test binary over the schemata
// of that mutant alone (or, a mutant the schemata cannot guard, over its
// single-mutant overlay), in a copy of the module. It runs the baseline
// of the chosen tests on the original, together and each alone once,
// which sets their deadlines (a test that fails there is an error). Then
// it runs the mutant through Score's own path: per-test deadlines
// (internal/testwatch), the memory cap and output budget, process groups,
// a black-box mutant at its own seed with its kills checked on the
// original. Every chosen test runs against the mutant, whether or not its
// recording run reached the mutant's code (MutantRun.Unreached says
// which did not).
//
// Only cfg's Dir, Patterns, Seed, Timeouts, Memory, Tags, Mode, Run, Skip,
// Operators, Blackbox, Log and TempDir count; the mutant runs in
// processes of its own (IsolationProcess). When ctx is cancelled,
// RunMutant kills the running processes, removes its temporary directory
// and returns the context's error.
func RunMutant(ctx context.Context, cfg Config, id string) (*MutantRun, error) {
	pkgs, err := mutate.LoadWith(ctx, mutate.LoadConfig{Dir: cfg.Dir, Tags: cfg.Tags}, cfg.Patterns...)
	if err != nil {
		return nil, err
	}
	if len(pkgs) != 1 {
		return nil, fmt.Errorf("run mutant %s: the patterns match %d packages, want one", id, len(pkgs))
	}
	cfg = Config{Dir: cfg.Dir, Patterns: cfg.Patterns, Workers: 1, Seed: cfg.Seed, Timeouts: cfg.Timeouts, Memory: cfg.Memory,
		Mode: cfg.Mode, Tags: cfg.Tags, Run: cfg.Run, Skip: cfg.Skip, Operators: cfg.Operators, Blackbox: cfg.Blackbox, Log: cfg.Log, TempDir: cfg.TempDir,
		NoProbes: true, NoFloor: true, OwnTests: true, oneMutant: true, Isolation: IsolationProcess}
	cfg.Plan = keepOnly{id: id}
	tmp, err := sandbox.MakeRunDir(cfg.TempDir, runKey("one", cfg.Dir))
	if err != nil {
		return nil, fmt.Errorf("run mutant %s: %w", id, err)
	}
	defer removeRunDir(tmp, sandbox.ClaimRunDir(tmp, cfg.logf))
	if cfg.Memory == nil {
		m := cfg.memory()
		cfg.Memory = &m
	}
	rs := &runState{cfg: &cfg, tmp: tmp}
	defer rs.closeWatches()
	run, err := rs.runOne(ctx, pkgs[0], id)
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	return run, err
}

// runOne is RunMutant's pipeline, Score's stages for one mutant.
func (rs *runState) runOne(ctx context.Context, pkg *mutate.Package, id string) (*MutantRun, error) {
	res := &Result{}
	targets, err := rs.enumerate(ctx, []*mutate.Package{pkg}, res)
	if err != nil {
		return nil, err
	}
	t := targets[0]
	if len(t.muts) != 1 {
		return nil, fmt.Errorf("%s has no mutant %s", pkg.Path, id)
	}
	overlays, err := rs.overlays(ctx, targets)
	if err != nil {
		return nil, err
	}
	if _, err := rs.testSessions(ctx, targets, targets, overlays); err != nil {
		return nil, err
	}
	s, m := t.own, t.muts[0]
	run := &MutantRun{Package: t.pr}
	r := MutantResult{Mutant: m, Index: t.index[0]}
	cands := make([]testorder.Test, len(s.tests))
	for i, test := range s.tests {
		t.refs[test] = testRef{s: s, name: test}
		cands[i] = testorder.Test{Name: test, Own: true, Order: i, Speed: s.speed(test)}
		if !s.covers(test, t.pkg, m) {
			run.Unreached = append(run.Unreached, test)
		}
	}
	testorder.Sort(cands)
	for _, c := range cands {
		r.CoveredBy = append(r.CoveredBy, c.Name)
	}

	var mu sync.Mutex
	var kill *shrinkRun // the last run that killed the mutant
	rs.observe = func(s *session, bin *testbin.Binary, spec testbin.RunSpec, v testjson.Verdict, st *testjson.Stream) {
		mu.Lock()
		defer mu.Unlock()
		original := bin == s.bin && spec.Active == 0
		run.Runs = append(run.Runs, TestRun{Tests: spec.Tests, Outcome: v.Outcome, Reason: v.Reason, Output: st.Output,
			Original: original})
		if !original && v.Outcome == outcome.Killed {
			kill = &shrinkRun{bin: bin, spec: spec, tests: v.KilledBy}
		}
	}
	rs.guard(targets, targets)
	r = rs.runMutant(ctx, 0, t, r)
	unguard(targets)
	rs.observe = nil
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	run.Result = r
	if r.Outcome == outcome.Killed && kill != nil && kill.bin.Rapid && kill.spec.NoShrink {
		again, err := s.shrinkAgain(ctx, t, m, *kill)
		if err != nil {
			return nil, err
		}
		run.Runs = append(run.Runs, again)
	}
	return run, nil
}

// shrinkRun is a run that killed the mutant, which shrinkAgain repeats
// with rapid's minimization on: its binary, its spec and the tests that
// failed.
type shrinkRun struct {
	bin   *testbin.Binary
	spec  testbin.RunSpec
	tests []string
}

// shrinkAgain runs the tests that killed mutant m in k again, the same
// way but with rapid's minimization on and no per-test watch: within the
// tests' backstop and ShrinkTime. A binary built alone for m (runMutant
// removes it) is built again.
func (s *session) shrinkAgain(ctx context.Context, t *target, m mutate.Mutant, k shrinkRun) (TestRun, error) {
	bin := k.bin
	if _, err := os.Stat(bin.Path); err != nil {
		dir, err := os.MkdirTemp(s.tmp, "m-")
		if err != nil {
			return TestRun{}, err
		}
		if bin, err = s.buildAlone(ctx, dir, t, m, false); err != nil {
			return TestRun{}, err
		}
	}
	spec := k.spec
	if len(k.tests) > 0 {
		spec.Tests = k.tests
	}
	rules := []testwatch.Rule{s.rule("")}
	for _, test := range spec.Tests {
		rules = append(rules, s.rule(test))
	}
	spec.NoShrink, spec.Watch, spec.Timeout = false, nil, testwatch.Backstop(rules...)+ShrinkTime
	st, res, err := s.runIn(ctx, s.scratch(0), bin, spec)
	if err != nil {
		return TestRun{}, err
	}
	v := testjson.Classify(st, res)
	return TestRun{Tests: spec.Tests, Outcome: v.Outcome, Reason: v.Reason, Output: st.Output, Shrunk: true}, nil
}
