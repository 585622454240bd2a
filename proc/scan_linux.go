//go:build linux

package proc

import (
	"bytes"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// procStat is what mutprop reads of /proc/<pid>/stat.
type procStat struct {
	pid, pgrp int
	state     byte
	comm      string
	start     uint64 // clock ticks after boot
	// cpu is utime+stime+cutime+cstime in clock ticks (all the process's
	// threads, and the children it waited for, as getrusage counts them);
	// faults is minflt+majflt; rss is resident pages.
	cpu, faults, rss uint64
}

// readStat parses /proc/<pid>/stat.
func readStat(pid string) (procStat, bool) {
	b, err := os.ReadFile("/proc/" + pid + "/stat")
	if err != nil {
		return procStat{}, false // the process ended meanwhile
	}
	// pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt
	// majflt cmajflt utime stime cutime cstime priority nice threads
	// itrealvalue starttime ...; comm may contain spaces and parens.
	i, j := bytes.IndexByte(b, '('), bytes.LastIndexByte(b, ')')
	if i < 0 || j < i {
		return procStat{}, false
	}
	f := strings.Fields(string(b[j+1:]))
	if len(f) < 20 || len(f[0]) != 1 {
		return procStat{}, false
	}
	var st procStat
	st.pid, err = strconv.Atoi(pid)
	if err != nil {
		return procStat{}, false
	}
	st.comm, st.state = string(b[i+1:j]), f[0][0]
	st.pgrp, _ = strconv.Atoi(f[2])
	st.start, _ = strconv.ParseUint(f[19], 10, 64)
	for _, k := range []int{11, 12, 13, 14} {
		n, _ := strconv.ParseUint(f[k], 10, 64)
		st.cpu += n
	}
	for _, k := range []int{7, 9} {
		n, _ := strconv.ParseUint(f[k], 10, 64)
		st.faults += n
	}
	if len(f) > 21 {
		st.rss, _ = strconv.ParseUint(f[21], 10, 64)
	}
	return st, true
}

// live reports whether a process is running (not a zombie, not dead).
func (st procStat) live() bool { return st.state != 'Z' && st.state != 'X' && st.state != 'x' }

// scan calls keep for every live process of /proc whose pid want accepts.
func scan(want func(pid int) bool, keep func(procStat)) error {
	d, err := os.Open("/proc")
	if err != nil {
		return fmt.Errorf("read /proc: %w", err)
	}
	names, err := d.Readdirnames(-1)
	d.Close()
	if err != nil {
		return fmt.Errorf("read /proc: %w", err)
	}
	for _, name := range names {
		pid, err := strconv.Atoi(name)
		if err != nil || !want(pid) {
			continue // not a process directory, or not wanted
		}
		if st, ok := readStat(name); ok && st.live() {
			keep(st)
		}
	}
	return nil
}

func anyPid(int) bool { return true }

// newerThan returns a filter of the pids allocated after pid, read from
// /proc/sys/kernel/ns_last_pid: pids are handed out in increasing order,
// wrapping at pid_max. Reading the stat file of every process costs about
// 30 us each; this keeps the scan after each Run to the few new ones.
func newerThan(pid int) func(int) bool {
	b, err := os.ReadFile("/proc/sys/kernel/ns_last_pid")
	if err != nil {
		return anyPid
	}
	last, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil {
		return anyPid
	}
	if last >= pid {
		return func(p int) bool { return p > pid && p <= last }
	}
	return func(p int) bool { return p > pid || p <= last } // wrapped
}

// groupMembers returns the pids of the live (not zombie) processes of the
// process group pgid, read from /proc. A SIGKILLed process takes a moment
// to die: callers checking that a group is gone should poll.
func groupMembers(pgid int) ([]int, error) {
	var pids []int
	err := scan(anyPid, func(st procStat) {
		if st.pgrp == pgid {
			pids = append(pids, st.pid)
		}
	})
	if err != nil {
		return nil, fmt.Errorf("group members: %w", err)
	}
	return pids, nil
}

// Tagged returns the live processes whose environment has an entry that
// starts with entry ("NAME=" or "NAME=VALUE"), read from /proc (processes
// of other users, whose environment cannot be read, are left out).
func Tagged(entry string) ([]Process, error) {
	var out []Process
	err := scan(anyPid, func(st procStat) {
		if hasEnvEntry(st.pid, entry) {
			out = append(out, Process{Pid: st.pid, Pgid: st.pgrp, Name: st.comm})
		}
	})
	if err != nil {
		return nil, fmt.Errorf("tagged processes: %w", err)
	}
	return out, nil
}

// hasEnvEntry reports whether the environment of pid has an entry starting
// with entry.
func hasEnvEntry(pid int, entry string) bool {
	env, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/environ")
	if err != nil {
		return false
	}
	e := []byte(entry)
	return bytes.HasPrefix(env, e) || bytes.Contains(env, append([]byte{0}, e...))
}

// startTime returns the start time of pid in clock ticks after boot (0 if
// unknown). Descendants of pid started at or after it.
func startTime(pid int) uint64 {
	st, _ := readStat(strconv.Itoa(pid))
	return st.start
}

// killTagged kills every live process started since since (clock ticks)
// whose environment carries tag, until none is left, and returns those that
// were not in the process group leader (they had escaped it). Members of
// the group, already sent SIGKILL, may still show up for a moment: they are
// killed again, not reported. It gives up after about a second of a
// process tree that keeps forking faster than it is killed.
func killTagged(tag string, leader int, since uint64) []Process {
	var escaped []Process
	seen := map[int]bool{}
	for round := 0; round < 100; round++ {
		var found []procStat
		err := scan(newerThan(leader), func(st procStat) {
			if st.start >= since && hasEnvEntry(st.pid, tag) {
				found = append(found, st)
			}
		})
		if err != nil || len(found) == 0 {
			break
		}
		for _, st := range found {
			// ESRCH: it died meanwhile; nothing else can fail for our own
			// descendants.
			_ = syscall.Kill(st.pid, syscall.SIGKILL)
			if st.pgrp == st.pid && st.pgrp != leader {
				_ = syscall.Kill(-st.pgrp, syscall.SIGKILL)
			}
			if st.pgrp != leader && !seen[st.pid] {
				seen[st.pid] = true
				escaped = append(escaped, Process{Pid: st.pid, Pgid: st.pgrp, Name: st.comm})
			}
		}
		time.Sleep(time.Duration(round+1) * time.Millisecond / 2)
	}
	return escaped
}

// GroupGone polls until the process group pgid has no live process, up to
// wait; it reports whether the group is gone.
func GroupGone(pgid int, wait time.Duration) (bool, error) {
	deadline := time.Now().Add(wait)
	for {
		pids, err := groupMembers(pgid)
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
