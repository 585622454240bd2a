//go:build linux

package mutproptest

import (
	"fmt"
	"os"
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
