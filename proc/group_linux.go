//go:build linux

package proc

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"golang.org/x/sys/unix"
)

// waitExited blocks until the process has exited, without reaping it: the
// zombie keeps its pid, so the process group id stays ours until Wait.
func waitExited(cmd *exec.Cmd) error {
	var info unix.Siginfo
	for {
		err := unix.Waitid(unix.P_PID, cmd.Process.Pid, &info, unix.WEXITED|unix.WNOWAIT, nil)
		if errors.Is(err, unix.EINTR) {
			continue
		}
		if err != nil {
			return fmt.Errorf("waitid: %w", err)
		}
		return nil
	}
}

// setAddressSpaceLimit sets RLIMIT_AS of a running process. The process
// runs unlimited for the few microseconds between its start and this call;
// the Go runtime allocates little before main, so this is good enough.
func setAddressSpaceLimit(pid int, bytes int64) error {
	lim := &unix.Rlimit{Cur: uint64(bytes), Max: uint64(bytes)}
	if err := unix.Prlimit(pid, unix.RLIMIT_AS, lim, nil); err != nil {
		return fmt.Errorf("prlimit RLIMIT_AS: %w", err)
	}
	return nil
}

// GroupMembers returns the pids of the live (not zombie) processes of the
// process group pgid, read from /proc. A SIGKILLed process takes a moment
// to die: callers checking that a group is gone should poll.
func GroupMembers(pgid int) ([]int, error) {
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return nil, fmt.Errorf("group members: %w", err)
	}
	var pids []int
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue // not a process directory
		}
		b, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue // the process ended meanwhile
		}
		// pid (comm) state ppid pgrp ...; comm may contain spaces and parens.
		i := bytes.LastIndexByte(b, ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(string(b[i+1:]))
		if len(f) < 3 || f[0] == "Z" || f[0] == "X" {
			continue
		}
		if g, err := strconv.Atoi(f[2]); err == nil && g == pgid {
			pids = append(pids, pid)
		}
	}
	return pids, nil
}

// GroupGone polls until the process group pgid has no live process, up to
// wait; it reports whether the group is gone.
func GroupGone(pgid int, wait time.Duration) (bool, error) {
	deadline := time.Now().Add(wait)
	for {
		pids, err := GroupMembers(pgid)
		if err != nil {
			return false, err
		}
		if len(pids) == 0 {
			return true, nil
		}
		if time.Now().After(deadline) {
			return false, nil
		}
		time.Sleep(10 * time.Millisecond)
	}
}
