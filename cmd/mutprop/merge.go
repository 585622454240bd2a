package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/mutprop/mutprop/engine"
	"github.com/mutprop/mutprop/internal/cli"
	"github.com/mutprop/mutprop/propsuite"
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
	if err := checkJournals(fs.Args()); err != nil {
		return cli.Fail(e, "merge", err)
	}
	if isRunJournal(fs.Arg(0)) {
		if err := mergeRun(e, *out, mf, fs.Args()); err != nil {
			return cli.Fail(e, "merge", err)
		}
		return cli.ExitOK
	}
	if *out == "" {
		fmt.Fprintf(e.Stderr, "mutprop merge: %s is the journal of an experiment (a scenario): want -o OUT, the merged journal to write\n", fs.Arg(0))
		return cli.ExitUsage
	}
	if err := cli.CheckWritable("-o", *out); err != nil {
		return cli.Fail(e, "merge", err)
	}
	header, cells, warnings, err := engine.Merge(fs.Args(), (*propsuite.Cell).Key, nil)
	for _, w := range warnings {
		fmt.Fprintln(e.Stderr, "mutprop merge: warning:", w)
	}
	if err != nil {
		fmt.Fprintln(e.Stderr, "mutprop merge:", err)
		return cli.ExitUsage
	}
	if err := engine.WriteLog(*out, header, cells, (*propsuite.Cell).Key); err != nil {
		fmt.Fprintln(e.Stderr, "mutprop merge:", err)
		return cli.ExitError
	}
	fmt.Fprintf(e.Stdout, "merged %d cells from %d journals into %s\n", len(cells), fs.NArg(), *out)
	return cli.ExitOK
}

// checkJournals refuses, naming the cause and the file, what cannot be
// merged: no journal at all, a file that does not exist or cannot be
// read, and one that is not a mutprop journal (its first line is not a
// journal header).
func checkJournals(paths []string) error {
	if len(paths) == 0 {
		return cli.UsageError("want at least one journal (mutprop merge [-o OUT] JOURNAL...)")
	}
	for _, p := range paths {
		f, err := os.Open(p)
		if errors.Is(err, os.ErrNotExist) {
			return cli.UsageError("%s: no such file", p)
		} else if err != nil {
			return cli.UsageError("%s: %v", p, err)
		}
		line, err := bufio.NewReader(f).ReadBytes('\n')
		f.Close()
		if err != nil && !errors.Is(err, io.EOF) {
			return cli.UsageError("%s: %v", p, err)
		}
		var h engine.Header
		if json.Unmarshal(line, &h) != nil || h.Journal == "" {
			return cli.UsageError("%s is not a mutprop journal (its first line is not a journal header)", p)
		}
	}
	return nil
}
