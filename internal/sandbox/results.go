package sandbox

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// ResultsLockName is the lock file of a results directory (mutprop run's
// --results, .mutprop by default): a run holds it for its life, as
// cargo-mutants holds mutants.out/lock.json. It holds the PID and start
// time of the run that holds it.
const ResultsLockName = "lock"

// resultsPoll is how often a run waiting for a results directory tries
// its lock again.
const resultsPoll = 100 * time.Millisecond

// LockResults takes the lock of the results directory dir, which must
// exist, for a run's life, and returns the function that releases it. A
// second run in the same directory would replace the first one's journal
// and cache: when another run holds the lock, waiting is called once with
// what that run wrote ("pid 1234, started ..."), and LockResults waits
// until the lock is free or ctx ends (then it returns ctx's error). The
// kernel releases the lock of a run that dies, a SIGKILL included. Where
// file locks are not used (canLock), it takes none.
func LockResults(ctx context.Context, dir string, waiting func(holder string)) (release func(), err error) {
	if !canLock {
		return func() {}, nil
	}
	path := filepath.Join(dir, ResultsLockName)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("lock the results directory: %w", err)
	}
	told := false
	for {
		ok, err := tryFlock(f)
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("lock %s: %w", path, err)
		}
		if ok {
			break
		}
		if !told {
			told = true
			b, _ := os.ReadFile(path)
			waiting(strings.TrimSpace(string(b)))
		}
		select {
		case <-ctx.Done():
			f.Close()
			return nil, ctx.Err()
		case <-time.After(resultsPoll):
		}
	}
	if err := f.Truncate(0); err == nil {
		fmt.Fprintf(f, "pid %d, started %s\n", os.Getpid(), time.Now().Format(time.RFC3339))
	}
	return func() { f.Close() }, nil
}
