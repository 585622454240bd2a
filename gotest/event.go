package gotest

import (
	"bytes"
	"iter"
	"strconv"
	"strings"
	"time"

	"github.com/mutprop/mutprop/proc"
)

// Test statuses read from a test binary's event stream.
const (
	statusPass    = "pass"
	statusFail    = "fail"
	statusSkip    = "skip"
	statusRunning = "run" // started, never finished: the binary died or was killed in it
)

// testEvent is what the stream says about one test (or subtest).
type testEvent struct {
	Name    string
	Status  string // statusPass, statusFail, statusSkip or statusRunning
	Elapsed time.Duration
	Output  string // the output attributed to the test, framing lines included
}

// stream is a test binary's output run with -test.v=test2json, read the way
// go tool test2json reads it: framing lines start with the byte 0x16 (^V),
// so a test printing "--- FAIL" cannot forge a result.
type stream struct {
	Tests map[string]*testEvent // by full name, subtests as "TestX/sub"
	Order []string              // names in the order they started
	// Result is the binary's final line: statusPass, statusFail, or "" when
	// the binary ended without one (it crashed, exited or was killed).
	Result string
	Output string // everything the binary wrote, framing removed
}

const marker = 0x16

// outputBudget is how much of one test's output (and of the whole
// stream's) a stream keeps: the first and the last outputBudget/2 bytes,
// with a line in between saying how much was dropped. A test that logs
// without end costs mutprop a fixed amount of memory, and the parse stays
// linear in the output's length.
const outputBudget = 256 << 10

// parseStream reads the output of a test binary run with
// -test.v=test2json. It never fails: output that is not framing is output.
// It runs in time linear in len(out); each test's Output and the stream's
// Output keep at most about outputBudget bytes (head and tail).
func parseStream(out []byte) *stream {
	s := &stream{Tests: map[string]*testEvent{}}
	all := proc.NewHeadTail(outputBudget/2, outputBudget/2)
	texts := map[string]*proc.HeadTail{}
	text := func(name string) *proc.HeadTail {
		h := texts[name]
		if h == nil {
			h = proc.NewHeadTail(outputBudget/2, outputBudget/2)
			texts[name] = h
		}
		return h
	}
	cur := ""
	for line := range framedLines(out) {
		if len(line) == 0 {
			continue
		}
		if line[0] != marker {
			all.Write(line)
			if s.Tests[cur] != nil {
				text(cur).Write(line)
			}
			continue
		}
		line = line[1:]
		all.Write(line)
		trim := strings.TrimRight(string(line), "\r\n")
		switch trim {
		case "PASS":
			s.Result = statusPass
			cur = ""
			continue
		case "FAIL":
			s.Result = statusFail
			cur = ""
			continue
		}
		body := strings.TrimLeft(trim, " ")
		switch {
		case strings.HasPrefix(body, "=== RUN "):
			name := strings.TrimSpace(body[len("=== RUN "):])
			if _, ok := s.Tests[name]; !ok {
				s.Order = append(s.Order, name)
			}
			s.Tests[name] = &testEvent{Name: name, Status: statusRunning}
			delete(texts, name)
			cur = name
		case strings.HasPrefix(body, "=== CONT "), strings.HasPrefix(body, "=== NAME "), strings.HasPrefix(body, "=== PAUSE "):
			cur = strings.TrimSpace(body[len("=== CONT "):])
		case strings.HasPrefix(body, "--- PASS: "), strings.HasPrefix(body, "--- FAIL: "), strings.HasPrefix(body, "--- SKIP: "):
			status := strings.ToLower(body[len("--- ") : len("--- ")+4])
			name, elapsed := splitElapsed(body[len("--- PASS: "):])
			t := s.Tests[name]
			if t == nil {
				t = &testEvent{Name: name}
				s.Tests[name] = t
				s.Order = append(s.Order, name)
			}
			t.Status = status
			t.Elapsed = elapsed
			text(name).Write([]byte(trim + "\n"))
			cur = name
		default:
			if s.Tests[cur] != nil {
				text(cur).Write(line)
			}
		}
	}
	for name, h := range texts {
		if t := s.Tests[name]; t != nil {
			t.Output = h.String()
		}
	}
	s.Output = all.String()
	return s
}

// elapsed returns, per top-level test of the stream, its reported time or,
// when longer, that of its longest subtest at any depth. A test whose
// subtests call t.Parallel is reported done in about the time its own
// function took: its parallel subtests run after it returns (go-cmp's
// TestDiff reports 0.01 s, one of its subtests 0.38 s). The longest subtest
// is a lower bound of the time the test takes.
func (s *stream) elapsed() map[string]time.Duration {
	out := make(map[string]time.Duration, len(s.Tests))
	for name, ev := range s.Tests {
		top, _, _ := strings.Cut(name, "/")
		out[top] = max(out[top], ev.Elapsed)
	}
	return out
}

// framedLines yields the lines of out, also splitting before a marker
// found in the middle of a line (a test that printed without a final
// newline). It allocates nothing.
func framedLines(out []byte) iter.Seq[[]byte] {
	return func(yield func([]byte) bool) {
		for len(out) > 0 {
			end := bytes.IndexByte(out, '\n')
			if end < 0 {
				end = len(out)
			} else {
				end++
			}
			if m := bytes.IndexByte(out[1:end], marker); m >= 0 {
				end = m + 1
			}
			if !yield(out[:end]) {
				return
			}
			out = out[end:]
		}
	}
}

// splitElapsed splits "TestX (0.01s)" into the name and the duration.
func splitElapsed(s string) (string, time.Duration) {
	i := strings.LastIndex(s, " (")
	if i < 0 || !strings.HasSuffix(s, "s)") {
		return strings.TrimSpace(s), 0
	}
	f, err := strconv.ParseFloat(s[i+2:len(s)-2], 64)
	if err != nil {
		return strings.TrimSpace(s), 0
	}
	return s[:i], time.Duration(f * float64(time.Second))
}

// topLevel reports whether name is a top-level test (not a subtest).
func topLevel(name string) bool { return !strings.Contains(name, "/") }
