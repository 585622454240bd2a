package progress

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

func TestALogGetsALineAtTheStartAndAtTheEndButNotInBetween(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	b := New(&buf, "mutants")
	b.Counted = "detected"
	b.Update(0, 10, 0, 0)
	b.Update(5, 10, 3, time.Second) // within the interval: no line
	b.Update(10, 10, 7, 2*time.Second)
	b.Finish()
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 2 {
		t.Fatalf("lines %q, want the first and the last", lines)
	}
	if want := "mutants: 10/10 (100%) detected 7, elapsed 2s, ETA 0s"; lines[1] != want {
		t.Errorf("last line %q, want %q", lines[1], want)
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
