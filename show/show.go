// Package show is mutprop show: one mutant, named by its ID or its
// alias, found in the module; its description and diff, its status in the
// last run (the run's journals, read by runlog.LastRun), and with --test
// its tests run against it through gotest.RunMutant, the path mutprop run
// takes (a copy of the module, the schemata build, proc's process groups
// and caps, the run's deadlines).
//
// The files, one concept each:
//
//   - show.go: Options, Show, the mutant found from what the user typed
//     (ref), its package and its status in the last run.
//   - blackbox.go: black-box mutants (blackbox:PKG.Func:K), their IDs
//     parsed in one place (parseBlackboxID), and their definition.
//   - test.go: --test, the mutant's run and its output.
package show

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/mutprop/mutprop/gotest"
	"github.com/mutprop/mutprop/internal/cli"
	"github.com/mutprop/mutprop/internal/mutantid"
	"github.com/mutprop/mutprop/mutate"
	"github.com/mutprop/mutprop/runlog"
)

// Options are mutprop show's.
type Options struct {
	// Ref is the mutant as the user named it: its ID, "PKG/ID" or its
	// alias.
	Ref string
	// Pkg is the package pattern that holds it ("": found from Ref).
	Pkg string
	// Results is the results directory of the last run, whose journals
	// give the mutant's status.
	Results string
	// Points defines a black-box mutant that the last run did not make:
	// about one input in Points perturbed (0: every input).
	Points int
	// PointsSet: Points was given (--blackbox-points).
	PointsSet bool
	// Test, when not "", runs the tests it matches (a regular expression,
	// as go test -run) against the mutant.
	Test string
	// Run holds the settings of --test's run: Seed, Timeouts, Memory,
	// Tags, as gotest.Config takes them.
	Run gotest.Config
	// Stdout receives the mutant and the tests' output; Stderr the
	// run's stages.
	Stdout, Stderr io.Writer
}

// ref is a mutant as the user named it.
type ref struct {
	pkg string // import path, "" when not given
	id  string // the ID or the alias
}

// parseRef splits "PKG/ID" into the package and the ID.
func parseRef(s string) ref {
	for _, origin := range []string{mutate.OriginOperator, mutate.OriginNamed} {
		if i := strings.Index(s, "/"+origin+":"); i > 0 {
			return ref{pkg: s[:i], id: s[i+1:]}
		}
	}
	return ref{id: s}
}

func (r ref) matches(pkg, id string) bool {
	return (r.pkg == "" || r.pkg == pkg) && mutantid.Matches(r.id, pkg, id)
}

// file is the file the ID names, "" for an alias or a named variant.
func (r ref) file() string {
	rest, ok := strings.CutPrefix(r.id, mutate.OriginOperator+":")
	if !ok {
		return ""
	}
	file, _, _ := strings.Cut(rest, ":")
	return file
}

// hit is a mutant found, with its package.
type hit struct {
	pkg *mutate.Package
	m   mutate.Mutant
}

// Show prints the mutant o.Ref names, its status in the last run, and
// with o.Test the output and verdict of those tests run against it. Its
// errors carry mutprop's exit codes (cli.UsageError, cli.CannotRun); an
// interrupted run returns the context's error.
func Show(ctx context.Context, o Options) error {
	if o.Test != "" {
		if _, err := regexp.Compile(o.Test); err != nil {
			return cli.UsageError("--test %q: %v", o.Test, err)
		}
	}
	r := parseRef(o.Ref)
	if !mutantid.IsAlias(r.id) && strings.HasSuffix(r.id, ":") {
		return cli.UsageError("mutant ID %q ends with ':': a shell cut it at a > or < (and may have made a file of the rest); quote the ID ('ID') or pass its alias (%s...)", o.Ref, mutantid.Prefix)
	}
	root := cli.ModuleRoot()
	if root == "" && o.Pkg == "" {
		return cli.ErrNotInModule()
	}
	dirs := []string{o.Results}
	if !filepath.IsAbs(o.Results) && root != "" {
		dirs = append(dirs, filepath.Join(root, o.Results))
	}
	last := runlog.LastRun(dirs...)
	if j, ok := journaledBlackbox(last, r); ok {
		if o.Test == "" {
			return printBlackbox(o.Stdout, last, j.Package, j.Mutant.Mutant)
		}
		r = ref{pkg: j.Package, id: j.Mutant.Mutant.ID} // an alias names it: the ID defines it again
	}
	h, err := find(ctx, o, r, root, last)
	if err != nil {
		return err
	}
	if h.m.Origin == mutate.OriginBlackbox {
		if err := printBlackbox(o.Stdout, last, h.pkg.Path, h.m); err != nil {
			return err
		}
		if o.Test == "" {
			return nil
		}
		if err := checkJournaledBlackbox(last, h, o.PointsSet); err != nil {
			return err
		}
		return runTests(ctx, o, h)
	}
	if err := mutate.WriteMutant(o.Stdout, h.pkg, h.m); err != nil {
		return cli.CannotRun("%v", err)
	}
	fmt.Fprintf(o.Stdout, "\npackage %s, alias %s\n", h.pkg.Path, mutantid.Alias(h.pkg.Path, h.m.ID))
	fmt.Fprintln(o.Stdout, status(last, h.pkg.Path, h.m.ID))
	if o.Test != "" {
		return runTests(ctx, o, h)
	}
	return nil
}

// find finds the mutant r names: in the package --pkg names, or the one
// the ID's package path names, else in the packages the last run
// journaled it for, else those that hold the ID's file, else every
// package of the module.
func find(ctx context.Context, o Options, r ref, root string, last []runlog.Journaled) (hit, error) {
	var patterns []string
	switch {
	case o.Pkg != "":
		patterns = []string{o.Pkg}
	case r.pkg != "":
		patterns = []string{r.pkg}
	default:
		for _, j := range last {
			if r.matches(j.Package, j.Mutant.Mutant.ID) && !slices.Contains(patterns, j.Package) {
				patterns = append(patterns, j.Package)
			}
		}
		if len(patterns) == 0 && r.file() != "" {
			var err error
			if patterns, err = packagesWithFile(ctx, root, r.file()); err != nil {
				return hit{}, err
			}
			if len(patterns) == 0 {
				return hit{}, cli.UsageError("no package of the module %s has a file %s (run 'mutprop mutants ./...')", root, r.file())
			}
		}
		if len(patterns) == 0 {
			patterns = []string{"./..."}
		}
	}
	dir := "."
	if o.Pkg == "" && root != "" {
		dir = root // patterns are import paths or ./... of the module
	}
	pkgs, err := mutate.Load(ctx, dir, patterns...)
	if err != nil {
		return hit{}, cli.LoadError(err)
	}
	var hits []hit
	for _, p := range pkgs {
		muts, _, err := mutate.Enumerate(ctx, p, nil)
		if err != nil {
			return hit{}, cli.CannotRun("%s: %v", p.Path, err)
		}
		if bb, ok := blackboxMutant(p, r.id, o.Points); ok {
			muts = append(muts, bb)
		}
		for _, m := range muts {
			if r.matches(p.Path, m.ID) {
				hits = append(hits, hit{p, m})
			}
		}
	}
	if len(hits) > 1 {
		// The package of the current directory, as 'mutprop show' always read it.
		if wd, err := os.Getwd(); err == nil {
			for _, h := range hits {
				if same, _ := cli.SameDir(h.pkg.Dir, wd); same {
					hits = []hit{h}
					break
				}
			}
		}
	}
	switch len(hits) {
	case 0:
		where := strings.Join(patterns, " ")
		return hit{}, cli.UsageError("no mutant %q in %s (run 'mutprop mutants %s')", o.Ref, where, where)
	case 1:
		return hits[0], nil
	}
	var names []string
	for _, h := range hits {
		names = append(names, fmt.Sprintf("%s (%s)", h.pkg.Path, mutantid.Alias(h.pkg.Path, h.m.ID)))
	}
	return hit{}, cli.UsageError("%q names mutants of %d packages: %s; pass its alias or --pkg", o.Ref, len(hits), strings.Join(names, ", "))
}

// status says the mutant's status in the newest journal that has it.
func status(last []runlog.Journaled, pkg, id string) string {
	var found []runlog.Journaled
	for _, j := range last {
		if j.Package == pkg && j.Mutant.Mutant.ID == id {
			found = append(found, j)
		}
	}
	if len(found) == 0 {
		if len(last) == 0 {
			return "last run: none recorded (no journal)"
		}
		return "last run: not in the journal (not part of the last run)"
	}
	sort.SliceStable(found, func(i, j int) bool { return found[i].ModTime.After(found[j].ModTime) })
	m := found[0].Mutant
	return fmt.Sprintf("last run (%s): %s", found[0].Journal, verdict(string(m.Outcome), m.KilledBy, m.Reason))
}

// verdict words a mutant's outcome as mutprop run's journal and show
// print it: "killed by TestA, TestB: reason".
func verdict(outcome string, killedBy []string, reason string) string {
	s := outcome
	if len(killedBy) > 0 {
		s += " by " + strings.Join(killedBy, ", ")
	}
	if reason != "" {
		s += ": " + reason
	}
	return s
}

// packagesWithFile lists the import paths of the module's packages (in
// root) that hold a non-test Go file of that base name.
func packagesWithFile(ctx context.Context, root, file string) ([]string, error) {
	cmd := exec.CommandContext(ctx, "go", "list", "-e", "-f", "{{.ImportPath}}{{range .GoFiles}} {{.}}{{end}}", "./...")
	cmd.Dir = root
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, cli.CannotRun("go list ./... in %s: %v: %s", root, err, strings.TrimSpace(stderr.String()))
	}
	var out []string
	for line := range strings.Lines(stdout.String()) {
		fields := strings.Fields(line)
		if len(fields) > 1 && slices.Contains(fields[1:], file) {
			out = append(out, fields[0])
		}
	}
	return out, nil
}
