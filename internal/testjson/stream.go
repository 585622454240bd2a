package testjson

import (
	"bytes"
	"maps"
	"strconv"
	"strings"
	"time"

	"github.com/mutprop/mutprop/proc"
)

// Test statuses read from a test binary's event stream.
const (
	StatusPass    = "pass"
	StatusFail    = "fail"
	StatusSkip    = "skip"
	StatusRunning = "run" // started, never finished: the binary died or was killed in it
)

// Test is what the stream says about one test (or subtest).
type Test struct {
	Name    string
	Status  string // StatusPass, StatusFail, StatusSkip or StatusRunning
	Elapsed time.Duration
	Output  string // the output attributed to the test, framing lines included
}

// Stream is a test binary's output run with -test.v=test2json, read the way
// go tool test2json reads it: framing lines start with the byte 0x16 (^V),
// so a test printing "--- FAIL" cannot forge a result.
type Stream struct {
	Tests map[string]*Test // by full name, subtests as "TestX/sub"
	Order []string         // names in the order they started
	// Result is the binary's final line: StatusPass, StatusFail, or "" when
	// the binary ended without one (it crashed, exited or was killed).
	Result string
	Output string // everything the binary wrote, framing removed
	// Ended counts the ends of each top-level test's runs, by status:
	// more than one with -test.count (Test holds the last run's).
	Ended map[string]Ends
	// Cut names the top-level test at whose going on, after one of its
	// subtests failed, a Parser that cuts (CutAtFailedSubtest) stopped
	// reading the stream's current iteration: the test has failed there
	// ("" when the stream was not cut).
	Cut string
	// read is, per top-level test that never paused, the time from its
	// start line to its end line as the parser read them (Took).
	read map[string]time.Duration
	// measured is, per top-level test, the time the test binary itself
	// measured (SetMeasured), which Took prefers.
	measured map[string]time.Duration
}

// Ends counts a test's runs that ended, by status.
type Ends struct{ Pass, Fail, Skip int }

const marker = 0x16

// OutputBudget is how much of one test's output (and of the whole
// stream's) a stream keeps: the first and the last OutputBudget/2 bytes,
// with a line in between saying how much was dropped. A test that logs
// without end costs mutprop a fixed amount of memory, and the parse stays
// linear in the output's length.
const OutputBudget = 256 << 10

// Parse reads the output of a test binary run with
// -test.v=test2json. It never fails: output that is not framing is output.
// It runs in time linear in len(out); each test's Output and the stream's
// Output keep at most about OutputBudget bytes (head and tail).
func Parse(out []byte) *Stream {
	p := NewParser()
	_, _ = p.Write(out)
	return p.Stream()
}

// frameMax bounds a framing line a Parser buffers: a longer one (a test
// that printed after a framing line without a newline) is output.
const frameMax = 64 << 10

// Parser reads a test binary's -test.v=test2json output as it is written,
// whole: a run's kept output drops the middle of a long one, and with it
// the framing lines of the tests that ended there. Its memory is bounded
// as Parse's is.
type Parser struct {
	s     *Stream
	all   *proc.HeadTail
	texts map[string]*proc.HeadTail
	cur   string
	// frame is the framing line being read, from its marker, while
	// inFrame; its storage is reused from line to line.
	frame   []byte
	inFrame bool
	// done are the iterations of a -test.count run that ended before the
	// current one (Iterations).
	done []*Stream
	// cut, when set, ends a test's run at its going on after a failed
	// subtest (CutAtFailedSubtest); skipping while the rest of the run
	// so cut goes by.
	cut      *SubtestCut
	skipping bool
	// now is the clock of Stream.read; started is when each top-level
	// test's start line was read, paused which ones paused (t.Parallel):
	// their lines span the others' runs.
	now     func() time.Time
	started map[string]time.Time
	paused  map[string]bool
}

// NewParser returns a Parser at the start of a stream.
func NewParser() *Parser {
	return &Parser{s: &Stream{Tests: map[string]*Test{}, Ended: map[string]Ends{}}, all: proc.NewHeadTail(OutputBudget/2, OutputBudget/2), texts: map[string]*proc.HeadTail{}, now: time.Now, started: map[string]time.Time{}, paused: map[string]bool{}}
}

// CutAtFailedSubtest makes the parser end a test's run where it goes on
// after one of its subtests failed (SubtestCut): the test has failed
// there (its status, and one failed end in Ended), the stream's Cut names
// it, and nothing more of it is read: reading goes on at the next
// top-level test's start (another test, the next iteration of
// -test.count or a batch) or at a parallel test's going on. A watched
// mutant's run may stop the process anywhere past that line: its verdict
// is the same whether the stop came at once, later, or never.
func (p *Parser) CutAtFailedSubtest() {
	p.cut = &SubtestCut{}
}

// Write reads b, the next bytes of the stream. It never fails.
func (p *Parser) Write(b []byte) (int, error) {
	n := len(b)
	for len(b) > 0 {
		if !p.inFrame && b[0] == marker {
			p.frame, p.inFrame = append(p.frame[:0], marker), true
			b = b[1:]
			continue
		}
		// A line ends at its newline, and before a marker in its middle
		// (a test that printed without a final newline).
		end := bytes.IndexAny(b, "\n\x16")
		piece := b
		if end >= 0 {
			if b[end] == '\n' {
				end++
			}
			piece, b = b[:end], b[end:]
		} else {
			b = nil
		}
		if !p.inFrame {
			p.text(piece)
			continue
		}
		p.frame = append(p.frame, piece...)
		if end >= 0 {
			p.inFrame = false
			p.line(p.frame)
		} else if len(p.frame) > frameMax {
			p.inFrame = false
			p.text(p.frame[1:])
		}
	}
	return n, nil
}

// Stream ends the stream and returns what it said: of a -test.count run
// of several iterations, what its last iteration said (Iterations).
func (p *Parser) Stream() *Stream {
	if p.inFrame {
		p.inFrame = false
		p.line(p.frame)
	}
	p.seal()
	return p.s
}

// Iterations ends the stream and returns each iteration of a
// -test.count run, in order: a top-level test that starts again starts
// the next iteration. Every iteration but the last ended with its last
// test: its Result is StatusFail when a top-level test failed in it,
// else StatusPass. The last is Stream's: its Result is the binary's own
// final line, "" when the binary ended without one. A run of one
// iteration gives one stream, Stream's.
func (p *Parser) Iterations() []*Stream {
	last := p.Stream()
	return append(p.done[:len(p.done):len(p.done)], last)
}

// seal writes the kept output of the current stream into its tests and
// itself.
func (p *Parser) seal() {
	for name, h := range p.texts {
		if t := p.s.Tests[name]; t != nil {
			t.Output = h.String()
		}
	}
	p.s.Output = p.all.String()
}

// nextIteration ends the current iteration's stream and starts the next.
func (p *Parser) nextIteration() {
	p.seal()
	p.s.Result = StatusPass
	if AnyFailed(p.s) {
		p.s.Result = StatusFail
	}
	p.done = append(p.done, p.s)
	// Ended counts the runs of the whole stream: each iteration's holds
	// those up to its end.
	p.s = &Stream{Tests: map[string]*Test{}, Ended: maps.Clone(p.s.Ended)}
	p.all = proc.NewHeadTail(OutputBudget/2, OutputBudget/2)
	p.texts = map[string]*proc.HeadTail{}
	p.cur = ""
}

// cutLine reads a framing line (trimmed, without its marker) for the
// cut, and reports whether the iteration's stream ignores it: it is the
// line of the cut, or follows it in the same iteration. The next
// iteration's first line ends the skip.
func (p *Parser) cutLine(line string) bool {
	event, name, ok := readFrame(line)
	if p.skipping {
		// The cut test's lines go by until a top-level test starts (the
		// next test, or the next iteration), or a parallel one goes on:
		// the cut test, sequential, has ended by then.
		if !ok || !TopLevel(name) || (event != "=== RUN " && (event != "=== CONT " || name == p.s.Cut)) {
			return true
		}
		p.skipping = false
	}
	if !ok {
		return false
	}
	test, cut := p.cut.Frame(event, name)
	if !cut {
		return false
	}
	s := p.s
	if t := s.Tests[test]; t != nil {
		t.Status = StatusFail
	}
	e := s.Ended[test]
	e.Fail++
	s.Ended[test] = e
	s.Cut, p.skipping, p.cur = test, true, ""
	p.all.Write([]byte(cutNote(test, event)))
	return true
}

// text reads output that is not framing: the current test's.
func (p *Parser) text(b []byte) {
	if len(b) == 0 || p.skipping {
		return
	}
	p.all.Write(b)
	if p.s.Tests[p.cur] != nil {
		p.textOf(p.cur).Write(b)
	}
}

func (p *Parser) textOf(name string) *proc.HeadTail {
	h := p.texts[name]
	if h == nil {
		h = proc.NewHeadTail(OutputBudget/2, OutputBudget/2)
		p.texts[name] = h
	}
	return h
}

// line reads a line that starts with the marker.
func (p *Parser) line(line []byte) {
	s := p.s
	line = line[1:]
	if len(line) == 0 {
		return
	}
	trim := strings.TrimRight(string(line), "\r\n")
	if p.cut != nil && p.cutLine(trim) {
		return
	}
	body := strings.TrimLeft(trim, " ")
	if strings.HasPrefix(body, FailedEvent) {
		return // not a cut: a parallel test, or a run that cuts nothing
	}
	if strings.HasPrefix(body, "=== RUN ") {
		if name := strings.TrimSpace(body[len("=== RUN "):]); TopLevel(name) && s.Tests[name] != nil {
			p.nextIteration()
			s = p.s
		}
	}
	p.all.Write(line)
	switch trim {
	case "PASS":
		s.Result = StatusPass
		p.cur = ""
		return
	case "FAIL":
		s.Result = StatusFail
		p.cur = ""
		return
	}
	switch {
	case strings.HasPrefix(body, "=== RUN "):
		name := strings.TrimSpace(body[len("=== RUN "):])
		if _, ok := s.Tests[name]; !ok {
			s.Order = append(s.Order, name)
		}
		s.Tests[name] = &Test{Name: name, Status: StatusRunning}
		if TopLevel(name) {
			p.started[name] = p.now()
			delete(p.paused, name)
		}
		delete(p.texts, name)
		p.cur = name
	case strings.HasPrefix(body, "=== CONT "), strings.HasPrefix(body, "=== NAME "), strings.HasPrefix(body, "=== PAUSE "):
		p.cur = strings.TrimSpace(body[len("=== CONT "):])
		if strings.HasPrefix(body, "=== PAUSE ") {
			p.paused[p.cur] = true
		}
	case strings.HasPrefix(body, "--- PASS: "), strings.HasPrefix(body, "--- FAIL: "), strings.HasPrefix(body, "--- SKIP: "):
		status := strings.ToLower(body[len("--- ") : len("--- ")+4])
		name, elapsed := splitElapsed(body[len("--- PASS: "):])
		t := s.Tests[name]
		if t == nil {
			t = &Test{Name: name}
			s.Tests[name] = t
			s.Order = append(s.Order, name)
		}
		t.Status = status
		t.Elapsed = elapsed
		if at, ok := p.started[name]; ok && !p.paused[name] {
			if s.read == nil {
				s.read = map[string]time.Duration{}
			}
			s.read[name] = p.now().Sub(at)
		}
		if TopLevel(name) {
			e := s.Ended[name]
			switch status {
			case StatusPass:
				e.Pass++
			case StatusFail:
				e.Fail++
			case StatusSkip:
				e.Skip++
			}
			s.Ended[name] = e
		}
		p.textOf(name).Write([]byte(trim + "\n"))
		p.cur = name
	default:
		if s.Tests[p.cur] != nil {
			p.textOf(p.cur).Write(line)
		}
	}
}

// Elapsed returns, per top-level test of the stream, its reported time or,
// when longer, that of its longest subtest at any depth. A test whose
// subtests call t.Parallel is reported done in about the time its own
// function took: its parallel subtests run after it returns (go-cmp's
// TestDiff reports 0.01 s, one of its subtests 0.38 s). The longest subtest
// is a lower bound of the time the test takes.
func (s *Stream) Elapsed() map[string]time.Duration {
	out := make(map[string]time.Duration, len(s.Tests))
	for name, ev := range s.Tests {
		top, _, _ := strings.Cut(name, "/")
		out[top] = max(out[top], ev.Elapsed)
	}
	return out
}

// Took returns, per top-level test of the stream, the time it took: from
// its start line to its end line as the parser read them, where it never
// paused, else Elapsed's. The printed time is rounded to the hundredth of
// a second: a test of a few milliseconds reads as 0 or 10 ms from run to
// run.
func (s *Stream) Took() map[string]time.Duration {
	out := s.Elapsed()
	for name, d := range s.read {
		if d > 0 {
			out[name] = d
		}
	}
	for name, d := range s.measured {
		// A test that paused (t.Parallel) waited inside the time the
		// binary measured: its printed time leaves the wait out.
		if _, ok := s.read[name]; ok && d > 0 {
			out[name] = d
		}
	}
	return out
}

// SetMeasured records the times the test binary measured for its
// top-level tests, from each one's start to its last cleanup (mutate's
// TimesEnv): Took gives them, for the tests that never paused, instead of
// the times read between lines, which a reader that lags reads as one
// piece.
func (s *Stream) SetMeasured(times map[string]time.Duration) { s.measured = times }

// Measured returns the times SetMeasured recorded (nil: none).
func (s *Stream) Measured() map[string]time.Duration { return s.measured }

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

// FailedEvent is the framing line a mutprop batch build's switch prints
// when a top-level test it watches has failed and goes on running the
// loops of its test files (mutate.FailedFrame, the same text): the test
// has failed for good, and a SubtestCut cuts its run there.
const FailedEvent = "=== MUTPROP-FAILED "

// frameEvents are the framing prefixes ReadFrame knows.
var frameEvents = []string{"=== RUN ", "=== PAUSE ", "=== CONT ", "=== NAME ", "--- PASS: ", "--- FAIL: ", "--- SKIP: ", FailedEvent}

// ReadFrame reads one line of a stream as it comes (a live watch of the
// run): ok reports a framing line that starts, pauses, continues or ends a
// test, or that names the test whose output follows. event is its prefix
// ("=== RUN ", "=== PAUSE ", "=== CONT ", "=== NAME ", "--- PASS: ",
// "--- FAIL: ", "--- SKIP: " or FailedEvent), name the test's (without
// the elapsed time of an end).
func ReadFrame(line []byte) (event, name string, ok bool) {
	if len(line) == 0 || line[0] != marker {
		return "", "", false
	}
	return readFrame(string(line[1:]))
}

// readFrame is ReadFrame of a framing line without its marker.
func readFrame(line string) (event, name string, ok bool) {
	body := strings.TrimSpace(line)
	for _, p := range frameEvents {
		if strings.HasPrefix(body, p) {
			name = strings.TrimSpace(body[len(p):])
			if strings.HasPrefix(p, "--- ") {
				name, _ = splitElapsed(name)
			}
			return p, name, true
		}
	}
	return "", "", false
}

// cutNote is the line a cut stream's output ends with, for a reader of
// the run's output (mutprop show --test); event is the framing line's.
func cutNote(test, event string) string {
	if event == FailedEvent {
		return "\nmutprop: " + test + " had failed and went on: its run is read up to here\n"
	}
	return "\nmutprop: " + test + " failed in a subtest and went on: its run is read up to here\n"
}

// AnyFailed reports whether a top-level test of s failed.
func AnyFailed(s *Stream) bool {
	for _, name := range s.Order {
		if t := s.Tests[name]; TopLevel(name) && t.Status == StatusFail {
			return true
		}
	}
	return false
}
