package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/mutprop/mutprop/internal/testfix"
)

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
)

// TestMain removes the binary that mutpropBinary built, so that no run of
// the tests leaves a directory in TMPDIR.
func TestMain(m *testing.M) {
	code := m.Run()
	if binPath != "" && buildErr == nil {
		os.RemoveAll(filepath.Dir(binPath))
	}
	os.Exit(code)
}

// mutpropBinary builds the mutprop command once for the end-to-end tests.
func mutpropBinary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "mutprop-e2e-")
		if err != nil {
			buildErr = err
			return
		}
		binPath = filepath.Join(dir, "mutprop")
		out, err := exec.Command("go", "build", "-o", binPath, ".").CombinedOutput()
		if err != nil {
			buildErr = err
			binPath = string(out)
		}
	})
	if buildErr != nil {
		t.Fatalf("build mutprop: %v\n%s", buildErr, binPath)
	}
	return binPath
}

func TestAKilledRunResumesToTheSameResultsAsAnUninterruptedOne(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	bin := mutpropBinary(t)
	dir := t.TempDir()
	args := []string{"scenario", "insert", "--seed", "3", "--tests", "2000", "--mutants", "150", "--workers", "2"}
	full := filepath.Join(dir, "full.json")
	if out, err := exec.Command(bin, append(args, "--json", full)...).CombinedOutput(); err != nil {
		t.Fatalf("uninterrupted run: %v\n%s", err, out)
	}

	journal := filepath.Join(dir, "journal.jsonl")
	resumed := filepath.Join(dir, "resumed.json")
	killMidRun(t, bin, args, journal, 8*(1+1+150))
	if left := processesWithArg(t, bin, "--mutants=150"); len(left) > 0 {
		t.Fatalf("processes of the killed run left behind: %v", left)
	}
	if out, err := exec.Command(bin, append(args, "--journal", journal, "--resume", "--json", resumed)...).CombinedOutput(); err != nil {
		t.Fatalf("resumed run: %v\n%s", err, out)
	}
	a, err := os.ReadFile(full)
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(resumed)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) {
		t.Fatalf("resumed JSON differs from the uninterrupted run's:\n%s\n---\n%s", a, b)
	}
}

func TestTwoShardsMergedGiveTheUnshardedResults(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	bin := mutpropBinary(t)
	dir := t.TempDir()
	args := []string{"scenario", "insert", "--seed", "4", "--tests", "300", "--mutants", "20", "--in-process"}
	run := func(extra ...string) {
		t.Helper()
		if out, err := exec.Command(bin, append(args, extra...)...).CombinedOutput(); err != nil {
			t.Fatalf("%v: %v\n%s", extra, err, out)
		}
	}
	j1, j2, jm := filepath.Join(dir, "1.jsonl"), filepath.Join(dir, "2.jsonl"), filepath.Join(dir, "m.jsonl")
	run("--json", filepath.Join(dir, "full.json"))
	run("--shard", "1/2", "--journal", j1)
	run("--shard", "2/2", "--journal", j2)
	if out, err := exec.Command(bin, "merge", "-o", jm, j1, j2).CombinedOutput(); err != nil {
		t.Fatalf("merge: %v\n%s", err, out)
	}
	run("--journal", jm, "--resume", "--json", filepath.Join(dir, "merged.json"))
	a, _ := os.ReadFile(filepath.Join(dir, "full.json"))
	b, _ := os.ReadFile(filepath.Join(dir, "merged.json"))
	if len(a) == 0 || !bytes.Equal(a, b) {
		t.Fatalf("merged shards differ from the unsharded run:\n%s\n---\n%s", a, b)
	}
}

// killMidRun runs bin with args and --journal journal and kills its
// process group with SIGKILL once the journal holds a quarter of the run's
// cells; it fails the test unless the kill lands mid-run (the journal
// holds some of the cells, not all).
func killMidRun(t *testing.T, bin string, args []string, journal string, cells int) {
	t.Helper()
	os.Remove(journal)
	cmd := exec.Command(bin, append(append([]string(nil), args...), "--journal", journal)...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() { cmd.Wait(); close(exited) }()
	recorded := func() int {
		b, _ := os.ReadFile(journal)
		return max(0, bytes.Count(b, []byte("\n"))-1)
	}
poll:
	for recorded() < max(1, cells/4) {
		select {
		case <-exited:
			break poll
		case <-time.After(5 * time.Millisecond):
		}
	}
	syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	<-exited
	if n := recorded(); n == 0 || n >= cells {
		t.Fatalf("the kill left %d of %d cells in the journal: it did not land mid-run, and the test proves nothing", n, cells)
	}
}

// processesWithArg lists the running (non-zombie) processes whose command
// line starts with bin and contains arg, after giving them a moment to die.
func processesWithArg(t *testing.T, bin, arg string) []string {
	t.Helper()
	var left []string
	for range 20 {
		left = left[:0]
		dirs, _ := filepath.Glob("/proc/[0-9]*")
		for _, d := range dirs {
			cmdline, err := os.ReadFile(filepath.Join(d, "cmdline"))
			if err != nil || !bytes.HasPrefix(cmdline, []byte(bin+"\x00")) || !bytes.Contains(cmdline, []byte(arg)) {
				continue
			}
			if stat, err := os.ReadFile(filepath.Join(d, "stat")); err == nil && bytes.Contains(stat, []byte(") Z ")) {
				continue
			}
			left = append(left, filepath.Base(d)+": "+string(bytes.ReplaceAll(cmdline, []byte{0}, []byte{' '})))
		}
		if len(left) == 0 {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return left
}
