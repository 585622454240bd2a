// Command hotloop is a fixture: its guarded and probed sites run as many
// times as HOTLOOP_N says (millions), and what mutprop records of the run
// must not grow with that number.
package main

import (
	"fmt"
	"os"
	"runtime"
	"strconv"
)

// step mixes x with i through expressions a probe compares (integers,
// booleans) and statements the coverage records.
func step(x, i int) int {
	if x%7 == 3 && i > 2 {
		x += i * 3
	} else {
		x -= i - 1
	}
	for j := 0; j < 2; j++ {
		x ^= j << 1
	}
	return x & 0xffff
}

// label names x's size (a string probe).
func label(x int) string {
	if x > 30000 {
		return "big"
	}
	return "small"
}

func main() {
	n, err := strconv.Atoi(os.Getenv("HOTLOOP_N"))
	if err != nil {
		fmt.Println("HOTLOOP_N:", err)
		os.Exit(2)
	}
	x, big := 1, 0
	for i := 0; i < n; i++ {
		x = step(x, i)
		if label(x) == "big" {
			big++
		}
	}
	fmt.Println(x, big)
	// What the run took from the system, and allocated in all, on stderr.
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	fmt.Fprintln(os.Stderr, ms.Sys, ms.TotalAlloc)
}
