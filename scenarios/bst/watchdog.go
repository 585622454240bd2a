package bst

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync/atomic"
	"time"

	"github.com/mutprop/mutprop/propsuite"
)

// watchdog ends a worker process that runs an operator mutant which loops
// without end (Find without t = t.Left) or grows the heap without end
// (AppendList without t = t.Right). The pool then records the cell as
// crashed, a detection, within a fraction of a second instead of its
// CellTimeout. A test is hung when it has used MaxTestCPU of processor
// time: a spinning mutant burns CPU, while a test that is merely starved
// of a core on a loaded machine does not, so the watchdog does not trip on
// load.
type watchdog struct {
	MaxTestCPU time.Duration // default 500ms
	MaxHeap    uint64        // bytes; default 2 GiB
	Poll       time.Duration // default 20ms
	// running is odd while a test runs; it changes with every test.
	running atomic.Uint64
}

// wrap returns t reporting its start and end to the watchdog.
func (w *watchdog) wrap(t propsuite.Test) propsuite.Test {
	return func(r *rand.Rand, n int) propsuite.CaseResult {
		w.running.Add(1)
		defer w.running.Add(1)
		return t(r, n)
	}
}

// guard makes every test the suite builds report to the watchdog.
func (w *watchdog) guard(s *propsuite.Suite) {
	test := s.Test
	s.Test = func(m propsuite.Mutant, p, g string) (propsuite.Test, error) {
		t, err := test(m, p, g)
		if err != nil {
			return nil, err
		}
		return w.wrap(t), nil
	}
}

// run watches until ctx is done; trip is called (once) with the reason
// when a test hangs or the heap passes MaxHeap. trip is expected to end
// the process.
func (w *watchdog) run(ctx context.Context, trip func(reason string)) {
	maxCPU, maxHeap, poll := w.MaxTestCPU, w.MaxHeap, w.Poll
	if maxCPU <= 0 {
		maxCPU = 500 * time.Millisecond
	}
	if maxHeap == 0 {
		maxHeap = 2 << 30
	}
	if poll <= 0 {
		poll = 20 * time.Millisecond
	}
	tick := time.NewTicker(poll)
	defer tick.Stop()
	last, since := w.running.Load(), processCPU()
	var ms runtime.MemStats
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		now, cpu := w.running.Load(), processCPU()
		switch {
		case now != last || now%2 == 0:
			last, since = now, cpu
		case cpu-since > maxCPU:
			trip(fmt.Sprintf("mutprop bst watchdog: one test used %v of CPU: the mutant does not terminate", (cpu - since).Round(time.Millisecond)))
			return
		}
		runtime.ReadMemStats(&ms)
		if ms.HeapAlloc > maxHeap {
			trip(fmt.Sprintf("mutprop bst watchdog: heap at %d MiB: the mutant does not terminate", ms.HeapAlloc>>20))
			return
		}
	}
}
