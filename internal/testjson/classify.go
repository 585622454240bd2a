package testjson

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/proc"
)

// Verdict is what one run of a test binary says about the active mutant.
type Verdict struct {
	Outcome  outcome.Outcome // Killed, Survived, Timeout or Crashed
	KilledBy []string        // the top-level tests that failed, in start order
	// Reason is a one-line explanation: the failing test's failure
	// message (failureMessage), the fatal error, the test running at the
	// timeout.
	Reason string
	// TestsToFailure holds, for each killing test whose output says so,
	// the number of generated tests up to the failing one.
	TestsToFailure map[string]int
	Passed         []string // top-level tests that passed
	// Culprit is the top-level test a timeout or a crash is blamed on:
	// the first still running (testwatch sets the one its rule stopped);
	// "" when none was. The other unfinished tests were cut off by it.
	Culprit string
	// Notes are what the run did besides its tests' verdict: processes that
	// left the process group and were killed, writes into the package
	// directory. They hold whatever the outcome, survived included.
	Notes []string
}

// crashLine finds the line that explains a dead binary.
var crashLine = regexp.MustCompile(`(?m)^(fatal error: .*|runtime: goroutine stack exceeds .*|panic: .*|SIG[A-Z]+: .*|unexpected fault address.*)$`)

// Classify reads a verdict from a run's event stream, never from its exit
// code: a failed top-level test is a kill, whatever ended the process
// after it (a cut stream's test too, Parser.CutAtFailedSubtest); otherwise a process killed at its deadline is a timeout; a test that started and never finished, or a binary that
// ended without its final PASS/FAIL line, is a crash (a Go fatal error, a
// stack overflow, a signal, os.Exit); otherwise the mutant survived.
func Classify(s *Stream, res proc.Result) Verdict {
	v := Verdict{TestsToFailure: map[string]int{}}
	// A test one of whose subtests failed has failed for good, whether or
	// not it ended before the process did: parallel rows that go on after
	// a failure are never cut (SubtestCut), and stopping them at a
	// deadline must not turn the kill into a timeout.
	failedRows := map[string]bool{}
	for _, name := range s.Order {
		if top, _, sub := strings.Cut(name, "/"); sub && s.Tests[name].Status == StatusFail {
			failedRows[top] = true
		}
	}
	var running []string
	for _, name := range s.Order {
		t := s.Tests[name]
		if !TopLevel(name) {
			if t.Status == StatusRunning {
				running = append(running, name)
			}
			continue
		}
		switch {
		case t.Status == StatusFail, t.Status == StatusRunning && failedRows[name]:
			v.KilledBy = append(v.KilledBy, name)
			if n, _, ok := TestsToFailure(t.Output + s.SubtestOutput(name)); ok {
				v.TestsToFailure[name] = n
			}
		case t.Status == StatusPass:
			v.Passed = append(v.Passed, name)
		case t.Status == StatusRunning:
			running = append(running, name)
		}
	}
	for _, name := range running {
		if TopLevel(name) && v.Culprit == "" {
			v.Culprit = name
		}
	}
	switch {
	case len(v.KilledBy) > 0:
		// A test that failed decides the verdict, whatever ended the
		// process after it: the order of the tests, or a deadline that
		// the machine's load moved, must not turn a kill into a timeout.
		v.Outcome = outcome.Killed
		v.Reason = s.KillReason(v.KilledBy[0])
	case res.End == proc.EndMemoryExceeded:
		v.Outcome = outcome.Crashed
		v.Reason = fmt.Sprintf("exceeded its memory cap (resident %s > cap %s)", proc.FormatSize(res.PeakRSS), proc.FormatSize(res.Memory.Hard)) + whileRunning(running)
	case res.End == proc.EndOutputExceeded:
		v.Outcome = outcome.Crashed
		v.Reason = fmt.Sprintf("wrote more than %s of output (budget)", proc.FormatSize(res.OutputLimit)) + whileRunning(running)
	case res.End == proc.EndTimedOut:
		v.Outcome = outcome.Timeout
		v.Reason = "no result within " + res.Duration.Round(1e6).String()
		if len(running) > 0 {
			v.Reason += " (running " + runningNames(running) + ")"
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
	case s.Result == StatusFail:
		// FAIL without a failed test: TestMain or package init failed.
		v.Outcome = outcome.Killed
		v.KilledBy = []string{"TestMain"}
		v.Reason, _ = failureMessage(s.Output)
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
// (proc.EndMemoryExceeded), not by refusing memory, so this is the
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
	return " while running " + runningNames(running)
}

// maxRunningNamed is how many of the tests running when a process ended
// a reason names. A table of parallel subtests has thousands running at
// once: spf13/cast's TestNumber made a timeout's reason of 100 KB.
const maxRunningNamed = 5

// runningNames lists running tests, in the order they started, for a
// reason: at most maxRunningNamed, then how many more.
func runningNames(running []string) string {
	if len(running) <= maxRunningNamed {
		return strings.Join(running, ", ")
	}
	return strings.Join(running[:maxRunningNamed], ", ") + fmt.Sprintf(" and %d more", len(running)-maxRunningNamed)
}

func signalNote(res proc.Result) string {
	if res.Signal != "" {
		return ", signal " + res.Signal
	}
	return ""
}

// SubtestOutput concatenates the output of name's subtests.
func (s *Stream) SubtestOutput(name string) string {
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

// Ranks of the lines failureMessage may take as a failure's message, best
// last.
const (
	rankNone    = iota
	rankPlain   // a line the test printed (fmt.Println): used only when nothing better exists
	rankMessage // "file_test.go:12: msg": t.Error, t.Fatal (or t.Log: the text cannot tell)
	rankAssert  // the first failure of testify's assertions (AssertFailure)
	rankMarker  // a property-based library's failure line (ttfPatterns)
	rankPanic   // "panic: ..."
)

// droppedLine starts the line proc.HeadTail puts where it dropped the
// middle of a long output.
const droppedLine = "[mutprop: "

// maxReason bounds a reason's length in bytes.
const maxReason = 200

// isMessageLine reports whether line is the first line of a testing
// message: indented, then "file.go:line: " (t.Error, t.Fatal, t.Log and
// their formatted forms), as the expression ^ +[^ :]+\.go:\d+:( |$)
// would say. It reads the bytes by hand: a batch's tests print thousands
// of such lines a second, and the expression took a tenth of mutprop's
// own CPU on xxhash.
func isMessageLine(line string) bool {
	i := 0
	for i < len(line) && line[i] == ' ' {
		i++
	}
	if i == 0 {
		return false
	}
	// The file name is a run of bytes that are neither space nor colon,
	// ending in ".go": no shorter run can be followed by the colon.
	j := i
	for j < len(line) && line[j] != ' ' && line[j] != ':' {
		j++
	}
	if j-i < len("x.go") || line[j-len(".go"):j] != ".go" || j == len(line) || line[j] != ':' {
		return false
	}
	k := j + 1
	for k < len(line) && '0' <= line[k] && line[k] <= '9' {
		k++
	}
	if k == j+1 || k == len(line) || line[k] != ':' {
		return false
	}
	return k+1 == len(line) || line[k+1] == ' '
}

// KillReason explains why test name failed: the best message of its
// failed subtests (the first to start of those of the best rank: a failed
// subtest is why its parent failed, and a parent's own message may be a
// t.Log), unless its own output has a better one. In a stream cut at
// name (Cut), a subtest still running counts as failed.
func (s *Stream) KillReason(name string) string {
	sub, subRank := "", rankNone
	prefix := name + "/"
	for _, n := range s.Order {
		t := s.Tests[n]
		// A stream cut at the switch's line, printed from a subtest's
		// loop, holds that subtest running: its messages are the kill's.
		if !strings.HasPrefix(n, prefix) || t == nil || (t.Status != StatusFail && (s.Cut != name || t.Status != StatusRunning)) {
			continue
		}
		if m, r := failureMessage(t.Output); r > subRank {
			sub, subRank = m, r
		}
	}
	if own, r := failureMessage(s.Tests[name].Output); r > subRank {
		return own
	}
	return sub
}

// failureMessage picks, from the output of a failed test, the line that
// says why it failed, and returns it trimmed and bounded to about
// maxReason bytes, with its rank. By rank: a panic; a property-based
// library's failure line (rapid's "[rapid] failed after N tests: msg",
// gopter's "Falsified after N passed tests", testing/quick's "#N: failed on
// input"); the first failure of testify's assertions (AssertFailure: the
// same whether the test ran to its end or was stopped there); the last
// message ("file_test.go:12: msg") before the test's
// "--- FAIL" line (t.Log and t.Error print alike, and a test usually
// stops at the failure that matters); only when there is none of these,
// the first line the test printed itself (before its "--- FAIL", else
// after it: an example's "got:"). Framing, a message's
// continuation lines and the markers of dropped output never count.
func failureMessage(out string) (string, int) {
	var panicked, marker, message, plain, plainAfter string
	failed := false // past the test's own "--- FAIL" line
	for line := range strings.Lines(out) {
		line = strings.TrimRight(line, "\r\n")
		l := strings.TrimSpace(line)
		switch {
		case l == "" || strings.HasPrefix(l, "=== ") || l == "PASS" || l == "FAIL" || strings.HasPrefix(l, droppedLine):
		case strings.HasPrefix(l, "--- "):
			failed = failed || strings.HasPrefix(l, "--- FAIL")
		case strings.HasPrefix(line, "panic: "):
			if panicked == "" {
				panicked = strings.TrimSuffix(strings.TrimSuffix(l, " [recovered, repanicked]"), " [recovered]")
			}
		case marker == "" && isMarker(l):
			marker = l
		case isMessageLine(line):
			if !failed {
				message = l
			}
		case strings.HasPrefix(line, "        "): // a message's continuation
		case !failed && plain == "":
			plain = l
		case failed && plainAfter == "":
			plainAfter = l // an example's "got:" comes after its --- FAIL
		}
	}
	if plain == "" {
		plain = plainAfter
	}
	asserted, _ := AssertFailure(out)
	for _, c := range []struct {
		msg  string
		rank int
	}{{panicked, rankPanic}, {marker, rankMarker}, {asserted, rankAssert}, {message, rankMessage}, {plain, rankPlain}} {
		if c.msg != "" {
			return bound(c.msg), c.rank
		}
	}
	return "", rankNone
}

// isMarker reports whether a line is a property-based library's failure
// line.
func isMarker(l string) bool {
	for _, p := range ttfPatterns {
		if p.re.MatchString(l) {
			return true
		}
	}
	return false
}

// bound cuts s to at most maxReason bytes, at a rune boundary, adding
// "..." when it cut.
func bound(s string) string {
	if len(s) <= maxReason {
		return s
	}
	i := maxReason
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i] + "..."
}

// FailedProperty finds, in a run that timed out or crashed, the first
// top-level test whose property failed before the end (its output holds a
// library's count of tests to the failure), or whose testify assertion
// failed (AssertFailure): the verdict is that test's kill, with the
// count, and the library's failure line as its reason.
func FailedProperty(s *Stream) (Verdict, bool) {
	for _, name := range s.Order {
		ev := s.Tests[name]
		if !TopLevel(name) || ev.Status == StatusPass || ev.Status == StatusSkip {
			continue
		}
		out := ev.Output + s.SubtestOutput(name)
		n, _, ok := TestsToFailure(out)
		if !ok {
			if reason, asserted := AssertFailure(out); asserted {
				return Verdict{Outcome: outcome.Killed, KilledBy: []string{name}, TestsToFailure: map[string]int{}, Reason: reason}, true
			}
			continue
		}
		v := Verdict{Outcome: outcome.Killed, KilledBy: []string{name}, TestsToFailure: map[string]int{name: n}}
		for _, p := range ttfPatterns {
			if loc := p.re.FindStringIndex(out); loc != nil {
				line, _, _ := strings.Cut(out[loc[0]:], "\n")
				v.Reason = strings.TrimSpace(line)
				break
			}
		}
		if len(v.Reason) > maxReason {
			v.Reason = v.Reason[:maxReason] + "..."
		}
		return v, true
	}
	return Verdict{}, false
}

// ClassifyBatch reads the verdict of each iteration of a batch run
// (Parser.Iterations) that ran a test: every iteration but the last ended
// with its tests, and is classified as a run that ended there; the last
// with the process's result res. The binary's final FAIL line belongs to
// the whole run: when an earlier iteration failed and no test of the last
// did, it says nothing of the last.
func ClassifyBatch(its []*Stream, res proc.Result) []Verdict {
	var out []Verdict
	failed := false
	for i, st := range its {
		if len(st.Order) == 0 {
			continue // output before the first test, or after the last
		}
		if i < len(its)-1 {
			failed = failed || st.Result == StatusFail
			out = append(out, Classify(st, proc.Result{}))
			continue
		}
		if st.Result == StatusFail && failed && !AnyFailed(st) {
			st.Result = StatusPass
		}
		out = append(out, Classify(st, res))
	}
	return out
}
