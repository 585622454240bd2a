package main

import (
	"context"
	"fmt"

	"github.com/mutprop/mutprop/internal/cli"
	"github.com/mutprop/mutprop/internal/schematadir"
	"github.com/mutprop/mutprop/mutate"
)

// schemataHeader starts every file mutprop schemata writes.
const schemataHeader = schematadir.Header

// cmdSchemata writes a schematized copy of one package.
func cmdSchemata(ctx context.Context, e *cli.Env, args []string) int {
	fs := cli.NewFlagSet(e, "schemata", "PKG", `
Write a schematized copy of the package PKG into DIR as an ordinary package
of the same name: every mutant guarded by a switch read once from the
environment variable MUTPROP_ACTIVE, plus mutprop_active.go and
mutprop_mutants.go (the table of mutants and their Schema numbers). The
output is deterministic; files mutprop wrote earlier and no longer writes
are removed. Meant for //go:generate.

DIR must be a directory of mutprop's own: mutprop refuses (exit 2, naming
the files) the package's own directory, a DIR that holds .go files it did
not generate (they start with "`+schemataHeader+`"), and a DIR whose
generated files are of another package. Each file is written atomically
(a temporary file, then a rename).`)
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
		return cli.Fail(e, "schemata", cli.LoadError(err))
	}
	if len(pkgs) != 1 {
		fmt.Fprintf(e.Stderr, "mutprop schemata: %s matches %d packages, want one\n", fs.Arg(0), len(pkgs))
		return cli.ExitUsage
	}
	pkg := pkgs[0]
	if err := schematadir.Check(*dst, pkg); err != nil {
		return cli.Fail(e, "schemata", err)
	}
	muts, stats, err := schematadir.Write(ctx, *dst, pkg, opts)
	if err != nil {
		return cli.Fail(e, "schemata", err)
	}
	inCopy := 0
	for _, m := range muts {
		if m.Schema > 0 {
			inCopy++
		}
	}
	fmt.Fprintf(e.Stdout, "%s: wrote %d of %d mutants to %s (%s)\n", pkg.Path, inCopy, len(muts), *dst, stats)
	return cli.ExitOK
}
