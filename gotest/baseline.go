package gotest

import (
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/proc"
)

// plainRuns is how many times setAside runs the tests on a plain go test
// -c build: twice, to tell a flaky test from a failing one.
const plainRuns = 2

// baselineTimeout bounds one baseline run of all the tests.
const baselineTimeout = 10 * time.Minute

// failures are the tests that failed in baseline runs, in the binary's
// order, with one reason per failing run.
type failures struct {
	tests   []string
	reasons []string
}

func (f *failures) add(tests []string, reason string) {
	for _, t := range tests {
		if !slices.Contains(f.tests, t) {
			f.tests = append(f.tests, t)
		}
	}
	f.reasons = append(f.reasons, reason)
}

// runBaseline measures the tests on the build that is measured, before
// any mutant: all of them together, once, on the original path, as go
// test runs them (their durations are the floor's), then each alone with
// the build's recording on (measureAlone: the test's coverage, the
// mutants it infects, and its duration through the guarded copies, which
// bounds a mutant's run). Each test so passes twice on mutprop's build.
// When some fail, setAside checks them on a plain go test -c build:
// failing (or flaky) there refuses the package, naming them; passing sets
// them aside by name, with the reason, and the package is scored with the
// rest (or refused, with StrictBaseline). Each remaining test's baseline
// is the slower of its two runs.
func (s *session) runBaseline(ctx context.Context, coverPkgs []string) error {
	s.baseline, s.original = map[string]time.Duration{}, map[string]time.Duration{}
	start := time.Now()
	together, err := s.runTogether(ctx)
	if err != nil {
		return err
	}
	s.baselineTime = time.Since(start)
	start = time.Now()
	alone, err := s.measureAlone(ctx, coverPkgs)
	if err != nil {
		return err
	}
	s.coverTime = time.Since(start)
	if len(together.tests) == 0 && len(alone.tests) == 0 {
		return nil
	}
	if err := s.setAside(ctx, together, alone); err != nil {
		return err
	}
	if len(s.tests) == 0 {
		return fmt.Errorf("baseline of %s: every test was set aside (%s): nothing to score", s.pkg.Path, setAsideNames(s.aside))
	}
	// Without the tests set aside, the others must still pass together.
	again, err := s.runTogether(ctx)
	if err != nil {
		return err
	}
	if len(again.tests) > 0 {
		// A test that depends on another's side effects, or a flaky package.
		return fmt.Errorf("baseline of %s fails without any mutant, after setting aside %s: refusing to score it; failing tests: %s (%s)",
			s.pkg.Path, setAsideNames(s.aside), strings.Join(again.tests, ", "), strings.Join(again.reasons, "; "))
	}
	return nil
}

// runTogether runs the session's tests in one process with no active
// mutant, as go test runs them, and records each one's duration (the
// floor's, and a lower bound of its baseline) and the process's own
// overhead. It returns the tests that failed.
func (s *session) runTogether(ctx context.Context) (failures, error) {
	sc := s.scratch(0)
	if err := sc.reset(); err != nil {
		return failures{}, err
	}
	st, res, err := s.bin.runTests(ctx, runSpec{Tests: s.tests, Dir: sc.workDir(), TempDir: sc.tempDir(), Seed: s.cfg.seed(),
		Memory: s.cfg.memory(), Timeout: baselineTimeout})
	if err != nil {
		return failures{}, err
	}
	if res.Canceled {
		return failures{}, ctx.Err()
	}
	var sum time.Duration
	elapsed := st.elapsed()
	for _, t := range s.tests {
		if st.Tests[t] == nil {
			continue
		}
		sum += elapsed[t]
		s.original[t] = elapsed[t]
		s.baseline[t] = max(s.baseline[t], elapsed[t])
	}
	s.overhead = max(res.Duration-sum, 0)
	var f failures
	if v := classify(st, res); v.Outcome != outcome.Survived {
		names := culprits(st, v)
		f.add(names, fmt.Sprintf("with the other tests: %s: %s: %s", v.Outcome, strings.Join(names, ", "), v.Reason))
	}
	return f, nil
}

// aloneRun is what one test's run alone on the measured build told.
type aloneRun struct {
	elapsed time.Duration
	use     usage
	failed  string // the reason it failed; "" if it passed
	// known: the run passed and its recording (probe file or coverage
	// profile) was read.
	known             bool
	reached, infected map[int]bool
	blocks            map[string][]span
}

// measureAlone runs each test alone, on the workers, with the measured
// build's recording on: in schemata mode the binary records the guarded
// sites each test reaches and the mutants it infects
// (mutate.SchemataOptions.Coverage, Probes); in overlay mode a coverage
// build writes the blocks it executes in coverPkgs. It records the
// per-test coverage, and each test's duration into its baseline. A run
// that does not end in time tells nothing (the test then covers and
// infects everything); a run that fails is returned as a failure.
func (s *session) measureAlone(ctx context.Context, coverPkgs []string) (failures, error) {
	runs := make([]aloneRun, len(s.tests))
	err := s.forEach(ctx, len(s.tests), func(w, i int) error {
		var err error
		runs[i], err = s.runAlone(ctx, s.scratch(w), s.tests[i], i, coverPkgs)
		return err
	})
	if ctx.Err() != nil {
		return failures{}, ctx.Err()
	}
	if err != nil {
		return failures{}, err
	}
	if s.recorded {
		s.reached, s.infected = map[string]map[int]bool{}, map[string]map[int]bool{}
	} else {
		s.cover = map[string]map[string][]span{}
	}
	s.usage = map[string]usage{}
	var f failures
	for i, t := range s.tests {
		r := runs[i]
		s.baseline[t] = max(s.baseline[t], r.elapsed)
		if r.failed == "" && r.known {
			s.usage[t] = r.use
		}
		switch {
		case r.failed != "":
			f.add([]string{t}, "alone: "+t+": "+r.failed)
		case !r.known:
			// no entry: covers and infects everything
		case s.recorded:
			s.reached[t], s.infected[t] = r.reached, r.infected
		default:
			s.cover[t] = r.blocks
		}
	}
	return f, nil
}

// runAlone runs test alone with the build's recording on (see
// measureAlone); i numbers its recording file.
func (s *session) runAlone(ctx context.Context, sc *scratch, test string, i int, coverPkgs []string) (aloneRun, error) {
	if err := sc.reset(); err != nil {
		return aloneRun{}, err
	}
	bin := s.bin
	spec := runSpec{Tests: []string{test}, Dir: sc.workDir(), TempDir: sc.tempDir(), Seed: s.cfg.seed(), Memory: s.cfg.memory(),
		Timeout: s.measureTimeout(test)}
	file := filepath.Join(s.work, fmt.Sprintf("record-%d.out", i))
	if s.recorded {
		spec.Probe = file
	} else {
		bin = &testBinary{Path: s.coverPath, Rapid: s.bin.Rapid}
		spec.CoverProfile = file
	}
	st, res, err := bin.runTests(ctx, spec)
	if err != nil {
		return aloneRun{}, err
	}
	if res.Canceled {
		return aloneRun{}, ctx.Err()
	}
	r := aloneRun{elapsed: st.elapsed()[test], use: usage{cpu: res.CPU, rss: res.PeakRSS, faults: res.PageFaults, written: res.Written}}
	v := classify(st, res)
	switch {
	case v.Outcome == outcome.Timeout:
		s.cfg.logf("%s: %s did not end alone within %v with coverage recording on: it counts as covering and infecting every mutant",
			s.pkg.Path, test, spec.Timeout.Round(time.Millisecond))
		return r, nil
	case v.Outcome != outcome.Survived:
		r.failed = fmt.Sprintf("%s: %s", v.Outcome, v.Reason)
		return r, nil
	}
	if s.recorded {
		b, err := os.ReadFile(file)
		if err == nil {
			r.reached, r.infected, err = parseProbeFile(b)
		}
		if err != nil {
			s.cfg.logf("%s: the coverage of %s is unknown (%v): it counts as covering and infecting every mutant", s.pkg.Path, test, err)
			return r, nil
		}
	} else {
		blocks, err := parseProfile(file, coverPkgs)
		if err != nil {
			s.cfg.logf("%s: coverage of %s unknown (%v): it will run against every mutant", s.pkg.Path, test, err)
			return r, nil
		}
		r.blocks = blocks
	}
	r.known = true
	return r, nil
}

// outsideTests names a failure no test was running in: TestMain, an init
// function, or the binary's exit after the tests.
const outsideTests = "(outside any test: TestMain, init or exit)"

// culprits returns the top-level tests a failed run blames: the failed
// ones, else the one running when the binary died or was stopped, else
// outsideTests.
func culprits(st *stream, v Verdict) []string {
	if len(v.KilledBy) > 0 && !slices.Equal(v.KilledBy, []string{"TestMain"}) {
		return v.KilledBy
	}
	for _, name := range st.Order {
		if t := st.Tests[name]; topLevel(name) && t.Status == statusRunning {
			return []string{name}
		}
	}
	return []string{outsideTests}
}

// setAside checks the tests that failed on mutprop's build (together
// with the others, or alone) on a plain go test -c build. All the tests
// run there together, as go test runs them, twice: a test that fails
// there is the package's own failure (go test fails, or is flaky) and
// refuses the package. The others are set aside with their reason; a
// test that failed only alone runs alone on the plain build too, which
// tells a test that depends on the tests before it from one that fails
// only on mutprop's build.
func (s *session) setAside(ctx context.Context, together, alone failures) error {
	plain, err := s.plainBinary(ctx)
	if err != nil {
		return err
	}
	sc := s.scratch(0)
	run := func(tests []string) (*stream, Verdict, error) {
		if err := sc.reset(); err != nil {
			return nil, Verdict{}, err
		}
		st, res, err := plain.runTests(ctx, runSpec{Tests: tests, Dir: sc.workDir(), TempDir: sc.tempDir(), Seed: s.cfg.seed(),
			Memory: s.cfg.memory(), Timeout: baselineTimeout})
		if err != nil {
			return nil, Verdict{}, err
		}
		if res.Canceled {
			return nil, Verdict{}, ctx.Err()
		}
		return st, classify(st, res), nil
	}
	plainFailed := map[string]int{}
	var plainReasons []string
	for range plainRuns {
		st, v, err := run(s.tests)
		if err != nil {
			return err
		}
		if v.Outcome != outcome.Survived {
			names := culprits(st, v)
			for _, t := range names {
				plainFailed[t]++
			}
			plainReasons = append(plainReasons, fmt.Sprintf("%s: %s %s", v.Outcome, strings.Join(names, ", "), v.Reason))
		}
	}
	measured := map[string]int{}
	for _, t := range together.tests {
		measured[t]++
	}
	for _, t := range alone.tests {
		measured[t]++
	}
	if len(plainFailed) > 0 {
		names := make([]string, 0, len(plainFailed))
		for _, t := range slices.Sorted(maps.Keys(plainFailed)) {
			if n, runs := plainFailed[t]+measured[t], plainRuns+2; n < runs {
				t = fmt.Sprintf("%s (is flaky: failed %d of %d runs, plain and instrumented)", t, n, runs)
			}
			names = append(names, t)
		}
		return fmt.Errorf("baseline of %s fails without any mutant (go test fails too): refusing to score it; failing tests: %s (%s)",
			s.pkg.Path, strings.Join(names, ", "), strings.Join(plainReasons, "; "))
	}
	reasons := strings.Join(append(slices.Clone(together.reasons), alone.reasons...), "; ")
	if slices.Contains(together.tests, outsideTests) {
		return fmt.Errorf("baseline of %s: the instrumented test binary fails outside any test (TestMain, init or exit) and the plain build passes: refusing to score it (%s)",
			s.pkg.Path, reasons)
	}
	var aside []SetAside
	for _, t := range s.tests {
		inTogether, inAlone := slices.Contains(together.tests, t), slices.Contains(alone.tests, t)
		var why string
		switch {
		case inTogether && inAlone:
			why = "fails on mutprop's instrumented build (schemata, probes, linked without DWARF) but passes under go test"
		case inTogether:
			why = "flaky: failed 1 of 2 runs on mutprop's build (with the other tests; it passed alone), and passes under go test"
		case inAlone:
			_, v, err := run([]string{t})
			if err != nil {
				return err
			}
			if v.Outcome != outcome.Survived {
				why = "fails when run alone, under go test -run too (it depends on tests that run before it), and mutprop runs a mutant's tests alone"
			} else {
				why = "fails alone on mutprop's instrumented build (schemata, probes, coverage) but passes alone under go test (or is flaky)"
			}
		default:
			continue
		}
		aside = append(aside, SetAside{Test: t, Reason: why + " (" + reasons + ")"})
	}
	if s.cfg.StrictBaseline {
		parts := make([]string, len(aside))
		for i, a := range aside {
			parts[i] = a.Test + ": " + a.Reason
		}
		return fmt.Errorf("baseline of %s: %s; refusing with --strict-baseline (without it these tests are set aside and the package is scored with the others)",
			s.pkg.Path, strings.Join(parts, "; "))
	}
	s.aside = append(s.aside, aside...)
	s.tests = slices.DeleteFunc(s.tests, func(t string) bool {
		return slices.ContainsFunc(aside, func(a SetAside) bool { return a.Test == t })
	})
	return nil
}

func setAsideNames(a []SetAside) string {
	names := make([]string, len(a))
	for i, x := range a {
		names[i] = x.Test
	}
	return strings.Join(names, ", ")
}

// plainBinary builds the package's test binary from its unchanged
// sources, as go test does, once.
func (s *session) plainBinary(ctx context.Context) (*testBinary, error) {
	out := filepath.Join(s.work, "pkg.plain.test")
	if err := buildTestBinary(ctx, buildSpec{Dir: s.tmpl.pkgDir(), Out: out, Plain: true}); err != nil {
		return nil, fmt.Errorf("score %s: plain build: %w", s.pkg.Path, err)
	}
	return &testBinary{Path: out, Rapid: s.bin.Rapid}, nil
}

// deadlineNote describes the mutants' deadlines: the formula and the
// range it gives over the package's tests.
func (s *session) deadlineNote() string {
	lo := s.timeout(s.tests[:1])
	for _, name := range s.tests {
		lo = min(lo, s.timeout([]string{name}))
	}
	return fmt.Sprintf("%s, the baseline being the covering tests' (+ %v per process): %v for the quickest test alone, %v for all %d; a first run stops at the factor x baseline + at most %v, and one that times out runs again alone with the full deadline before it counts",
		timeoutsNote(s.cfg.Timeouts), s.overhead.Round(time.Millisecond), lo.Round(time.Millisecond), s.timeout(s.tests).Round(time.Millisecond), len(s.tests), firstTryConst)
}

// measureFloor times a plain go test -c of the package (the module's copy
// is warm in the build cache by now): the floor's build.
func (s *session) measureFloor(ctx context.Context) error {
	if s.cfg.NoFloor {
		return nil
	}
	start := time.Now()
	out := filepath.Join(s.work, "pkg.floor.test")
	if err := buildTestBinary(ctx, buildSpec{Dir: s.tmpl.pkgDir(), Out: out, Plain: true}); err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		s.cfg.logf("%s: the floor's plain build failed: %v", s.pkg.Path, err)
		return nil
	}
	s.floorBuild = time.Since(start)
	return nil
}

// timeoutsNote writes the deadline formula of t, its defaults filled in.
func timeoutsNote(t proc.Timeouts) string {
	f, c, floor := t.Factor, t.Const, t.Floor
	if f <= 0 {
		f = proc.DefaultTimeouts.Factor
	}
	if c == 0 {
		c = proc.DefaultTimeouts.Const
	} else if c < 0 {
		c = 0
	}
	if floor <= 0 {
		floor = proc.DefaultTimeouts.Floor
	}
	return fmt.Sprintf("%g x baseline + %v, at least %v", f, c, floor)
}
