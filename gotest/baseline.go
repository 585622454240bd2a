package gotest

import (
	"context"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/mutprop/mutprop/mutate"
	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/proc"
)

// baselineRuns is how many times the baseline runs the tests on the
// measured build: twice, to tell a flaky test from a failing one.
const baselineRuns = 2

// baselineTimeout bounds one baseline run of all the tests.
const baselineTimeout = 10 * time.Minute

// runBaseline runs the tests twice with no active mutant, on the build
// that is measured (schemata, probes). When some fail, it runs them on a
// plain go test -c build: those that fail there too are the package's own
// failures and refuse the package, naming them; the others (they fail
// only on mutprop's build, or only sometimes) are set aside by name, with
// the reason, and the package is scored with the rest (or refused, with
// StrictBaseline). It records each remaining test's slower duration.
func (s *session) runBaseline(ctx context.Context) error {
	s.baseline, s.original = map[string]time.Duration{}, map[string]time.Duration{}
	sc := s.scratch(0)
	for round := 0; ; round++ {
		failed, counts, reasons, err := s.baselineRound(ctx, sc)
		if err != nil {
			return err
		}
		if len(failed) == 0 {
			return nil
		}
		if round > 0 {
			// Set-aside tests are gone, and others fail now: a test that
			// depends on another's side effects, or a flaky package.
			return fmt.Errorf("baseline of %s fails without any mutant, after setting aside %s: refusing to score it; failing tests: %s (%s)",
				s.pkg.Path, setAsideNames(s.aside), strings.Join(failed, ", "), strings.Join(reasons, "; "))
		}
		if err := s.setAside(ctx, failed, counts, reasons); err != nil {
			return err
		}
		if len(s.tests) == 0 {
			return fmt.Errorf("baseline of %s: every test was set aside (%s): nothing to score", s.pkg.Path, setAsideNames(s.aside))
		}
		s.baseline, s.original = map[string]time.Duration{}, map[string]time.Duration{}
	}
}

// baselineRound runs the tests baselineRuns times and returns the tests
// that failed in any run (in the binary's order), how many runs each
// failed, and one reason per failing run.
func (s *session) baselineRound(ctx context.Context, sc *scratch) (failed []string, counts map[string]int, reasons []string, err error) {
	counts = map[string]int{}
	for run := 0; run < baselineRuns; run++ {
		if err := sc.reset(); err != nil {
			return nil, nil, nil, err
		}
		// The second run goes through every function's guarded copy
		// (mutate.AllCopies): a mutant's run pays the guards in its own
		// function only, so that run bounds every mutant's, and the
		// deadlines derive from it.
		active := 0
		if run == 1 {
			active = mutate.AllCopies
		}
		st, res, err := s.bin.runTests(ctx, runSpec{Tests: s.tests, Active: active, Dir: sc.workDir(), TempDir: sc.tempDir(), Seed: s.cfg.seed(),
			Memory: s.cfg.memory(), Timeout: baselineTimeout})
		if err != nil {
			return nil, nil, nil, err
		}
		if res.Canceled {
			return nil, nil, nil, ctx.Err()
		}
		v := classify(st, res)
		var sum time.Duration
		elapsed := st.elapsed()
		for _, t := range s.tests {
			if st.Tests[t] == nil {
				continue
			}
			sum += elapsed[t]
			if run == 0 {
				s.original[t] = elapsed[t]
			}
			if elapsed[t] > s.baseline[t] {
				s.baseline[t] = elapsed[t]
			}
		}
		if o := res.Duration - sum; run == 0 || o < s.overhead {
			s.overhead = max(o, 0)
		}
		if v.Outcome == outcome.Survived {
			continue
		}
		names := culprits(st, v)
		for _, t := range names {
			counts[t]++
		}
		reasons = append(reasons, fmt.Sprintf("run %d: %s: %s: %s", run+1, v.Outcome, strings.Join(names, ", "), v.Reason))
	}
	for _, t := range append(slices.Clone(s.tests), outsideTests) {
		if counts[t] > 0 {
			failed = append(failed, t)
		}
	}
	return failed, counts, reasons, nil
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

// setAside runs the failed tests on a plain go test -c build, twice: a
// test that fails there is the package's own failure (go test fails) and
// refuses the package; the others are set aside with their reason.
func (s *session) setAside(ctx context.Context, failed []string, counts map[string]int, reasons []string) error {
	plain, err := s.plainBinary(ctx)
	if err != nil {
		return err
	}
	suspects := failed
	if slices.Contains(failed, outsideTests) {
		suspects = s.tests // the binary died outside any test: try them all
	}
	sc := s.scratch(0)
	plainFailed := map[string]int{}
	var plainReasons []string
	for run := 0; run < baselineRuns; run++ {
		if err := sc.reset(); err != nil {
			return err
		}
		st, res, err := plain.runTests(ctx, runSpec{Tests: suspects, Dir: sc.workDir(), TempDir: sc.tempDir(), Seed: s.cfg.seed(),
			Memory: s.cfg.memory(), Timeout: baselineTimeout})
		if err != nil {
			return err
		}
		if res.Canceled {
			return ctx.Err()
		}
		if v := classify(st, res); v.Outcome != outcome.Survived {
			names := culprits(st, v)
			for _, t := range names {
				plainFailed[t]++
			}
			plainReasons = append(plainReasons, fmt.Sprintf("%s: %s %s", v.Outcome, strings.Join(names, ", "), v.Reason))
		}
	}
	if len(plainFailed) > 0 {
		names := make([]string, 0, len(plainFailed))
		for _, t := range slices.Sorted(maps.Keys(plainFailed)) {
			if n := plainFailed[t] + counts[t]; n < 2*baselineRuns {
				t = fmt.Sprintf("%s (is flaky: failed %d of %d runs, plain and instrumented)", t, n, 2*baselineRuns)
			}
			names = append(names, t)
		}
		return fmt.Errorf("baseline of %s fails without any mutant (go test fails too): refusing to score it; failing tests: %s (%s)",
			s.pkg.Path, strings.Join(names, ", "), strings.Join(plainReasons, "; "))
	}
	var aside []SetAside
	for _, t := range failed {
		if t == outsideTests {
			return fmt.Errorf("baseline of %s: the instrumented test binary fails outside any test (TestMain, init or exit) and the plain build passes: refusing to score it (%s)",
				s.pkg.Path, strings.Join(reasons, "; "))
		}
		why := "fails on mutprop's instrumented build (schemata, probes) but passes under go test"
		if n := counts[t]; n < baselineRuns {
			why = fmt.Sprintf("flaky: failed %d of %d runs on mutprop's build", n, baselineRuns)
		}
		aside = append(aside, SetAside{Test: t, Reason: why + " (" + strings.Join(reasons, "; ") + ")"})
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
	s.tests = slices.DeleteFunc(s.tests, func(t string) bool { return slices.Contains(failed, t) })
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
	if err := buildTestBinary(ctx, buildSpec{Dir: s.tmpl.pkgDir(), Out: out}); err != nil {
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
	if err := buildTestBinary(ctx, buildSpec{Dir: s.tmpl.pkgDir(), Out: out}); err != nil {
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
