package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"strings"
	"syscall"
)

// Exit codes of mutprop. They are part of its contract with scripts.
const (
	exitOK         = 0 // the command did what was asked
	exitFailed     = 1 // the command ran but its result fails a gate (for example --min-score)
	exitUsage      = 2 // bad flags, arguments or input
	exitError      = 3 // the command could not run (build failure, failing baseline, I/O)
	exitInterrupts = 130
)

// env is what a command may touch of the outside world. Tests build their own.
type env struct {
	stdout, stderr io.Writer
	stdin          io.Reader
	getenv         func(string) string
	// signals, when non-nil, delivers interrupts; the first cancels the
	// command's context, the second exits at once.
	signals chan os.Signal
}

func newEnv() *env {
	sig := make(chan os.Signal, 2)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	return &env{stdout: os.Stdout, stderr: os.Stderr, stdin: os.Stdin, getenv: os.Getenv, signals: sig}
}

// command is one mutprop subcommand.
type command struct {
	name    string
	summary string
	hidden  bool
	run     func(ctx context.Context, e *env, args []string) int
}

// commands lists every subcommand, in the order "mutprop help" shows them.
func commands() []command {
	return []command{
		{name: "run", summary: "score a Go package's tests and properties against its mutants", run: cmdRun},
		{name: "mutants", summary: "list the mutants of a Go package", run: cmdMutants},
		{name: "show", summary: "print one mutant: description and diff", run: cmdShow},
		{name: "schemata", summary: "write a schematized copy of a package (used by go generate)", run: cmdSchemata},
		{name: "scenario", summary: "run a case study: insert, bst, tcas", run: cmdScenario},
		{name: "merge", summary: "combine the journals of shards into one", run: cmdMerge},
		{name: "worker", summary: "serve trial requests (started by mutprop itself)", hidden: true, run: cmdWorker},
	}
}

// Main runs mutprop with the given arguments and returns its exit code.
func Main(args []string, e *env) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" || args[0] == "-help" {
		if len(args) > 1 {
			return Main([]string{args[1], "--help"}, e)
		}
		usage(e.stdout)
		if len(args) == 0 {
			return exitUsage
		}
		return exitOK
	}
	for _, c := range commands() {
		if c.name == args[0] {
			ctx, stop := interruptContext(e)
			defer stop()
			return c.run(ctx, e, args[1:])
		}
	}
	fmt.Fprintf(e.stderr, "mutprop: unknown command %q (run 'mutprop help')\n", args[0])
	return exitUsage
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

// interruptContext returns a context cancelled on the first interrupt; a
// second interrupt exits the process at once.
func interruptContext(e *env) (context.Context, func()) {
	ctx, cancel := context.WithCancel(context.Background())
	if e.signals == nil {
		return ctx, cancel
	}
	done := make(chan struct{})
	go func() {
		select {
		case <-e.signals:
			fmt.Fprintln(e.stderr, "mutprop: interrupted; stopping workers (interrupt again to exit at once)")
			cancel()
		case <-done:
			return
		}
		select {
		case <-e.signals:
			os.Exit(exitInterrupts)
		case <-done:
		}
	}()
	return ctx, func() { close(done); cancel() }
}

// newFlagSet returns a flag set whose --help prints the command's usage line,
// its description and its flags.
func newFlagSet(e *env, name, argsUsage, description string) *flag.FlagSet {
	fs := flag.NewFlagSet("mutprop "+name, flag.ContinueOnError)
	fs.SetOutput(&flagOutput{e: e})
	fs.Usage = func() {
		out := fs.Output()
		fmt.Fprintf(out, "Usage: mutprop %s [flags] %s\n\n%s\n\nFlags:\n", name, argsUsage, strings.TrimSpace(description))
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags parses args; it returns a non-negative exit code when the
// command should stop (after --help, or on a usage error).
func parseFlags(fs *flag.FlagSet, args []string) int {
	for _, a := range args {
		if a == "--" {
			break
		}
		if a == "-h" || a == "--help" || a == "-help" {
			if o, ok := fs.Output().(*flagOutput); ok {
				o.help = true
			}
		}
	}
	err := fs.Parse(args)
	switch {
	case err == nil:
		return -1
	case errors.Is(err, flag.ErrHelp):
		return exitOK
	default:
		return exitUsage
	}
}

// flagOutput sends a flag set's messages to stderr, except the --help text
// that the user asked for, which goes to stdout.
type flagOutput struct {
	e    *env
	help bool
}

func (o *flagOutput) Write(p []byte) (int, error) {
	if o.help {
		return o.e.stdout.Write(p)
	}
	return o.e.stderr.Write(p)
}

// sortedKeys returns m's keys in order; used for deterministic listings.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
