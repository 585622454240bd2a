package main

import (
	"context"
	"fmt"
)

// scenarios maps a case study's name to its command.
var scenarios = map[string]struct {
	summary string
	run     func(ctx context.Context, e *env, args []string) int
}{
	"insert": {"Duregård's black-box insert study (thesis paper IV, Fig. 4.1)", scenarioInsert},
	"bst":    {"How to Specify It! BST and the Holey Generators evaluation (Fig. 13)", scenarioBST},
	"tcas":   {"TCAS, its 41 faulty versions, covering arrays and Radix Coverage (Tables 4-5)", scenarioTCAS},
}

func cmdScenario(ctx context.Context, e *env, args []string) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "-help" {
		fmt.Fprintln(e.stdout, "Usage: mutprop scenario <name> [flags]\n\nCase studies:")
		for _, name := range sortedKeys(scenarios) {
			fmt.Fprintf(e.stdout, "  %-8s %s\n", name, scenarios[name].summary)
		}
		fmt.Fprintln(e.stdout, "\nRun 'mutprop scenario <name> --help' for its flags.")
		if len(args) == 0 {
			return exitUsage
		}
		return exitOK
	}
	s, ok := scenarios[args[0]]
	if !ok {
		fmt.Fprintf(e.stderr, "mutprop scenario: unknown case study %q (known: insert, bst, tcas)\n", args[0])
		return exitUsage
	}
	return s.run(ctx, e, args[1:])
}
