package gotest

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/proc"
	"github.com/mutprop/mutprop/runner"
	"github.com/mutprop/mutprop/stats"
)

// mutproptestPath is the import path of the package that registers suites
// in a package's tests.
const mutproptestPath = "github.com/mutprop/mutprop/mutproptest"

// SuiteResult is what a suite registered in the package's tests measured:
// its black-box mutants and the package's white-box mutants, against each
// of its properties and generators, in the package's own test binary.
type SuiteResult struct {
	Package string `json:"package"` // import path
	Name    string `json:"name"`
	// Test registers the suite; "" for TestMain (mutproptest.Main).
	Test     string          `json:"test,omitempty"`
	Seed     uint64          `json:"seed"`
	Protocol runner.Protocol `json:"protocol"`
	// Properties summarize each (property, generator), in suite order.
	Properties []SuiteProperty `json:"properties"`
	// Mutants are the mutants measured (not the original), suite mutants
	// first, then white-box mutants in package order.
	Mutants []SuiteMutant `json:"mutants"`
	// Cells are the measurements, in suite order (the original's first).
	Cells []runner.Cell `json:"cells"`
	// NotCovered counts the white-box mutants left out because the test
	// that registers the suite does not execute their code; NotInSchemata
	// those without a schemata switch (every one in overlay mode).
	NotCovered    int `json:"not_covered,omitempty"`
	NotInSchemata int `json:"not_in_schemata,omitempty"`
	// CellTimeout is the deadline of one deciding cell (a worker that
	// passes it is killed and the cell is a timeout).
	CellTimeout time.Duration `json:"cell_timeout_ns"`
	Duration    time.Duration `json:"duration_ns"`
	// Err says why the suite could not be measured, or not completely.
	Err string `json:"error,omitempty"`
}

// SuiteKills is what one (property, generator) did to the mutants of one
// origin (black-box, or white-box: operator and named).
type SuiteKills struct {
	Total int `json:"total"` // mutants measured
	// Detected = Killed + Crashed + Timeout: a test failed, the property
	// or the subject panicked or the worker died, the worker hung.
	Detected int `json:"detected"`
	Killed   int `json:"killed"`
	Crashed  int `json:"crashed"`
	Timeout  int `json:"timeout"`
	// MeanTestsToFailure is the mean, over the killed mutants, of each
	// mutant's mean tests-to-failure (non-discarded tests up to and
	// including the failing one); 0 when none was killed.
	MeanTestsToFailure float64 `json:"mean_tests_to_failure,omitempty"`
	means              []float64
}

// pct is the detected mutants in percent (0 with no mutants).
func (k SuiteKills) pct() float64 {
	if k.Total == 0 {
		return 0
	}
	return 100 * float64(k.Detected) / float64(k.Total)
}

// SuiteProperty is one (property, generator) of a suite.
type SuiteProperty struct {
	Property  string `json:"property"`
	Generator string `json:"generator"`
	// Original is the status on the original code: survived, or the
	// property fails there and its mutants were not run.
	Original outcome.Outcome `json:"original"`
	BlackBox SuiteKills      `json:"blackbox"`
	WhiteBox SuiteKills      `json:"whitebox"`
}

// SuiteMutant is one mutant of a suite and what the suite did to it.
type SuiteMutant struct {
	ID          string `json:"id"`
	Origin      string `json:"origin"`
	Description string `json:"description,omitempty"`
	// Status is the strongest of its cells: killed, crashed, timeout,
	// gave-up, survived (or error).
	Status outcome.Outcome `json:"status"`
	// KilledBy lists the properties ("property" or "property/generator")
	// whose tests failed on it.
	KilledBy []string `json:"killedBy,omitempty"`
}

// label is how reports name the suite: "name (Test)".
func (r *SuiteResult) label() string {
	if r.Test == "" {
		return r.Name + " (TestMain)"
	}
	return r.Name + " (" + r.Test + ")"
}

// runSuites finds the suites the package's tests register (mutproptest),
// and measures each in worker processes of the package's test binary. It
// runs after the white-box mutants: the per-test coverage of the baseline
// decides which white-box mutants a suite's test can reach. Problems are
// reported in the results, never fatal to the package's score.
func (s *session) runSuites(ctx context.Context, pr *PackageResult) []SuiteResult {
	tests, hasMain, err := suiteTests(s.pkg.Dir)
	if err != nil {
		return []SuiteResult{{Package: s.pkg.Path, Name: "?", Err: err.Error()}}
	}
	tests = slices.DeleteFunc(tests, func(t string) bool { return !slices.Contains(s.tests, t) })
	if len(tests) == 0 && !hasMain {
		return nil
	}
	infos, err := s.describeSuites(ctx, tests)
	if err != nil {
		return []SuiteResult{{Package: s.pkg.Path, Name: "?", Err: err.Error()}}
	}
	var out []SuiteResult
	for _, info := range infos {
		if ctx.Err() != nil {
			break
		}
		start := time.Now()
		s.cfg.logf("%s: suite %s: measuring in worker processes of the test binary", s.pkg.Path, (&SuiteResult{Name: info.Name, Test: info.Test}).label())
		r := s.runSuite(ctx, pr, info)
		r.Duration = time.Since(start)
		s.cfg.logf("%s: suite %s: %d mutants x %d properties x %d generators in %v%s", s.pkg.Path, r.label(),
			len(r.Mutants), len(info.Properties), len(info.Generators), r.Duration.Round(time.Millisecond), errNote(r.Err))
		out = append(out, r)
	}
	return out
}

func errNote(e string) string {
	if e == "" {
		return ""
	}
	return " (" + firstLine(e) + ")"
}

// suiteTests reads the package's test files (those the default build
// context selects) and returns the top-level tests that may register a
// suite: the Test functions that refer to package mutproptest, directly
// or through functions of the same test package that do; and whether
// TestMain does.
func suiteTests(dir string) (tests []string, hasMain bool, err error) {
	bp, err := build.ImportDir(dir, build.ImportComment)
	if err != nil {
		var noGo *build.NoGoError
		if errors.As(err, &noGo) {
			return nil, false, nil
		}
		return nil, false, fmt.Errorf("find suites in %s: %w", dir, err)
	}
	type fn struct {
		decl *ast.FuncDecl
		pkg  string
	}
	var fns []fn
	marked := map[string]bool{} // "pkg.func" refers to mutproptest
	fset := token.NewFileSet()
	for _, name := range append(append([]string(nil), bp.TestGoFiles...), bp.XTestGoFiles...) {
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, false, fmt.Errorf("find suites in %s: %w", dir, err)
		}
		local := ""
		for _, imp := range f.Imports {
			if p, _ := strconv.Unquote(imp.Path.Value); p == mutproptestPath {
				local = "mutproptest"
				if imp.Name != nil {
					local = imp.Name.Name
				}
			}
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv != nil || fd.Body == nil {
				continue
			}
			fns = append(fns, fn{fd, f.Name.Name})
			if local != "" && local != "_" && refersTo(fd.Body, func(x *ast.Ident) bool { return x.Name == local }, true) {
				marked[f.Name.Name+"."+fd.Name.Name] = true
			}
		}
	}
	// Functions that call a marked function of their package are marked.
	for changed := true; changed; {
		changed = false
		for _, f := range fns {
			key := f.pkg + "." + f.decl.Name.Name
			if marked[key] {
				continue
			}
			if refersTo(f.decl.Body, func(x *ast.Ident) bool { return marked[f.pkg+"."+x.Name] }, false) {
				marked[key], changed = true, true
			}
		}
	}
	for _, f := range fns {
		name := f.decl.Name.Name
		if !marked[f.pkg+"."+name] {
			continue
		}
		switch {
		case name == "TestMain":
			hasMain = true
		case isTestName(name):
			tests = append(tests, name)
		}
	}
	sort.Strings(tests)
	return tests, hasMain, nil
}

// refersTo reports whether body has an identifier that match accepts: as
// the package of a selector (pkgOnly) or anywhere.
func refersTo(body ast.Node, match func(*ast.Ident) bool, pkgOnly bool) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found {
			return false
		}
		if pkgOnly {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if x, ok := sel.X.(*ast.Ident); ok && match(x) {
					found = true
				}
			}
			return true
		}
		if x, ok := n.(*ast.Ident); ok && match(x) {
			found = true
		}
		return true
	})
	return found
}

// isTestName reports whether name is a test function's name: Test, then
// nothing or a character that is not a lower-case letter.
func isTestName(name string) bool {
	rest, ok := strings.CutPrefix(name, "Test")
	return ok && (rest == "" || !(rest[0] >= 'a' && rest[0] <= 'z'))
}

// describeSuites runs the tests (and TestMain) in describe mode and reads
// the suites they register.
func (s *session) describeSuites(ctx context.Context, tests []string) ([]runner.SuiteInfo, error) {
	sc := s.scratch(0)
	if err := sc.reset(); err != nil {
		return nil, err
	}
	path := filepath.Join(s.work, "suites.jsonl")
	pattern := "^$"
	if len(tests) > 0 {
		pattern = runPattern(tests)
	}
	args := []string{"-test.run", pattern, "-test.count=1"}
	if s.bin.Rapid {
		args = append(args, "-rapid.nofailfile")
	}
	env := append(baseEnv(), runner.SuiteDescribeEnv+"="+path)
	res, err := proc.Run(ctx, proc.Spec{Path: s.bin.Path, Args: args, Dir: sc.workDir(), Env: append(env, "TMPDIR="+sc.tempDir()), Timeout: s.timeout(tests), Memory: s.cfg.memory()})
	if err != nil {
		return nil, fmt.Errorf("describe suites of %s: %w", s.pkg.Path, err)
	}
	if res.Canceled {
		return nil, ctx.Err()
	}
	if res.TimedOut || res.ExitCode != 0 {
		return nil, fmt.Errorf("describe suites of %s: exit %d (timed out: %v): %s", s.pkg.Path, res.ExitCode, res.TimedOut, strings.TrimSpace(string(res.Output)))
	}
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil // the tests registered nothing
	}
	if err != nil {
		return nil, fmt.Errorf("describe suites of %s: %w", s.pkg.Path, err)
	}
	defer f.Close()
	var infos []runner.SuiteInfo
	seen := map[string]bool{}
	rd := bufio.NewScanner(f)
	rd.Buffer(make([]byte, 1<<20), 1<<26)
	for rd.Scan() {
		var in runner.SuiteInfo
		if err := json.Unmarshal(rd.Bytes(), &in); err != nil {
			return nil, fmt.Errorf("describe suites of %s: %w", s.pkg.Path, err)
		}
		if seen[in.Name] {
			return nil, fmt.Errorf("describe suites of %s: two suites are named %q", s.pkg.Path, in.Name)
		}
		seen[in.Name] = true
		infos = append(infos, in)
	}
	if err := rd.Err(); err != nil {
		return nil, fmt.Errorf("describe suites of %s: %w", s.pkg.Path, err)
	}
	return infos, nil
}

// runSuite measures one suite. The original's cells run first, alone, to
// time them and to leave out the properties that fail on the original.
// With the mttf protocol, every mutant's cell is then decided by its
// first trial under a deadline of Timeouts.For(the slowest original
// cell), and only the killed cells run their remaining trials, under a
// deadline scaled by their larger budget: the cells are exactly those of
// one mttf run (same seeds), but a mutant that hangs costs one short
// deadline per cell.
func (s *session) runSuite(ctx context.Context, pr *PackageResult, info runner.SuiteInfo) SuiteResult {
	proto := runner.HostedProtocol(info.Protocol)
	r := SuiteResult{Package: s.pkg.Path, Name: info.Name, Test: info.Test, Seed: s.cfg.seed(), Protocol: proto}
	muts := []runner.Mutant{{}}
	for _, m := range info.Mutants {
		if m.ID == "" {
			continue
		}
		m.Schema = 0 // a suite's own mutants are not in the schemata
		if m.Origin == "" {
			m.Origin = "blackbox"
		}
		muts = append(muts, m)
	}
	for _, mr := range pr.Mutants {
		m := mr.Mutant
		switch {
		case m.Schema == 0 || s.cfg.Mode == ModeOverlay:
			r.NotInSchemata++
		case info.Test != "" && !s.covers(info.Test, s.pkg, m): // TestMain's suite: coverage unknown
			r.NotCovered++
		default:
			muts = append(muts, runner.Mutant{ID: m.ID, Origin: m.Origin, Description: m.Description, Schema: m.Schema})
		}
	}
	suite := &runner.Suite{
		Name: info.Name, Mutants: muts, Properties: info.Properties, Generators: info.Generators,
		Test: func(runner.Mutant, string, string) (runner.Test, error) {
			return nil, errors.New("the cells of a registered suite run in its test binary")
		},
	}
	if err := suite.Validate(); err != nil {
		r.Err = err.Error()
		return r
	}
	decide := proto
	if proto.Kind == "mttf" {
		decide = runner.Protocol{Kind: "trials", Trials: 1, DecideBudget: proto.DecideBudget,
			MaxDiscardRatio: proto.MaxDiscardRatio, CommonSeeds: proto.CommonSeeds}
	}
	var starts atomic.Int64
	run := func(p runner.Protocol, workers int, timeout time.Duration, sel func(runner.Mutant, string, string) bool, progress func(runner.Progress)) (*runner.Result, error) {
		return runner.Run(ctx, suite, &runner.Options{Seed: r.Seed, Protocol: &p, Workers: workers,
			Pool: s.suitePool(info, &starts, timeout), Select: sel, Progress: progress})
	}

	// The original, one cell at a time, timed.
	var slowest, last time.Duration
	var mu sync.Mutex
	orig, err := run(decide, 1, 10*time.Minute, func(m runner.Mutant, _, _ string) bool { return m.ID == "" }, func(p runner.Progress) {
		mu.Lock()
		defer mu.Unlock()
		slowest = max(slowest, p.Elapsed-last)
		last = p.Elapsed
	})
	if err != nil {
		r.Err = fmt.Sprintf("original: %v", err)
		return r
	}
	cells := map[string]runner.Cell{}
	ok := map[string]bool{} // property/generator pairs that hold on the original
	for _, c := range orig.Cells {
		cells[c.Key()] = c
		ok[c.Property+"\x1f"+c.Generator] = cellStatus(c) == outcome.Survived
	}
	r.CellTimeout = s.cfg.Timeouts.For(slowest)
	decided, err := run(decide, s.cfg.workers(), r.CellTimeout, func(m runner.Mutant, p, g string) bool {
		return m.ID != "" && ok[p+"\x1f"+g]
	}, nil)
	if decided != nil {
		for _, c := range decided.Cells {
			cells[c.Key()] = c
		}
	}
	if err == nil && proto.Kind == "mttf" {
		killed := map[string]bool{}
		for _, c := range decided.Cells {
			if c.Outcomes[outcome.Killed] > 0 {
				killed[c.Key()] = true
			}
		}
		scale := 1 + float64(proto.Trials)*float64(proto.FailBudget)/float64(proto.DecideBudget)
		var full *runner.Result
		full, err = run(proto, s.cfg.workers(), s.cfg.Timeouts.For(time.Duration(scale*float64(slowest))), func(m runner.Mutant, p, g string) bool {
			return killed[(&runner.Cell{Mutant: m.ID, Property: p, Generator: g}).Key()]
		}, nil)
		if full != nil {
			for _, c := range full.Cells {
				cells[c.Key()] = c
			}
		}
	}
	if err != nil {
		r.Err = err.Error()
	}
	s.summarizeSuite(&r, suite, cells)
	return r
}

// suitePool is a pool whose workers are the package's test binary serving
// the suite: each in a fresh scratch directory, under the run's memory cap
// (GOMEMLIMIT, and proc's resident-memory watchdog).
func (s *session) suitePool(info runner.SuiteInfo, starts *atomic.Int64, timeout time.Duration) *runner.Pool {
	pattern := "^$" // TestMain serves before running any test
	if info.Test != "" {
		pattern = runPattern([]string{info.Test})
	}
	return &runner.Pool{CellTimeout: timeout, Command: func() (proc.Spec, error) {
		sc := &scratch{tmpl: s.tmpl, dir: filepath.Join(s.work, fmt.Sprintf("suite-w%d", starts.Add(1)))}
		if err := sc.reset(); err != nil {
			return proc.Spec{}, err
		}
		args := []string{"-test.run", pattern, "-test.count=1"}
		if s.bin.Rapid {
			args = append(args, "-rapid.nofailfile")
		}
		return proc.Spec{Path: s.bin.Path, Args: args, Dir: sc.workDir(), Memory: s.cfg.memory(),
			Env: append(baseEnv(), runner.SuiteWorkerEnv+"="+info.Name, "TMPDIR="+sc.tempDir())}, nil
	}}
}

// cellStatus is a cell's status: killed if a trial's test failed, else
// crashed, timeout, gave-up, survived; error if it could not run.
func cellStatus(c runner.Cell) outcome.Outcome {
	switch {
	case c.Error != "":
		return outcome.Error
	case c.Score != nil:
		if c.Score.Failed > 0 {
			return outcome.Killed
		}
		if c.Score.Crashed > 0 {
			return outcome.Crashed
		}
		if c.Score.GaveUp {
			return outcome.GaveUp
		}
		return outcome.Survived
	case c.Outcomes[outcome.Killed] > 0:
		return outcome.Killed
	case c.Outcomes[outcome.Crashed] > 0:
		return outcome.Crashed
	case c.Outcomes[outcome.Timeout] > 0:
		return outcome.Timeout
	case c.Outcomes[outcome.GaveUp] > 0:
		return outcome.GaveUp
	}
	return outcome.Survived
}

var statusRank = map[outcome.Outcome]int{outcome.Error: -1, outcome.Survived: 0, outcome.GaveUp: 1, outcome.Timeout: 2, outcome.Crashed: 3, outcome.Killed: 4}

// summarizeSuite fills the cells, mutants and properties of r.
func (s *session) summarizeSuite(r *SuiteResult, suite *runner.Suite, cells map[string]runner.Cell) {
	label := func(p, g string) string {
		if len(suite.Generators) > 1 {
			return p + "/" + g
		}
		return p
	}
	key := func(m, p, g string) string { return (&runner.Cell{Mutant: m, Property: p, Generator: g}).Key() }
	var props []*SuiteProperty
	byKey := map[string]*SuiteProperty{}
	for _, p := range suite.Properties {
		for _, g := range suite.Generators {
			sp := &SuiteProperty{Property: p, Generator: g}
			if c, ok := cells[key("", p, g)]; ok {
				sp.Original = cellStatus(c)
			}
			props = append(props, sp)
			byKey[key("", p, g)] = sp
		}
	}
	for _, m := range suite.Mutants {
		for _, p := range suite.Properties {
			for _, g := range suite.Generators {
				if c, ok := cells[key(m.ID, p, g)]; ok {
					r.Cells = append(r.Cells, c)
				}
			}
		}
	}
	for _, m := range suite.Mutants[1:] {
		sm := SuiteMutant{ID: m.ID, Origin: m.Origin, Description: m.Description}
		for _, p := range suite.Properties {
			for _, g := range suite.Generators {
				sp := byKey[key("", p, g)]
				c, ok := cells[key(m.ID, p, g)]
				if !ok || sp.Original != outcome.Survived {
					continue
				}
				st := cellStatus(c)
				if sm.Status == "" || statusRank[st] > statusRank[sm.Status] {
					sm.Status = st
				}
				k := &sp.WhiteBox
				if m.Schema == 0 {
					k = &sp.BlackBox
				}
				k.Total++
				switch st {
				case outcome.Killed:
					k.Detected++
					k.Killed++
					sm.KilledBy = append(sm.KilledBy, label(p, g))
					if len(c.Counts) > 0 {
						k.means = append(k.means, stats.SummarizeInts(c.Counts).Mean)
					}
				case outcome.Crashed:
					k.Detected++
					k.Crashed++
				case outcome.Timeout:
					k.Detected++
					k.Timeout++
				}
			}
		}
		if sm.Status != "" {
			r.Mutants = append(r.Mutants, sm)
		}
	}
	for _, sp := range props {
		for _, k := range []*SuiteKills{&sp.BlackBox, &sp.WhiteBox} {
			if len(k.means) > 0 {
				sum := 0.0
				for _, x := range k.means {
					sum += x
				}
				k.MeanTestsToFailure = sum / float64(len(k.means))
			}
			k.means = nil
		}
		r.Properties = append(r.Properties, *sp)
	}
}
