package main

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/mutprop/mutprop/internal/cli"
	"github.com/mutprop/mutprop/propsuite"
	"github.com/mutprop/mutprop/scenarios"
	"github.com/mutprop/mutprop/scenarios/bst"
	"github.com/mutprop/mutprop/scenarios/insert"
	"github.com/mutprop/mutprop/scenarios/tcas"
)

// caseStudies are the scenarios mutprop drives (mutprop scenario NAME,
// mutprop worker NAME).
func caseStudies() []*scenarios.Scenario {
	return []*scenarios.Scenario{insert.Scenario, bst.Scenario, tcas.Scenario}
}

// caseStudy returns the scenario called name, or nil.
func caseStudy(name string) *scenarios.Scenario {
	for _, s := range caseStudies() {
		if s.Name == name {
			return s
		}
	}
	return nil
}

// cmdScenario is mutprop scenario: the list of case studies, or one of
// them run (runScenario).
func cmdScenario(ctx context.Context, e *cli.Env, args []string) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "-help" {
		fmt.Fprintln(e.Stdout, "Usage: mutprop scenario <name> [flags]\n\nCase studies:")
		byName := slices.SortedFunc(slices.Values(caseStudies()), func(a, b *scenarios.Scenario) int { return cmp.Compare(a.Name, b.Name) })
		for _, s := range byName {
			fmt.Fprintf(e.Stdout, "  %-8s %s\n", s.Name, s.Summary)
		}
		fmt.Fprintln(e.Stdout, "\nRun 'mutprop scenario <name> --help' for its flags.")
		if len(args) == 0 {
			return cli.ExitUsage
		}
		return cli.ExitOK
	}
	s := caseStudy(args[0])
	if s == nil {
		var known []string
		for _, s := range caseStudies() {
			known = append(known, s.Name)
		}
		fmt.Fprintf(e.Stderr, "mutprop scenario: unknown case study %q (known: %s)\n", args[0], strings.Join(known, ", "))
		return cli.ExitUsage
	}
	return runScenario(ctx, e, s, args[1:])
}

// runScenario drives the scenario s: it parses its flags, runs it, and
// prints its error after "mutprop scenario NAME: " with its exit code.
func runScenario(ctx context.Context, e *cli.Env, s *scenarios.Scenario, args []string) int {
	cmd := "scenario " + s.Name
	fs := cli.NewFlagSet(e, cmd, "", s.Doc)
	run := s.Setup(fs)
	if code := cli.ParseFlags(fs, args); code >= 0 {
		return code
	}
	if fs.NArg() > 0 {
		return cli.Fail(e, cmd, cli.UsageError("unexpected argument %q", fs.Arg(0)))
	}
	if err := run(ctx, e); err != nil {
		return cli.Fail(e, cmd, err)
	}
	return cli.ExitOK
}

// cmdWorker is the worker side of the scenarios' pools: mutprop
// re-executes itself as "mutprop worker <scenario> <args>"
// (scenarios.SelfWorker) with MUTPROP_ACTIVE set, and serves requests on
// stdin/stdout.
func cmdWorker(ctx context.Context, e *cli.Env, args []string) int {
	if len(args) == 0 {
		return cli.Fail(e, "worker", cli.UsageError("want a scenario name; this command is started by mutprop itself"))
	}
	s := caseStudy(args[0])
	if s == nil || s.Serve == nil {
		return cli.Fail(e, "worker", cli.UsageError("no worker for %q", args[0]))
	}
	active, err := propsuite.ParseActive(e.Getenv(propsuite.ActiveEnv))
	if err != nil {
		return cli.Fail(e, "worker", cli.UsageError("%w", err))
	}
	if err := s.Serve(ctx, e, args[1:], active); err != nil {
		return cli.Fail(e, "worker", err)
	}
	return cli.ExitOK
}
