package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"time"

	"github.com/mutprop/mutprop/runner"
)

// workerSuites builds, from a scenario's own flags, the suite a worker
// process serves. A scenario that runs on a process pool registers here, and
// starts its workers with workerPool.
var workerSuites = map[string]func(args []string) (*runner.Suite, error){
	"insert": insertWorkerSuite,
}

// cmdWorker is the worker side of runner's pool: mutprop re-executes itself
// as "mutprop worker <scenario> <scenario flags>" with MUTPROP_ACTIVE set,
// and serves trial requests on stdin/stdout.
func cmdWorker(ctx context.Context, e *env, args []string) int {
	if len(args) == 0 {
		fmt.Fprintln(e.stderr, "mutprop worker: want a scenario name; this command is started by mutprop itself")
		return exitUsage
	}
	build, ok := workerSuites[args[0]]
	if !ok {
		fmt.Fprintf(e.stderr, "mutprop worker: no worker suite %q\n", args[0])
		return exitUsage
	}
	active, err := runner.ParseActive(e.getenv(runner.ActiveEnv))
	if err != nil {
		fmt.Fprintln(e.stderr, "mutprop worker:", err)
		return exitUsage
	}
	suite, err := build(args[1:])
	if err != nil {
		fmt.Fprintln(e.stderr, "mutprop worker:", err)
		return exitUsage
	}
	if err := runner.Serve(ctx, suite, active, e.stdin, e.stdout); err != nil {
		fmt.Fprintln(e.stderr, "mutprop worker:", err)
		return exitError
	}
	return exitOK
}

// workerPool returns a pool whose workers are this very binary serving the
// named scenario's suite, built from the same scenario flags.
func workerPool(scenario string, args []string, cellTimeout time.Duration) *runner.Pool {
	return &runner.Pool{
		CellTimeout: cellTimeout,
		Command: func() (*exec.Cmd, error) {
			exe, err := os.Executable()
			if err != nil {
				return nil, fmt.Errorf("find the mutprop binary: %w", err)
			}
			return exec.Command(exe, append([]string{"worker", scenario}, args...)...), nil
		},
	}
}
