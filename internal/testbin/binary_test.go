package testbin

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mutprop/mutprop/mutate"
)

// script writes a stand-in test binary that prints its arguments and the
// variables mutprop sets, and says whether it defines rapid's flags.
func script(t *testing.T, rapid bool) *Binary {
	t.Helper()
	path := filepath.Join(t.TempDir(), "p.test")
	body := "#!/bin/sh\necho \"args: $*\"\necho \"active: $" + mutate.ActiveEnv + "\"\necho \"tmp: $TMPDIR\"\necho \"quick: $" + QuickSeedEnv + "\"\n"
	if err := os.WriteFile(path, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	return &Binary{Path: path, Rapid: rapid, QuickSeed: true}
}

func TestRunPassesTheTestsTheMutantAndTheSeeds(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	b := script(t, true)
	st, res, err := b.Run(t.Context(), RunSpec{Tests: []string{"TestA", "TestB.x"}, Active: 7, Dir: dir, Seed: 3,
		Failfast: true, NoShrink: true, Timeout: time.Minute})
	if err != nil || res.ExitCode != 0 {
		t.Fatalf("run: %v, exit %d", err, res.ExitCode)
	}
	for _, want := range []string{
		`-test.v=test2json -test.paniconexit0 -test.count=1 -test.run ^(TestA|TestB\.x)$ -test.failfast`,
		"-rapid.nofailfile -rapid.shrinktime=0s -rapid.seed=3",
		"active: 7", "tmp: " + dir + ".tmp", "quick: 3",
	} {
		if !strings.Contains(st.Output, want) {
			t.Errorf("output %q lacks %q", st.Output, want)
		}
	}
	if _, err := os.Stat(dir + ".tmp"); err != nil {
		t.Errorf("TMPDIR beside the working directory: %v", err)
	}
	st, _, err = script(t, false).Run(t.Context(), RunSpec{Tests: []string{"TestA"}, Dir: dir, Timeout: time.Minute})
	if err != nil || strings.Contains(st.Output, "-rapid.") || !strings.Contains(st.Output, "active: \n") {
		t.Errorf("a binary without rapid, running the original: %q, %v", st.Output, err)
	}
}

func TestBaseEnvDropsWhatWouldChangeARunBehindMutpropsBack(t *testing.T) {
	t.Setenv(mutate.ActiveEnv, "3")
	t.Setenv("GOFLAGS", "-race")
	t.Setenv("MUTPROP_KEEP_ME", "1")
	env := strings.Join(BaseEnv(), "\n") + "\n"
	if strings.Contains(env, mutate.ActiveEnv+"=") || strings.Contains(env, "GOFLAGS=") || !strings.Contains(env, "MUTPROP_KEEP_ME=1\n") {
		t.Errorf("BaseEnv:\n%s", env)
	}
}

func TestKillRunsAndTrialsTellRapidNotToShrink(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	script := filepath.Join(dir, "args.test")
	if err := os.WriteFile(script, []byte("#!/bin/sh\necho \"$@\"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	b := &Binary{Path: script, Rapid: true}
	for _, noShrink := range []bool{true, false} {
		st, _, err := b.Run(t.Context(), RunSpec{Tests: []string{"TestP"}, Dir: dir, NoShrink: noShrink, Timeout: time.Minute})
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Contains(st.Output, "-rapid.shrinktime=0s"); got != noShrink {
			t.Errorf("NoShrink %v: args %q", noShrink, st.Output)
		}
	}
}

// TestARunNarrowedToASubtestRepeatsItAlone: Count and Subtest reach the
// binary as -test.count and a pattern of the subtest's quoted levels.
func TestARunNarrowedToASubtestRepeatsItAlone(t *testing.T) {
	t.Parallel()
	b := script(t, false)
	st, _, err := b.Run(t.Context(), RunSpec{Tests: []string{"TestAll"}, Subtest: `TestAll/input="a",chunk=1#01`, Count: 3, Timeout: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	if want := `-test.count=3 -test.run ^TestAll$/^input="a",chunk=1#01$`; !strings.Contains(st.Output, want) {
		t.Errorf("output %q lacks %q", st.Output, want)
	}
}

func TestTrialsPassTheBudgetAndTheTraceToEachLibrary(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "p.test")
	body := "#!/bin/sh\necho \"args: $*\"\necho \"budget: $" + QuickBudgetEnv + "\"\necho \"count: $" + QuickCountEnv + "\"\n"
	if err := os.WriteFile(path, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	b := &Binary{Path: path, Rapid: true, QuickSeed: true, MutpropSeed: true}
	run := func(r RunSpec) string {
		r.Tests, r.Dir, r.Timeout = []string{"TestA"}, t.TempDir(), time.Minute
		st, _, err := b.Run(t.Context(), r)
		if err != nil {
			t.Fatal(err)
		}
		return st.Output
	}
	out := run(RunSpec{Seed: 3, Trial: true, Budget: 40, Trace: true})
	for _, want := range []string{"-rapid.checks=40 -rapid.log", "-mutprop.seed=3 -mutprop.tests=40", "budget: 40\n", "count: trace\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("a traced trial with a budget: output %q lacks %q", out, want)
		}
	}
	out = run(RunSpec{Seed: 3, Trial: true})
	if strings.Contains(out, "checks") || strings.Contains(out, "-mutprop.tests") || !strings.Contains(out, "budget: \n") || !strings.Contains(out, "count: 1\n") {
		t.Errorf("a trial without budget: %q", out)
	}
	out = run(RunSpec{Seed: 3, Budget: 40, Trace: true})
	if strings.Contains(out, "checks") || strings.Contains(out, "rapid.log") || !strings.Contains(out, "budget: \n") || !strings.Contains(out, "count: \n") {
		t.Errorf("a run that is no trial takes no budget nor trace: %q", out)
	}
}

// TestOwnEnvNamesWhatMutpropGivesTheBinary: the variables mutprop sets or
// removes are its own; the user's others are not.
func TestOwnEnvNamesWhatMutpropGivesTheBinary(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"TMPDIR", mutate.ActiveEnv, QuickSeedEnv, "MUTPROP_PROC_1a2b", "GOMEMLIMIT", "PWD", "GOFLAGS", "RAPID_CHECKS"} {
		if !OwnEnv(name) {
			t.Errorf("OwnEnv(%s) = false", name)
		}
	}
	for _, name := range []string{"HOME", "MODE", "GODEBUG", "HOSTNAME"} {
		if OwnEnv(name) {
			t.Errorf("OwnEnv(%s) = true", name)
		}
	}
}

func TestRunAsksForTheTestLog(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	log := filepath.Join(dir, "log.txt")
	st, _, err := script(t, false).Run(t.Context(), RunSpec{Tests: []string{"TestA"}, Dir: dir, TestLog: log, Timeout: time.Minute})
	if err != nil || !strings.Contains(st.Output, "-test.testlogfile "+log) {
		t.Errorf("output %q, %v", st.Output, err)
	}
}
