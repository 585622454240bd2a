package main

import (
	"context"
	"fmt"
	"os"

	"github.com/mutprop/mutprop/proc"
	"github.com/mutprop/mutprop/runner"
	"github.com/mutprop/mutprop/scenarios/bst"
	"github.com/mutprop/mutprop/scenarios/insert"
	"github.com/mutprop/mutprop/scenarios/tcas"
)

// workerServers are the worker sides of the scenarios: each serves, on
// stdin and stdout, the cells of the suite its arguments describe, as the
// schemata mutant active.
var workerServers = map[string]func(ctx context.Context, e *env, args []string, active int) error{
	"insert": func(ctx context.Context, e *env, args []string, active int) error {
		return insert.ServeWorker(ctx, args, active, e.stdin, e.stdout)
	},
	"bst": func(ctx context.Context, e *env, args []string, active int) error {
		return bst.ServeWorker(ctx, args, active, e.stdin, e.stdout, e.stderr)
	},
	"tcas": func(ctx context.Context, e *env, args []string, active int) error {
		if len(args) != 1 {
			return fmt.Errorf("tcas worker: want one argument, the mode; got %q", args)
		}
		return tcas.ServeWorker(ctx, args[0], active, e.stdin, e.stdout)
	},
}

// cmdWorker is the worker side of the scenarios' pools: mutprop
// re-executes itself as "mutprop worker <scenario> <args>" (selfWorker)
// with MUTPROP_ACTIVE set, and serves requests on stdin/stdout.
func cmdWorker(ctx context.Context, e *env, args []string) int {
	if len(args) == 0 {
		return fail(e, "worker", usageError("want a scenario name; this command is started by mutprop itself"))
	}
	serve, ok := workerServers[args[0]]
	if !ok {
		return fail(e, "worker", usageError("no worker for %q", args[0]))
	}
	active, err := runner.ParseActive(e.getenv(runner.ActiveEnv))
	if err != nil {
		return fail(e, "worker", usageError("%w", err))
	}
	if err := serve(ctx, e, args[1:], active); err != nil {
		return fail(e, "worker", err)
	}
	return exitOK
}

// selfWorker is the process of this very binary serving scenario's cells
// (cmdWorker) as the suite that args describe.
func selfWorker(scenario string, args ...string) (proc.Spec, error) {
	exe, err := os.Executable()
	if err != nil {
		return proc.Spec{}, fmt.Errorf("find the mutprop binary: %w", err)
	}
	return proc.Spec{Path: exe, Args: append([]string{"worker", scenario}, args...)}, nil
}
