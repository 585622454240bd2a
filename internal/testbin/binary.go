package testbin

import (
	"context"
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/mutprop/mutprop/internal/testjson"
	"github.com/mutprop/mutprop/mutate"
	"github.com/mutprop/mutprop/proc"
)

// Binary is a compiled test binary.
type Binary struct {
	Path string
	// Rapid reports whether the binary defines rapid's flags; then runs
	// pin rapid's seed and keep it from writing fail files.
	Rapid bool
	// QuickSeed reports whether the binary was built over
	// QuickSeedOverlay: a run with a Seed seeds testing/quick's default
	// random source with it (QuickSeedEnv).
	QuickSeed bool
	// MutpropSeed reports whether the binary defines mutproptest's
	// -mutprop.seed flag; trial runs (RunSpec.Trial) pass it their seed.
	MutpropSeed bool
}

// Open inspects a compiled test binary (its flags).
func Open(ctx context.Context, path, dir string) (*Binary, error) {
	res, err := proc.Run(ctx, proc.Spec{Path: path, Args: []string{"-h"}, Dir: dir, Env: BaseEnv(), Timeout: time.Minute})
	if err != nil {
		return nil, fmt.Errorf("inspect %s: %w", path, err)
	}
	help := string(res.Output)
	return &Binary{Path: path, Rapid: strings.Contains(help, "-rapid.seed"), MutpropSeed: strings.Contains(help, "-mutprop.seed")}, nil
}

// List returns the tests, examples and fuzz targets of the binary (not its
// benchmarks), in source order.
func (b *Binary) List(ctx context.Context, dir string) ([]string, error) {
	res, err := proc.Run(ctx, proc.Spec{Path: b.Path, Args: []string{"-test.list", ".*"}, Dir: dir, Env: BaseEnv(), Timeout: time.Minute})
	if err != nil {
		return nil, fmt.Errorf("list tests of %s: %w", b.Path, err)
	}
	if res.ExitCode != 0 || res.End == proc.EndTimedOut || res.End == proc.EndCanceled {
		return nil, fmt.Errorf("list tests of %s: exit %d: %s", b.Path, res.ExitCode, strings.TrimSpace(string(res.Output)))
	}
	var names []string
	for _, l := range strings.Split(string(res.Output), "\n") {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "Benchmark") || strings.ContainsAny(l, " \t") {
			continue
		}
		names = append(names, l)
	}
	return names, nil
}

// RunSpec is one run of a test binary.
type RunSpec struct {
	Tests  []string // top-level tests to run; required
	Active int      // the schema number of the active mutant; 0 runs the original
	Dir    string   // the scratch working directory
	// TempDir is the binary's TMPDIR (os.TempDir, t.TempDir); "" means
	// Dir + ".tmp", created if missing (and, without Dir, mutprop's own).
	TempDir string
	Timeout time.Duration
	Seed    uint64 // rapid's -rapid.seed (0 leaves rapid's default: random)
	// Checks, when positive, is rapid's -rapid.checks: its properties
	// stop after that many generated cases.
	Checks   int
	Failfast bool // -test.failfast: stop after the first failing test
	// Count runs each test this many times in the process (-test.count);
	// 0 means 1. A batch (Schedule) sets its own.
	Count int
	// Subtest, when set, narrows the run to this subtest of Tests' only
	// test, by its full name ("TestAll/input=a,chunk=1"): SubtestPattern.
	Subtest string
	// CoverProfile, when set, writes a coverage profile (cover builds only).
	CoverProfile string
	Memory       proc.MemoryCap
	// Probe, when set, turns on the infection probes of a schemata build
	// with probes: the file they append infected schema numbers to.
	Probe string
	// Trial marks a trial (trials.go): Seed also goes to mutproptest's
	// -mutprop.seed when the binary has it, and testing/quick says how
	// many cases each check ran (QuickCountEnv).
	Trial bool
	// Budget, in a trial, is the cases each property runs when it does
	// not fail: rapid's -rapid.checks, testing/quick's default MaxCount
	// (QuickBudgetEnv) and mutproptest's -mutprop.tests; 0 leaves each
	// library's default. gopter reads no flag: its budget is its test's.
	Budget int
	// Trace, in a trial, has the libraries print each case as it starts
	// (rapid's -rapid.log, testing/quick's QuickCountEnv=trace): the run
	// again of a trial cut short without a count (an os.Exit, a fatal
	// error) tells at which case it ended.
	Trace bool
	// NoShrink ends rapid's minimization of a failing case at once
	// (-rapid.shrinktime=0): a kill run and a trial need the verdict and
	// the count of tests to the failure, which rapid knows before it
	// shrinks, not the smallest counterexample.
	NoShrink bool
	// Watch, when set, watches the run as it goes (proc.Spec.Watch): the
	// per-test deadlines (testWatch).
	Watch func(*proc.Live) io.Writer
	// CutAtFailedSubtest ends the parsed stream where a top-level test
	// goes on after one of its subtests failed
	// (testjson.Parser.CutAtFailedSubtest): a mutant's run, whose watch
	// stops the process at the same line.
	CutAtFailedSubtest bool
	// Schedule, when set, makes the run a batch (mutate.Step): the binary,
	// a batch build, runs its tests len(Schedule) times (-test.count), the
	// i-th time under step i, and Seed and Checks are ignored. Active is
	// then the mutant the process starts with, its packages' initialization
	// included: 0, or the Active of every step. Its stream splits into the
	// iterations (testjson.Parser.Iterations).
	Schedule []mutate.Step
	// State, with Schedule, names the file to which the switch appends a
	// hash of the package-level variables after each test
	// (mutate.StateEnv).
	State string
	// TestTimes makes a binary whose tests call the switch write each
	// top-level test's time, to the nanosecond (mutate.TimesEnv): Run's
	// stream gives them in Took.
	TestTimes bool
	timesFile string
	// ConfirmTimes, with Schedule, makes the switch write the time of
	// each test that ran in a step confirming a kill
	// (mutate.ConfirmTimesEnv): RunBatch returns their sum.
	ConfirmTimes bool
	confirmFile  string
	// Restore, with Schedule, makes the switch put the package-level
	// variables back before each iteration after the first
	// (mutate.RestoreEnv): a crash where that does not give the state
	// before the first test, a record in State when State is set.
	Restore bool
	// TestLog, when set, is the file the binary logs its tests' reads to
	// (-test.testlogfile, as go test runs it for its cache: package
	// internal/testlog reads it).
	TestLog string
}

// StopsAtFirstFailure reports whether a failing test ends the run's
// iteration: -test.failfast, or a batch whose every step is
// mutate.Step.Failfast.
func (r RunSpec) StopsAtFirstFailure() bool {
	if r.Failfast {
		return true
	}
	for _, st := range r.Schedule {
		if !st.Failfast {
			return false
		}
	}
	return len(r.Schedule) > 0
}

// Run runs the binary with -test.v=test2json and returns its parsed
// event stream with the process result. -test.paniconexit0 is passed as go
// test does, so os.Exit(0) inside a test fails that test.
func (b *Binary) Run(ctx context.Context, r RunSpec) (*testjson.Stream, proc.Result, error) {
	if r.TestTimes {
		f, err := os.CreateTemp("", "mutprop-times-*")
		if err != nil {
			return nil, proc.Result{}, fmt.Errorf("run %s: test times: %w", b.Path, err)
		}
		f.Close()
		defer os.Remove(f.Name())
		r.timesFile = f.Name()
	}
	p, res, err := b.run(ctx, r)
	if err != nil {
		return nil, res, err
	}
	st := p.Stream()
	if r.timesFile != "" {
		st.SetMeasured(readTimes(r.timesFile))
	}
	return st, res, nil
}

// readTimes reads a file of test times (mutate.TimesEnv): "NAME
// NANOSECONDS" lines; an unreadable file or line gives none.
func readTimes(path string) map[string]time.Duration {
	var out map[string]time.Duration
	eachTime(path, func(name string, d time.Duration) {
		if out == nil {
			out = map[string]time.Duration{}
		}
		out[name] = d
	})
	return out
}

// eachTime calls fn with each line of a file of test times, in order;
// an unreadable file or line gives none.
func eachTime(path string, fn func(name string, d time.Duration)) {
	b, err := os.ReadFile(path)
	if err != nil {
		return
	}
	for _, l := range strings.Split(string(b), "\n") {
		name, ns, ok := strings.Cut(l, " ")
		if n, err := strconv.ParseInt(ns, 10, 64); ok && err == nil && n >= 0 {
			fn(name, time.Duration(n))
		}
	}
}

// RunBatch runs a batch (r.Schedule) and returns the stream of each
// iteration that started, in order, with the process result and, with
// r.ConfirmTimes, the time the tests of the steps confirming a kill took.
func (b *Binary) RunBatch(ctx context.Context, r RunSpec) ([]*testjson.Stream, proc.Result, time.Duration, error) {
	if len(r.Schedule) == 0 {
		return nil, proc.Result{}, 0, fmt.Errorf("run %s: a batch without a schedule", b.Path)
	}
	if r.ConfirmTimes {
		f, err := os.CreateTemp("", "mutprop-confirm-times-*")
		if err != nil {
			return nil, proc.Result{}, 0, fmt.Errorf("run %s: the reruns' times: %w", b.Path, err)
		}
		f.Close()
		defer os.Remove(f.Name())
		r.confirmFile = f.Name()
	}
	p, res, err := b.run(ctx, r)
	if err != nil {
		return nil, res, 0, err
	}
	var confirming time.Duration
	if r.confirmFile != "" {
		confirming = sumTimes(r.confirmFile)
	}
	return p.Iterations(), res, confirming, nil
}

// sumTimes adds up the times of a file of test times (mutate.TimesEnv's
// format, a line per test run); an unreadable file or line adds nothing.
func sumTimes(path string) time.Duration {
	var sum time.Duration
	eachTime(path, func(_ string, d time.Duration) { sum += d })
	return sum
}

func (b *Binary) run(ctx context.Context, r RunSpec) (*testjson.Parser, proc.Result, error) {
	count := strconv.Itoa(max(r.Count, 1))
	if len(r.Schedule) > 0 {
		count = strconv.Itoa(len(r.Schedule))
		r.Seed, r.Checks = 0, 0
	}
	pattern := RunPattern(r.Tests)
	if r.Subtest != "" {
		pattern = SubtestPattern(r.Subtest)
	}
	args := []string{"-test.v=test2json", "-test.paniconexit0", "-test.count=" + count, "-test.run", pattern}
	if r.Failfast {
		args = append(args, "-test.failfast")
	}
	if r.CoverProfile != "" {
		args = append(args, "-test.coverprofile", r.CoverProfile)
	}
	if r.TestLog != "" {
		args = append(args, "-test.testlogfile", r.TestLog)
	}
	if b.Rapid {
		args = append(args, "-rapid.nofailfile")
		if r.NoShrink {
			args = append(args, "-rapid.shrinktime=0s")
		}
		if r.Seed != 0 {
			args = append(args, "-rapid.seed="+strconv.FormatUint(r.Seed, 10))
		}
		switch {
		case r.Trial && r.Budget > 0:
			args = append(args, "-rapid.checks="+strconv.Itoa(r.Budget))
		case r.Checks > 0:
			args = append(args, "-rapid.checks="+strconv.Itoa(r.Checks))
		}
		if r.Trial && r.Trace {
			args = append(args, "-rapid.log")
		}
	}
	if r.Trial && b.MutpropSeed && r.Seed != 0 {
		args = append(args, "-mutprop.seed="+strconv.FormatUint(r.Seed, 10))
	}
	if r.Trial && b.MutpropSeed && r.Budget > 0 {
		args = append(args, "-mutprop.tests="+strconv.Itoa(r.Budget))
	}
	env := BaseEnv()
	if tmp := r.TempDir; tmp != "" || r.Dir != "" {
		if tmp == "" {
			tmp = r.Dir + ".tmp"
			if err := os.MkdirAll(tmp, 0o755); err != nil {
				return nil, proc.Result{}, fmt.Errorf("run %s: %w", b.Path, err)
			}
		}
		env = append(env, "TMPDIR="+tmp)
	}
	if r.Active != 0 {
		env = append(env, mutate.ActiveEnv+"="+strconv.Itoa(r.Active))
	}
	if r.CoverProfile != "" {
		env = append(env, "GOCOVERDIR="+r.Dir)
	}
	if r.Probe != "" {
		env = append(env, mutate.ProbeEnv+"="+r.Probe)
	}
	if r.timesFile != "" {
		env = append(env, mutate.TimesEnv+"="+r.timesFile)
	}
	if r.confirmFile != "" {
		env = append(env, mutate.ConfirmTimesEnv+"="+r.confirmFile)
	}
	if b.QuickSeed && r.Seed != 0 {
		env = append(env, QuickSeedEnv+"="+strconv.FormatInt(int64(r.Seed), 10))
	}
	if b.QuickSeed && r.Trial {
		count := "1"
		if r.Trace {
			count = "trace"
		}
		env = append(env, QuickCountEnv+"="+count)
		if r.Budget > 0 {
			env = append(env, QuickBudgetEnv+"="+strconv.Itoa(r.Budget))
		}
	}
	if len(r.Schedule) > 0 {
		f, err := os.CreateTemp("", "mutprop-schedule-*")
		if err == nil {
			defer os.Remove(f.Name())
			_, err = f.Write(mutate.FormatSchedule(r.Schedule))
			if cerr := f.Close(); err == nil {
				err = cerr
			}
		}
		if err != nil {
			return nil, proc.Result{}, fmt.Errorf("run %s: schedule: %w", b.Path, err)
		}
		env = append(env, mutate.ScheduleEnv+"="+f.Name())
		if r.State != "" {
			env = append(env, mutate.StateEnv+"="+r.State)
		}
		if r.Restore {
			env = append(env, mutate.RestoreEnv+"=1")
		}
	}
	// The stream is read whole as it comes: the output the result keeps
	// drops the middle of a long one, and with it the ends of the tests
	// that ended there.
	parser := testjson.NewParser()
	if r.CutAtFailedSubtest {
		parser.CutAtFailedSubtest()
	}
	watch := func(l *proc.Live) io.Writer {
		if r.Watch != nil {
			if w := r.Watch(l); w != nil {
				return io.MultiWriter(parser, w)
			}
		}
		return parser
	}
	res, err := proc.Run(ctx, proc.Spec{Path: b.Path, Args: args, Dir: r.Dir, Env: env, Timeout: r.Timeout, Memory: r.Memory, Watch: watch})
	if err != nil {
		return nil, res, fmt.Errorf("run %s: %w", b.Path, err)
	}
	return parser, res, nil
}

// RunPattern is the -test.run pattern that selects exactly these top-level
// tests.
func RunPattern(tests []string) string {
	q := make([]string, len(tests))
	for i, t := range tests {
		q[i] = regexp.QuoteMeta(t)
	}
	return "^(" + strings.Join(q, "|") + ")$"
}

// SubtestPattern is the -test.run pattern that selects exactly the
// subtest of this full name, as the test binary names it (its levels
// joined by "/", duplicates suffixed "#01"): each level quoted and
// anchored, as go test splits a pattern at its unescaped slashes.
func SubtestPattern(full string) string {
	levels := strings.Split(full, "/")
	for i, l := range levels {
		levels[i] = "^" + regexp.QuoteMeta(l) + "$"
	}
	return strings.Join(levels, "/")
}

// BaseEnv is mutprop's environment without the variables that would change
// what a test binary does behind mutprop's back.
func BaseEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		if removed(k) {
			continue
		}
		env = append(env, kv)
	}
	return env
}

// removed reports the variables BaseEnv leaves out.
func removed(name string) bool {
	switch name {
	case mutate.ActiveEnv, mutate.ProbeEnv, mutate.ScheduleEnv, mutate.StateEnv, "GOCOVERDIR", "GOMEMLIMIT", "PWD", "GOFLAGS", "RAPID_SEED", "RAPID_CHECKS", "RAPID_FAILFILE", QuickSeedEnv, QuickBudgetEnv, QuickCountEnv:
		return true
	}
	return false
}

// OwnEnv reports whether a test binary that mutprop runs gets the variable
// name from mutprop, not from the user's environment: BaseEnv leaves it
// out, or mutprop sets it (TMPDIR, the MUTPROP_ variables of the active
// mutant, the probes, testing/quick's seed, the process tag and the
// registered suites, GOMEMLIMIT from the memory cap). A test that reads it
// does not read the user's value.
func OwnEnv(name string) bool {
	return removed(name) || name == "TMPDIR" || strings.HasPrefix(name, "MUTPROP_")
}
