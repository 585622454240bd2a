package progress

import (
	"bytes"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestALogGetsALineAtTheStartAtItsFirstETAAndAtTheEnd: within the
// interval, a log gets one line more, the first to know the ETA.
func TestALogGetsALineAtTheStartAtItsFirstETAAndAtTheEnd(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	b := New(&buf, "mutants")
	b.Counted = "detected"
	known := false
	b.Estimate = func(done, total int, _ time.Duration) (time.Duration, bool) {
		return time.Duration(total-done) * time.Second, known
	}
	b.Update(0, 10, 0, 0)
	b.Update(2, 10, 1, time.Second) // no estimate yet: no line
	known = true
	b.Update(5, 10, 3, time.Second)   // the first estimate
	b.Update(7, 10, 4, 2*time.Second) // within the interval: no line
	b.Update(10, 10, 7, 2*time.Second)
	b.Finish()
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	want := []string{
		"mutants: 0/10 (0%) detected 0, elapsed 0s, ETA ?",
		"mutants: 5/10 (50%) detected 3, elapsed 1s, ETA 5s",
		"mutants: 10/10 (100%) detected 7, elapsed 2s, ETA 0s",
	}
	if !slices.Equal(lines, want) {
		t.Errorf("lines %q, want %q", lines, want)
	}
}

func TestTheETACountsOnlyTheUnitsThisRunFinished(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	b := New(&buf, "cells")
	b.Resumed = 50 // from a journal
	b.Update(60, 100, 0, 10*time.Second)
	// 10 units in 10 s, 40 to go: 40 s, not the 6.7 s that counting the
	// resumed 50 would give.
	if !strings.Contains(buf.String(), "ETA 40s") {
		t.Errorf("%q: want ETA 40s", buf.String())
	}
}

func TestPhasesStartANewSeriesPerLabel(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	ph := &Phases{W: &buf}
	ph.Update("main", 1, 1, 0, time.Second)
	ph.Update("explain", 1, 2, 1, time.Second)
	ph.Finish()
	out := buf.String()
	if !strings.Contains(out, "main: 1/1") || !strings.Contains(out, "explain: 1/2 (50%) failing 1") {
		t.Errorf("%q: want a line for each phase", out)
	}
}
