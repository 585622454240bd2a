//go:build !linux && !darwin && !windows

package proc

// machineMemory is unknown here: DefaultMemoryCapFor falls back to its
// fixed bound.
func machineMemory() int64 { return 0 }

// maxrssUnit is the unit of ru_maxrss: KiB on the BSDs.
const maxrssUnit = 1024
