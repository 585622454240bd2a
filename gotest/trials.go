package gotest

import (
	"context"
	"fmt"
	"go/ast"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/mutprop/mutprop/internal/testbin"
	"github.com/mutprop/mutprop/internal/testjson"
	"github.com/mutprop/mutprop/internal/trials"
	"github.com/mutprop/mutprop/mutate"
	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/report"
)

// runTrials runs the trials (Config.Trials, internal/trials) of every
// killed mutant of the targets into their PackageResult.Trials: every
// test that reaches it (covers or killed it) runs Config.Trials times.
// Each mutant's KilledBy then lists every test that killed it in its run
// or in a trial, the first killer first: the kill matrix and the JSON
// report's killedBy read every killer the trials saw. It returns the
// context's error when cancelled.
func (rs *runState) runTrials(ctx context.Context, targets []*target, sessions []*session) error {
	start := time.Now()
	cfg := trials.Config{Trials: rs.cfg.Trials, Seed: rs.cfg.seed(), Budget: rs.cfg.TrialBudget}
	for _, t := range targets {
		mutants, runs, cells := 0, 0, 0
		for i := range t.pr.Mutants {
			r := &t.pr.Mutants[i]
			if r.Outcome != outcome.Killed {
				continue
			}
			h := &trialHost{rs: rs, t: t, sessions: sessions, m: r.Mutant, bins: map[*session]*testbin.Binary{}, tests: map[string]trialTest{}}
			m := trials.Killed{Package: t.pkg.Path, ID: r.Mutant.ID, Function: functionOf(t.pkg, r.Mutant),
				KilledBy: r.KilledBy, Tests: r.CoveredBy}
			got, n, err := trials.Run(ctx, h, m, cfg)
			h.remove()
			if err != nil {
				return err
			}
			t.pr.Trials = append(t.pr.Trials, got...)
			r.KilledBy = allKillers(r.KilledBy, got)
			mutants++
			runs += n
			cells += len(got)
		}
		rs.cfg.logf("%s: trials: %d killed mutants, %d tests that reach them, %d runs of %d trials each, in %v",
			t.pkg.Path, mutants, cells, runs, rs.cfg.Trials, time.Since(start).Round(time.Millisecond))
	}
	return ctx.Err()
}

// allKillers is killedBy followed by the other tests of cells that failed
// in a trial, in name order.
func allKillers(killedBy []string, cells []report.TrialCell) []string {
	out := slices.Clone(killedBy)
	for _, c := range cells {
		if slices.Contains(out, c.Test) {
			continue
		}
		for _, tr := range c.Trials {
			if tr.Outcome == outcome.Killed {
				out = append(out, c.Test)
				break
			}
		}
	}
	slices.Sort(out[min(len(killedBy), len(out)):])
	return out
}

// functionOf names the function under test that m lives in: a named
// variant's target and a black-box mutant's function (Mutant.Original),
// an operator mutant's enclosing function declaration ("F", "T.M",
// "(*T).M"); "" for an operator mutant outside any (a package-level
// variable's initializer).
func functionOf(pkg *mutate.Package, m mutate.Mutant) string {
	if m.Origin != mutate.OriginOperator {
		return m.Original
	}
	if pkg == nil {
		return ""
	}
	for i, f := range pkg.Files {
		if filepath.Base(pkg.Filenames[i]) != m.File {
			continue
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok {
				continue
			}
			from, to := pkg.Fset.Position(fd.Pos()), pkg.Fset.Position(fd.End())
			if before(m.Line, m.Col, from.Line, from.Column) || before(to.Line, to.Column, m.Line, m.Col) {
				continue
			}
			return funcDeclName(fd)
		}
	}
	return ""
}

// before reports whether line:col comes before line2:col2.
func before(line, col, line2, col2 int) bool {
	return line < line2 || line == line2 && col < col2
}

// funcDeclName is "F", "T.M" or "(*T).M".
func funcDeclName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return fd.Name.Name
	}
	recv := fd.Recv.List[0].Type
	star := false
	if s, ok := recv.(*ast.StarExpr); ok {
		recv, star = s.X, true
	}
	switch r := recv.(type) {
	case *ast.IndexExpr:
		recv = r.X
	case *ast.IndexListExpr:
		recv = r.X
	}
	name := "?"
	if id, ok := recv.(*ast.Ident); ok {
		name = id.Name
	}
	if star {
		return "(*" + name + ")." + fd.Name.Name
	}
	return name + "." + fd.Name.Name
}

// resolve finds the test a target's result names, among the sessions when
// the target's refs lack it (a mutant resumed from a journal).
func (t *target) resolve(name string, sessions []*session) (testRef, bool) {
	if ref, ok := t.refs[name]; ok {
		return ref, true
	}
	for _, s := range sessions {
		for _, test := range s.tests {
			if t.name(s, test) == name {
				return testRef{s: s, name: test}, true
			}
		}
	}
	return testRef{}, false
}

// trialTest is one test a mutant's trials run, with the binary that holds
// the mutant.
type trialTest struct {
	ref    testRef
	bin    *testbin.Binary
	active int
}

// trialHost runs a mutant's trials (trials.Host) on the session's own
// schemata binary, or on one built with the mutant alone (overlay mode, a
// mutant left out of the schemata), removed by remove.
type trialHost struct {
	rs       *runState
	t        *target
	sessions []*session
	m        mutate.Mutant
	bins     map[*session]*testbin.Binary
	built    []string
	tests    map[string]trialTest // by the target's name; written by Tests only
}

func (h *trialHost) remove() {
	for _, dir := range h.built {
		os.RemoveAll(dir)
	}
}

// Tests returns the trial tests of names; a test that is not among the
// run's tests, or whose binary does not build, is left out (and logged).
func (h *trialHost) Tests(ctx context.Context, names []string) ([]trials.Test, error) {
	var out []trials.Test
	for _, name := range names {
		tt, ok, err := h.test(ctx, name)
		if err != nil {
			return nil, err
		}
		if ok {
			h.tests[name] = tt
			out = append(out, trials.Test{Name: name, Local: tt.ref.name, Bin: tt.bin})
		}
	}
	return out, nil
}

func (h *trialHost) test(ctx context.Context, name string) (trialTest, bool, error) {
	rs, t, m := h.rs, h.t, h.m
	ref, ok := t.resolve(name, h.sessions)
	if !ok {
		rs.cfg.logf("%s: trials of %s: test %s is not among this run's tests: left out", t.pkg.Path, m.ID, name)
		return trialTest{}, false, nil
	}
	if !rs.cfg.mode().overlay() && m.Schema != 0 {
		return trialTest{ref: ref, bin: ref.s.bin, active: m.Schema}, true, nil
	}
	bin := h.bins[ref.s]
	if bin == nil {
		dir, err := os.MkdirTemp(rs.tmp, "trial-")
		if err != nil {
			return trialTest{}, false, fmt.Errorf("trials of %s: %w", m.ID, err)
		}
		h.built = append(h.built, dir)
		if bin, err = ref.s.buildAlone(ctx, dir, t, m, true); err != nil {
			if ctx.Err() != nil {
				return trialTest{}, false, ctx.Err()
			}
			rs.cfg.logf("%s: trials of %s: build: %s: left out", t.pkg.Path, m.ID, firstLine(err.Error()))
			return trialTest{}, false, nil
		}
		h.bins[ref.s] = bin
	}
	return trialTest{ref: ref, bin: bin}, true, nil
}

// ForEach runs the jobs on the run's workers.
func (h *trialHost) ForEach(ctx context.Context, n int, fn func(w, i int) error) error {
	return h.rs.forEach(ctx, n, fn)
}

// Run runs one test alone against the mutant as a trial, under the
// package directory's guard, with the deadline rules of a mutant's run
// (watchedRun). It returns the verdict, what the test's output says of
// the cases it ran (testjson.Cases), and its time: test2json's for a test
// that ended, the run's wall time for one that did not. A run that cannot
// start counts as crashed.
func (h *trialHost) Run(ctx context.Context, w int, test trials.Test, spec trials.Spec) trials.Result {
	tt := h.tests[test.Name]
	s := tt.ref.s
	var res trials.Result
	run := func() (testjson.Verdict, error) {
		start := time.Now()
		v, st, err := s.watchedRun(ctx, s.scratch(w), tt.bin, testbin.RunSpec{Tests: []string{tt.ref.name}, Active: tt.active,
			Seed: spec.Seed, Trial: true, Budget: spec.Budget, Trace: spec.Trace})
		res.Elapsed = time.Since(start)
		if err != nil {
			return testjson.Verdict{}, err
		}
		if ev := st.Tests[tt.ref.name]; ev != nil {
			res.Count, res.Counted = testjson.Cases(ev.Output + st.SubtestOutput(tt.ref.name))
			// A run cut where the test went on after a failed subtest
			// (testjson.Stream.Cut) has no end line: its wall time stands.
			if (ev.Status == testjson.StatusPass || ev.Status == testjson.StatusFail) && st.Cut != tt.ref.name {
				res.Elapsed = ev.Elapsed
			}
		}
		return v, nil
	}
	v, err := guarded(ctx, h.t.guard, h.m.ID, run)
	if err != nil {
		return trials.Result{Verdict: testjson.Verdict{Outcome: outcome.Crashed, Reason: err.Error()}}
	}
	res.Verdict = v
	return res
}
