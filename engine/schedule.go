package engine

import (
	"context"
	"sort"
	"sync"
)

// Schedule says how Run hands jobs to workers.
type Schedule struct {
	// Workers is the number of jobs run at once (at least 1).
	Workers int
	// Group, when set, names the process a job needs (a schemata switch:
	// a worker process serves one for its life). Jobs are handed out by
	// group, in ascending order, in chunks of at most 64 (and no larger
	// than a fair share of the group, so that one group's jobs still
	// spread over every worker), so that a worker keeps its process from
	// one job to the next. Without Group jobs go out one at a time, in
	// order.
	Group func(i int) int
}

// Run calls fn for each job index in todo from sched.Workers goroutines; w, from 0 to Workers-1, names the
// calling worker, which runs its jobs one after another, so that state
// kept per worker (a scratch directory, a worker process) needs no lock.
// Run stops handing out jobs at cancellation and at the first error fn
// returns; it waits for the jobs under way and returns the context's error,
// or else that first error.
func Run(ctx context.Context, sched Schedule, todo []int, fn func(w, i int) error) error {
	workers := max(1, sched.Workers)
	chunks := chunk(todo, workers, sched.Group)
	parent := ctx
	ctx, stop := context.WithCancel(ctx)
	defer stop()
	var (
		mu       sync.Mutex
		firstErr error
		wg       sync.WaitGroup
	)
	next := make(chan []int)
	for w := range min(workers, max(1, len(chunks))) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ch := range next {
				for _, i := range ch {
					if ctx.Err() != nil {
						break
					}
					if err := fn(w, i); err != nil {
						mu.Lock()
						if firstErr == nil {
							firstErr = err
						}
						mu.Unlock()
						stop()
					}
				}
			}
		}()
	}
feed:
	for _, ch := range chunks {
		select {
		case next <- ch:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	if err := parent.Err(); err != nil {
		return err
	}
	return firstErr
}

// All lists the job indices 0..n-1: every job of a run.
func All(n int) []int {
	todo := make([]int, n)
	for i := range todo {
		todo[i] = i
	}
	return todo
}

// chunk cuts the jobs into the pieces Run hands out (see Schedule.Group).
func chunk(todo []int, workers int, group func(int) int) [][]int {
	if group == nil {
		out := make([][]int, len(todo))
		for k, i := range todo {
			out[k] = []int{i}
		}
		return out
	}
	groups := map[int][]int{}
	for _, i := range todo {
		g := group(i)
		groups[g] = append(groups[g], i)
	}
	keys := make([]int, 0, len(groups))
	for g := range groups {
		keys = append(keys, g)
	}
	sort.Ints(keys)
	var out [][]int
	for _, g := range keys {
		jobs := groups[g]
		size := max(1, min(64, (len(jobs)+workers-1)/workers))
		for len(jobs) > 0 {
			k := min(size, len(jobs))
			out = append(out, jobs[:k])
			jobs = jobs[k:]
		}
	}
	return out
}
