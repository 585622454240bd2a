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
			err = mutate.WriteListings(e.Stdout, listings)
		}
	}
	if err != nil {
		fmt.Fprintf(e.Stderr, "mutprop mutants: %v\n", err)
		return cli.ExitError
	}
	return cli.ExitOK
}

// cmdShow prints one mutant's description and unified diff.
func cmdShow(ctx context.Context, e *cli.Env, args []string) int {
	fs := cli.NewFlagSet(e, "show", "ID", `
Print one mutant of a package (see 'mutprop mutants'): its description and
the unified diff of its single-mutant build.`)
	pkgPattern := fs.String("pkg", ".", "the package the mutant belongs to")
	if code := cli.ParseFlags(fs, args); code >= 0 {
		return code
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(e.Stderr, "mutprop show: want exactly one mutant ID")
		return cli.ExitUsage
	}
	id := fs.Arg(0)
	pkg, m, found, err := mutate.Find(ctx, ".", *pkgPattern, id)
	if err == nil && found {
		err = mutate.WriteMutant(e.Stdout, pkg, m)
	}
	if err != nil {
		fmt.Fprintf(e.Stderr, "mutprop show: %v\n", err)
		return cli.ExitError
	}
	if !found {
		fmt.Fprintf(e.Stderr, "mutprop show: no mutant %q in %s (run 'mutprop mutants %s')\n", id, *pkgPattern, *pkgPattern)
		return cli.ExitUsage
	}
	return cli.ExitOK
}

// cmdSchemata writes a schematized copy of one package.
func cmdSchemata(ctx context.Context, e *cli.Env, args []string) int {
	fs := cli.NewFlagSet(e, "schemata", "PKG", `
Write a schematized copy of the package PKG into DIR as an ordinary package
of the same name: every mutant guarded by a switch read once from the
environment variable MUTPROP_ACTIVE, plus mutprop_active.go and
mutprop_mutants.go (the table of mutants and their Schema numbers). The
output is deterministic; files mutprop wrote earlier and no longer writes
are removed. Meant for //go:generate.`)
	var mf mutantFlags
	dst := fs.String("o", "", "output directory (required)")
	fs.StringVar(&mf.operators, "operators", "all", "comma-separated operators: "+operatorList())
	fs.BoolVar(&mf.namedOnly, "named-only", false, "only named variants (a small copy)")
	if code := cli.ParseFlags(fs, args); code >= 0 {
		return code
	}
	if *dst == "" || fs.NArg() != 1 {
		fmt.Fprintln(e.Stderr, "mutprop schemata: want -o DIR and exactly one package")
		return cli.ExitUsage
	}
	opts, err := mf.options()
	if err != nil {
		fmt.Fprintf(e.Stderr, "mutprop schemata: %v\n", err)
		return cli.ExitUsage
	}
	pkgs, err := mutate.Load(ctx, ".", fs.Arg(0))
	if err != nil {
		fmt.Fprintf(e.Stderr, "mutprop schemata: %v\n", err)
		return cli.ExitError
	}
	if len(pkgs) != 1 {
		fmt.Fprintf(e.Stderr, "mutprop schemata: %s matches %d packages, want one\n", fs.Arg(0), len(pkgs))
		return cli.ExitUsage
	}
	muts, stats, err := mutate.Generate(ctx, *dst, pkgs[0], opts)
	if err != nil {
		fmt.Fprintf(e.Stderr, "mutprop schemata: %v\n", err)
		return cli.ExitError
	}
	inCopy := 0
	for _, m := range muts {
		if m.Schema > 0 {
			inCopy++
		}
	}
	fmt.Fprintf(e.Stdout, "%s: wrote %d of %d mutants to %s (%s)\n", pkgs[0].Path, inCopy, len(muts), *dst, stats)
	return cli.ExitOK
}
