package main

import (
	"context"
	"fmt"

	"github.com/mutprop/mutprop/engine"
	"github.com/mutprop/mutprop/internal/cli"
	"github.com/mutprop/mutprop/runner"
)

const mergeDescription = `
Combine the journals of the shards of one experiment (runs with --shard k/n
and --journal) into one journal. Resume the experiment from the merged
journal (the same command, without --shard, with --journal MERGED --resume)
to print the report an unsharded run gives; nothing is run again.

All journals must come from the same experiment (suite, seed, protocol,
configuration); a cell present in two journals must agree.

The journals of a sharded 'mutprop run' (--shard K/N) merge into the
report of the unsharded run: the tables, and --json and --html files,
without running anything; -o is optional for them, and --min-score gates
the merged score (exit 1 below it). Every shard must be complete.
--annotations, --baseline and --update-baseline work as for mutprop run,
on the merged run.`

func cmdMerge(ctx context.Context, e *cli.Env, args []string) int {
	fs := cli.NewFlagSet(e, "merge", "-o OUT JOURNAL...", mergeDescription)
	out := fs.String("o", "", "write the merged journal to `FILE` (required for experiments)")
	var mf mergeFlags
	mf.register(fs)
	if code := cli.ParseFlags(fs, args); code >= 0 {
		return code
	}
	if fs.NArg() > 0 && isRunJournal(fs.Arg(0)) {
		if err := mergeRun(e, *out, mf, fs.Args()); err != nil {
			return cli.Fail(e, "merge", err)
		}
		return cli.ExitOK
	}
	if *out == "" || fs.NArg() == 0 {
		fmt.Fprintln(e.Stderr, "mutprop merge: want -o OUT and at least one journal")
		return cli.ExitUsage
	}
	header, cells, warnings, err := engine.Merge(fs.Args(), (*runner.Cell).Key, nil)
	for _, w := range warnings {
		fmt.Fprintln(e.Stderr, "mutprop merge: warning:", w)
	}
	if err != nil {
		fmt.Fprintln(e.Stderr, "mutprop merge:", err)
		return cli.ExitUsage
	}
	if err := engine.WriteLog(*out, header, cells, (*runner.Cell).Key); err != nil {
		fmt.Fprintln(e.Stderr, "mutprop merge:", err)
		return cli.ExitError
	}
	fmt.Fprintf(e.Stdout, "merged %d cells from %d journals into %s\n", len(cells), fs.NArg(), *out)
	return cli.ExitOK
}
