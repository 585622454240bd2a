//go:build darwin

package proc

import "golang.org/x/sys/unix"

// machineMemory returns the machine's physical memory (sysctl hw.memsize),
// 0 if unknown.
func machineMemory() int64 {
	n, err := unix.SysctlUint64("hw.memsize")
	if err != nil {
		return 0
	}
	return int64(n)
}

// maxrssUnit is the unit of ru_maxrss: bytes on darwin.
const maxrssUnit = 1
