package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/mutprop/mutprop/gotest"
	"github.com/mutprop/mutprop/internal/cli"
	"github.com/mutprop/mutprop/internal/preflight"
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
equivalent mutants, and those of data tables left out (the elements of a
composite literal of more than 256 constants: a sound, a font, a word
list).

With --blackbox (and --blackbox-mutants, --blackbox-points, as mutprop run
takes them), the black-box mutants mutprop run --blackbox scores follow
the operator mutants, with the IDs run gives them
(blackbox:<package>.<Func>:<k>, ending in /p<p> with --blackbox-points
p), and each function that cannot be wrapped is listed with the reason
(JSON: blackboxRefused). mutprop run --help defines black-box mutants.`)
	var mf mutantFlags
	var bb blackboxFlags // run_blackbox.go
	asJSON := fs.Bool("json", false, "print a JSON object {packages: [{path, mutants, stats, blackboxRefused}]}")
	fs.StringVar(&mf.operators, "operators", "all", "comma-separated operators: "+operatorList())
	fs.BoolVar(&mf.namedOnly, "named-only", false, "list only named variants")
	bb.register(fs)
	if code := cli.ParseFlags(fs, args); code >= 0 {
		return code
	}
	opts, err := mf.options()
	if err != nil {
		fmt.Fprintf(e.Stderr, "mutprop mutants: %v\n", err)
		return cli.ExitUsage
	}
	if err := bb.validate(gotest.ModeSchemata, fs.Args()); err != nil {
		return cli.Fail(e, "mutants", err)
	}
	if bb.on && mf.namedOnly {
		return cli.Fail(e, "mutants", cli.UsageError("--named-only lists no black-box mutants: drop --blackbox or --named-only"))
	}
	var listings []mutate.Listing
	if bb.on {
		listings, err = listBlackbox(ctx, &bb, opts, fs.Args())
	} else {
		listings, err = mutate.List(ctx, ".", fs.Args(), opts)
	}
	if err == nil {
		if *asJSON {
			err = mutate.WriteListingsJSON(e.Stdout, listings)
		} else {
			err = writeListings(e.Stdout, listings)
		}
	}
	if err != nil {
		return cli.Fail(e, "mutants", cli.LoadError(err))
	}
	return cli.ExitOK
}

// listBlackbox lists the mutants of patterns as mutprop run --blackbox
// makes them (gotest.Config.Enumerate: the operator mutants, then the
// black-box ones), with the functions that cannot be wrapped when every
// function is; a function bb names that no package can wrap is a usage
// error, checked as run checks it.
func listBlackbox(ctx context.Context, bb *blackboxFlags, opts *mutate.Options, patterns []string) ([]mutate.Listing, error) {
	cfg := gotest.Config{Operators: opts.Operators, Mode: gotest.ModeSchemata, Blackbox: bb.config()}
	listings, err := mutate.ListWith(ctx, ".", patterns, func(ctx context.Context, p *mutate.Package) (mutate.Listing, error) {
		muts, stats, err := cfg.Enumerate(ctx, p)
		l := mutate.Listing{Path: p.Path, Mutants: muts, Stats: stats}
		if bb.funcs == nil {
			l.Refused = mutate.Refusals(p)
		}
		return l, err
	})
	if err != nil {
		return nil, err
	}
	listed := make([]preflight.ListedPackage, len(listings))
	for i, l := range listings {
		listed[i].ImportPath = l.Path
	}
	// The listing shows the refusals: check only judges the names.
	if err := bb.check(ctx, io.Discard, listed); err != nil {
		return nil, err
	}
	return listings, nil
}
