package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/mutprop/mutprop/gotest"
	"github.com/mutprop/mutprop/internal/blackboxmut"
	"github.com/mutprop/mutprop/internal/cli"
	"github.com/mutprop/mutprop/internal/preflight"
	"github.com/mutprop/mutprop/mutate"
	"github.com/mutprop/mutprop/report"
)

const blackboxDescription = `
Black-box mutants: --blackbox wraps every function and method of the
mutated packages whose results can be perturbed, --blackbox=LIST only
those it names (comma-separated, as a method expression names a method:
--blackbox=SortedUnique,(*Set).Add; the '=' is needed). Each wrapped
function gets --blackbox-mutants K mutants (by default 1,000, the insert
study's count: a test's per-case score is then within about 3 points;
100 cost a tenth, and cannot tell apart properties less than about 10
points apart), built into the same test binary behind the same switch
and run like the operator mutants (per-test
coverage, probes, journal, cache, shards, --matrix, --trials); their IDs
are blackbox:<package>.<Func>:<k> (blackbox:<package>.<Func>:<k>/p<p>
with --blackbox-points p) and the JSON's mutatorName is blackbox.
A function that cannot be wrapped (no results, type parameters, results
that cannot be perturbed) is listed with the reason on stderr; naming it
is an error.

` + mutate.BlackboxPointsDoc + `

` + report.StrengthDoc + `
To measure it, each black-box mutant runs alone every test that gives it
an input it perturbs (as --matrix does), not only up to the first kill.
The first --blackbox-classic K (100) mutants of a function run each test
to its budget; the others run each test's first case only.
` + blackboxmut.SampleDoc + `
A test process runs a test against every mutant of a batch (up to 128 of
one function), each with its own seed (--isolation batch).
The console prints a table per package after the mutants' tables; the
JSON report holds it under "` + report.StrengthJSONKey + `", the HTML report in its
Strength section.

` + mutate.BlackboxSizeDoc + `
`

// blackboxFlags are mutprop run's black-box flags.
type blackboxFlags struct {
	on      bool
	funcs   []string // nil: every function that can be wrapped
	mutants int
	points  int
	classic int
}

// blackboxValue is --blackbox: a boolean flag that also takes a list.
type blackboxValue struct{ f *blackboxFlags }

func (v blackboxValue) String() string {
	if v.f == nil || !v.f.on {
		return "false"
	}
	if v.f.funcs == nil {
		return "true"
	}
	return strings.Join(v.f.funcs, ",")
}

func (v blackboxValue) Set(s string) error {
	if b, err := strconv.ParseBool(s); err == nil {
		v.f.on, v.f.funcs = b, nil
		return nil
	}
	var funcs []string
	for _, n := range strings.Split(s, ",") {
		if n = strings.TrimSpace(n); n != "" && !slices.Contains(funcs, n) {
			funcs = append(funcs, n)
		}
	}
	if len(funcs) == 0 {
		return fmt.Errorf("want a comma-separated list of functions, or nothing for all")
	}
	v.f.on, v.f.funcs = true, funcs
	return nil
}

// IsBoolFlag lets --blackbox stand alone.
func (v blackboxValue) IsBoolFlag() bool { return true }

func (f *blackboxFlags) register(fs *flag.FlagSet) {
	fs.Var(blackboxValue{f}, "blackbox", "add black-box mutants of every function of the mutated packages whose results can be perturbed; --blackbox=`LIST` (comma-separated: SortedUnique,(*Set).Add) only of those")
	fs.IntVar(&f.mutants, "blackbox-mutants", gotest.DefaultBlackboxMutants, "black-box mutants per wrapped function (`K`)")
	fs.IntVar(&f.points, "blackbox-points", 0, "0: a black-box mutant perturbs every input; `p` > 0: about one input in p, chosen by a hash of the arguments")
	fs.IntVar(&f.classic, "blackbox-classic", blackboxmut.DefaultClassic, "how many of each function's black-box mutants (the first `K`) run every test to its budget, for the classic kill rate and their statuses; the others are per-case samples")
}

// funcListRE matches what looks like --blackbox's list rather than a
// package pattern: an exported function or method name.
var funcListRE = regexp.MustCompile(`^(\(\*)?[A-Z][A-Za-z0-9_]*\)?(\.[A-Za-z_][A-Za-z0-9_]*)?(,.*)?$`)

// listWithoutEquals reports a --blackbox given its list as the next
// argument, which the flag package takes for the first package: the
// command's first error, since the flags after it are then taken for
// packages too.
func (f *blackboxFlags) listWithoutEquals(patterns []string) error {
	if f.on && f.funcs == nil && len(patterns) > 0 && funcListRE.MatchString(patterns[0]) {
		return cli.UsageError("--blackbox %s: a list of functions follows an '=': --blackbox=%s", patterns[0], patterns[0])
	}
	return nil
}

// validate checks the black-box flags that do not need the packages.
func (f *blackboxFlags) validate(mode string, patterns []string) error {
	if err := f.listWithoutEquals(patterns); err != nil {
		return err
	}
	switch {
	case !f.on && (f.mutants != gotest.DefaultBlackboxMutants || f.points != 0 || f.classic != blackboxmut.DefaultClassic):
		return cli.UsageError("--blackbox-mutants, --blackbox-points and --blackbox-classic need --blackbox")
	case !f.on:
		return nil
	case f.mutants < 1:
		return cli.UsageError("--blackbox-mutants %d: want at least 1", f.mutants)
	case f.points < 0:
		return cli.UsageError("--blackbox-points %d: want 0 (every input) or more", f.points)
	case f.classic < 0:
		return cli.UsageError("--blackbox-classic %d: want 0 (every mutant a per-case sample) or more", f.classic)
	case mode == gotest.ModeOverlay:
		return cli.UsageError("--blackbox needs --mode schemata: black-box mutants have no single-mutant build")
	}
	return nil
}

// config is gotest.Config.Blackbox.
func (f *blackboxFlags) config() *gotest.Blackbox {
	if !f.on {
		return nil
	}
	classic := f.classic
	if classic == 0 {
		classic = -1 // none: blackboxmut's 0 is its default
	}
	return &gotest.Blackbox{Funcs: f.funcs, PerFunc: f.mutants, Points: f.points, Classic: classic}
}

// check loads the mutated packages and matches --blackbox's functions
// against them before any build: a name no package declares, or one
// that cannot be wrapped, is a usage error; with every function wrapped,
// those that cannot be are listed on stderr with the reason.
func (f *blackboxFlags) check(ctx context.Context, stderr io.Writer, listed []preflight.ListedPackage) error {
	return f.checkTags(ctx, stderr, listed, nil)
}

// checkTags is check with the packages loaded under the build tags tags.
func (f *blackboxFlags) checkTags(ctx context.Context, stderr io.Writer, listed []preflight.ListedPackage, tags []string) error {
	if !f.on || len(listed) == 0 {
		return nil
	}
	var paths []string
	for _, p := range listed {
		paths = append(paths, p.ImportPath)
	}
	pkgs, err := mutate.LoadWith(ctx, mutate.LoadConfig{Tags: tags}, paths...)
	if err != nil {
		return cli.CannotRun("--blackbox: %v", err)
	}
	var wrappable, refusals []string
	found := map[string]bool{}     // the names some package can wrap
	refused := map[string]string{} // a named function's refusal
	for _, pkg := range pkgs {
		for _, c := range mutate.BlackboxCandidates(pkg) {
			qual := c.Name
			if len(pkgs) > 1 {
				qual = pkg.Path + "." + c.Name
			}
			switch {
			case c.Reason == "":
				wrappable = append(wrappable, qual)
				found[c.Name] = true
			case f.funcs == nil || slices.Contains(f.funcs, c.Name):
				note := fmt.Sprintf("%s.%s cannot be wrapped: %s", pkg.Path, c.Name, c.Reason)
				refusals = append(refusals, note)
				if _, ok := refused[c.Name]; !ok {
					refused[c.Name] = note
				}
			}
		}
	}
	var unknown []string
	for _, n := range f.funcs {
		if found[n] {
			continue
		}
		if note, ok := refused[n]; ok {
			return cli.UsageError("--blackbox: %s", note)
		}
		unknown = append(unknown, n)
	}
	for _, note := range refusals {
		fmt.Fprintf(stderr, "mutprop run: --blackbox: %s\n", note)
	}
	if len(unknown) > 0 {
		known := "none"
		if len(wrappable) > 0 {
			known = strings.Join(wrappable, ", ")
		}
		return cli.UsageError("--blackbox: no function %s in the mutated packages (the functions that can be wrapped: %s)", strings.Join(unknown, ", "), known)
	}
	return nil
}
