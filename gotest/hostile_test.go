package gotest_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"slices"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mutprop/mutprop/gotest"
	"github.com/mutprop/mutprop/internal/testfix"
	"github.com/mutprop/mutprop/internal/testjson"
	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/proc"
)

const hostileDir = "../internal/testdata/hostile"

// hostileWant is the outcome of every mutant of the hostile fixture and,
// for some, a pattern its reason must match.
var hostileWant = map[string]struct {
	outcome outcome.Outcome
	reason  string
}{
	// named:loop is confirmed by its CPU time at its first deadline, or,
	// when a loaded machine starved it there, by its rerun alone.
	"named:loop":     {outcome.Timeout, `^no result within .* \(running TestDouble\)(: it used .* of CPU, more than 1000 x the .* its tests use alone)?$`},
	"named:sleep":    {outcome.Timeout, `^no result within .* \(running TestDouble\)(: blocked: .* of CPU and .* waiting for one)?$`},
	"named:overflow": {outcome.Crashed, `goroutine stack exceeds 1048576-byte limit.* in TestDouble$|fatal error: stack overflow`},
	"named:exit0":    {outcome.Killed, `unexpected call to os.Exit\(0\) during test`},
	"named:exit1":    {outcome.Crashed, `^the test binary ended without a result \(exit code 1\) in TestDouble$`},
	"named:goexit":   {outcome.Killed, `runtime.Goexit`},
	"named:deadlock": {outcome.Timeout, `^fatal error: all goroutines are asleep - deadlock! in TestDouble \(the runtime saw the hang before the deadline\)$|^no result within .* \(running TestDouble\)(: blocked: .* of CPU and .* waiting for one)?$`},
	"named:alloc":    {outcome.Crashed, `^exceeded its memory cap \(resident [0-9.]+ GiB > cap 1 GiB\) while running TestDouble$`},
	"named:noisy":    {outcome.Crashed, `^wrote more than 256 MiB of output \(budget\) while running TestDouble$`},
	"named:orphan":   {outcome.Survived, `^$`},
	"named:escape":   {outcome.Survived, `^killed 6 processes that had left the test binary's process group: sleep \(pid \d+\)(, sleep \(pid \d+\)){5}$`},
	"named:writecwd": {outcome.Survived, `^$`},
	"named:writepkg": {outcome.Survived, `^wrote into the package directory .*: created hostile-pkg.txt, modified testdata/victim.txt \(restored; it did so again when rerun alone\)$`},
	"named:rmpkg":    {outcome.Survived, `^wrote into the package directory .*: removed testdata/keep.txt \(restored; it did so again when rerun alone\)$`},

	"operator:hostile.go:19:2:return-zero:zero":        {outcome.Killed, ""},
	"operator:hostile.go:19:9:literal:0":               {outcome.Killed, ""},
	"operator:hostile.go:19:9:literal:1":               {outcome.Killed, ""},
	"operator:hostile.go:19:9:literal:3":               {outcome.Killed, ""},
	"operator:hostile.go:19:11:arithmetic:/":           {outcome.Killed, ""},
	"operator:hostile.go:24:7:literal:-1":              {outcome.Killed, ""},
	"operator:hostile.go:24:7:literal:1":               {outcome.Killed, ""},
	"operator:hostile.go:25:11:literal:0":              {outcome.Survived, `^$`}, // i := 0 adds 0 first: equivalent
	"operator:hostile.go:25:11:literal:2":              {outcome.Killed, ""},
	"operator:hostile.go:25:14:negate-condition:!":     {outcome.Timeout, `running TestTriangle`},
	"operator:hostile.go:25:14:loop-condition:false":   {outcome.Killed, ""},
	"operator:hostile.go:25:16:relational:>":           {outcome.Timeout, `running TestTriangle`},
	"operator:hostile.go:25:16:boundary:<":             {outcome.Killed, ""},
	"operator:hostile.go:25:23:incdec:--":              {outcome.Timeout, `running TestTriangle`},
	"operator:hostile.go:26:3:remove-statement:remove": {outcome.Killed, ""},
	"operator:hostile.go:26:5:assign-op:-=":            {outcome.Killed, ""},
	"operator:hostile.go:26:5:assign-plain:=":          {outcome.Killed, ""},
	"operator:hostile.go:28:2:return-zero:zero":        {outcome.Killed, ""},
}

// TestHostileMutantsGetTheirStatusesAndLeaveNothingBehind scores the
// hostile fixture (a copy of it in its own module, the "user's tree", so
// that a failure cannot touch the repository) with gotest.Score, the code
// path of mutprop run, and checks every outcome and reason, that no
// process started by the run is alive afterwards (by the pids and process
// groups the variants record, and by an environment entry every process of
// the run inherits), and that nothing was written outside the run's
// scratch directories: the package copy is byte-identical (content, mode
// and modification time), the run's temporary root is empty, and the
// system temporary directory holds no file of the fixture's.
//
// It is not parallel: it sets environment variables, and the leftover
// check by environment would see the processes of concurrent tests.
func TestHostileMutantsGetTheirStatusesAndLeaveNothingBehind(t *testing.T) {
	testfix.EndToEnd(t)
	pkg := copyHostile(t)
	logDir, root := t.TempDir(), t.TempDir()
	marker := fmt.Sprintf("HOSTILE_RUN=%d_%d", os.Getpid(), time.Now().UnixNano())
	k, v, _ := strings.Cut(marker, "=")
	t.Setenv(k, v)
	t.Setenv("HOSTILE_LOG", logDir)
	t.Setenv("HOSTILE_PKG_DIR", pkg)
	sysTmp := hostileTempFiles(t)
	before := statTree(t, pkg)

	var log bytes.Buffer
	cfg := gotest.Config{
		Dir:      pkg,
		Patterns: []string{"."},
		Workers:  2,
		Seed:     1,
		// A loop is stopped by its CPU time past Factor x its test's
		// (2 to 3 ms): 2 to 3 s. The variants that run away in memory or
		// output must meet their cap or budget well within it on a loaded
		// machine (they take a few hundred ms of CPU), and the blocked
		// ones cost Const.
		Timeouts: proc.Timeouts{Factor: 1000, Const: 4 * time.Second, Floor: 4 * time.Second},
		Memory:   &proc.MemoryCap{Soft: 256 << 20, Hard: 1 << 30},
		TempDir:  root,
		Log:      &log,
	}
	// The peak resident memory of this process is reset (Linux), after
	// the memory the tests that ran before Score left to the runtime went
	// back to the system, and read after Score.
	debug.FreeOSMemory()
	resetPeak := os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) == nil
	start := time.Now()
	res, err := gotest.Score(context.Background(), cfg)
	if err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	// named:noisy wrote 256 MiB before its budget ended it: mutprop's own
	// memory (this process: Score runs in it) stays bounded whatever the
	// tests print.
	peak := peakRSS(t, resetPeak)
	if peak > 300<<20 {
		t.Errorf("peak resident memory of the scoring process %d MiB, want under 300 MiB", peak>>20)
	}
	t.Logf("peak resident memory of the scoring process: %d MiB", peak>>20)
	t.Logf("scored in %v", time.Since(start).Round(time.Millisecond))

	// Every status and reason.
	got := map[string]gotest.MutantResult{}
	for _, p := range res.Packages {
		for _, m := range p.Mutants {
			got[m.Mutant.ID] = m
		}
		// TestReserve's 8 GiB of untouched address space passed the
		// baseline under the 1 GiB cap of resident memory.
		if len(p.SetAside) > 0 {
			t.Errorf("tests set aside by the baseline: %+v", p.SetAside)
		}
		if !slices.ContainsFunc(p.Tests, func(ti gotest.TestInfo) bool { return ti.Name == "TestReserve" }) {
			t.Errorf("TestReserve is not among the baseline's tests %+v", p.Tests)
		}
	}
	ids := make([]string, 0, len(got))
	for id := range got {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		m := got[id]
		t.Logf("%-10s %-50s %s", m.Outcome, id, m.Reason)
		w, ok := hostileWant[id]
		if !ok {
			t.Errorf("unexpected mutant %s (%s)", id, m.Outcome)
			continue
		}
		if m.Outcome != w.outcome {
			t.Errorf("%s: %s (%s), want %s", id, m.Outcome, m.Reason, w.outcome)
		}
		if w.reason != "" && !regexp.MustCompile(w.reason).MatchString(m.Reason) {
			t.Errorf("%s: reason %q does not match %q", id, m.Reason, w.reason)
		}
	}
	for id := range hostileWant {
		if _, ok := got[id]; !ok {
			t.Errorf("mutant %s was not scored", id)
		}
	}
	if strings.Contains(log.String(), "outside edit") || strings.Contains(log.String(), "no mutant ran") {
		t.Errorf("the guard took a mutant's write for an outside edit:\n%s", log.String())
	}

	// No process left: every pid and process group the variants recorded
	// (the test binaries, their children, the escaped sleeps).
	pids := recordedPids(t, logDir)
	if n := len(pids["escape-setsid"]); n < 3 || n != len(pids["escape-setpgid"]) || n%3 != 0 {
		t.Errorf("recorded pids %v: want 3 of each kind of child per run of the variant (Double runs 3 times)", pids)
	}
	// Each escaped process is named where it was killed: in the mutant's
	// reason, or in the log line of the batch it left (whose mutants then
	// ran again alone, the escape's own run naming its children).
	escape := got["named:escape"].Reason
	for _, kind := range []string{"escape-setsid", "escape-setpgid"} {
		for _, p := range pids[kind] {
			pid := fmt.Sprintf("(pid %d)", p[0])
			if !strings.Contains(escape, pid) && !strings.Contains(log.String(), pid) {
				t.Errorf("%s %d is not among the processes the run says it killed: %s", kind, p[0], escape)
			}
		}
	}
	if !regexp.MustCompile(`^killed 6 processes that had left`).MatchString(escape) {
		t.Errorf("named:escape's own run does not name its 6 children: %q", escape)
	}
	for kind, ps := range pids {
		for _, p := range ps {
			for _, g := range []int{p[0], p[1]} {
				if gone, err := proc.GroupGone(g, 5*time.Second); err != nil || !gone {
					t.Errorf("%s: process group %d of pid %d is alive after the run (%v)", kind, g, p[0], err)
				}
			}
		}
	}
	// No process left: by the environment entry every process of the run
	// inherits, and by executable or working directory.
	var left []proc.Process
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if left, err = proc.Tagged(marker); err != nil {
			t.Fatal(err)
		}
		if len(left) == 0 || time.Now().After(deadline) {
			break
		}
	}
	if len(left) > 0 {
		t.Errorf("processes of the run still alive: %v", left)
	}
	assertNothingLeft(t, root)

	// No stray file.
	assertSameStat(t, before, statTree(t, pkg))
	if after := hostileTempFiles(t); len(after) > len(sysTmp) {
		t.Errorf("files written into the system temporary directory: %v (before: %v)", after, sysTmp)
	}
}

// A run the memory cap or the output budget ended is a crash that names
// the cap and the test the binary was running; a run that reached its
// final line is not blamed on them.
func TestHostileCapKillsAreCrashesNamingTheRunningTest(t *testing.T) {
	t.Parallel()
	frame := func(lines ...string) []byte {
		var b []byte
		for _, l := range lines {
			b = append(append(append(b, 0x16), l...), '\n')
		}
		return b
	}
	running := append(frame("=== RUN   TestA", "--- PASS: TestA (0.00s)", "=== RUN   TestAlloc"), "allocating\n"...)
	mem := proc.Result{ExitCode: -1, Signal: "killed", End: proc.EndMemoryExceeded, PeakRSS: 1288490188,
		Memory: proc.MemoryCap{Soft: 512 << 20, Hard: 1 << 30}, OutputLimit: 256 << 20}
	out := proc.Result{ExitCode: -1, Signal: "killed", End: proc.EndOutputExceeded, OutputLimit: 256 << 20, Truncated: true}
	for _, tc := range []struct {
		stream  []byte
		res     proc.Result
		outcome outcome.Outcome
		reason  string
	}{
		{running, mem, outcome.Crashed, "exceeded its memory cap (resident 1.2 GiB > cap 1 GiB) while running TestAlloc"},
		{running, out, outcome.Crashed, "wrote more than 256 MiB of output (budget) while running TestAlloc"},
		// Killed between tests: no test to name.
		{frame("=== RUN   TestA", "--- PASS: TestA (0.00s)"), mem, outcome.Crashed, "exceeded its memory cap (resident 1.2 GiB > cap 1 GiB)"},
		// A failed test before the kill does not make it a kill.
		{append(frame("=== RUN   TestA", "--- FAIL: TestA (0.00s)"), running...), out, outcome.Crashed,
			"wrote more than 256 MiB of output (budget) while running TestAlloc"},
		// Not exceeded: the stream decides.
		{frame("=== RUN   TestA", "--- PASS: TestA (0.00s)", "PASS"), proc.Result{PeakRSS: 2 << 30}, outcome.Survived, ""},
	} {
		v := testjson.Classify(testjson.Parse(tc.stream), tc.res)
		if v.Outcome != tc.outcome || v.Reason != tc.reason || (tc.outcome == outcome.Crashed && len(v.KilledBy) > 0) {
			t.Errorf("%q under %+v: %s %q killed by %v, want %s %q", tc.stream, tc.res, v.Outcome, v.Reason, v.KilledBy, tc.outcome, tc.reason)
		}
	}
}

// copyHostile copies the fixture into a module of its own in a temporary
// directory and returns the package's directory.
func copyHostile(t *testing.T) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), "hostile")
	err := filepath.WalkDir(hostileDir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(hostileDir, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dst, "go.mod"), []byte("module example.com/hostile\n\ngo 1.26\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return dst
}

type fileStat struct {
	hash  [32]byte
	mode  fs.FileMode
	mtime time.Time
}

// statTree records every entry under dir: content, mode, modification time.
func statTree(t *testing.T, dir string) map[string]fileStat {
	t.Helper()
	out := map[string]fileStat{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		st := fileStat{mode: fi.Mode()}
		if !d.IsDir() {
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			st.hash, st.mtime = sha256.Sum256(b), fi.ModTime()
		}
		out[p] = st
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func assertSameStat(t *testing.T, before, after map[string]fileStat) {
	t.Helper()
	for p, b := range before {
		a, ok := after[p]
		switch {
		case !ok:
			t.Errorf("%s was removed from the user's tree", p)
		case a != b:
			t.Errorf("%s changed in the user's tree: %+v, was %+v", p, a, b)
		}
	}
	for p := range after {
		if _, ok := before[p]; !ok {
			t.Errorf("%s was created in the user's tree", p)
		}
	}
}

// hostileTempFiles lists the fixture's files in the system temporary
// directory (which the run must have redirected to its scratch).
func hostileTempFiles(t *testing.T) []string {
	t.Helper()
	m, err := filepath.Glob(filepath.Join(os.TempDir(), "mutprop-hostile-*"))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// recordedPids reads the variants' log: kind -> [pid, pgid] pairs.
func recordedPids(t *testing.T, dir string) map[string][][2]int {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "pids"))
	if err != nil {
		t.Fatalf("the variants recorded no pid: %v", err)
	}
	out := map[string][][2]int{}
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		f := strings.Fields(line)
		if len(f) != 4 {
			t.Fatalf("bad pid line %q", line)
		}
		pid, err1 := strconv.Atoi(f[1])
		pgid, err2 := strconv.Atoi(f[2])
		if err1 != nil || err2 != nil {
			t.Fatalf("bad pid line %q", line)
		}
		out[f[0]] = append(out[f[0]], [2]int{pid, pgid})
	}
	return out
}

// peakRSS is this process's peak resident memory: VmHWM since the reset
// when reset is true (Linux), else its high-water mark since it started.
func peakRSS(t *testing.T, reset bool) int64 {
	t.Helper()
	if reset {
		b, err := os.ReadFile("/proc/self/status")
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(b), "\n") {
			if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
				kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
				if err != nil {
					t.Fatalf("VmHWM %q: %v", rest, err)
				}
				return kb << 10
			}
		}
		t.Fatal("no VmHWM in /proc/self/status")
	}
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		t.Fatal(err)
	}
	return ru.Maxrss << 10
}
