//go:build linux

package proc

import (
	"bytes"
	"os"
	"strconv"
)

// strayEvery is how many samples apart the watchdog rescans /proc for the
// run's processes that are no descendants of its leader any more (about a
// second): group members and tagged escapees whose parent died.
const strayEvery = 20

// groupSampler sums the resident memory (/proc/<pid>/statm) of a run's
// processes: the leader and its descendants, walked through
// /proc/<pid>/task/<tid>/children at each sample (a few reads for a test
// binary that starts nothing), plus the strays a periodic /proc scan finds
// among the pids allocated since the leader: members of its process group
// and, given a tag, tagged processes that left the group, with their own
// descendants. Memory shared between processes counts once per process,
// which errs on the side of the cap.
type groupSampler struct {
	leader int
	since  uint64 // the leader's start time (clock ticks after boot)
	tag    string // "" when escapees cannot be recognized
	page   int64
	calls  int
	strays []int
}

// newSampler returns the sampler of the run led by leader, started at since;
// tag is the run's environment entry name and '=' ("" for none).
func newSampler(leader int, since uint64, tag string) sampler {
	return &groupSampler{leader: leader, since: since, tag: tag, page: int64(os.Getpagesize())}
}

func (s *groupSampler) rss() int64 {
	if s.calls%strayEvery == 0 {
		s.scanStrays()
	}
	s.calls++
	seen := map[int]bool{}
	s.walk(s.leader, seen)
	for _, p := range s.strays {
		s.walk(p, seen)
	}
	var sum int64
	for p := range seen {
		sum += s.resident(p)
	}
	return sum
}

// walk adds pid and its descendants to seen.
func (s *groupSampler) walk(pid int, seen map[int]bool) {
	if seen[pid] {
		return
	}
	seen[pid] = true
	dir := "/proc/" + strconv.Itoa(pid) + "/task/"
	d, err := os.Open(dir)
	if err != nil {
		return // it exited
	}
	tids, err := d.Readdirnames(-1)
	d.Close()
	if err != nil {
		return
	}
	for _, tid := range tids {
		b, err := os.ReadFile(dir + tid + "/children")
		if err != nil {
			continue // the thread exited, or no CONFIG_PROC_CHILDREN: the scan finds the group
		}
		for _, f := range bytes.Fields(b) {
			if c, err := strconv.Atoi(string(f)); err == nil {
				s.walk(c, seen)
			}
		}
	}
}

// scanStrays lists the live processes started since the leader that are in
// its process group or carry the tag.
func (s *groupSampler) scanStrays() {
	s.strays = s.strays[:0]
	_ = scan(newerThan(s.leader), func(st procStat) {
		if st.start < s.since {
			return
		}
		if st.pgrp == s.leader || (s.tag != "" && hasEnvEntry(st.pid, s.tag)) {
			s.strays = append(s.strays, st.pid)
		}
	}) // an unreadable /proc leaves the leader's tree
}

// resident returns the resident bytes of pid (0 if it is gone).
func (s *groupSampler) resident(pid int) int64 {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/statm")
	if err != nil {
		return 0
	}
	// size resident shared text lib data dt, in pages
	f := bytes.Fields(b)
	if len(f) < 2 {
		return 0
	}
	n, err := strconv.ParseInt(string(f[1]), 10, 64)
	if err != nil {
		return 0
	}
	return n * s.page
}
