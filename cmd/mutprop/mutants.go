package main

import (
	"context"
	"fmt"
	"strings"

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
func cmdMutants(ctx context.Context, e *env, args []string) int {
	fs := newFlagSet(e, "mutants", "PKG...", `
List the mutants of Go packages: operator mutants that type-check and named
variants (//mutprop:variant). Prints ID, location, operator and description,
then a line counting the generated, ill-typed (dropped), ignored and
equivalent mutants.`)
	var mf mutantFlags
	asJSON := fs.Bool("json", false, "print a JSON object {packages: [{path, mutants, stats}]}")
	fs.StringVar(&mf.operators, "operators", "all", "comma-separated operators: "+operatorList())
	fs.BoolVar(&mf.namedOnly, "named-only", false, "list only named variants")
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	opts, err := mf.options()
	if err != nil {
		fmt.Fprintf(e.stderr, "mutprop mutants: %v\n", err)
		return exitUsage
	}
	listings, err := mutate.List(ctx, ".", fs.Args(), opts)
	if err == nil {
		if *asJSON {
			err = mutate.WriteListingsJSON(e.stdout, listings)
		} else {
			err = mutate.WriteListings(e.stdout, listings)
		}
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "mutprop mutants: %v\n", err)
		return exitError
	}
	return exitOK
}

// cmdShow prints one mutant's description and unified diff.
func cmdShow(ctx context.Context, e *env, args []string) int {
	fs := newFlagSet(e, "show", "ID", `
Print one mutant of a package (see 'mutprop mutants'): its description and
the unified diff of its single-mutant build.`)
	pkgPattern := fs.String("pkg", ".", "the package the mutant belongs to")
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(e.stderr, "mutprop show: want exactly one mutant ID")
		return exitUsage
	}
	id := fs.Arg(0)
	pkg, m, found, err := mutate.Find(ctx, ".", *pkgPattern, id)
	if err == nil && found {
		err = mutate.WriteMutant(e.stdout, pkg, m)
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "mutprop show: %v\n", err)
		return exitError
	}
	if !found {
		fmt.Fprintf(e.stderr, "mutprop show: no mutant %q in %s (run 'mutprop mutants %s')\n", id, *pkgPattern, *pkgPattern)
		return exitUsage
	}
	return exitOK
}

// cmdSchemata writes a schematized copy of one package.
func cmdSchemata(ctx context.Context, e *env, args []string) int {
	fs := newFlagSet(e, "schemata", "PKG", `
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
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	if *dst == "" || fs.NArg() != 1 {
		fmt.Fprintln(e.stderr, "mutprop schemata: want -o DIR and exactly one package")
		return exitUsage
	}
	opts, err := mf.options()
	if err != nil {
		fmt.Fprintf(e.stderr, "mutprop schemata: %v\n", err)
		return exitUsage
	}
	pkgs, err := mutate.Load(ctx, ".", fs.Arg(0))
	if err != nil {
		fmt.Fprintf(e.stderr, "mutprop schemata: %v\n", err)
		return exitError
	}
	if len(pkgs) != 1 {
		fmt.Fprintf(e.stderr, "mutprop schemata: %s matches %d packages, want one\n", fs.Arg(0), len(pkgs))
		return exitUsage
	}
	muts, stats, err := mutate.Generate(ctx, *dst, pkgs[0], opts)
	if err != nil {
		fmt.Fprintf(e.stderr, "mutprop schemata: %v\n", err)
		return exitError
	}
	inCopy := 0
	for _, m := range muts {
		if m.Schema > 0 {
			inCopy++
		}
	}
	fmt.Fprintf(e.stdout, "%s: wrote %d of %d mutants to %s (%s)\n", pkgs[0].Path, inCopy, len(muts), *dst, stats)
	return exitOK
}
