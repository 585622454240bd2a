package proc

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// write feeds data to o in pieces of the given sizes (cycled).
func write(t *testing.T, o *output, data string, pieces ...int) {
	t.Helper()
	for i := 0; len(data) > 0; i++ {
		n := min(pieces[i%len(pieces)], len(data))
		if k, err := o.Write([]byte(data[:n])); k != n || err != nil {
			t.Fatalf("Write of %d bytes = %d, %v", n, k, err)
		}
		data = data[n:]
	}
}

func marker(n int) string {
	return fmt.Sprintf("%s%d bytes of output dropped here]\n", droppedMarker, n)
}

func TestOutputKeepsWholeLinesAroundAMarker(t *testing.T) {
	t.Parallel()
	var lines strings.Builder
	for i := 1; i <= 100; i++ {
		fmt.Fprintf(&lines, "line %03d\n", i) // 9 bytes each
	}
	data := lines.String()
	// Head 40 bytes: 4 whole lines and 4 bytes of the fifth; tail 50
	// bytes: 5 bytes of line 95, then 96..100.
	want := data[:36] + marker(900-36-45) + data[900-45:]
	for _, pieces := range [][]int{{1}, {7}, {13, 1, 50}, {1000}} {
		o := newOutput(Spec{OutputHead: 40, OutputTail: 50, OutputLimit: -1}, nil)
		write(t, o, data, pieces...)
		kept, dropped, written := o.result()
		if string(kept) != want || dropped != 900-36-45 || written != 900 {
			t.Errorf("pieces %v: kept %q, dropped %d, written %d; want %q", pieces, kept, dropped, written, want)
		}
	}
	// A tail that starts right after a newline is kept whole.
	o := newOutput(Spec{OutputHead: 36, OutputTail: 45, OutputLimit: -1}, nil)
	write(t, o, data, 5)
	if kept, _, _ := o.result(); string(kept) != want {
		t.Errorf("tail at a line start: kept %q, want %q", kept, want)
	}
	// Nothing dropped: everything, no marker.
	o = newOutput(Spec{OutputHead: 400, OutputTail: 500, OutputLimit: -1}, nil)
	write(t, o, data, 64)
	if kept, dropped, _ := o.result(); string(kept) != data || dropped != 0 {
		t.Errorf("900 bytes under 400+500: kept %d bytes, dropped %d", len(kept), dropped)
	}
}

func TestTheFinalFramingOfAStreamSurvivesTheCut(t *testing.T) {
	t.Parallel()
	o := newOutput(Spec{OutputHead: 64, OutputTail: 64, OutputLimit: -1}, nil)
	write(t, o, "\x16=== RUN   TestNoisy\n", 1000)
	write(t, o, strings.Repeat("noise without a newline ", 1000), 333)
	write(t, o, "\n\x16--- FAIL: TestNoisy (1.00s)\n\x16FAIL\n", 1000)
	kept, _, _ := o.result()
	lines := strings.Split(string(kept), "\n")
	if len(lines) != 5 || lines[0] != "\x16=== RUN   TestNoisy" || !strings.HasPrefix(lines[1], droppedMarker) ||
		lines[2] != "\x16--- FAIL: TestNoisy (1.00s)" || lines[3] != "\x16FAIL" || lines[4] != "" {
		t.Errorf("kept %q: want the RUN line, the marker, the FAIL lines", kept)
	}
}

func TestTheOutputBudgetTripsOnceAndMemoryStaysBounded(t *testing.T) {
	t.Parallel()
	trips := 0
	o := newOutput(Spec{OutputHead: 1 << 10, OutputTail: 1 << 10, OutputLimit: 10 << 10}, func() { trips++ })
	chunk := bytes.Repeat([]byte("x"), 999)
	for i := 0; i < 100; i++ {
		if _, err := o.Write(chunk); err != nil {
			t.Fatal(err)
		}
		if i == 9 && trips != 0 {
			t.Errorf("tripped at %d bytes, under the budget of %d", 10*999, 10<<10)
		}
	}
	kept, _, written := o.result()
	if trips != 1 || written != 99900 || len(o.head) != 1<<10 || len(o.ring) != 1<<10 || len(kept) > 2<<10+100 {
		t.Errorf("trips %d, written %d, head %d, ring %d, kept %d", trips, written, len(o.head), len(o.ring), len(kept))
	}
	for _, tc := range []struct {
		spec Spec
		want int64
	}{{Spec{}, defaultOutputLimit}, {Spec{OutputLimit: -1}, -1}, {Spec{OutputLimit: 5}, 5}} {
		if got := newOutput(tc.spec, nil).budget(); got != tc.want {
			t.Errorf("budget of %+v = %d, want %d", tc.spec, got, tc.want)
		}
	}
}

func TestHeadTailKeepsTheFirstAndLastLinesAndCountsTheRest(t *testing.T) {
	h := NewHeadTail(8, 8)
	for _, p := range []string{"ab\n", "cd\n", "ef\ngh\n", "ij\nkl\n", "mn\nop\n"} {
		h.Write([]byte(p))
	}
	if got, want := h.String(), "ab\ncd\n"+droppedMarker+"12 bytes of output dropped here]\nmn\nop\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	h = NewHeadTail(8, 8)
	h.Write([]byte("abcdef"))
	if got := h.String(); got != "abcdef" {
		t.Errorf("under budget: got %q, want everything", got)
	}
}
