package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mutprop/mutprop/internal/cli"
	"github.com/mutprop/mutprop/internal/testfix"
	"github.com/mutprop/mutprop/runlog"
)

// fixtureDir is the testdata package every outcome comes from; the tests
// run mutprop from the module root on it.
const fixtureDir = "../../internal/testdata/fixture"

// quickFixture leaves TestFibMatchesTheTable out: its looping and
// stack-overflowing mutants take seconds, and whether a stack overflow
// beats a short deadline depends on the machine's load; their mutants
// are then no-coverage. What remains runs in about a second.
var quickFixture = []string{
	"--workers", "2", "--timeout-factor", "2", "--timeout-const", "10s",
	"--run", "^(ExampleAbs|TestAbsOfNegativeIsPositive|TestCountCountsEveryElement|TestMaxIsAnUpperBoundAndAnArgument|TestSumIsAdditive|TestSumOfOneIsItself)$",
}

// mutpropRun is a run of the mutprop binary from the module root.
type mutpropRun struct {
	cmd    *exec.Cmd
	stderr *bytes.Buffer // read it only once done is closed
	done   chan struct{}
}

func startMutprop(t *testing.T, tmpdir string, args ...string) *mutpropRun {
	t.Helper()
	cmd := exec.Command(mutpropBinary(t), args...)
	cmd.Dir = "../.."
	cmd.Env = append(os.Environ(), "TMPDIR="+tmpdir)
	// Its own process group, as a shell gives a foreground job.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	r := &mutpropRun{cmd: cmd, stderr: &bytes.Buffer{}, done: make(chan struct{})}
	cmd.Stderr = r.stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		cmd.Wait()
		close(r.done)
	}()
	t.Cleanup(func() {
		select {
		case <-r.done:
		default:
			syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			<-r.done
		}
	})
	return r
}

// wait returns the exit code.
func (r *mutpropRun) wait() int {
	<-r.done
	return r.cmd.ProcessState.ExitCode()
}

func runMutprop(t *testing.T, tmpdir string, args ...string) {
	t.Helper()
	r := startMutprop(t, tmpdir, args...)
	if code := r.wait(); code != 0 {
		t.Fatalf("mutprop %s: exit %d\n%s", strings.Join(args, " "), code, r.stderr)
	}
}

// journalRecords counts the mutants a run journal holds, and those that
// ran (not no-coverage). A torn last line does not count.
func journalRecords(path string) (mutants, ran int) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, 0
	}
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var r runlog.Record
		if json.Unmarshal(sc.Bytes(), &r) != nil || r.Mutant == nil {
			continue
		}
		mutants++
		if r.Mutant.Outcome != "no-coverage" {
			ran++
		}
	}
	return mutants, ran
}

// waitForRan waits until the journal holds at least n mutants that ran.
func waitForRan(t *testing.T, r *mutpropRun, journal string, n int) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		if _, ran := journalRecords(journal); ran >= n {
			return
		}
		select {
		case <-r.done:
			t.Fatalf("the run ended (exit %d) before %d mutants ran:\n%s", r.cmd.ProcessState.ExitCode(), n, r.stderr)
		default:
		}
		if time.Now().After(deadline) {
			syscall.Kill(-r.cmd.Process.Pid, syscall.SIGKILL)
			<-r.done
			t.Fatalf("the run did not get to %d mutants in a minute:\n%s", n, r.stderr)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// normalizedReport reads a JSON report and removes what depends on the
// clock: each mutant's duration, durations inside status reasons ("no
// result within 1.2s"), and testing/quick's failing case and its number,
// which it draws from a time seed ("#2: failed on input ...").
func normalizedReport(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	dur := regexp.MustCompile(`[0-9.]+(ns|µs|ms|s)\b`)
	quickInput := regexp.MustCompile(`#[0-9]+: failed on input .*`)
	files, _ := doc["files"].(map[string]any)
	for _, f := range files {
		ms, _ := f.(map[string]any)["mutants"].([]any)
		for _, m := range ms {
			m := m.(map[string]any)
			delete(m, "duration")
			if r, ok := m["statusReason"].(string); ok {
				m["statusReason"] = quickInput.ReplaceAllString(dur.ReplaceAllString(r, "DURATION"), "#N: failed on input INPUT")
			}
		}
	}
	out, _ := json.MarshalIndent(doc, "", " ")
	return string(out)
}

func assertSameReport(t *testing.T, what, want, got string) {
	t.Helper()
	if want == got {
		return
	}
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(wl) && i < len(gl); i++ {
		if wl[i] != gl[i] {
			lo := max(0, i-8)
			t.Fatalf("%s differs from the uninterrupted run's report at line %d:\nwant:\n%s\ngot:\n%s", what, i+1,
				strings.Join(wl[lo:min(len(wl), i+4)], "\n"), strings.Join(gl[lo:min(len(gl), i+4)], "\n"))
		}
	}
	t.Fatalf("%s differs from the uninterrupted run's report in length (%d and %d lines)", what, len(wl), len(gl))
}

// processesUnder lists the live processes whose executable or working
// directory is under dir.
func processesUnder(dir string) []string {
	var out []string
	procs, _ := filepath.Glob("/proc/[0-9]*")
	for _, p := range procs {
		if stat, err := os.ReadFile(p + "/stat"); err != nil || bytes.Contains(stat[bytes.LastIndexByte(stat, ')')+1:], []byte(" Z ")) {
			continue
		}
		for _, link := range []string{"exe", "cwd"} {
			if target, err := os.Readlink(p + "/" + link); err == nil && strings.HasPrefix(target, dir) {
				out = append(out, p+" "+link+" "+target)
			}
		}
	}
	return out
}

// processesLeftUnder is processesUnder after giving the processes a
// moment to die.
func processesLeftUnder(dir string) []string {
	for range 30 {
		if left := processesUnder(dir); len(left) == 0 {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return processesUnder(dir)
}

func assertEmptyDir(t *testing.T, dir string) {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		t.Errorf("left in the run's TMPDIR: %s", e.Name())
	}
}

// tmpdir returns a dedicated TMPDIR (resolved, as /proc shows paths).
func tmpdir(t *testing.T, name string) string {
	t.Helper()
	d := filepath.Join(t.TempDir(), name)
	if err := os.Mkdir(d, 0o755); err != nil {
		t.Fatal(err)
	}
	d, err := filepath.EvalSymlinks(d)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestRunResumesAndMergesToTheUninterruptedReport interrupts mutprop run
// on the fixture with SIGINT and with kill -9, resumes both, and runs it
// as two shards merged: each final JSON report equals the uninterrupted
// run's (durations and testing/quick's random counterexamples
// normalised), and the fixture's files are untouched.
func TestRunResumesAndMergesToTheUninterruptedReport(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	dir := t.TempDir()
	before := testfix.SnapshotTree(t, fixtureDir)
	pkg := "./internal/testdata/fixture"
	args := func(extra ...string) []string {
		// --no-cache: every run here must run its mutants (the cache would
		// answer the interrupted runs from the reference's verdicts).
		return append(append(append([]string{"run"}, quickFixture...), "--results", dir, "--no-cache"), append(extra, pkg)...)
	}

	// The reference: an uninterrupted run.
	ref := filepath.Join(dir, "ref.json")
	runMutprop(t, tmpdir(t, "ref"), args("--json", ref)...)
	want := normalizedReport(t, ref)
	mutants, _ := journalRecords(filepath.Join(dir, "run.jsonl"))
	if inReport := strings.Count(want, `"mutatorName"`); mutants == 0 || mutants != inReport {
		t.Fatalf("the default journal holds %d mutants, the report %d", mutants, inReport)
	}

	// SIGINT mid-run: exit 130, no process or temporary file left.
	tmp := tmpdir(t, "sigint")
	journal := filepath.Join(dir, "sigint.jsonl")
	r := startMutprop(t, tmp, args("--journal", journal)...)
	waitForRan(t, r, journal, 3)
	interrupted := time.Now()
	syscall.Kill(-r.cmd.Process.Pid, syscall.SIGINT)
	if code := r.wait(); code != cli.ExitInterrupted {
		t.Fatalf("after SIGINT: exit %d, want %d\n%s", code, cli.ExitInterrupted, r.stderr)
	}
	// The interrupt contract (README: exit 130 within 2 s): the run
	// cancels its context and kills its groups; it does not wait for them.
	// The bound is 10 s, for a loaded machine: TestSIGINTStopsRunningMutantsAtOnce
	// holds the contrast, with mutants that would run for minutes.
	if d := time.Since(interrupted); d > 10*time.Second {
		t.Errorf("mutprop run took %v to exit after SIGINT, want at most 10s", d.Round(time.Millisecond))
	}
	if !strings.Contains(r.stderr.String(), "--resume") {
		t.Errorf("the interrupted run does not say how to resume:\n%s", r.stderr)
	}
	if n, _ := journalRecords(journal); n >= mutants {
		t.Fatalf("the SIGINT came after the last mutant (%d journaled): the test proves nothing", n)
	}
	if left := processesLeftUnder(tmp); len(left) > 0 {
		t.Errorf("processes left after SIGINT: %v", left)
	}
	assertEmptyDir(t, tmp)
	testfix.AssertTreeUnchanged(t, fixtureDir, before)
	resumed := filepath.Join(dir, "sigint.json")
	held, _ := journalRecords(journal)
	r = startMutprop(t, tmpdir(t, "sigint-resume"), args("--journal", journal, "--resume", "--json", resumed)...)
	if code := r.wait(); code != 0 {
		t.Fatalf("resumed run: exit %d\n%s", code, r.stderr)
	}
	if note := fmt.Sprintf("resumed %d of the %d finished mutants", held, held); !strings.Contains(r.stderr.String(), note) {
		t.Errorf("the resumed run does not say %q:\n%s", note, r.stderr)
	}
	assertSameReport(t, "the report resumed after SIGINT", want, normalizedReport(t, resumed))

	// kill -9 of mutprop alone: its workers die with it.
	tmp = tmpdir(t, "kill")
	journal = filepath.Join(dir, "kill.jsonl")
	r = startMutprop(t, tmp, args("--journal", journal)...)
	waitForRan(t, r, journal, 5)
	r.cmd.Process.Kill()
	r.wait()
	if n, _ := journalRecords(journal); n >= mutants {
		t.Fatalf("the kill came after the last mutant (%d journaled): the test proves nothing", n)
	}
	if left := processesLeftUnder(tmp); len(left) > 0 {
		t.Errorf("processes left after kill -9: %v", left)
	}
	resumed = filepath.Join(dir, "kill.json")
	runMutprop(t, tmpdir(t, "kill-resume"), args("--journal", journal, "--resume", "--json", resumed)...)
	assertSameReport(t, "the report resumed after kill -9", want, normalizedReport(t, resumed))

	// Two shards, merged.
	j1, j2 := filepath.Join(dir, "shard1.jsonl"), filepath.Join(dir, "shard2.jsonl")
	runMutprop(t, tmpdir(t, "shard1"), args("--shard", "1/2", "--journal", j1)...)
	runMutprop(t, tmpdir(t, "shard2"), args("--shard", "2/2", "--journal", j2)...)
	n1, _ := journalRecords(j1)
	n2, _ := journalRecords(j2)
	if n1 == 0 || n2 == 0 || n1+n2 != mutants {
		t.Fatalf("the shards hold %d and %d mutants, want two parts of %d", n1, n2, mutants)
	}
	merged := filepath.Join(dir, "merged.json")
	var stderr bytes.Buffer
	cmd := exec.Command(mutpropBinary(t), "merge", "--json", merged, j1, j2)
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("merge: %v\n%s", err, &stderr)
	}
	assertSameReport(t, "the merged shards' report", want, normalizedReport(t, merged))
	// One shard alone is not the whole run.
	cmd = exec.Command(mutpropBinary(t), "merge", "--json", merged, j1)
	if out, err := cmd.CombinedOutput(); err == nil || !strings.Contains(string(out), "a shard is missing") {
		t.Errorf("merging one shard of two: %v\n%s", err, out)
	}
	testfix.AssertTreeUnchanged(t, fixtureDir, before)
}

// TestSIGINTStopsRunningMutantsAtOnce interrupts the whole fixture while
// both workers run mutants that loop forever (with a deadline of hours,
// so that the loops run on in their first run): the
// first SIGINT must stop them at once, exit 130 and leave no process, no
// temporary file and the fixture untouched; so must two SIGINTs 2 ms apart
// (a wrapper such as timeout forwarding the signal its group got): the
// second is the first's echo, not a request to exit before the cleanup.
func TestSIGINTStopsRunningMutantsAtOnce(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	dir := t.TempDir()
	before := testfix.SnapshotTree(t, fixtureDir)
	args := []string{"--workers", "2", "--timeout-factor", "1000000", "--timeout-const", "60s", "./internal/testdata/fixture"}
	for _, signals := range []int{1, 2} {
		tmp := tmpdir(t, strings.Repeat("int", signals))
		journal := filepath.Join(dir, strings.Repeat("int", signals)+".jsonl")
		r := startMutprop(t, tmp, append([]string{"run", "--journal", journal}, args...)...)
		// Both workers are stuck in loops once the journal stops growing.
		waitForRan(t, r, journal, 20)
		last, since := -1, time.Now()
		for time.Since(since) < 1500*time.Millisecond {
			if n, _ := journalRecords(journal); n != last {
				last, since = n, time.Now()
			}
			time.Sleep(20 * time.Millisecond)
		}
		if left := processesUnder(tmp); len(left) == 0 {
			t.Fatalf("no mutant is running when the interrupt comes:\n%s", r.stderr)
		}
		start := time.Now()
		for range signals {
			syscall.Kill(-r.cmd.Process.Pid, syscall.SIGINT)
			time.Sleep(2 * time.Millisecond)
		}
		code := r.wait()
		if code != cli.ExitInterrupted {
			t.Errorf("%d SIGINT: exit %d, want %d\n%s", signals, code, cli.ExitInterrupted, r.stderr)
		}
		// Waiting for the workers would take their 60 s deadline.
		if d := time.Since(start); d > 30*time.Second {
			t.Errorf("%d SIGINT: mutprop took %v to exit: it waited for its workers instead of killing them", signals, d)
		}
		if left := processesLeftUnder(tmp); len(left) > 0 {
			t.Errorf("%d SIGINT: processes left: %v", signals, left)
		}
		assertEmptyDir(t, tmp)
		testfix.AssertTreeUnchanged(t, fixtureDir, before)
	}
}
