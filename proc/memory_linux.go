//go:build linux

package proc

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// machineMemory returns MemTotal of /proc/meminfo, or the memory limit of
// this process's cgroup (v2 memory.max, v1 memory.limit_in_bytes) if that
// is lower; 0 if unknown.
func machineMemory() int64 {
	total := memTotal()
	for _, f := range cgroupLimitFiles() {
		b, err := os.ReadFile(f)
		if err != nil {
			continue // not this cgroup version, or not mounted here
		}
		n, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
		if err != nil || n <= 0 {
			continue // "max": no limit
		}
		if total == 0 || n < total {
			total = n
		}
	}
	return total
}

// memTotal returns MemTotal of /proc/meminfo in bytes (0 if unknown).
func memTotal() int64 {
	b, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		return 0
	}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) >= 2 && f[0] == "MemTotal:" {
			kib, err := strconv.ParseInt(f[1], 10, 64)
			if err != nil {
				return 0
			}
			return kib << 10
		}
	}
	return 0
}

// cgroupLimitFiles lists the files that may hold the memory limit of this
// process's cgroup: under its path from /proc/self/cgroup, and at the root
// of the mount (a container sees its own cgroup there).
func cgroupLimitFiles() []string {
	files := []string{"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"}
	b, err := os.ReadFile("/proc/self/cgroup")
	if err != nil {
		return files
	}
	for _, line := range strings.Split(string(b), "\n") {
		// hierarchy-ID:controllers:path
		f := strings.SplitN(line, ":", 3)
		if len(f) != 3 || f[2] == "/" {
			continue
		}
		switch {
		case f[0] == "0" && f[1] == "":
			files = append(files, filepath.Join("/sys/fs/cgroup", f[2], "memory.max"))
		case strings.Contains(","+f[1]+",", ",memory,"):
			files = append(files, filepath.Join("/sys/fs/cgroup/memory", f[2], "memory.limit_in_bytes"))
		}
	}
	return files
}
