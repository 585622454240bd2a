package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/mutprop/mutprop/internal/cli"
	"github.com/mutprop/mutprop/mutate"
)

// mutantFlags are the flags shared by mutants, show and schemata.
type mutantFlags struct {
	operators string
	namedOnly bool
}

func (f *mutantFlags) options() (*mutate.Options, error) {
	ops, err := mutate.SelectOperators(f.operators)
	if err != nil {
		return nil, err
	}
	return &mutate.Options{Operators: ops, NamedOnly: f.namedOnly}, nil
}

func operatorList() string {
	var names []string
	for _, op := range mutate.Operators() {
		names = append(names, op.Name)
	}
	return strings.Join(names, ",")
}

// cmdMutants lists the mutants of packages and the stats line.
func cmdMutants(ctx context.Context, e *cli.Env, args []string) int {
	fs := cli.NewFlagSet(e, "mutants", "PKG...", `
List the mutants of Go packages: operator mutants that type-check and named
variants (//mutprop:variant). Prints ID, location, operator and description,
then a line counting the generated, ill-typed (dropped), ignored and
equivalent mutants.`)
	var mf mutantFlags
	asJSON := fs.Bool("json", false, "print a JSON object {packages: [{path, mutants, stats}]}")
	fs.StringVar(&mf.operators, "operators", "all", "comma-separated operators: "+operatorList())
	fs.BoolVar(&mf.namedOnly, "named-only", false, "list only named variants")
	if code := cli.ParseFlags(fs, args); code >= 0 {
		return code
	}
	opts, err := mf.options()
	if err != nil {
		fmt.Fprintf(e.Stderr, "mutprop mutants: %v\n", err)
		return cli.ExitUsage
	}
	listings, err := mutate.List(ctx, ".", fs.Args(), opts)
	if err == nil {
		if *asJSON {
			err = mutate.WriteListingsJSON(e.Stdout, listings)
		} else {
			err = writeListings(e.Stdout, listings)
		}
	}
	if err != nil {
		return cli.Fail(e, "mutants", loadError(err))
	}
	return cli.ExitOK
}
