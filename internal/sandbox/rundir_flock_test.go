//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package sandbox

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// makeRunDir makes a run directory in parent holding size bytes.
func makeRunDir(t *testing.T, parent, name string, size int) string {
	t.Helper()
	dir := filepath.Join(parent, runDirPrefix+name)
	if err := os.MkdirAll(filepath.Join(dir, "w0"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "w0", "pkg.test"), make([]byte, size), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestStaleRunDirsAreRemovedAndLiveOnesKept: a run directory whose lock
// is free (its run was killed) is removed, as is an old one without a
// lock file; one whose lock is held, a young one without a lock file
// (a run that is starting) and other directories are kept; the run says
// how many it removed and their size.
func TestStaleRunDirsAreRemovedAndLiveOnesKept(t *testing.T) {
	t.Parallel()
	parent := t.TempDir()
	killed := makeRunDir(t, parent, "killed", 1<<20)
	release, err := lockRunDir(killed)
	if err != nil {
		t.Fatal(err)
	}
	release() // what the kernel does when its process dies
	old := makeRunDir(t, parent, "old", 1<<20)
	past := time.Now().Add(-2 * legacyStaleAge)
	if err := os.Chtimes(old, past, past); err != nil {
		t.Fatal(err)
	}
	live := makeRunDir(t, parent, "live", 10)
	release, err = lockRunDir(live)
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	starting := makeRunDir(t, parent, "starting", 10)
	other := filepath.Join(parent, "other")
	if err := os.Mkdir(other, 0o755); err != nil {
		t.Fatal(err)
	}

	self, err := os.MkdirTemp(parent, runDirPrefix)
	if err != nil {
		t.Fatal(err)
	}
	var log strings.Builder
	ClaimRunDir(self, func(format string, args ...any) { fmt.Fprintf(&log, format+"\n", args...) })()

	for _, d := range []string{killed, old} {
		if exists(d) {
			t.Errorf("%s was not removed", filepath.Base(d))
		}
	}
	for _, d := range []string{live, starting, other, self} {
		if !exists(d) {
			t.Errorf("%s was removed", filepath.Base(d))
		}
	}
	want := fmt.Sprintf("removed 2 stale temporary directories of killed runs (%.1f MB)", float64(2<<20)/1e6)
	if !strings.Contains(log.String(), want) {
		t.Errorf("log %q does not say %q", log.String(), want)
	}
}

// TestALiveRunsLockIsNotTakenTwice: the lock of a live run directory
// cannot be taken, by this process either; once released it can.
func TestALiveRunsLockIsNotTakenTwice(t *testing.T) {
	t.Parallel()
	dir := makeRunDir(t, t.TempDir(), "x", 1)
	release, err := lockRunDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if unlock, ok := tryLockRunDir(filepath.Join(dir, runLockName)); ok {
		unlock()
		t.Fatal("took the lock of a live run")
	}
	release()
	unlock, ok := tryLockRunDir(filepath.Join(dir, runLockName))
	if !ok {
		t.Fatal("could not take a released lock")
	}
	unlock()
}

// helperEnv names the parent directory in which
// TestRunDirHelperProcess makes its run directory.
const helperEnv = "MUTPROP_RUNDIR_HELPER"

// TestRunDirHelperProcess is a run killed by SIGKILL (started by
// TestARunKilledBySIGKILLLeavesADirTheNextRunRemoves): it locks a run
// directory, prints its path, and waits to be killed.
func TestRunDirHelperProcess(t *testing.T) {
	parent := os.Getenv(helperEnv)
	if parent == "" {
		return // not the helper: nothing to do
	}
	dir, err := os.MkdirTemp(parent, runDirPrefix)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := lockRunDir(dir); err != nil {
		t.Fatal(err)
	}
	os.Stdout.WriteString(dir + "\n")
	time.Sleep(10 * time.Minute)
}

// TestARunKilledBySIGKILLLeavesADirTheNextRunRemoves: a process that
// holds a run directory keeps it while it lives; killed by SIGKILL, it
// leaves the directory, which the next run removes.
func TestARunKilledBySIGKILLLeavesADirTheNextRunRemoves(t *testing.T) {
	t.Parallel()
	parent := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^TestRunDirHelperProcess$", "-test.count=1")
	cmd.Env = append(os.Environ(), helperEnv+"="+parent)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatalf("helper: %v", err)
	}
	dir := strings.TrimSpace(line)
	if n, _, err := reclaimStaleRunDirs(parent, "", time.Now()); err != nil || n != 0 || !exists(dir) {
		t.Fatalf("removed %d (%v) while its run lives; left: %t", n, err, exists(dir))
	}
	if err := cmd.Process.Kill(); err != nil { // SIGKILL
		t.Fatal(err)
	}
	_ = cmd.Wait()
	if !exists(dir) {
		t.Fatal("the killed run's directory is already gone: nothing to test")
	}
	n, size, err := reclaimStaleRunDirs(parent, "", time.Now())
	if err != nil || n != 1 || exists(dir) {
		t.Fatalf("removed %d (%d bytes, %v); left: %t", n, size, err, exists(dir))
	}
}

// TestARunDirKeepsItsNameUnlessALiveRunHoldsIt: MakeRunDir gives the
// keyed name when it is free or a killed run's (whose files it removes),
// and a new random name when a live run holds it, when a directory
// without a lock file has it, or without a key.
func TestARunDirKeepsItsNameUnlessALiveRunHoldsIt(t *testing.T) {
	t.Parallel()
	parent := t.TempDir()
	keyed := filepath.Join(parent, runDirPrefix+"k1")
	mk := func(key string) string {
		t.Helper()
		dir, err := MakeRunDir(parent, key)
		if err != nil {
			t.Fatal(err)
		}
		return dir
	}
	first := mk("k1")
	if first != keyed {
		t.Fatalf("a free name: %s, want %s", first, keyed)
	}
	release, err := lockRunDir(first)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(first, "left"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if live := mk("k1"); live == keyed || !strings.HasPrefix(filepath.Base(live), runDirPrefix) {
		t.Errorf("a live run's name: %s, want another mutprop-run-*", live)
	}
	release() // the run was killed
	if again := mk("k1"); again != keyed {
		t.Errorf("a killed run's name: %s, want %s", again, keyed)
	}
	if exists(filepath.Join(keyed, "left")) {
		t.Error("the killed run's files are still there")
	}
	if starting := mk("k1"); starting == keyed {
		t.Error("a directory without a lock file (a run that is starting) was taken")
	}
	if none := mk(""); filepath.Dir(none) != parent || !strings.HasPrefix(filepath.Base(none), runDirPrefix) || none == keyed {
		t.Errorf("no key: %s, want a new mutprop-run-* in %s", none, parent)
	}
}
