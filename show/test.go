package show

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/mutprop/mutprop/gotest"
	"github.com/mutprop/mutprop/internal/cli"
	"github.com/mutprop/mutprop/mutate"
)

// runTests runs the tests o.Test matches against the mutant h, as
// mutprop run runs a mutant (gotest.RunMutant), and prints each run's
// output, then the verdict in the run's words.
func runTests(ctx context.Context, o Options, h hit) error {
	cfg := o.Run
	cfg.Dir, cfg.Patterns = h.pkg.Dir, []string{"."}
	cfg.Run = regexp.MustCompile(o.Test)
	cfg.Log = o.Stderr
	if h.m.Origin == mutate.OriginBlackbox {
		b, _ := parseBlackboxID(h.m.ID, h.pkg.Path)
		cfg.Blackbox = &gotest.Blackbox{Funcs: []string{b.fn}, PerFunc: b.k + 1, Points: b.points}
	}
	fmt.Fprintf(o.Stdout, "\nthe tests matching %s against the mutant, as mutprop run runs them, in a copy of the module (stages on stderr):\n", o.Test)
	run, err := gotest.RunMutant(ctx, cfg, h.m.ID)
	switch {
	case ctx.Err() != nil:
		return ctx.Err()
	case err != nil:
		return cli.CannotRun("show --test: %v", err)
	}
	w := o.Stdout
	for i, r := range run.Runs {
		tests := strings.Join(r.Tests, ", ")
		switch {
		case r.Original:
			fmt.Fprintf(w, "\n--- run %d: %s on the original at the mutant's seed (a kill must pass there): %s\n", i+1, tests, r.Outcome)
		case r.Shrunk:
			fmt.Fprintf(w, "\n--- run %d: %s against the mutant again, with rapid's shrinking (mutprop run's runs stop at the first failing case): %s\n", i+1, tests, r.Outcome)
		default:
			fmt.Fprintf(w, "\n--- run %d: %s against the mutant: %s\n", i+1, tests, r.Outcome)
		}
		fmt.Fprint(w, r.Output)
		if r.Output != "" && !strings.HasSuffix(r.Output, "\n") {
			fmt.Fprintln(w)
		}
	}
	if len(run.Unreached) > 0 {
		fmt.Fprintf(w, "\nnot reached: %s never ran the mutant's code on the original (mutprop run does not run them against it: no-coverage)\n", strings.Join(run.Unreached, ", "))
	}
	r := run.Result
	fmt.Fprintf(w, "\nverdict: %s\n", verdict(string(r.Outcome), r.KilledBy, r.Reason))
	return nil
}

// Interrupted reports whether err ends a show that an interrupt stopped.
func Interrupted(err error) bool {
	return errors.Is(err, context.Canceled)
}
