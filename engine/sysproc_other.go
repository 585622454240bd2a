//go:build unix && !linux

package engine

import (
	"os"
	"syscall"
)

// workerSysProcAttr starts a worker in its own process group, so that a
// timeout kills whatever the mutant started too. Without Pdeathsig (Linux
// only), a worker outlives a mutprop killed with SIGKILL.
func workerSysProcAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setpgid: true} }

// killWorkerGroup sends SIGKILL to the worker's process group; ESRCH (the
// group is already gone) is expected.
func killWorkerGroup(p *os.Process) { _ = syscall.Kill(-p.Pid, syscall.SIGKILL) }
