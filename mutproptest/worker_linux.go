//go:build linux

package mutproptest

import (
	"fmt"
	"os"
	"strconv"
	"syscall"
)

// protocolOutput returns a new file for the worker protocol's output, a
// duplicate of standard output, and points file descriptor 1 at standard
// error: whatever the code under test or package testing prints goes to
// standard error, which the pool keeps to explain a crash.
func protocolOutput() (*os.File, error) {
	fd, err := syscall.Dup(1)
	if err != nil {
		return nil, fmt.Errorf("duplicate standard output: %w", err)
	}
	syscall.CloseOnExec(fd)
	if err := syscall.Dup3(2, 1, 0); err != nil {
		syscall.Close(fd)
		return nil, fmt.Errorf("redirect standard output to standard error: %w", err)
	}
	return os.NewFile(uintptr(fd), "mutprop-protocol"), nil
}

// limitAddressSpace sets RLIMIT_AS of this process to v bytes ("" or 0:
// no limit).
func limitAddressSpace(v string) error {
	if v == "" {
		return nil
	}
	n, err := strconv.ParseUint(v, 10, 64)
	if err != nil {
		return fmt.Errorf("bad address-space limit %q: %w", v, err)
	}
	if n == 0 {
		return nil
	}
	if err := syscall.Setrlimit(syscall.RLIMIT_AS, &syscall.Rlimit{Cur: n, Max: n}); err != nil {
		return fmt.Errorf("set RLIMIT_AS to %d: %w", n, err)
	}
	return nil
}
