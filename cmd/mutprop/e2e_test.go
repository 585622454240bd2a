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
)

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
)

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
	// Kill -9 the run at growing delays until one is cut mid-way (some cells
	// journaled, not all), then resume.
	const cells = 8 * (1 + 1 + 150)
	cut := false
	for _, delay := range []time.Duration{300 * time.Millisecond, 600 * time.Millisecond, time.Second, 2 * time.Second} {
		os.Remove(journal)
		cmd := exec.Command(bin, append(args, "--journal", journal)...)
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(delay)
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		cmd.Wait()
		if b, err := os.ReadFile(journal); err == nil {
			if n := bytes.Count(b, []byte("\n")) - 1; n > 0 && n < cells {
				cut = true
				break
			}
		}
	}
	if left := processesWithArg(t, bin, "--mutants=150"); len(left) > 0 {
		t.Fatalf("processes of the killed run left behind: %v", left)
	}
	if !cut {
		t.Fatal("no kill landed mid-run: the test proves nothing (is the machine very slow or very fast?)")
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
