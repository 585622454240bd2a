package gotest

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/proc"
)

// Verdict is what one run of a test binary says about the active mutant.
type Verdict struct {
	Outcome  outcome.Outcome // Killed, Survived, Timeout or Crashed
	KilledBy []string        // the top-level tests that failed, in start order
	// Reason is a one-line explanation: the failing test's first message,
	// the fatal error, the test running at the timeout.
	Reason string
	// TestsToFailure holds, for each killing test whose output says so,
	// the number of generated tests up to the failing one.
	TestsToFailure map[string]int
	Passed         []string // top-level tests that passed
	// Notes are what the run did besides its tests' verdict: processes that
	// left the process group and were killed, writes into the package
	// directory. They hold whatever the outcome, survived included.
	Notes []string
}

// crashLine finds the line that explains a dead binary.
var crashLine = regexp.MustCompile(`(?m)^(fatal error: .*|runtime: goroutine stack exceeds .*|panic: .*|SIG[A-Z]+: .*|unexpected fault address.*)$`)

// classify reads a verdict from a run's event stream, never from its exit
// code: a process killed at its deadline is a timeout; a failed top-level
// test is a kill; a test that started and never finished, or a binary that
// ended without its final PASS/FAIL line, is a crash (a Go fatal error, a
// stack overflow, a signal, os.Exit); otherwise the mutant survived.
func classify(s *stream, res proc.Result) Verdict {
	v := Verdict{TestsToFailure: map[string]int{}}
	var running []string
	for _, name := range s.Order {
		t := s.Tests[name]
		if !topLevel(name) {
			if t.Status == statusRunning {
				running = append(running, name)
			}
			continue
		}
		switch t.Status {
		case statusFail:
			v.KilledBy = append(v.KilledBy, name)
			if n, _, ok := testsToFailure(t.Output + subtestOutput(s, name)); ok {
				v.TestsToFailure[name] = n
			}
		case statusPass:
			v.Passed = append(v.Passed, name)
		case statusRunning:
			running = append(running, name)
		}
	}
	switch {
	case res.MemoryExceeded:
		v.Outcome = outcome.Crashed
		v.KilledBy = nil
		v.Reason = fmt.Sprintf("exceeded its memory cap (resident %s > cap %s)", proc.FormatSize(res.PeakRSS), proc.FormatSize(res.Memory.Hard)) + whileRunning(running)
	case res.OutputExceeded:
		v.Outcome = outcome.Crashed
		v.KilledBy = nil
		v.Reason = fmt.Sprintf("wrote more than %s of output (budget)", proc.FormatSize(res.OutputLimit)) + whileRunning(running)
	case res.TimedOut:
		v.Outcome = outcome.Timeout
		v.KilledBy = nil
		v.Reason = "no result within " + res.Duration.Round(1e6).String()
		if len(running) > 0 {
			v.Reason += " (running " + strings.Join(running, ", ") + ")"
		}
	case len(v.KilledBy) > 0:
		v.Outcome = outcome.Killed
		// The test's own message, else its failing subtests' (a test that
		// only groups subtests says nothing itself).
		if v.Reason = firstMessage(s.Tests[v.KilledBy[0]].Output); v.Reason == "" {
			v.Reason = firstMessage(subtestOutput(s, v.KilledBy[0]))
		}
	case len(running) > 0 || s.Result == "":
		v.Outcome = outcome.Crashed
		if m := crashLine.FindString(s.Output); m != "" {
			v.Reason = m
		} else {
			v.Reason = fmt.Sprintf("the test binary ended without a result (exit code %d%s)", res.ExitCode, signalNote(res))
		}
		if outOfMemory.MatchString(s.Output) {
			v.Reason = "ran out of memory (" + capNote(res.Memory) + "): " + v.Reason
		}
		if len(running) > 0 {
			v.Reason += " in " + running[0]
		}
	case s.Result == statusFail:
		// FAIL without a failed test: TestMain or package init failed.
		v.Outcome = outcome.Killed
		v.KilledBy = []string{"TestMain"}
		v.Reason = firstMessage(s.Output)
	default:
		v.Outcome = outcome.Survived
	}
	if len(res.Escaped) > 0 {
		names := make([]string, len(res.Escaped))
		for i, p := range res.Escaped {
			names[i] = p.String()
		}
		what := "a process"
		if len(names) > 1 {
			what = fmt.Sprintf("%d processes", len(names))
		}
		v.Notes = append(v.Notes, fmt.Sprintf("killed %s that had left the test binary's process group: %s",
			what, strings.Join(names, ", ")))
	}
	return v
}

// outOfMemory matches the Go runtime's messages when an allocation, a
// thread or a stack cannot get memory from the system (mmap fails with
// ENOMEM, errno 12). proc caps resident memory by killing the process group
// (proc.Result.MemoryExceeded), not by refusing memory, so this is the
// machine refusing it (overcommit, a cgroup) or a limit set outside proc
// (a hosted-suite worker's own RLIMIT_AS).
var outOfMemory = regexp.MustCompile(`fatal error: (runtime: )?(out of memory|cannot allocate memory)|runtime: out of memory|failed to create new OS thread.*errno=12`)

// capNote describes a memory cap: "GOMEMLIMIT 512 MiB, resident cap 1 GiB".
func capNote(m proc.MemoryCap) string {
	var parts []string
	if m.Soft > 0 {
		parts = append(parts, "GOMEMLIMIT "+proc.FormatSize(m.Soft))
	}
	if m.Hard > 0 {
		parts = append(parts, "resident cap "+proc.FormatSize(m.Hard))
	}
	if len(parts) == 0 {
		return "none set: the machine's memory"
	}
	return strings.Join(parts, ", ")
}

// whileRunning names the tests a killed binary was running: " while
// running TestX" ("" if none).
func whileRunning(running []string) string {
	if len(running) == 0 {
		return ""
	}
	return " while running " + strings.Join(running, ", ")
}

func signalNote(res proc.Result) string {
	if res.Signal != "" {
		return ", signal " + res.Signal
	}
	return ""
}

// subtestOutput concatenates the output of name's subtests.
func subtestOutput(s *stream, name string) string {
	var b strings.Builder
	prefix := name + "/"
	keys := make([]string, 0)
	for k := range s.Tests {
		if strings.HasPrefix(k, prefix) {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		b.WriteString(s.Tests[k].Output)
	}
	return b.String()
}

// firstMessage returns the first line of output that is not framing.
func firstMessage(out string) string {
	for _, line := range strings.Split(out, "\n") {
		l := strings.TrimSpace(line)
		if l == "" || strings.HasPrefix(l, "=== ") || strings.HasPrefix(l, "--- ") {
			continue
		}
		if len(l) > 200 {
			l = l[:200] + "..."
		}
		return l
	}
	return ""
}
