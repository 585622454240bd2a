package main

import (
	"context"
	"fmt"
	"sort"

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

func cmdMerge(ctx context.Context, e *env, args []string) int {
	fs := newFlagSet(e, "merge", "-o OUT JOURNAL...", mergeDescription)
	out := fs.String("o", "", "write the merged journal to `FILE` (required for experiments)")
	var mf mergeFlags
	mf.register(fs)
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	if fs.NArg() > 0 && isRunJournal(fs.Arg(0)) {
		if err := mergeRun(e, *out, mf, fs.Args()); err != nil {
			return fail(e, "merge", err)
		}
		return exitOK
	}
	if *out == "" || fs.NArg() == 0 {
		fmt.Fprintln(e.stderr, "mutprop merge: want -o OUT and at least one journal")
		return exitUsage
	}
	var header runner.JournalHeader
	cells := map[string]runner.Cell{}
	for i, path := range fs.Args() {
		h, cs, warnings, err := runner.ReadJournal(path)
		if err != nil {
			fmt.Fprintln(e.stderr, "mutprop merge:", err)
			return exitUsage
		}
		for _, w := range warnings {
			fmt.Fprintln(e.stderr, "mutprop merge: warning:", w)
		}
		delete(h.Extra, "shard")
		if i == 0 {
			header = h
		} else if fmt.Sprint(h) != fmt.Sprint(header) {
			fmt.Fprintf(e.stderr, "mutprop merge: %s belongs to another experiment than %s\n", path, fs.Arg(0))
			return exitUsage
		}
		for k, c := range cs {
			if prev, ok := cells[k]; ok && fmt.Sprint(prev) != fmt.Sprint(c) {
				fmt.Fprintf(e.stderr, "mutprop merge: cell %s/%s/%s differs between journals\n", c.Mutant, c.Property, c.Generator)
				return exitUsage
			}
			cells[k] = c
		}
	}
	if header.Extra == nil {
		header.Extra = map[string]string{}
	}
	header.Extra["shard"] = ""
	j, err := runner.OpenJournal(*out, header, false)
	if err != nil {
		fmt.Fprintln(e.stderr, "mutprop merge:", err)
		return exitError
	}
	keys := make([]string, 0, len(cells))
	for k := range cells {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if err := j.Append(cells[k]); err != nil {
			fmt.Fprintln(e.stderr, "mutprop merge:", err)
			return exitError
		}
	}
	if err := j.Close(); err != nil {
		fmt.Fprintln(e.stderr, "mutprop merge:", err)
		return exitError
	}
	fmt.Fprintf(e.stdout, "merged %d cells from %d journals into %s\n", len(cells), fs.NArg(), *out)
	return exitOK
}
