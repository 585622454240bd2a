package suitehost

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/mutprop/mutprop/internal/sandbox"
	"github.com/mutprop/mutprop/internal/testbin"
	"github.com/mutprop/mutprop/proc"
	"github.com/mutprop/mutprop/propsuite"
)

// Package is a test package whose registered suites Run measures: its
// test binary, and where and how its processes run.
type Package struct {
	Path     string            // the package's import path
	Dir      string            // its source directory, whose tests register the suites
	Tests    []string          // the tests its session runs (others are left out)
	Binary   *testbin.Binary   // its test binary (schemata build)
	Template *sandbox.Template // the module copy workers' scratch copies are made from
	Scratch  *sandbox.Scratch  // the copy describe mode runs in
	Work     string            // a directory of the session's own for the suites' files
	Memory   proc.MemoryCap
	Env      []string      // the test processes' base environment
	Describe time.Duration // describe mode's deadline
	Host     Host          // seed, workers and deadlines (Host.Worker is set by Run)
	Logf     func(format string, args ...any)
}

// WhiteBox returns the white-box mutants a suite runs against, and how
// many were left out because its test does not reach them and because
// they are not in the schemata.
type WhiteBox func(info propsuite.SuiteInfo) (white []propsuite.Mutant, notCovered, notInSchemata int)

// Run finds the suites p's tests register (mutproptest), and measures
// each in worker processes of its test binary (Measure) against its own
// mutants and white's. Problems are reported in the results, never fatal
// to the package's score.
func Run(ctx context.Context, p Package, white WhiteBox) []propsuite.HostedResult {
	tests, hasMain, err := Tests(p.Dir)
	if err != nil {
		return []propsuite.HostedResult{{Package: p.Path, Name: "?", Err: err.Error()}}
	}
	tests = slices.DeleteFunc(tests, func(t string) bool { return !slices.Contains(p.Tests, t) })
	if len(tests) == 0 && !hasMain {
		return nil
	}
	infos, err := p.describe(ctx, tests)
	if err != nil {
		return []propsuite.HostedResult{{Package: p.Path, Name: "?", Err: err.Error()}}
	}
	host := p.Host
	host.Package, host.Worker = p.Path, p.worker
	var out []propsuite.HostedResult
	for _, info := range infos {
		if ctx.Err() != nil {
			break
		}
		start := time.Now()
		p.Logf("%s: suite %s: measuring in worker processes of the test binary", p.Path, (&propsuite.HostedResult{Name: info.Name, Test: info.Test}).Label())
		w, notCovered, notInSchemata := white(info)
		r := Measure(ctx, host, info, w)
		r.NotCovered, r.NotInSchemata = notCovered, notInSchemata
		r.Duration = time.Since(start)
		p.Logf("%s: suite %s: %d mutants x %d properties x %d generators in %v%s", p.Path, r.Label(),
			len(r.Mutants), len(info.Properties), len(info.Generators), r.Duration.Round(time.Millisecond), errNote(r.Err))
		out = append(out, r)
	}
	return out
}

// errNote is a log line's note of a suite's error: its first line.
func errNote(e string) string {
	if e == "" {
		return ""
	}
	line, _, _ := strings.Cut(e, "\n")
	return " (" + line + ")"
}

// describe runs the tests (and TestMain) in describe mode and reads the
// suites they register.
func (p Package) describe(ctx context.Context, tests []string) ([]propsuite.SuiteInfo, error) {
	sc := p.Scratch
	if err := sc.Reset(); err != nil {
		return nil, err
	}
	spec := proc.Spec{Path: p.Binary.Path, Args: p.args(tests), Dir: sc.WorkDir(), Env: append(slices.Clone(p.Env), "TMPDIR="+sc.TempDir()),
		Timeout: p.Describe, Memory: p.Memory}
	return Describe(ctx, p.Path, spec, filepath.Join(p.Work, "suites.jsonl"))
}

// worker is the command of the n-th worker process serving a suite: the
// package's test binary in a fresh scratch directory, under the run's
// memory cap (GOMEMLIMIT, and proc's resident-memory watchdog).
func (p Package) worker(info propsuite.SuiteInfo, n int64) (proc.Spec, error) {
	var tests []string // TestMain serves before running any test
	if info.Test != "" {
		tests = []string{info.Test}
	}
	sc := sandbox.NewScratch(p.Template, filepath.Join(p.Work, fmt.Sprintf("suite-w%d", n)))
	if err := sc.Reset(); err != nil {
		return proc.Spec{}, err
	}
	return proc.Spec{Path: p.Binary.Path, Args: p.args(tests), Dir: sc.WorkDir(), Memory: p.Memory,
		Env: append(slices.Clone(p.Env), propsuite.SuiteWorkerEnv+"="+info.Name, "TMPDIR="+sc.TempDir())}, nil
}

// args runs tests once ("^$", none: TestMain only), without rapid's
// failure files.
func (p Package) args(tests []string) []string {
	pattern := "^$"
	if len(tests) > 0 {
		pattern = testbin.RunPattern(tests)
	}
	args := []string{"-test.run", pattern, "-test.count=1"}
	if p.Binary.Rapid {
		args = append(args, "-rapid.nofailfile")
	}
	return args
}
