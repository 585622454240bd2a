//go:build !linux

package proc

import (
	"errors"
	"fmt"
	"runtime"
	"time"
)

// errNoProc is the error of the process scans where there is no /proc.
var errNoProc = errors.New("process scans need Linux's /proc, not available on " + runtime.GOOS)

// Tagged is not supported outside Linux: it returns an error.
func Tagged(entry string) ([]Process, error) {
	return nil, fmt.Errorf("tagged processes %q: %w", entry, errNoProc)
}

// GroupGone is not supported outside Linux: it returns an error.
func GroupGone(pgid int, wait time.Duration) (bool, error) {
	return false, fmt.Errorf("group %d gone within %v: %w", pgid, wait, errNoProc)
}

// startTime is unknown without /proc.
func startTime(int) uint64 { return 0 }

// newSampler is nil without /proc: no memory watchdog.
func newSampler(int, uint64, string) sampler { return nil }
