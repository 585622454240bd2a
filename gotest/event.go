package gotest

import (
	"bytes"
	"strconv"
	"strings"
	"time"
)

// Test statuses read from a test binary's event stream.
const (
	StatusPass    = "pass"
	StatusFail    = "fail"
	StatusSkip    = "skip"
	StatusRunning = "run" // started, never finished: the binary died or was killed in it
)

// TestEvent is what the stream says about one test (or subtest).
type TestEvent struct {
	Name    string
	Status  string // StatusPass, StatusFail, StatusSkip or StatusRunning
	Elapsed time.Duration
	Output  string // the output attributed to the test, framing lines included
}

// Stream is a test binary's output run with -test.v=test2json, read the way
// go tool test2json reads it: framing lines start with the byte 0x16 (^V),
// so a test printing "--- FAIL" cannot forge a result.
type Stream struct {
	Tests map[string]*TestEvent // by full name, subtests as "TestX/sub"
	Order []string              // names in the order they started
	// Result is the binary's final line: StatusPass, StatusFail, or "" when
	// the binary ended without one (it crashed, exited or was killed).
	Result string
	Output string // everything the binary wrote, framing removed
}

const marker = 0x16

// ParseStream reads the output of a test binary run with
// -test.v=test2json. It never fails: output that is not framing is output.
func ParseStream(out []byte) *Stream {
	s := &Stream{Tests: map[string]*TestEvent{}}
	var all strings.Builder
	cur := ""
	for _, line := range splitFraming(out) {
		if len(line) == 0 {
			continue
		}
		if line[0] != marker {
			all.Write(line)
			if t := s.Tests[cur]; t != nil {
				t.Output += string(line)
			}
			continue
		}
		line = line[1:]
		all.Write(line)
		trim := strings.TrimRight(string(line), "\r\n")
		switch trim {
		case "PASS":
			s.Result = StatusPass
			cur = ""
			continue
		case "FAIL":
			s.Result = StatusFail
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
			s.Tests[name] = &TestEvent{Name: name, Status: StatusRunning}
			cur = name
		case strings.HasPrefix(body, "=== CONT "), strings.HasPrefix(body, "=== NAME "), strings.HasPrefix(body, "=== PAUSE "):
			cur = strings.TrimSpace(body[len("=== CONT "):])
		case strings.HasPrefix(body, "--- PASS: "), strings.HasPrefix(body, "--- FAIL: "), strings.HasPrefix(body, "--- SKIP: "):
			status := strings.ToLower(body[len("--- ") : len("--- ")+4])
			name, elapsed := splitElapsed(body[len("--- PASS: "):])
			t := s.Tests[name]
			if t == nil {
				t = &TestEvent{Name: name}
				s.Tests[name] = t
				s.Order = append(s.Order, name)
			}
			t.Status = status
			t.Elapsed = elapsed
			t.Output += trim + "\n"
			cur = name
		default:
			if t := s.Tests[cur]; t != nil {
				t.Output += string(line)
			}
		}
	}
	s.Output = all.String()
	return s
}

// splitFraming splits out into lines, also before a marker found in the
// middle of a line (a test that printed without a final newline).
func splitFraming(out []byte) [][]byte {
	var lines [][]byte
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
		lines = append(lines, out[:end])
		out = out[end:]
	}
	return lines
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

// TopLevel reports whether name is a top-level test (not a subtest).
func TopLevel(name string) bool { return !strings.Contains(name, "/") }
