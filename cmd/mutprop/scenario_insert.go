package main

import (
	"context"
	"fmt"
	"time"

	"github.com/mutprop/mutprop/engine"
	"github.com/mutprop/mutprop/proc"
	"github.com/mutprop/mutprop/runner"
	"github.com/mutprop/mutprop/scenarios/insert"
)

func scenarioInsert(ctx context.Context, e *env, args []string) int {
	var x experimentFlags
	var tests, mutants int
	var lists, jsonOut string
	fs := newFlagSet(e, "scenario insert", "", insert.Doc)
	x.register(fs, true)
	fs.IntVar(&tests, "tests", 1000, "test cases per property")
	fs.IntVar(&mutants, "mutants", 100, "size of the fixed mutant set for the classic kill rate")
	fs.StringVar(&lists, "list-mutator", "builtin", "how mutants perturb lists: builtin (drop, duplicate, swap, change, append) or constructor (Haskell-style: truncate, mutate a head)")
	fs.StringVar(&jsonOut, "json", "", "write the results as JSON to `FILE`")
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	const cmd = "scenario insert"
	switch {
	case fs.NArg() > 0:
		return fail(e, cmd, usageError("unexpected argument %q", fs.Arg(0)))
	case tests <= 0 || mutants <= 0:
		return fail(e, cmd, usageError("--tests and --mutants must be positive"))
	}
	cfg := insert.Config{Tests: tests, FixedMutants: mutants, Lists: insert.ListMutator(lists)}
	run, err := x.setup(e, engine.Header{Suite: "insert", Extra: map[string]string{"tests": fmt.Sprint(tests), "mutants": fmt.Sprint(mutants), "list-mutator": lists}})
	if err != nil {
		return fail(e, cmd, err)
	}
	if !x.inProcess {
		run.opts.Pool = &runner.Pool{CellTimeout: time.Minute, Command: func() (proc.Spec, error) { return selfWorker("insert", insert.WorkerArgs(cfg)...) }}
	}
	prog := newPhases(e)
	run.opts.Progress = prog.of("insert")
	study, err := insert.Run(ctx, cfg, run.opts)
	prog.Finish()
	if err := run.finish(ctx, err); err != nil {
		return fail(e, cmd, err)
	}
	if x.shardDone(e) {
		return exitOK
	}
	if err := study.WriteText(e.stdout); err != nil {
		return fail(e, cmd, err)
	}
	if err := writeJSON(jsonOut, study, "  "); err != nil {
		return fail(e, cmd, err)
	}
	return exitOK
}
