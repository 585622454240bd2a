package main

import (
	"context"
	"flag"
	"fmt"
	"runtime"

	"github.com/mutprop/mutprop/gotest"
	"github.com/mutprop/mutprop/internal/cli"
	"github.com/mutprop/mutprop/internal/mutantid"
	"github.com/mutprop/mutprop/proc"
	"github.com/mutprop/mutprop/show"
)

// cmdShow prints one mutant's description and unified diff, and its
// status in the last run (package show).
func cmdShow(ctx context.Context, e *cli.Env, args []string) int {
	fs := cli.NewFlagSet(e, "show", "ID", `
Print one mutant (see 'mutprop mutants'): its description, the unified
diff of its single-mutant build, its alias, and its status in the last
run (the journals RESULTS/run*.jsonl), with the tests that killed it.

ID is the mutant's ID, as 'mutprop mutants' and 'mutprop run' print it
(quote it: IDs hold characters such as >, < and | that a shell reads),
the same prefixed with its package's import path ("PKG/ID", as runs of
several packages print it), or its shell-safe alias (`+mutantid.Prefix+`
and 8 hex digits, printed beside each survivor). The package is found
from the ID, in the module of the current directory: the last run's
journal, else the packages that hold the ID's file, else every package
of the module; --pkg names it.

A black-box mutant (blackbox:PKG.Func:K, from mutprop run --blackbox)
has no source diff: it perturbs the function's results as the tests run.
show prints its definition as the last run recorded it, or else as
--blackbox-points defines it.

With --test REGEXP, show then runs the package's tests that REGEXP
matches against the mutant, as mutprop run runs a mutant: in a copy of
the module (your files are not touched), on the test binary built with
the mutant behind its switch, after a baseline of those tests on the
original, each test under the run's deadline, memory cap and output
budget (--seed, --timeout-factor, --timeout-const, --mem-limit and --tags
as mutprop run takes them). It prints each run's output (the failure
and, for a property, its counterexample; a rapid kill runs again with
rapid's shrinking on, which mutprop run's runs skip), then the verdict
in the run's words. A black-box mutant runs at its own seed, its kills
checked on the original, as mutprop run --blackbox runs it.

Exit codes: 0 shown (whatever the verdict); 2 bad usage, or no such
mutant; 3 the mutant's package or tests cannot run (a build failure, a
test that fails without the mutant); 130 interrupted (SIGINT/SIGTERM):
the tests are stopped and the copy removed.`)
	o := show.Options{Stdout: e.Stdout, Stderr: e.Stderr}
	fs.StringVar(&o.Pkg, "pkg", "", "the `package` the mutant belongs to (default: found from the ID)")
	fs.StringVar(&o.Results, "results", ".mutprop", "results `DIR` of the last run, whose journal gives the mutant's status")
	fs.StringVar(&o.Test, "test", "", "run the tests `REGEXP` matches (go test -run) against the mutant, as mutprop run runs them, and print their output and verdict")
	fs.IntVar(&o.Points, "blackbox-points", 0, "a black-box mutant not in the last run: perturb about one input in `p` (0: every input), as mutprop run --blackbox-points")
	rf := runFlags{workers: 1, mode: gotest.ModeSchemata, probes: true}
	fs.Uint64Var(&rf.seed, "seed", 1, "--test: the `seed` of the tests' random inputs, as mutprop run --seed")
	fs.Float64Var(&rf.factor, "timeout-factor", proc.DefaultTimeouts.Factor, "--test: a test's deadline is `k` x its baseline + --timeout-const, as mutprop run's")
	fs.DurationVar(&rf.tconst, "timeout-const", proc.DefaultTimeouts.Const, "--test: constant added to each deadline")
	fs.Int64Var(&rf.memLimit, "mem-limit", -1, "--test: resident-memory cap of the test process in `MiB` (0: none; -1: sized from the machine, as mutprop run's with --workers "+fmt.Sprint(runtime.NumCPU())+")")
	fs.StringVar(&rf.tags, "tags", "", "--test: comma-separated build `tags`")
	if code := cli.ParseFlags(fs, args); code >= 0 {
		return code
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(e.Stderr, "mutprop show: want exactly one mutant ID or alias")
		return cli.ExitUsage
	}
	o.Ref = fs.Arg(0)
	fs.Visit(func(f *flag.Flag) { o.PointsSet = o.PointsSet || f.Name == "blackbox-points" })
	if err := rf.validateRun(); err != nil {
		return cli.Fail(e, "show", err)
	}
	cfg, err := rf.config(e, rf.settings(nil))
	if err != nil {
		return cli.Fail(e, "show", err)
	}
	o.Run = cfg
	if o.Run.Memory == nil {
		m := proc.DefaultMemoryCapFor(runtime.NumCPU()) // the cap mutprop run sizes by default
		o.Run.Memory = &m
	}
	if err := show.Show(ctx, o); err != nil {
		if show.Interrupted(err) {
			fmt.Fprintln(e.Stderr, "mutprop show: interrupted: the tests were stopped and the module's copy removed")
			return cli.ExitInterrupted
		}
		return cli.Fail(e, "show", err)
	}
	return cli.ExitOK
}
