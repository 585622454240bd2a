package mutproptest

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/propsuite"
)

var (
	flagTests = flag.Int("mutprop.tests", 0, "tests per property of a mutprop suite under go test (0: the suite's option, else 100)")
	flagSeed  = flag.Uint64("mutprop.seed", 1, "seed of the mutprop suites' properties under go test")
)

// DefaultTests is the number of tests per property under plain go test
// (QuickCheck's default).
const DefaultTests = 100

// MainTestName is the test under which Main checks its suite on the
// original under plain go test.
const MainTestName = "TestMutpropSuite"

// An Option configures Run and Main.
type Option func(*options)

type options struct {
	tests    int
	protocol propsuite.Protocol
}

// Tests sets the number of tests each property runs on the original under
// plain go test (default DefaultTests); the flag -mutprop.tests overrides
// it.
func Tests(n int) Option { return func(o *options) { o.tests = n } }

// WithProtocol sets how mutprop run measures the suite; unset fields take
// propsuite.HostedProtocol's defaults (mttf: 1,000 tests decide, then 10
// trials of at most 10,000 tests).
func WithProtocol(p propsuite.Protocol) Option { return func(o *options) { o.protocol = p } }

func newOptions(opts []Option) options {
	o := options{tests: DefaultTests}
	for _, f := range opts {
		if f != nil {
			f(&o)
		}
	}
	if *flagTests > 0 {
		o.tests = *flagTests
	}
	return o
}

// Run registers the suite s in the calling test. Under plain go test it
// runs each property on the original as a subtest and fails the ones that
// fail. In a test binary that mutprop run started as a worker for s, it
// serves trial requests until its input ends; started as a worker for
// another suite, it does nothing. Call it from a top-level test.
func Run(t *testing.T, s *propsuite.Suite, opts ...Option) {
	t.Helper()
	o := newOptions(opts)
	if err := s.Validate(); err != nil {
		t.Fatalf("mutproptest: %v", err)
	}
	if name, ok := os.LookupEnv(propsuite.SuiteWorkerEnv); ok {
		if name == s.Name {
			if err := serve(t.Context(), s); err != nil {
				t.Fatalf("mutproptest: %v", err)
			}
		}
		return
	}
	if path := os.Getenv(propsuite.SuiteDescribeEnv); path != "" {
		top, _, _ := strings.Cut(t.Name(), "/")
		if err := describe(path, s.Info(top, o.protocol)); err != nil {
			t.Fatalf("mutproptest: %v", err)
		}
		t.SkipNow()
	}
	check(t, s, o)
}

// Main is a TestMain that registers the suite s. Started by mutprop run as
// a worker for s, it serves trial requests and exits without running the
// package's tests. Otherwise it runs them (m.Run) and then, under plain go
// test, checks s on the original as the test MainTestName (selected by
// -test.run like any test); the process exits with the combined status.
func Main(m *testing.M, s *propsuite.Suite, opts ...Option) {
	os.Exit(mainCode(m, s, opts))
}

func mainCode(m *testing.M, s *propsuite.Suite, opts []Option) int {
	if err := s.Validate(); err != nil {
		fmt.Fprintln(os.Stderr, "mutproptest:", err)
		return 2
	}
	if name, ok := os.LookupEnv(propsuite.SuiteWorkerEnv); ok && name == s.Name {
		if err := serve(context.Background(), s); err != nil {
			fmt.Fprintln(os.Stderr, "mutproptest:", err)
			return 1
		}
		return 0
	}
	_, worker := os.LookupEnv(propsuite.SuiteWorkerEnv)
	describing := os.Getenv(propsuite.SuiteDescribeEnv)
	if !flag.Parsed() {
		flag.Parse() // m.Run would; options read -mutprop.tests
	}
	o := newOptions(opts)
	if describing != "" {
		if err := describe(describing, s.Info("", o.protocol)); err != nil {
			fmt.Fprintln(os.Stderr, "mutproptest:", err)
			return 1
		}
	}
	code := m.Run()
	if code != 0 || worker || describing != "" || flagValue("test.list") != "" || !selected(MainTestName) {
		return code
	}
	ok := testing.RunTests(matchString, []testing.InternalTest{{
		Name: MainTestName,
		F: func(t *testing.T) {
			t.Run(s.Name, func(t *testing.T) { check(t, s, o) })
		},
	}})
	if !ok {
		fmt.Println("FAIL")
		return 1
	}
	return 0
}

// check runs every property of s on the original under every generator,
// one subtest each (property, then generator when there are several).
func check(t *testing.T, s *propsuite.Suite, o options) {
	t.Helper()
	for _, p := range s.Properties {
		t.Run(p, func(t *testing.T) {
			if len(s.Generators) == 1 {
				checkCell(t, s, p, s.Generators[0], o)
				return
			}
			for _, g := range s.Generators {
				t.Run(g, func(t *testing.T) { checkCell(t, s, p, g, o) })
			}
		})
	}
}

// checkCell runs one trial of (property, generator) on the original. Its
// failure message reads like rapid's ("[mutprop] failed after N tests"),
// and N counts the failing test, as mutprop's tests-to-failure do.
func checkCell(t *testing.T, s *propsuite.Suite, p, g string, o options) {
	t.Helper()
	test, err := s.Test(propsuite.Mutant{}, p, g)
	if err != nil {
		t.Fatalf("mutproptest: suite %s: %v", s.Name, err)
	}
	seed := propsuite.TrialSeed(*flagSeed, "", p, g, 0)
	r := propsuite.RunTrial(t.Context(), test, seed, &propsuite.TrialConfig{MaxTests: o.tests})
	where := fmt.Sprintf("suite %s, property %s, generator %s (-mutprop.seed=%d, trial seed %d)", s.Name, p, g, *flagSeed, seed)
	switch r.Outcome {
	case outcome.Survived:
		// What a trial of mutprop run --trials reads as the cases run.
		t.Logf("[mutprop] OK, passed %d tests", r.Tests)
	case outcome.Killed:
		t.Errorf("[mutprop] failed after %d tests: %s", r.TestsToFailure, where)
	case outcome.Crashed:
		t.Errorf("[mutprop] panic after %d tests: %s\n%s", r.Tests, where, r.Crash)
	case outcome.GaveUp:
		t.Errorf("[mutprop] gave up after %d tests and %d discarded inputs: %s", r.Tests, r.Discards, where)
	default:
		t.Errorf("[mutprop] %s after %d tests: %s", r.Outcome, r.Tests, where)
	}
}

// describe appends the suite's description to the file at path.
func describe(path string, info propsuite.SuiteInfo) error {
	b, err := json.Marshal(info)
	if err != nil {
		return fmt.Errorf("describe suite %s: %w", info.Name, err)
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return fmt.Errorf("describe suite %s: %w", info.Name, err)
	}
	if _, err := f.Write(append(b, '\n')); err != nil {
		f.Close()
		return fmt.Errorf("describe suite %s: %w", info.Name, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("describe suite %s: %w", info.Name, err)
	}
	return nil
}

// serve is the worker: propsuite.Serve on standard input and a copy of
// standard output, after pointing standard output at standard error.
func serve(ctx context.Context, s *propsuite.Suite) error {
	active, err := propsuite.ParseActive(os.Getenv(propsuite.ActiveEnv))
	if err != nil {
		return err
	}
	out, err := protocolOutput()
	if err != nil {
		return fmt.Errorf("worker for suite %s: %w", s.Name, err)
	}
	defer out.Close()
	hosted := *s
	hosted.Test = propsuite.HostedTest(s)
	if err := propsuite.Serve(ctx, &hosted, active, os.Stdin, out); err != nil {
		return fmt.Errorf("worker for suite %s: %w", s.Name, err)
	}
	return nil
}

func flagValue(name string) string {
	if f := flag.Lookup(name); f != nil {
		return f.Value.String()
	}
	return ""
}

// selected reports whether -test.run selects the top-level test name: its
// first slash-separated element must match (testing's own rule).
func selected(name string) bool {
	pat := flagValue("test.run")
	if pat == "" {
		return true
	}
	ok, err := matchString(topLevelPattern(pat), name)
	return err == nil && ok
}

// topLevelPattern returns the part of a -test.run pattern before its first
// slash outside brackets and parentheses.
func topLevelPattern(pat string) string {
	depth := 0
	for i := 0; i < len(pat); i++ {
		switch pat[i] {
		case '\\':
			i++
		case '[', '(':
			depth++
		case ']', ')':
			depth--
		case '/':
			if depth == 0 {
				return pat[:i]
			}
		}
	}
	return pat
}

func matchString(pat, str string) (bool, error) {
	re, err := regexp.Compile(pat)
	if err != nil {
		return false, err
	}
	return re.MatchString(str), nil
}
