//go:build windows

package engine

import (
	"os"
	"syscall"
)

// workerSysProcAttr starts a worker in a console process group of its own.
// Windows has no process groups to kill: see killWorkerGroup.
func workerSysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{CreationFlags: syscall.CREATE_NEW_PROCESS_GROUP}
}

// killWorkerGroup kills the worker process alone (best effort): processes
// the mutant started survive it, and a worker outlives a mutprop that is
// killed. (proc.Run, which drives test binaries, uses a job object.)
func killWorkerGroup(p *os.Process) { _ = p.Kill() } // it may already be gone
