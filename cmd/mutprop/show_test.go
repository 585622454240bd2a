package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mutprop/mutprop/internal/cli"
	"github.com/mutprop/mutprop/internal/mutantid"
	"github.com/mutprop/mutprop/internal/testfix"
	"github.com/mutprop/mutprop/mutate"
	"github.com/mutprop/mutprop/proc"
)

// mutpropIn returns a function that runs the mutprop binary bin in dir,
// with its own TMPDIR, and returns its exit code, stdout and stderr.
func mutpropIn(t *testing.T, bin, dir string) func(args ...string) (int, string, string) {
	return func(args ...string) (int, string, string) {
		cmd := exec.Command(bin, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "TMPDIR="+t.TempDir())
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		cmd.Run()
		return cmd.ProcessState.ExitCode(), stdout.String(), stderr.String()
	}
}

// TestShowFindsAMutantFromTheModuleRootByIDOrAlias runs calcModule, then
// shows its survivor, whose ID holds ">=", from the module's root (not
// its package's directory): by ID, by "PKG/ID" and by its alias, each
// with its diff and its status in the last run; and a killed mutant with
// its killer. The survivor line of the run prints the alias.
func TestShowFindsAMutantFromTheModuleRootByIDOrAlias(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	bin := mutpropBinary(t)
	root := calcModule(t)
	alias := mutantid.Alias("example.com/m/calc", survivorID)
	mutprop := mutpropIn(t, bin, root)

	// Before any run: found, without a status.
	code, out, errOut := mutprop("show", survivorID)
	require.Equal(t, cli.ExitOK, code, errOut)
	assert.Contains(t, out, "+\tif a >= b {")
	assert.Contains(t, out, "last run: none recorded")

	code, _, errOut = mutprop("run", "--workers", "2", "./calc")
	require.Equal(t, cli.ExitOK, code, errOut)
	assert.Contains(t, errOut, "calc/calc.go:5:7: survived: replace > with >= ("+survivorID+", alias "+alias+")")

	for _, ref := range []string{survivorID, "example.com/m/calc/" + survivorID, alias} {
		code, out, errOut := mutprop("show", ref)
		require.Equal(t, cli.ExitOK, code, "show %s: %s", ref, errOut)
		assert.True(t, strings.HasPrefix(out, survivorID+"\n"), "show %s:\n%s", ref, out)
		assert.Contains(t, out, "+\tif a >= b {", ref)
		assert.Contains(t, out, "package example.com/m/calc, alias "+alias, ref)
		assert.Contains(t, out, "last run ("+filepath.Join(".mutprop", "run.jsonl")+"): survived", ref)
	}
	code, out, errOut = mutprop("show", "operator:calc.go:8:2:return-zero:zero")
	require.Equal(t, cli.ExitOK, code, errOut)
	assert.Contains(t, out, "last run ("+filepath.Join(".mutprop", "run.jsonl")+"): killed by TestMax")

	// --test runs the killer against the mutant, in a copy: its failure.
	code, out, errOut = mutprop("show", "--test", "TestMax", "operator:calc.go:8:2:return-zero:zero")
	require.Equal(t, cli.ExitOK, code, errOut)
	assert.Contains(t, out, "the tests matching TestMax against the mutant, as mutprop run runs them, in a copy of the module")
	assert.Contains(t, out, "--- FAIL: TestMax")
	assert.Contains(t, out, "verdict: killed by TestMax: ")
	code, _, errOut = mutprop("show", "--test", "(", survivorID)
	assert.Equal(t, cli.ExitUsage, code, "a --test that is no regexp: %s", errOut)
}

// TestSchemataHeaderIsMutatesHeader checks that every file mutate
// generates starts with schemataHeader, the mark by which mutprop
// schemata tells its own files from the user's.
// TestShowFindsABlackboxMutantByIDOrAlias shows a black-box mutant of
// calcModule's Max: by ID before any run (as --blackbox defines it, no
// diff), then by its alias after a run with --blackbox, with its status.
func TestShowFindsABlackboxMutantByIDOrAlias(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	bin := mutpropBinary(t)
	root := calcModule(t)
	const id = "blackbox:example.com/m/calc.Max:3"
	alias := mutantid.Alias("example.com/m/calc", id)
	mutprop := mutpropIn(t, bin, root)
	code, out, errOut := mutprop("show", id)
	require.Equal(t, cli.ExitOK, code, errOut)
	assert.True(t, strings.HasPrefix(out, id+"\n"), out)
	assert.Contains(t, out, "Max: results perturbed at every input (black-box mutant 3, seed 4)")
	assert.Contains(t, out, "No source diff")
	assert.Contains(t, out, "alias "+alias)
	assert.Contains(t, out, "last run: none recorded")

	code, _, errOut = mutprop("show", "blackbox:example.com/m/calc.Min:3")
	assert.Equal(t, cli.ExitUsage, code, "a function the package does not have: %s", errOut)

	code, _, errOut = mutprop("run", "--workers", "2", "--blackbox=Max", "--blackbox-mutants", "5", "./calc")
	require.Equal(t, cli.ExitOK, code, errOut)
	code, out, errOut = mutprop("show", alias)
	require.Equal(t, cli.ExitOK, code, errOut)
	assert.True(t, strings.HasPrefix(out, id+"\n"), out)
	assert.Contains(t, out, "last run ("+filepath.Join(".mutprop", "run.jsonl")+"): ")
	assert.NotContains(t, out, "not in the journal")

	// --test runs it as mutprop run --blackbox does: TestMax fails
	// against Max perturbed at every input.
	code, out, errOut = mutprop("show", "--test", "TestMax", alias)
	require.Equal(t, cli.ExitOK, code, errOut)
	assert.Contains(t, out, "--- run 1: TestMax against the mutant: killed")
	assert.Contains(t, out, "verdict: killed by TestMax: ")
	// The run made it with every input perturbed: other points would
	// make another mutant of the same ID.
	// The ID holds the points: the alias of an every-point mutant names
	// no mutant under --blackbox-points 3.
	code, _, errOut = mutprop("show", "--test", "TestMax", "--blackbox-points", "3", alias)
	assert.Equal(t, cli.ExitUsage, code, errOut)
	assert.Contains(t, errOut, "no mutant")
}

// TestShowTestOnALoopingMutantEndsAsTheRunsTimeout shows testdata/loop's
// variant, which loops for ever in TestLoop, with --test TestLoop: the
// test runs under the run's per-test deadline, so show ends with the
// verdict mutprop run gives, a timeout of TestLoop shown by its CPU time,
// not at go test's ten minutes.
func TestShowTestOnALoopingMutantEndsAsTheRunsTimeout(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	bin := mutpropBinary(t)
	mutprop := mutpropIn(t, bin, fixture(t, "loop"))
	code, out, errOut := mutprop("show", "--test", "TestLoop", "named:loop")
	require.Equal(t, cli.ExitOK, code, errOut)
	assert.Contains(t, out, "--- run 1: TestLoop against the mutant: timeout")
	assert.Regexp(t, `verdict: timeout: no result within \S+ \(running TestLoop\): it used \S+ of CPU`, out)
}

// TestAnInterruptedShowTestExits130AndLeavesNoProcess starts show --test
// on testdata/loop's looping variant with a deadline far away, interrupts
// it (SIGINT) while the test binary loops, and checks that show exits 130
// and that no process it started (proc tags each in its environment with
// MUTPROP_PROC_<show's pid>_) is left, nor its temporary directory.
func TestAnInterruptedShowTestExits130AndLeavesNoProcess(t *testing.T) {
	testfix.EndToEnd(t)
	if runtime.GOOS != "linux" {
		t.Skip("the processes left are found in /proc")
	}
	t.Parallel()
	bin := mutpropBinary(t)
	tmp := t.TempDir()
	cmd := exec.Command(bin, "show", "--test", "TestLoop", "--timeout-factor", "100000", "named:loop")
	cmd.Dir = fixture(t, "loop")
	cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
	var stderr syncBuffer
	cmd.Stdout, cmd.Stderr = io.Discard, &stderr
	require.NoError(t, cmd.Start())
	tag := fmt.Sprintf("MUTPROP_PROC_%d_", cmd.Process.Pid)
	looping := func() bool {
		if !strings.Contains(stderr.String(), "deadlines:") { // the baseline is over
			return false
		}
		found, _ := proc.Tagged(tag)
		for _, p := range found {
			if p.Name == "pkg.test" {
				return true
			}
		}
		return false
	}
	for start := time.Now(); !looping(); time.Sleep(20 * time.Millisecond) {
		if time.Since(start) > 2*time.Minute {
			cmd.Process.Kill()
			t.Fatalf("the mutant's run never started:\n%s", stderr.String())
		}
	}
	time.Sleep(200 * time.Millisecond)
	require.NoError(t, cmd.Process.Signal(os.Interrupt))
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(time.Minute):
		cmd.Process.Kill()
		t.Fatalf("show did not end after the interrupt:\n%s", stderr.String())
	}
	assert.Equal(t, cli.ExitInterrupted, cmd.ProcessState.ExitCode(), stderr.String())
	left, err := proc.Tagged(tag)
	require.NoError(t, err)
	assert.Empty(t, left, "processes show started are still running")
	dirs, _ := filepath.Glob(filepath.Join(tmp, "mutprop-run-*"))
	assert.Empty(t, dirs, "show's temporary directory is left")
}

// syncBuffer is a bytes.Buffer that a command writes while a test reads.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestSchemataHeaderIsMutatesHeader(t *testing.T) {
	t.Parallel()
	root := calcModule(t)
	pkgs, err := mutate.Load(context.Background(), root, "./calc")
	require.NoError(t, err)
	muts, _, err := mutate.Enumerate(context.Background(), pkgs[0], nil)
	require.NoError(t, err)
	files, err := mutate.GenerateFiles(pkgs[0], muts)
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for name, b := range files {
		assert.True(t, bytes.HasPrefix(b, []byte(schemataHeader+"\n")), "%s starts %q", name, b[:min(len(b), 60)])
	}
}
