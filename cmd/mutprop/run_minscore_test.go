package main

import (
	"io"
	"strings"
	"testing"

	"github.com/mutprop/mutprop/internal/cli"
	"github.com/mutprop/mutprop/report"
)

// TestMinScoreIsAGateOrNone: "" is no gate; a percentage fails a score
// below it with exit 1, passes one at or above it; a run without valid
// mutants passes, saying so, only when --since left no mutant, and fails
// otherwise; a bad value is a usage error.
func TestMinScoreIsAGateOrNone(t *testing.T) {
	t.Parallel()
	low := report.Score{Detected: 1, Valid: 2, Percent: 50}
	none, err := parseMinScore("")
	if err != nil || none.check(io.Discard, "run", low, "") != nil {
		t.Errorf(`parseMinScore(""): %+v, %v: want no gate`, none, err)
	}
	for _, s := range []string{"80", "80%"} {
		g, err := parseMinScore(s)
		if err != nil {
			t.Fatalf("parseMinScore(%q): %v", s, err)
		}
		if err := g.check(io.Discard, "run", low, ""); err == nil || cli.Fail(&cli.Env{Stderr: io.Discard}, "run", err) != cli.ExitFailed {
			t.Errorf("--min-score %s against 50%%: %v, want exit 1", s, err)
		}
		if err := g.check(io.Discard, "run", report.Score{Detected: 4, Valid: 5, Percent: 80}, ""); err != nil {
			t.Errorf("--min-score %s against 80%%: %v", s, err)
		}
		var said strings.Builder
		if err := g.check(&said, "run", report.Score{}, "HEAD"); err != nil || !strings.Contains(said.String(), "no mutants on the lines changed since HEAD: the --min-score 80% gate was not applied") {
			t.Errorf("--min-score %s, --since HEAD without mutants: %v, %q; want a pass that says the gate was not applied", s, err, said.String())
		}
		if err := g.check(io.Discard, "run", report.Score{Total: 2}, ""); err == nil || cli.Fail(&cli.Env{Stderr: io.Discard}, "run", err) != cli.ExitFailed {
			t.Errorf("--min-score %s without valid mutants: %v, want exit 1", s, err)
		}
	}
	for _, s := range []string{"120", "-1", "x"} {
		if _, err := parseMinScore(s); err == nil || cli.Fail(&cli.Env{Stderr: io.Discard}, "run", err) != cli.ExitUsage {
			t.Errorf("parseMinScore(%q): %v, want a usage error", s, err)
		}
	}
}
