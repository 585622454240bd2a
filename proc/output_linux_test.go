//go:build linux

package proc

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"
)

// A child that writes without end is ended by the output budget, and Run's
// own memory stays bounded: the output kept is the head and the tail.
func TestAnEndlessWriterIsKilledByTheOutputBudget(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	res, err := Run(context.Background(), Spec{
		Path:        exe,
		Env:         append(os.Environ(), "PROC_TEST_CHILD=noisy"),
		Timeout:     60 * time.Second,
		OutputLimit: 512 << 20,
	})
	if err != nil {
		t.Fatal(err)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	if res.End != EndOutputExceeded || res.End == EndTimedOut || res.End == EndMemoryExceeded || res.Signal != "killed" || res.OutputLimit != 512<<20 {
		t.Errorf("result %+v: want killed by the output budget", summary(res))
	}
	if res.Written <= 512<<20 || !res.Truncated || len(res.Output) > 2<<20+100 {
		t.Errorf("written %d, truncated %v, kept %d: want more than the budget written, 2 MiB kept", res.Written, res.Truncated, len(res.Output))
	}
	if d := int64(after.HeapInuse) - int64(before.HeapInuse); d > 50<<20 {
		t.Errorf("heap in use grew by %d MiB over a run that wrote %d MiB", d>>20, res.Written>>20)
	}
}

// Without a budget the writer runs to its deadline, and still only the head
// and the tail are kept.
func TestWithoutABudgetOnlyTheHeadAndTailAreKept(t *testing.T) {
	t.Parallel()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	res, err := Run(context.Background(), Spec{
		Path:        exe,
		Env:         append(os.Environ(), "PROC_TEST_CHILD=noisy"),
		Timeout:     500 * time.Millisecond,
		OutputHead:  4 << 10,
		OutputTail:  4 << 10,
		OutputLimit: -1,
	})
	if err != nil {
		t.Fatal(err)
	}
	if res.End != EndTimedOut || res.End == EndOutputExceeded || res.OutputLimit != -1 || len(res.Output) > 8<<10+100 || !res.Truncated {
		t.Errorf("result %+v: want a timeout with 8 KiB kept", summary(res))
	}
}

// The kept output is whole lines: the first ones, a marker, the last ones.
func TestTheKeptOutputIsTheFirstAndLastLines(t *testing.T) {
	t.Parallel()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	res, err := Run(context.Background(), Spec{
		Path:       exe,
		Env:        append(os.Environ(), "PROC_TEST_CHILD=lines", "PROC_TEST_LINES=1000000"),
		Timeout:    60 * time.Second,
		OutputHead: 1000,
		OutputTail: 1000,
	})
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(res.Output), "\n"), "\n")
	var i int
	for i = 0; i < len(lines) && !strings.HasPrefix(lines[i], droppedMarker); i++ {
		if want := fmt.Sprintf("line %d", i+1); lines[i] != want {
			t.Fatalf("head line %d: %q, want %q", i, lines[i], want)
		}
	}
	if i == 0 || i == len(lines) {
		t.Fatalf("output %q: want head lines, a marker, tail lines", tail(res.Output))
	}
	last := lines[i+1:]
	for j, l := range last {
		if want := fmt.Sprintf("line %d", 1000000-len(last)+1+j); l != want {
			t.Fatalf("tail line %d: %q, want %q", j, l, want)
		}
	}
	if res.ExitCode != 0 || res.End == EndOutputExceeded || len(last) < 50 {
		t.Errorf("result %+v, %d tail lines", summary(res), len(last))
	}
}

// summary is a Result without its output, for messages.
func summary(r Result) Result {
	r.Output = nil
	return r
}
