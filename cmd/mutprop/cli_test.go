package main

import (
	"bytes"
	"runtime"
	"strings"
	"testing"

	"github.com/mutprop/mutprop/internal/cli"
)

func runCLI(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = Main(args, &cli.Env{Stdout: &out, Stderr: &errOut, Stdin: strings.NewReader(""), Getenv: func(string) string { return "" }})
	return code, out.String(), errOut.String()
}

func TestHelpListsEveryVisibleCommand(t *testing.T) {
	t.Parallel()
	code, out, _ := runCLI(t, "help")
	if code != cli.ExitOK {
		t.Fatalf("exit %d", code)
	}
	for _, c := range commands() {
		if strings.Contains(out, "  "+c.name+" ") == c.hidden {
			t.Errorf("help output and hidden=%v disagree for %q:\n%s", c.hidden, c.name, out)
		}
	}
}

func TestAnUnknownCommandIsAUsageError(t *testing.T) {
	t.Parallel()
	code, _, errOut := runCLI(t, "frobnicate")
	if code != cli.ExitUsage || !strings.Contains(errOut, `unknown command "frobnicate"`) {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
}

func TestAnUnknownScenarioIsAUsageError(t *testing.T) {
	t.Parallel()
	code, _, errOut := runCLI(t, "scenario", "quux")
	if code != cli.ExitUsage || !strings.Contains(errOut, "unknown case study") {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
}

func TestUnknownFlagsAndBadValuesAreUsageErrors(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"scenario", "insert", "--no-such-flag"},
		{"scenario", "insert", "--tests", "zero"},
		{"scenario", "insert", "--tests", "-5"},
		{"scenario", "insert", "extra-argument"},
		{"scenario", "tcas", "--radix-base", "1"},
		{"scenario", "tcas", "--t", "0"},
	} {
		if code, _, errOut := runCLI(t, args...); code != cli.ExitUsage || errOut == "" {
			t.Errorf("%q: exit %d, stderr %q; want exit %d with a message", args, code, errOut, cli.ExitUsage)
		}
	}
}

func TestTheInsertScenarioExplainsItselfOnHelp(t *testing.T) {
	t.Parallel()
	code, out, _ := runCLI(t, "scenario", "insert", "--help")
	if code != cli.ExitOK || !strings.Contains(out, "Fig. 4.1") || !strings.Contains(out, "-seed") {
		t.Fatalf("exit %d, stdout %q: want 0 and the description with the flags", code, out)
	}
}

func TestVersionPrintsTheModuleAndGoVersions(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"--version"}, {"version"}, {"-version"}} {
		code, out, errOut := runCLI(t, args...)
		if code != cli.ExitOK || !strings.HasPrefix(out, "mutprop ") || !strings.Contains(out, runtime.Version()) {
			t.Errorf("mutprop %s: exit %d, stdout %q, stderr %q", args[0], code, out, errOut)
		}
	}
}
