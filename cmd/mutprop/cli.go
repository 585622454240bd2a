package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
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

// codedError is an error that ends a command with a given exit code.
type codedError struct {
	code int
	err  error
}

func (c *codedError) Error() string { return c.err.Error() }
func (c *codedError) Unwrap() error { return c.err }

// usageError is bad usage or input (exit 2).
func usageError(format string, args ...any) error {
	return &codedError{code: exitUsage, err: fmt.Errorf(format, args...)}
}

// cannotRun is an input that cannot be scored, or a failure of the run
// (exit 3).
func cannotRun(format string, args ...any) error {
	return &codedError{code: exitError, err: fmt.Errorf(format, args...)}
}

// withCode gives err an exit code unless it already has one.
func withCode(code int, err error) error {
	var c *codedError
	if err == nil || errors.As(err, &c) {
		return err
	}
	return &codedError{code: code, err: err}
}

// fail prints err on one line after "mutprop CMD: " and returns its exit
// code (exitError when it has none).
func fail(e *env, cmd string, err error) int {
	fmt.Fprintf(e.stderr, "mutprop %s: %s\n", cmd, oneLine(err.Error()))
	var c *codedError
	if errors.As(err, &c) {
		return c.code
	}
	return exitError
}

// oneLine folds a multi-line message (compiler output, go list errors)
// into one line: "# package" headers and "-: " markers are dropped and
// repeated messages kept once.
func oneLine(msg string) string {
	var parts []string
	seen := map[string]bool{}
	for _, line := range strings.FieldsFunc(msg, func(r rune) bool { return r == '\n' }) {
		for _, part := range strings.Split(line, "; ") {
			part = strings.TrimSpace(strings.ReplaceAll(part, "-: ", ""))
			if part == "" || strings.HasPrefix(part, "# ") {
				continue
			}
			key := part
			if i := strings.Index(part, ".go:"); i >= 0 {
				// "dir/a.go:3:4: msg" and "/abs/dir/a.go:3:4: msg" are one message.
				key = filepath.Base(part[:i]) + part[i:]
			}
			if !seen[key] {
				seen[key] = true
				parts = append(parts, part)
			}
		}
	}
	return strings.Join(parts, "; ")
}

// env is what a command may touch of the outside world. Tests build their own.
type env struct {
	stdout, stderr io.Writer
	stdin          io.Reader
	getenv         func(string) string
	// signals, when non-nil, delivers interrupts; the first cancels the
	// command's context, the second exits at once through exit.
	signals chan os.Signal
	exit    func(code int) // os.Exit when nil
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
			fmt.Fprintln(e.stderr, "mutprop: interrupted again; exiting at once")
			if e.exit != nil {
				e.exit(exitInterrupts)
				return
			}
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
	fs.SetOutput(&flagOutput{e: e, name: name})
	fs.Usage = func() {
		out := fs.Output()
		if o, ok := out.(*flagOutput); ok && !o.help {
			// A usage error: the flag package printed the one-line reason.
			fmt.Fprintf(o.e.stderr, "Run 'mutprop %s --help' for its flags.\n", name)
			return
		}
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

// flagOutput sends a flag set's messages to stderr, each line after
// "mutprop NAME: ", except the --help text that the user asked for, which
// goes to stdout as it is.
type flagOutput struct {
	e    *env
	name string
	help bool
}

func (o *flagOutput) Write(p []byte) (int, error) {
	if o.help {
		return o.e.stdout.Write(p)
	}
	if _, err := fmt.Fprintf(o.e.stderr, "mutprop %s: %s", o.name, p); err != nil {
		return 0, err
	}
	return len(p), nil
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
