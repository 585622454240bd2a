// Package scenarios is what mutprop's scenarios share as commands, in
// the way go/analysis splits an Analyzer from its drivers: each scenario
// package (insert, bst, tcas) declares a Scenario — its name, its
// documentation, its flags and the function that runs it, and its worker
// side — and cmd/mutprop is the driver that parses the command line, owns
// stdout, stderr and the exit code, and re-executes itself as the workers.
//
// The package also holds the flags every scenario takes (seed, workers,
// journal and resume, shards: ExperimentFlags) and their setup.
package scenarios

import (
	"context"
	"flag"
	"fmt"
	"os"

	"github.com/mutprop/mutprop/internal/cli"
	"github.com/mutprop/mutprop/proc"
)

// A Scenario is a published measurement that mutprop reproduces, as a
// command: "mutprop scenario NAME
// [flags]" runs it, and "mutprop worker NAME ARGS" is its worker side.
// A Scenario value is declared once by its package and never changed.
type Scenario struct {
	// Name is the scenario's name on the command line (mutprop scenario
	// NAME, mutprop worker NAME).
	Name string
	// Summary is the one line that 'mutprop scenario' lists.
	Summary string
	// Doc is the description that --help prints before the flags.
	Doc string
	// Setup declares the scenario's flags on fs and returns the function
	// that runs the scenario with their values, which the driver calls
	// once fs has parsed the command line (without arguments left).
	Setup func(fs *flag.FlagSet) Run
	// Serve is the worker side: it serves, on e.Stdin and e.Stdout, the
	// cells of the suite that args describe (the arguments the scenario
	// gave SelfWorker), as the schemata mutant active. Its errors end the
	// worker with their exit code (ExitError when they have none).
	Serve func(ctx context.Context, e *cli.Env, args []string, active int) error
}

// Run runs a scenario: it prints its report on e.Stdout and its progress
// and warnings on e.Stderr. Its error ends the command with the exit code
// the error carries (cli.UsageError for bad flag values, cli.ExitError
// when it has none).
type Run func(ctx context.Context, e *cli.Env) error

// SelfWorker is the process of this very binary serving the cells of
// scenario (its Serve) as the suite that args describe: "mutprop worker
// SCENARIO ARGS", the binary found by os.Executable.
func SelfWorker(scenario string, args ...string) (proc.Spec, error) {
	exe, err := os.Executable()
	if err != nil {
		return proc.Spec{}, fmt.Errorf("find the mutprop binary: %w", err)
	}
	return proc.Spec{Path: exe, Args: append([]string{"worker", scenario}, args...)}, nil
}
