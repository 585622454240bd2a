package gotest

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"time"

	"github.com/mutprop/mutprop/internal/sandbox"
	"github.com/mutprop/mutprop/internal/suitehost"
	"github.com/mutprop/mutprop/internal/testbin"
	"github.com/mutprop/mutprop/proc"
	"github.com/mutprop/mutprop/propsuite"
	"github.com/mutprop/mutprop/report"
)

// SuiteResult is what a suite registered in the package's tests measured
// (suitehost.Result).
type SuiteResult = suitehost.Result

// SuiteTables renders registered suites (PackageResult.Suites): per suite,
// its properties (kill rate by mutant origin, mean tests-to-failure), then
// the mutants no property detected.
func SuiteTables(suites []SuiteResult) []report.Table { return suitehost.Tables(suites) }

// SuitesJSONKey is the top-level key that holds the suites in the JSON
// report (suitehost.JSONKey).
const SuitesJSONKey = suitehost.JSONKey

// runSuites finds the suites the package's tests register (mutproptest),
// and measures each in worker processes of the package's test binary
// (suitehost.Measure). It runs after the white-box mutants: the per-test
// coverage of the baseline decides which white-box mutants a suite's test
// can reach. Problems are reported in the results, never fatal to the
// package's score.
func (s *session) runSuites(ctx context.Context, pr *PackageResult) []SuiteResult {
	tests, hasMain, err := suitehost.Tests(s.pkg.Dir)
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
	host := suitehost.Host{Package: s.pkg.Path, Seed: s.cfg.seed(), Workers: s.cfg.workers(), Timeouts: s.cfg.Timeouts, Worker: s.suiteWorker}
	var out []SuiteResult
	for _, info := range infos {
		if ctx.Err() != nil {
			break
		}
		start := time.Now()
		s.cfg.logf("%s: suite %s: measuring in worker processes of the test binary", s.pkg.Path, (&SuiteResult{Name: info.Name, Test: info.Test}).Label())
		white, notCovered, notInSchemata := s.suiteWhiteBox(pr, info)
		r := suitehost.Measure(ctx, host, info, white)
		r.NotCovered, r.NotInSchemata = notCovered, notInSchemata
		r.Duration = time.Since(start)
		s.cfg.logf("%s: suite %s: %d mutants x %d properties x %d generators in %v%s", s.pkg.Path, r.Label(),
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

// suiteWhiteBox returns the package's mutants a suite runs against: those
// in the schemata whose code the suite's test executes (all of them for
// TestMain's suite, whose coverage is unknown), and how many were left
// out for each reason.
func (s *session) suiteWhiteBox(pr *PackageResult, info propsuite.SuiteInfo) (white []propsuite.Mutant, notCovered, notInSchemata int) {
	for _, mr := range pr.Mutants {
		m := mr.Mutant
		switch {
		case m.Schema == 0 || s.cfg.mode().overlay():
			notInSchemata++
		case info.Test != "" && !s.covers(info.Test, s.pkg, m):
			notCovered++
		default:
			white = append(white, propsuite.Mutant{ID: m.ID, Origin: m.Origin, Description: m.Description, Schema: m.Schema})
		}
	}
	return white, notCovered, notInSchemata
}

// describeSuites runs the tests (and TestMain) in describe mode and reads
// the suites they register.
func (s *session) describeSuites(ctx context.Context, tests []string) ([]propsuite.SuiteInfo, error) {
	sc := s.scratch(0)
	if err := sc.Reset(); err != nil {
		return nil, err
	}
	pattern := "^$"
	if len(tests) > 0 {
		pattern = testbin.RunPattern(tests)
	}
	args := []string{"-test.run", pattern, "-test.count=1"}
	if s.bin.Rapid {
		args = append(args, "-rapid.nofailfile")
	}
	spec := proc.Spec{Path: s.bin.Path, Args: args, Dir: sc.WorkDir(), Env: append(testbin.BaseEnv(), "TMPDIR="+sc.TempDir()),
		Timeout: s.timeout(tests), Memory: s.cfg.memory()}
	return suitehost.Describe(ctx, s.pkg.Path, spec, filepath.Join(s.work, "suites.jsonl"))
}

// suiteWorker is the command of the n-th worker process serving a suite:
// the package's test binary in a fresh scratch directory, under the run's
// memory cap (GOMEMLIMIT, and proc's resident-memory watchdog).
func (s *session) suiteWorker(info propsuite.SuiteInfo, n int64) (proc.Spec, error) {
	pattern := "^$" // TestMain serves before running any test
	if info.Test != "" {
		pattern = testbin.RunPattern([]string{info.Test})
	}
	sc := sandbox.NewScratch(s.tmpl, filepath.Join(s.work, fmt.Sprintf("suite-w%d", n)))
	if err := sc.Reset(); err != nil {
		return proc.Spec{}, err
	}
	args := []string{"-test.run", pattern, "-test.count=1"}
	if s.bin.Rapid {
		args = append(args, "-rapid.nofailfile")
	}
	return proc.Spec{Path: s.bin.Path, Args: args, Dir: sc.WorkDir(), Memory: s.cfg.memory(),
		Env: append(testbin.BaseEnv(), propsuite.SuiteWorkerEnv+"="+info.Name, "TMPDIR="+sc.TempDir())}, nil
}
