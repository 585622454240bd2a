package main

import (
	"context"
	"fmt"
	"io"

	"github.com/mutprop/mutprop/internal/cli"
)

// command is one mutprop subcommand.
type command struct {
	name    string
	summary string
	hidden  bool
	run     func(ctx context.Context, e *cli.Env, args []string) int
}

// commands lists every subcommand, in the order "mutprop help" shows them.
func commands() []command {
	return []command{
		{name: "run", summary: "score a Go package's tests and properties against its mutants", run: cmdRun},
		{name: "mutants", summary: "list the mutants of a Go package", run: cmdMutants},
		{name: "show", summary: "print one mutant (by ID or alias): description, diff, last status", run: cmdShow},
		{name: "schemata", summary: "write a schematized copy of a package into a directory of its own (go generate)", run: cmdSchemata},
		{name: "scenario", summary: "run a case study: insert, bst, tcas", run: cmdScenario},
		{name: "merge", summary: "combine the journals of shards into one", run: cmdMerge},
		{name: "version", summary: "print mutprop's version, VCS revision and Go version (also --version)", run: cmdVersion},
		{name: "worker", summary: "serve trial requests (started by mutprop itself)", hidden: true, run: cmdWorker},
	}
}

// Main runs mutprop with the given arguments and returns its exit code.
func Main(args []string, e *cli.Env) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" || args[0] == "-help" {
		if len(args) > 1 {
			return Main([]string{args[1], "--help"}, e)
		}
		usage(e.Stdout)
		if len(args) == 0 {
			return cli.ExitUsage
		}
		return cli.ExitOK
	}
	if args[0] == "--version" || args[0] == "-version" {
		args[0] = "version"
	}
	for _, c := range commands() {
		if c.name == args[0] {
			ctx, stop := cli.InterruptContext(e)
			defer stop()
			return c.run(ctx, e, args[1:])
		}
	}
	fmt.Fprintf(e.Stderr, "mutprop: unknown command %q (run 'mutprop help')\n", args[0])
	return cli.ExitUsage
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "mutprop: mutation testing for property-based tests")
	fmt.Fprintln(w, "\nUsage:\n  mutprop <command> [flags] [arguments]\n\nCommands:")
	for _, c := range commands() {
		if !c.hidden {
			fmt.Fprintf(w, "  %-10s %s\n", c.name, c.summary)
		}
	}
	fmt.Fprintln(w, "\nRun 'mutprop <command> --help' for a command's flags.")
	fmt.Fprintln(w, "\nExit codes: 0 ok; 1 a gate failed (e.g. --min-score); 2 bad usage or input;\n3 the run could not be done (build failure, failing baseline); 130 interrupted.")
}

// cmdVersion prints mutprop's version (cli.Version).
func cmdVersion(_ context.Context, e *cli.Env, args []string) int {
	fs := cli.NewFlagSet(e, "version", "", "Print mutprop's module version, the VCS revision it was built from, and the Go version.")
	if code := cli.ParseFlags(fs, args); code >= 0 {
		return code
	}
	fmt.Fprintln(e.Stdout, cli.Version())
	return cli.ExitOK
}
