package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mutprop/mutprop/internal/cli"
	"github.com/mutprop/mutprop/internal/sandbox"
	"github.com/mutprop/mutprop/internal/testfix"
)

// TestAModuleOfAGoWorkWorkspaceIsScored runs mutprop in app of
// testdata/workspace, a module that builds only through its go.work (its
// go.mod does not require lib, which it imports): the copy of the module
// gets a go.work that uses it and lib, so the package builds and its
// mutant is killed, with GOWORK unset (found above the module) and set
// to the workspace's file.
func TestAModuleOfAGoWorkWorkspaceIsScored(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	bin := mutpropBinary(t)
	root := fixture(t, "workspace")
	for _, gowork := range []string{"", filepath.Join(root, "go.work")} {
		cmd := exec.Command(bin, "run", "--workers", "1", "--no-cache", "--no-journal", ".")
		cmd.Dir = filepath.Join(root, "app")
		cmd.Env = append(os.Environ(), "TMPDIR="+t.TempDir(), "GOWORK="+gowork)
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "GOWORK=%q:\n%s", gowork, out)
		assert.Contains(t, string(out), "mutation score: ", "GOWORK=%q", gowork)
		assert.NotContains(t, string(out), "missing go.sum entry", "GOWORK=%q", gowork)
		assert.Contains(t, string(out), "mutation score: 1/1 = 100.0%", "GOWORK=%q", gowork)
	}
}

// TestAModuleRootReachedThroughASymlinkIsScored runs mutprop in
// testdata/tiny seen through a symbolic link (the working directory and
// $PWD name the link): the module is copied from the directory the link
// names, and scored.
func TestAModuleRootReachedThroughASymlinkIsScored(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	bin := mutpropBinary(t)
	link := filepath.Join(t.TempDir(), "tiny")
	if err := os.Symlink(tinyModule(t), link); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	cmd := exec.Command(bin, "run", "--workers", "1", "--no-cache", "--no-journal", ".")
	cmd.Dir = link
	cmd.Env = append(os.Environ(), "TMPDIR="+t.TempDir(), "PWD="+link)
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	assert.Contains(t, string(out), "survived: ", "the survivor of testdata/tiny")
}

// TestASecondRunInTheSameResultsDirectoryWaitsForTheFirst holds the lock
// of testdata/tiny's results directory (.mutprop/lock), as a running
// mutprop run does, then starts a run there: it says whose run it waits
// for (the PID the lock file holds) and does not start; once the lock is
// released it runs to the end.
func TestASecondRunInTheSameResultsDirectoryWaitsForTheFirst(t *testing.T) {
	testfix.EndToEnd(t)
	if runtime.GOOS == "windows" {
		t.Skip("results directories are not locked on Windows")
	}
	t.Parallel()
	bin := mutpropBinary(t)
	dir := tinyModule(t)
	results := filepath.Join(dir, ".mutprop")
	require.NoError(t, os.Mkdir(results, 0o755))
	release, err := sandbox.LockResults(t.Context(), results, func(string) { t.Fatal("the lock is held already") })
	require.NoError(t, err)
	released := false
	defer func() {
		if !released {
			release()
		}
	}()
	holder, err := os.ReadFile(filepath.Join(results, sandbox.ResultsLockName))
	require.NoError(t, err)
	require.Contains(t, string(holder), fmt.Sprintf("pid %d", os.Getpid()))

	cmd := exec.Command(bin, "run", "--workers", "1", ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "TMPDIR="+t.TempDir())
	var stderr syncBuffer
	cmd.Stdout, cmd.Stderr = &stderr, &stderr
	require.NoError(t, cmd.Start())
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	for start := time.Now(); !strings.Contains(stderr.String(), "waiting for the run"); time.Sleep(20 * time.Millisecond) {
		select {
		case <-done:
			t.Fatalf("the second run did not wait for the first:\n%s", stderr.String())
		default:
		}
		if time.Since(start) > time.Minute {
			cmd.Process.Kill()
			t.Fatalf("no waiting line:\n%s", stderr.String())
		}
	}
	assert.Contains(t, stderr.String(), fmt.Sprintf("(pid %d, started ", os.Getpid()))
	time.Sleep(300 * time.Millisecond)
	assert.NotContains(t, stderr.String(), "built in", "the run went on while the lock was held")
	release()
	released = true
	select {
	case <-done:
	case <-time.After(2 * time.Minute):
		cmd.Process.Kill()
		t.Fatalf("the run did not end after the lock was released:\n%s", stderr.String())
	}
	assert.Equal(t, cli.ExitOK, cmd.ProcessState.ExitCode(), stderr.String())
}

// TestABlockedBaselineSaysWhatItDoesAndStopsAtItsDeadline runs
// testdata/tiny with a test that sleeps for an hour and
// --baseline-timeout 12s: the baseline says, 10 s in, what it is doing,
// and at 12 s the run ends (exit 3) naming the test that was running.
func TestABlockedBaselineSaysWhatItDoesAndStopsAtItsDeadline(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	bin := mutpropBinary(t)
	dir := tinyModule(t)
	writeFiles(t, dir, map[string]string{"blocked_test.go": "package tiny\n\nimport (\n\t\"testing\"\n\t\"time\"\n)\n\nfunc TestBlocked(t *testing.T) {\n\ttime.Sleep(time.Hour)\n}\n"})
	cmd := exec.Command(bin, "run", "--workers", "1", "--no-cache", "--no-journal", "--baseline-timeout", "12s", ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "TMPDIR="+t.TempDir())
	out, _ := cmd.CombinedOutput()
	assert.Equal(t, cli.ExitError, cmd.ProcessState.ExitCode(), "%s", out)
	assert.Contains(t, string(out), "example.com/tiny: baseline, 10s so far: running the 3 tests together, without a mutant")
	assert.Contains(t, string(out), "no result within the baseline's deadline of 12s (--baseline-timeout), while running the 3 tests together, without a mutant: TestBlocked was running")
}
