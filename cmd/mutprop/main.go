// Command mutprop measures how much property-based tests check, by running
// them against mutants of the code under test.
//
// Run "mutprop help" for the list of commands.
package main

import (
	"os"
	"runtime/pprof"

	"github.com/mutprop/mutprop/internal/cli"
)

func main() {
	// MUTPROP_CPUPROFILE=FILE (undocumented): a CPU profile of mutprop itself.
	if f, err := os.Create(os.Getenv("MUTPROP_CPUPROFILE")); err == nil && pprof.StartCPUProfile(f) == nil {
		code := Main(os.Args[1:], cli.NewEnv())
		pprof.StopCPUProfile()
		os.Exit(code)
	}
	os.Exit(Main(os.Args[1:], cli.NewEnv()))
}
