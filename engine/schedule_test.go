package engine

import (
	"context"
	"errors"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
)

func TestRunCallsEveryJobOnceFromItsWorkers(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	seen := map[int]int{}
	workers := map[int]bool{}
	err := Run(context.Background(), Schedule{Workers: 3}, All(50), func(w, i int) error {
		mu.Lock()
		defer mu.Unlock()
		seen[i]++
		workers[w] = true
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 50 {
		if seen[i] != 1 {
			t.Errorf("job %d ran %d times, want once", i, seen[i])
		}
	}
	for w := range workers {
		if w < 0 || w >= 3 {
			t.Errorf("worker number %d outside 0..2", w)
		}
	}
}

func TestRunRunsOnlyTheListedJobs(t *testing.T) {
	t.Parallel()
	var got []int
	var mu sync.Mutex
	if err := Run(context.Background(), Schedule{Workers: 2}, []int{4, 7}, func(_, i int) error {
		mu.Lock()
		got = append(got, i)
		mu.Unlock()
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	slices.Sort(got)
	if !slices.Equal(got, []int{4, 7}) {
		t.Errorf("ran %v, want [4 7]", got)
	}
	if err := Run(context.Background(), Schedule{Workers: 2}, nil, func(_, i int) error {
		t.Errorf("job %d ran from an empty list", i)
		return nil
	}); err != nil {
		t.Error(err)
	}
}

func TestRunStopsHandingOutJobsAtTheFirstError(t *testing.T) {
	t.Parallel()
	boom := errors.New("boom")
	var ran atomic.Int32
	err := Run(context.Background(), Schedule{Workers: 1}, All(100), func(_, i int) error {
		ran.Add(1)
		if i == 3 {
			return boom
		}
		return nil
	})
	if !errors.Is(err, boom) {
		t.Errorf("Run = %v, want the job's error", err)
	}
	if n := ran.Load(); n != 4 {
		t.Errorf("%d jobs ran with one worker, want 4: none after the failing one", n)
	}
}

func TestRunReturnsTheContextsErrorWhenCancelled(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	var ran atomic.Int32
	err := Run(ctx, Schedule{Workers: 2}, All(1000), func(_, i int) error {
		if ran.Add(1) == 10 {
			cancel()
		}
		return nil
	})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("Run = %v, want context.Canceled", err)
	}
	if n := ran.Load(); n > 12 {
		t.Errorf("%d jobs ran after a cancellation at the 10th (two workers)", n)
	}
}

func TestGroupedJobsGoOutByGroupInChunks(t *testing.T) {
	t.Parallel()
	group := func(i int) int { return []int{2, 1, 2, 1, 0, 2}[i] }
	got := chunk(All(6), 2, group)
	want := [][]int{{4}, {1}, {3}, {0, 2}, {5}}
	if len(got) != len(want) {
		t.Fatalf("chunks %v, want %v", got, want)
	}
	for k := range want {
		if !slices.Equal(got[k], want[k]) {
			t.Errorf("chunks %v, want %v: ascending groups, a group split into fair shares of at most 64", got, want)
		}
	}
	// One worker keeps its group's jobs together; a big group is cut at 64.
	big := chunk(All(200), 1, func(int) int { return 7 })
	if len(big) != 4 || len(big[0]) != 64 || len(big[3]) != 8 {
		t.Errorf("200 jobs of one group, one worker: %d chunks (first %d, last %d), want 64+64+64+8", len(big), len(big[0]), len(big[len(big)-1]))
	}
}
