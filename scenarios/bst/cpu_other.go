//go:build !unix

package bst

import "time"

// processCPU is unknown outside Unix: zero, which turns the CPU watchdog
// off.
func processCPU() time.Duration { return 0 }
