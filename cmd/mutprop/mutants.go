package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"text/tabwriter"

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
	pkgs, err := mutate.Load(ctx, ".", fs.Args()...)
	if err != nil {
		fmt.Fprintf(e.stderr, "mutprop mutants: %v\n", err)
		return exitError
	}
	type pkgOut struct {
		Path    string          `json:"path"`
		Mutants []mutate.Mutant `json:"mutants"`
		Stats   mutate.Stats    `json:"stats"`
	}
	var out []pkgOut
	for _, p := range pkgs {
		muts, stats, err := mutate.Enumerate(ctx, p, opts)
		if err != nil {
			fmt.Fprintf(e.stderr, "mutprop mutants: %v\n", err)
			return exitError
		}
		if muts == nil {
			muts = []mutate.Mutant{}
		}
		out = append(out, pkgOut{p.Path, muts, stats})
	}
	if *asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(struct {
			Packages []pkgOut `json:"packages"`
		}{out}); err != nil {
			fmt.Fprintf(e.stderr, "mutprop mutants: %v\n", err)
			return exitError
		}
		return exitOK
	}
	for _, p := range out {
		tw := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
		fmt.Fprintf(tw, "ID\tLOCATION\tOPERATOR\tDESCRIPTION\n")
		for _, m := range p.Mutants {
			op := m.Operator
			if op == "" {
				op = m.Origin
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", m.ID, m.Location(), op, m.Description)
		}
		if err := tw.Flush(); err != nil {
			fmt.Fprintf(e.stderr, "mutprop mutants: %v\n", err)
			return exitError
		}
		fmt.Fprintf(e.stdout, "%s: %s\n", p.Path, p.Stats)
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
	pkgs, err := mutate.Load(ctx, ".", *pkgPattern)
	if err != nil {
		fmt.Fprintf(e.stderr, "mutprop show: %v\n", err)
		return exitError
	}
	for _, p := range pkgs {
		muts, _, err := mutate.Enumerate(ctx, p, nil)
		if err != nil {
			fmt.Fprintf(e.stderr, "mutprop show: %v\n", err)
			return exitError
		}
		for _, m := range muts {
			if m.ID != id {
				continue
			}
			d, err := mutate.Diff(p, m)
			if err != nil {
				fmt.Fprintf(e.stderr, "mutprop show: %v\n", err)
				return exitError
			}
			fmt.Fprintf(e.stdout, "%s\n%s (%s) at %s: %s\n\n%s", m.ID, m.Origin, orDash(m.Operator), m.Location(), m.Description, d)
			return exitOK
		}
	}
	fmt.Fprintf(e.stderr, "mutprop show: no mutant %q in %s (run 'mutprop mutants %s')\n", id, *pkgPattern, *pkgPattern)
	return exitUsage
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
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
