//go:build linux

package engine

import (
	"os"
	"syscall"
)

// workerSysProcAttr starts a worker in its own process group, so that a
// timeout kills whatever the mutant started too, and kills it with its
// parent (Pdeathsig), so that a kill -9 of mutprop leaves no worker
// spinning in a hanging mutant.
func workerSysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

// killWorkerGroup sends SIGKILL to the worker's process group; ESRCH (the
// group is already gone) is expected.
func killWorkerGroup(p *os.Process) { _ = syscall.Kill(-p.Pid, syscall.SIGKILL) }
