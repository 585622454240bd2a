// Package cli is the plumbing that mutprop's commands share, as
// cmd/go/internal/base is go's: the exit codes, errors that carry one,
// the environment a command may touch, flag sets whose --help and errors
// follow mutprop's conventions, and interrupts.
//
// A command (a driver) owns stdout, stderr and its exit code; the code it
// runs reports failures as errors made by UsageError, CannotRun or
// WithCode, which Fail prints and turns into the exit code.
package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// Exit codes of mutprop. They are part of its contract with scripts.
const (
	ExitOK          = 0   // the command did what was asked
	ExitFailed      = 1   // the command ran but its result fails a gate (for example --min-score)
	ExitUsage       = 2   // bad flags, arguments or input
	ExitError       = 3   // the command could not run (build failure, failing baseline, I/O)
	ExitInterrupted = 130 // interrupted (SIGINT, SIGTERM)
)

// codedError is an error that ends a command with a given exit code.
type codedError struct {
	code int
	err  error
}

func (c *codedError) Error() string { return c.err.Error() }
func (c *codedError) Unwrap() error { return c.err }

// UsageError is bad usage or input (ExitUsage); format and args are as
// for fmt.Errorf.
func UsageError(format string, args ...any) error {
	return &codedError{code: ExitUsage, err: fmt.Errorf(format, args...)}
}

// CannotRun is an input that cannot be scored, or a failure of the run
// (ExitError); format and args are as for fmt.Errorf.
func CannotRun(format string, args ...any) error {
	return &codedError{code: ExitError, err: fmt.Errorf(format, args...)}
}

// WithCode gives err the exit code code unless it already has one; a nil
// err stays nil.
func WithCode(code int, err error) error {
	var c *codedError
	if err == nil || errors.As(err, &c) {
		return err
	}
	return &codedError{code: code, err: err}
}

// Fail prints err on one line (oneLine) after "mutprop CMD: " on stderr
// and returns its exit code (ExitError when it has none).
func Fail(e *Env, cmd string, err error) int {
	fmt.Fprintf(e.Stderr, "mutprop %s: %s\n", cmd, oneLine(err.Error()))
	var c *codedError
	if errors.As(err, &c) {
		return c.code
	}
	return ExitError
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

// Env is what a command may touch of the outside world. Tests build their
// own.
type Env struct {
	Stdout, Stderr io.Writer
	Stdin          io.Reader
	Getenv         func(string) string
	// Signals, when non-nil, delivers interrupts; the first cancels the
	// command's context, the second exits at once through Exit
	// (InterruptContext).
	Signals chan os.Signal
	Exit    func(code int) // os.Exit when nil
}

// NewEnv returns the environment of the process: its standard streams and
// variables, and SIGINT and SIGTERM as interrupts.
func NewEnv() *Env {
	sig := make(chan os.Signal, 2)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	return &Env{Stdout: os.Stdout, Stderr: os.Stderr, Stdin: os.Stdin, Getenv: os.Getenv, Signals: sig}
}

// echoWindow is how soon after the first interrupt another one counts as
// the same: a wrapper that forwards the signal it got to its child (timeout,
// a process manager signalling a whole group) delivers it twice at once, and
// exiting at once would leave the run's temporary files and children behind.
const echoWindow = 500 * time.Millisecond

// InterruptContext returns a context cancelled on the first interrupt of
// e.Signals, and the function that releases it; a second interrupt, one
// that comes more than echoWindow after the first, exits the process at
// once with ExitInterrupted.
func InterruptContext(e *Env) (context.Context, func()) {
	ctx, cancel := context.WithCancel(context.Background())
	if e.Signals == nil {
		return ctx, cancel
	}
	done := make(chan struct{})
	go func() {
		select {
		case <-e.Signals:
			fmt.Fprintln(e.Stderr, "mutprop: interrupted; stopping workers (interrupt again to exit at once)")
			cancel()
		case <-done:
			return
		}
		first := time.Now()
		for {
			select {
			case <-e.Signals:
				if time.Since(first) < echoWindow {
					continue
				}
				fmt.Fprintln(e.Stderr, "mutprop: interrupted again; exiting at once")
				if e.Exit != nil {
					e.Exit(ExitInterrupted)
					return
				}
				os.Exit(ExitInterrupted)
			case <-done:
				return
			}
		}
	}()
	return ctx, func() { close(done); cancel() }
}

// NewFlagSet returns the flag set of the command "mutprop NAME": its
// --help prints, on stdout, the usage line (with argsUsage after the
// flags), the description and the flags; its errors go to stderr, each
// line after "mutprop NAME: ", followed by where to find the flags. Parse
// it with ParseFlags.
func NewFlagSet(e *Env, name, argsUsage, description string) *flag.FlagSet {
	fs := flag.NewFlagSet("mutprop "+name, flag.ContinueOnError)
	fs.SetOutput(&flagOutput{e: e, name: name})
	fs.Usage = func() {
		out := fs.Output()
		if o, ok := out.(*flagOutput); ok && !o.help {
			// A usage error: the flag package printed the one-line reason.
			fmt.Fprintf(o.e.Stderr, "Run 'mutprop %s --help' for its flags.\n", name)
			return
		}
		fmt.Fprintf(out, "Usage: mutprop %s [flags] %s\n\n%s\n\nFlags:\n", name, argsUsage, strings.TrimSpace(description))
		fs.PrintDefaults()
	}
	return fs
}

// ParseFlags parses args with fs; it returns a non-negative exit code when
// the command should stop (ExitOK after --help, ExitUsage on a usage
// error, both already printed), else -1.
func ParseFlags(fs *flag.FlagSet, args []string) int {
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
		return ExitOK
	default:
		return ExitUsage
	}
}

// flagOutput sends a flag set's messages to stderr, each line after
// "mutprop NAME: ", except the --help text that the user asked for, which
// goes to stdout as it is.
type flagOutput struct {
	e    *Env
	name string
	help bool
}

func (o *flagOutput) Write(p []byte) (int, error) {
	if o.help {
		return o.e.Stdout.Write(p)
	}
	if _, err := fmt.Fprintf(o.e.Stderr, "mutprop %s: %s", o.name, p); err != nil {
		return 0, err
	}
	return len(p), nil
}
