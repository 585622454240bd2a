package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/mutprop/mutprop/internal/cli"
	"github.com/mutprop/mutprop/internal/mutantid"
	"github.com/mutprop/mutprop/internal/sandbox"
	"github.com/mutprop/mutprop/mutate"
	"github.com/mutprop/mutprop/runlog"
)

// cmdShow prints one mutant's description and unified diff, and its
// status in the last run.
func cmdShow(ctx context.Context, e *cli.Env, args []string) int {
	fs := cli.NewFlagSet(e, "show", "ID", `
Print one mutant (see 'mutprop mutants'): its description, the unified
diff of its single-mutant build, its alias, and its status in the last
run (the journals RESULTS/run*.jsonl), with the tests that killed it.

ID is the mutant's ID, as 'mutprop mutants' and 'mutprop run' print it
(quote it: IDs hold characters such as >, < and | that a shell reads),
the same prefixed with its package's import path ("PKG/ID", as runs of
several packages print it), or its shell-safe alias (`+mutantid.Prefix+`
and 8 hex digits, printed beside each survivor). The package is found
from the ID, in the module of the current directory: the last run's
journal, else the packages that hold the ID's file, else every package
of the module; --pkg names it.

A black-box mutant (blackbox:PKG.Func:K, from mutprop run --blackbox)
has no source diff: it perturbs the function's results as the tests run.
show prints its definition as the last run recorded it, or else as
--blackbox-points defines it.

With --test REGEXP, show then applies the mutant to a copy of the module
(your files are not touched) and runs go test -v -run REGEXP on it there,
printing the output: the failure message and, for a property, its
counterexample, shrunk as the library shrinks it (mutprop run's kill runs
stop rapid at the first failing case). Operator and named mutants only.`)
	pkgPattern := fs.String("pkg", "", "the `package` the mutant belongs to (default: found from the ID)")
	results := fs.String("results", ".mutprop", "results `DIR` of the last run, whose journal gives the mutant's status")
	testRun := fs.String("test", "", "run the tests `REGEXP` matches (go test -run) against the mutant, in a copy of the module, and print their output")
	points := fs.Int("blackbox-points", 0, "a black-box mutant not in the last run: perturb about one input in `p` (0: every input), as mutprop run --blackbox-points")
	if code := cli.ParseFlags(fs, args); code >= 0 {
		return code
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(e.Stderr, "mutprop show: want exactly one mutant ID or alias")
		return cli.ExitUsage
	}
	if err := show(ctx, e, fs.Arg(0), *pkgPattern, *results, *points, *testRun); err != nil {
		return cli.Fail(e, "show", err)
	}
	return cli.ExitOK
}

// mutantRef is a mutant as the user named it.
type mutantRef struct {
	pkg string // import path, "" when not given
	id  string // the ID or the alias
}

// parseMutantRef splits "PKG/ID" into the package and the ID.
func parseMutantRef(s string) mutantRef {
	for _, origin := range []string{mutate.OriginOperator, mutate.OriginNamed} {
		if i := strings.Index(s, "/"+origin+":"); i > 0 {
			return mutantRef{pkg: s[:i], id: s[i+1:]}
		}
	}
	return mutantRef{id: s}
}

func (r mutantRef) matches(pkg, id string) bool {
	return (r.pkg == "" || r.pkg == pkg) && mutantid.Matches(r.id, pkg, id)
}

// file is the file the ID names, "" for an alias or a named variant.
func (r mutantRef) file() string {
	rest, ok := strings.CutPrefix(r.id, mutate.OriginOperator+":")
	if !ok {
		return ""
	}
	file, _, _ := strings.Cut(rest, ":")
	return file
}

func show(ctx context.Context, e *cli.Env, arg, pkgPattern, results string, points int, testRun string) error {
	if testRun != "" {
		if _, err := regexp.Compile(testRun); err != nil {
			return cli.UsageError("--test %q: %v", testRun, err)
		}
	}
	ref := parseMutantRef(arg)
	if !mutantid.IsAlias(ref.id) && strings.HasSuffix(ref.id, ":") {
		return cli.UsageError("mutant ID %q ends with ':': a shell cut it at a > or < (and may have made a file of the rest); quote the ID ('ID') or pass its alias (%s...)", arg, mutantid.Prefix)
	}
	root := moduleRoot()
	if root == "" && pkgPattern == "" {
		return errNotInModule()
	}
	last := readLastRun(results, root)
	if r, ok := journaledBlackbox(last, ref); ok {
		return showBlackbox(e, last, r.Package, r.Mutant.Mutant, testRun)
	}

	var patterns []string
	switch {
	case pkgPattern != "":
		patterns = []string{pkgPattern}
	case ref.pkg != "":
		patterns = []string{ref.pkg}
	default:
		for _, r := range last {
			if ref.matches(r.Package, r.Mutant.Mutant.ID) && !slices.Contains(patterns, r.Package) {
				patterns = append(patterns, r.Package)
			}
		}
		if len(patterns) == 0 && ref.file() != "" {
			var err error
			if patterns, err = packagesWithFile(ctx, root, ref.file()); err != nil {
				return err
			}
			if len(patterns) == 0 {
				return cli.UsageError("no package of the module %s has a file %s (run 'mutprop mutants ./...')", root, ref.file())
			}
		}
		if len(patterns) == 0 {
			patterns = []string{"./..."}
		}
	}
	dir := "."
	if pkgPattern == "" && root != "" {
		dir = root // patterns are import paths or ./... of the module
	}
	pkgs, err := mutate.Load(ctx, dir, patterns...)
	if err != nil {
		return loadError(err)
	}
	type hit struct {
		pkg *mutate.Package
		m   mutate.Mutant
	}
	var hits []hit
	for _, p := range pkgs {
		muts, _, err := mutate.Enumerate(ctx, p, nil)
		if err != nil {
			return cli.CannotRun("%s: %v", p.Path, err)
		}
		if bb, ok := blackboxMutant(p, ref.id, points); ok {
			muts = append(muts, bb)
		}
		for _, m := range muts {
			if ref.matches(p.Path, m.ID) {
				hits = append(hits, hit{p, m})
			}
		}
	}
	if len(hits) > 1 {
		// The package of the current directory, as 'mutprop show' always read it.
		if wd, err := os.Getwd(); err == nil {
			for _, h := range hits {
				if same, _ := sameDir(h.pkg.Dir, wd); same {
					hits = []hit{h}
					break
				}
			}
		}
	}
	switch len(hits) {
	case 0:
		where := strings.Join(patterns, " ")
		return cli.UsageError("no mutant %q in %s (run 'mutprop mutants %s')", arg, where, where)
	case 1:
	default:
		var names []string
		for _, h := range hits {
			names = append(names, fmt.Sprintf("%s (%s)", h.pkg.Path, mutantid.Alias(h.pkg.Path, h.m.ID)))
		}
		return cli.UsageError("%q names mutants of %d packages: %s; pass its alias or --pkg", arg, len(hits), strings.Join(names, ", "))
	}
	h := hits[0]
	if h.m.Origin == mutate.OriginBlackbox {
		return showBlackbox(e, last, h.pkg.Path, h.m, testRun)
	}
	if err := mutate.WriteMutant(e.Stdout, h.pkg, h.m); err != nil {
		return cli.CannotRun("%v", err)
	}
	fmt.Fprintf(e.Stdout, "\npackage %s, alias %s\n", h.pkg.Path, mutantid.Alias(h.pkg.Path, h.m.ID))
	fmt.Fprintln(e.Stdout, lastStatus(last, h.pkg.Path, h.m.ID))
	if testRun != "" {
		return runMutantTests(ctx, e, h.pkg, h.m, testRun)
	}
	return nil
}

// runMutantTests applies m to a copy of pkg's module in a temporary
// directory and runs go test -v -run testRun on pkg's copy there, its
// output to e.Stdout. The copy is removed after, and on interrupt.
func runMutantTests(ctx context.Context, e *cli.Env, pkg *mutate.Package, m mutate.Mutant, testRun string) error {
	tmp, err := os.MkdirTemp("", "mutprop-show-")
	if err != nil {
		return cli.CannotRun("show --test: %v", err)
	}
	defer os.RemoveAll(tmp)
	root, err := sandbox.ModuleRoot(pkg.Dir)
	if err != nil {
		return cli.CannotRun("show --test: %v", err)
	}
	tmpl, err := sandbox.CopyModule(pkg.Dir, filepath.Join(tmp, "module"))
	if err != nil {
		return cli.CannotRun("show --test: %v", err)
	}
	files, err := mutate.Apply(pkg, m)
	if err != nil {
		return cli.CannotRun("show --test: %v", err)
	}
	for path, src := range files {
		rel, err := filepath.Rel(root, path)
		if err != nil || strings.HasPrefix(rel, "..") {
			return cli.CannotRun("show --test: %s is outside the module %s", path, root)
		}
		if err := os.WriteFile(filepath.Join(tmpl.Root(), rel), src, 0o644); err != nil {
			return cli.CannotRun("show --test: %v", err)
		}
	}
	args := []string{"test", "-count=1", "-v", "-run", testRun, "."}
	fmt.Fprintf(e.Stdout, "\ngo %s, with the mutant applied in a copy of the module:\n\n", strings.Join(args, " "))
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = tmpl.PkgDir()
	cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
	cmd.Stdout, cmd.Stderr = e.Stdout, e.Stdout
	err = cmd.Run()
	if ctx.Err() != nil {
		return ctx.Err()
	}
	var exit *exec.ExitError
	switch {
	case err == nil:
		fmt.Fprintln(e.Stdout, "\nthe tests passed against the mutant")
	case errors.As(err, &exit):
		fmt.Fprintf(e.Stdout, "\nthe tests failed against the mutant (go test exit status %d)\n", exit.ExitCode())
	default:
		return cli.CannotRun("show --test: go test: %v", err)
	}
	return nil
}

// journaledBlackbox finds the black-box mutant ref names (its ID or
// alias) among the last run's records: its definition as that run made
// it.
func journaledBlackbox(last []journaled, ref mutantRef) (journaled, bool) {
	for _, r := range last {
		if r.Mutant.Mutant.Origin == mutate.OriginBlackbox && ref.matches(r.Package, r.Mutant.Mutant.ID) {
			return r, true
		}
	}
	return journaled{}, false
}

// blackboxMutant returns the black-box mutant of pkg that id
// (blackbox:PKG.Func:K, or blackbox:PKG.Func:K/pP for a p-point mutant:
// mutate.ParseBlackboxID) names, as mutprop run --blackbox defines it;
// false when id names no function of pkg that can be wrapped. The ID
// holds the points: one without them names an every-point mutant, and
// none when points (show's --blackbox-points) asks for p-point ones.
func blackboxMutant(pkg *mutate.Package, id string, points int) (mutate.Mutant, bool) {
	fn, k, p, ok := mutate.ParseBlackboxID(id)
	name, inPkg := strings.CutPrefix(fn, pkg.Path+".")
	if !ok || !inPkg || p == 0 && points > 0 {
		return mutate.Mutant{}, false
	}
	w, err := mutate.BlackboxWrap(pkg, mutate.BlackboxOptions{Funcs: []string{name}, PerFunc: k + 1, Points: p})
	if err != nil || w.Mutants[k].ID != id {
		return mutate.Mutant{}, false
	}
	return w.Mutants[k], true
}

// showBlackbox prints black-box mutant m of package pkg as WriteMutant
// prints an operator mutant, with its alias and no diff, then its status
// in the last run; --test (testRun) cannot run it.
func showBlackbox(e *cli.Env, last []journaled, pkg string, m mutate.Mutant, testRun string) error {
	if testRun != "" {
		return cli.UsageError("--test runs operator and named mutants; %s is a black-box mutant", m.ID)
	}
	w := e.Stdout
	fmt.Fprintf(w, "%s\n%s at %s: %s\n\n", m.ID, m.Origin, m.Location(), m.Description)
	fmt.Fprintln(w, "No source diff: a black-box mutant perturbs the function's results as the tests run (mutprop run --help, --blackbox).")
	fmt.Fprintf(w, "\npackage %s, alias %s\n", pkg, mutantid.Alias(pkg, m.ID))
	fmt.Fprintln(w, lastStatus(last, pkg, m.ID))
	return nil
}

// journaled is a mutant's record in a journal of the last run.
type journaled struct {
	runlog.Record
	journal string
	mtime   int64
}

// readLastRun reads the mutant records of the journals of the last run:
// RESULTS/run*.jsonl, RESULTS taken from the current directory and, when
// relative, from the module's root. A journal that cannot be read is
// skipped: the status is a courtesy.
func readLastRun(results, root string) []journaled {
	dirs := []string{results}
	if !filepath.IsAbs(results) && root != "" {
		dirs = append(dirs, filepath.Join(root, results))
	}
	seen := map[string]bool{}
	var out []journaled
	for _, d := range dirs {
		paths, _ := filepath.Glob(filepath.Join(d, "run*.jsonl"))
		for _, p := range paths {
			abs, err := filepath.Abs(p)
			if err != nil || seen[abs] {
				continue
			}
			seen[abs] = true
			out = append(out, readJournalMutants(p)...)
		}
	}
	return out
}

func readJournalMutants(path string) []journaled {
	st, err := os.Stat(path)
	if err != nil {
		return nil
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	var out []journaled
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(nil, len(b)+1)
	for sc.Scan() {
		var r runlog.Record
		if json.Unmarshal(sc.Bytes(), &r) != nil || r.Mutant == nil || r.Package == "" {
			continue // the header, a package's description or a torn line
		}
		out = append(out, journaled{Record: r, journal: path, mtime: st.ModTime().UnixNano()})
	}
	return out
}

// lastStatus says the mutant's status in the newest journal that has it.
func lastStatus(last []journaled, pkg, id string) string {
	var found []journaled
	for _, r := range last {
		if r.Package == pkg && r.Mutant.Mutant.ID == id {
			found = append(found, r)
		}
	}
	if len(found) == 0 {
		if len(last) == 0 {
			return "last run: none recorded (no journal)"
		}
		return "last run: not in the journal (not part of the last run)"
	}
	sort.SliceStable(found, func(i, j int) bool { return found[i].mtime > found[j].mtime })
	r := found[0]
	s := fmt.Sprintf("last run (%s): %s", r.journal, r.Mutant.Outcome)
	if len(r.Mutant.KilledBy) > 0 {
		s += " by " + strings.Join(r.Mutant.KilledBy, ", ")
	}
	if r.Mutant.Reason != "" {
		s += ": " + r.Mutant.Reason
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
