package mutprop_test

// This test enforces the layers that DESIGN.md draws, in the style of
// go/build's deps_test.go, with three tables:
//
//   - allowed: each package of the module lists the mutprop packages its
//     non-test files may import (one step);
//   - thirdParty: each module of go.mod lists the mutprop packages whose
//     non-test files may import it (tablewriter and gonum/plot only the
//     rendering layer);
//   - mustNotReach: what a package may never reach through any chain of
//     non-test imports, the transitive closure of the module's imports.
//
// A table line that is not kept fails go test. Adding an import means
// changing these tables and DESIGN.md together.

import (
	"go/build"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"golang.org/x/mod/modfile"
)

const modulePath = "github.com/mutprop/mutprop"

// allowed maps a package (relative to the module) to the mutprop packages
// its non-test files may import. A pattern ending in "/..." stands for the
// package and everything below it. A package missing from the table fails
// the test: new packages are placed in a layer on purpose.
var allowed = map[string][]string{
	// Leaves: no mutprop package.
	"outcome":             nil,
	"stats":               nil,
	"blackbox":            nil,
	"proc":                nil,
	"mutate":              nil,
	"internal/atomicfile": nil,
	"internal/progress":   nil,
	"internal/cli":        nil,
	"internal/mutantid":   nil,
	"internal/sandbox":    nil,
	"internal/testfix":    nil, // tests' helpers: txtar fixtures, golden files, tree snapshots
	"gen/covering":        nil,
	"gen/enum":            nil,
	"gen/holey":           nil,
	"gen/radix":           {"gen/covering"},

	// The rendering leaf.
	"report": {"outcome", "stats"},

	// The engine and its hosts.
	"engine":            {"proc"},
	"propsuite":         {"engine", "proc", "outcome", "stats"},
	"mutproptest":       {"propsuite", "blackbox", "outcome"},
	"mutate/mutatetest": {"mutate"},
	// gotest and the packages split out of it, each one job.
	"internal/testjson":  {"outcome", "proc"},
	"internal/coverage":  {"mutate"},
	"internal/testbin":   {"internal/testjson", "mutate", "proc"},
	"internal/testlog":   nil,
	"internal/testwatch": {"internal/testbin", "internal/testjson", "internal/verdict", "outcome", "proc"},
	// suitehost returns data (propsuite.HostedResult); runreport renders it.
	"internal/suitehost":   {"propsuite", "proc", "outcome", "stats", "internal/sandbox", "internal/testbin"},
	"internal/flakiness":   {"internal/testjson", "outcome"},
	"internal/preflight":   nil,
	"internal/testorder":   nil,
	"internal/verdict":     {"internal/testjson", "internal/testorder", "outcome"},
	"internal/blackboxmut": {"mutate", "outcome", "report"},
	"internal/trials":      {"internal/testbin", "internal/testjson", "outcome", "report", "propsuite"},
	"gotest": {"engine", "mutate", "propsuite", "proc", "report", "outcome", "stats",
		"internal/sandbox", "internal/testjson", "internal/suitehost", "internal/coverage", "internal/testbin", "internal/testwatch",
		"internal/flakiness", "internal/preflight", "internal/blackboxmut", "internal/trials", "internal/testorder", "internal/testlog", "internal/verdict"},

	// mutprop run's own packages: each imports runlog, never one another
	// (runsettings, the run's settings, below them all).
	"changes":     {"mutate"},
	"runsettings": {"engine", "gotest", "mutate", "proc"},
	"runlog":      {"engine", "gotest", "mutate", "outcome", "report", "runsettings", "internal/suitehost", "internal/testlog"},
	"runcache":    {"runlog", "runsettings", "gotest", "mutate", "outcome", "internal/testbin", "internal/testlog"},
	// runreport renders what the hosts return (gotest's results, propsuite's
	// HostedResult, engine's Pilot size): no internal host package.
	"runreport": {"runlog", "ci", "engine", "gotest", "mutate", "outcome", "propsuite", "report",
		"internal/atomicfile", "internal/mutantid", "internal/progress"},
	"ci": {"runlog", "outcome", "report", "internal/atomicfile", "internal/mutantid"},
	// mutprop show: a mutant, its last status (runlog) and its run (gotest).
	"show": {"gotest", "mutate", "runlog", "internal/cli", "internal/mutantid"},
	// mutprop schemata's output directory.
	"internal/schematadir": {"mutate", "internal/atomicfile", "internal/cli"},

	// The case studies: the core and their own schematized copies, never
	// mutate, gotest or mutprop run's packages.
	"scenarios": {"engine", "proc", "propsuite", "internal/cli", "internal/progress", "internal/atomicfile"},
	"scenarios/bst": {"scenarios", "blackbox", "engine", "gen/enum", "gen/holey", "internal/atomicfile",
		"internal/cli", "outcome", "proc", "report", "propsuite", "stats", "scenarios/bst/internal/..."},
	"scenarios/bst/internal/tree":      nil,
	"scenarios/bst/internal/mutated":   {"scenarios/bst/internal/tree"},
	"scenarios/bst/internal/operators": {"scenarios/bst/internal/tree"},
	"scenarios/bst/subject":            {"scenarios/bst/internal/tree"},
	"scenarios/insert": {"scenarios", "blackbox", "engine", "internal/cli", "outcome", "proc", "report",
		"propsuite", "stats"},
	"scenarios/tcas": {"scenarios", "blackbox", "engine", "gen/covering", "gen/radix", "internal/cli",
		"outcome", "proc", "report", "propsuite", "stats", "scenarios/tcas/internal/..."},
	"scenarios/tcas/internal/mutated":   nil,
	"scenarios/tcas/internal/operators": nil,
	"scenarios/tcas/subject":            nil,

	// The driver imports anything.
	"cmd/mutprop": {"..."},
}

// thirdParty maps each module that go.mod requires directly to the mutprop
// packages whose non-test files may import it (any package of the module);
// nil: tests only. A module missing from the table, or a line for a module
// go.mod does not require directly, fails the test.
var thirdParty = map[string][]string{
	// The rendering layer: only report draws tables and plots. The bst and
	// tcas scenarios draw their papers' own figures (distributions, curves)
	// with gonum/plot; they render nothing else and no host reaches them.
	"github.com/olekukonko/tablewriter": {"report"},
	"gonum.org/v1/plot":                 {"report", "scenarios/bst", "scenarios/tcas"},

	"github.com/aclements/go-moremath": {"stats"},                            // Mann-Whitney U and its exact distribution
	"golang.org/x/mod":                 {"ci", "gotest", "internal/sandbox"}, // go.mod files (modfile)
	"golang.org/x/sys":                 {"proc", "internal/sandbox"},         // process groups, memory, inodes
	"golang.org/x/term":                {"internal/progress"},                // is stderr a terminal
	"golang.org/x/tools":               {"mutate", "internal/testfix"},       // go/packages; txtar fixtures
	"github.com/stretchr/testify":      nil,
	"go.yaml.in/yaml/v3":               nil,
	"pgregory.net/rapid":               nil,
}

// leaves are the packages that import no mutprop package (allowed's first
// block), each a pattern.
var leaves = []string{"outcome", "stats", "blackbox", "proc", "mutate", "internal/atomicfile", "internal/progress",
	"internal/cli", "internal/mutantid", "internal/sandbox", "internal/testfix", "gen/..."}

// gotestJobs are gotest's jobs under internal/.
var gotestJobs = []string{"internal/sandbox", "internal/testjson", "internal/testbin", "internal/testwatch", "internal/coverage",
	"internal/suitehost", "internal/preflight", "internal/testorder", "internal/testlog", "internal/flakiness",
	"internal/blackboxmut", "internal/trials"}

// runPackages are mutprop run's own packages, above gotest.
var runPackages = []string{"runsettings", "runlog", "runcache", "runreport", "ci", "changes", "show"}

// mustNotReach lists, for groups of packages (patterns), what none of them
// may reach through any chain of non-test imports: mutprop packages
// (patterns) or third-party modules. allowed holds one step; these rules
// hold whatever steps it allows later.
var mustNotReach = []struct {
	from, never []string
}{
	// Nothing below gotest knows it, or mutprop run's packages.
	{leaves, append([]string{"gotest", "engine", "propsuite", "report"}, runPackages...)},
	{gotestJobs, append([]string{"gotest", "mutproptest", "scenarios/..."}, runPackages...)},
	// The suites' host returns data (propsuite.HostedResult): it reaches no
	// renderer.
	{[]string{"internal/suitehost"}, []string{"report", "github.com/olekukonko/tablewriter", "gonum.org/v1/plot"}},
	// report renders values its callers fill: no host, no process.
	{[]string{"report"}, append([]string{"gotest", "propsuite", "engine", "proc", "mutate", "internal/..."}, runPackages...)},
	// The engine knows no host.
	{[]string{"engine"}, append([]string{"gotest", "propsuite", "mutate", "report", "internal/...", "scenarios/...",
		"github.com/olekukonko/tablewriter", "gonum.org/v1/plot"}, runPackages...)},
	{[]string{"propsuite"}, append([]string{"gotest", "mutate", "mutproptest", "report", "internal/...", "scenarios/..."}, runPackages...)},
	// mutproptest is linked into users' test binaries: the suites' core only.
	{[]string{"mutproptest"}, append([]string{"gotest", "mutate", "report", "internal/...", "scenarios/...",
		"golang.org/x/tools", "github.com/olekukonko/tablewriter", "gonum.org/v1/plot"}, runPackages...)},
	{[]string{"gotest"}, append([]string{"mutproptest", "scenarios/..."}, runPackages...)},
	// mutprop run's records and cache never reach its outputs.
	{[]string{"runsettings", "runlog", "runcache"}, []string{"runreport", "ci", "show", "changes", "scenarios/..."}},
	{[]string{"changes"}, []string{"gotest", "engine", "runlog", "runreport", "ci"}},
	{[]string{"runreport", "ci", "show"}, []string{"scenarios/..."}},
	// The scenarios use the core, never mutate (their copies are generated
	// ahead), gotest or mutprop run.
	{[]string{"scenarios/..."}, append([]string{"mutate", "gotest", "mutproptest", "internal/suitehost", "internal/testbin"}, runPackages...)},
}

// TestDependencies checks every package's imports of mutprop packages
// against the allowed table.
func TestDependencies(t *testing.T) {
	pkgs := modulePackages(t)
	if len(pkgs) < 20 {
		t.Fatalf("found %d packages under the module; the walk is broken", len(pkgs))
	}
	for _, rel := range pkgs {
		rules, ok := allowed[rel]
		if !ok {
			t.Errorf("package %s is not in deps_test.go's table: place it in a layer (and in DESIGN.md)", rel)
			continue
		}
		for _, imp := range ownImports(t, rel) {
			if !permitted(rules, imp) {
				t.Errorf("package %s imports %s, which its layer forbids (deps_test.go, DESIGN.md)", rel, imp)
			}
		}
	}
	for rel := range allowed {
		if !slices.Contains(pkgs, rel) {
			t.Errorf("deps_test.go lists %s, which is not a package of the module", rel)
		}
	}
}

// TestPermitted checks the matcher the dependency test relies on, so that
// a rule cannot pass by matching too much.
func TestPermitted(t *testing.T) {
	cases := []struct {
		rules []string
		imp   string
		want  bool
	}{
		{nil, "report", false},
		{[]string{"report"}, "report", true},
		{[]string{"report"}, "reporter", false},
		{[]string{"scenarios/bst/internal/..."}, "scenarios/bst/internal/tree", true},
		{[]string{"scenarios/bst/internal/..."}, "scenarios/bst/internalx", false},
		{[]string{"scenarios/bst/internal/..."}, "scenarios/tcas/internal/mutated", false},
		{[]string{"..."}, "gotest", true},
	}
	for _, c := range cases {
		if got := permitted(c.rules, c.imp); got != c.want {
			t.Errorf("permitted(%q, %q) = %v, want %v", c.rules, c.imp, got, c.want)
		}
	}
}

// TestThirdPartyImports checks every package's imports of other modules
// against the thirdParty table, and the table against go.mod's direct
// requirements.
func TestThirdPartyImports(t *testing.T) {
	data, err := os.ReadFile("go.mod")
	if err != nil {
		t.Fatal(err)
	}
	mf, err := modfile.ParseLax("go.mod", data, nil)
	if err != nil {
		t.Fatalf("parse go.mod: %v", err)
	}
	direct := map[string]bool{}
	for _, r := range mf.Require {
		if !r.Indirect {
			direct[r.Mod.Path] = true
			if _, ok := thirdParty[r.Mod.Path]; !ok {
				t.Errorf("go.mod requires %s, which is not in deps_test.go's thirdParty table: say which packages may import it", r.Mod.Path)
			}
		}
	}
	for mod := range thirdParty {
		if !direct[mod] {
			t.Errorf("deps_test.go's thirdParty table lists %s, which go.mod does not require directly", mod)
		}
	}
	for _, rel := range modulePackages(t) {
		for _, imp := range imports(t, rel) {
			if !isThirdParty(imp) {
				continue
			}
			mod, ok := moduleOf(imp)
			if !ok {
				t.Errorf("package %s imports %s, of a module not in deps_test.go's thirdParty table", rel, imp)
				continue
			}
			if !permitted(thirdParty[mod], rel) {
				t.Errorf("package %s imports %s, but only %s may import module %s (deps_test.go's thirdParty, DESIGN.md)",
					rel, imp, orTestsOnly(thirdParty[mod]), mod)
			}
		}
	}
}

// TestNothingReachesWhatItMustNot walks the transitive closure of the
// module's non-test imports and checks the mustNotReach rules, naming the
// chain of imports that breaches one.
func TestNothingReachesWhatItMustNot(t *testing.T) {
	pkgs := modulePackages(t)
	graph := map[string][]string{} // a package's imports: mutprop packages relative, others whole
	for _, rel := range pkgs {
		for _, imp := range imports(t, rel) {
			if own, ok := strings.CutPrefix(imp, modulePath+"/"); ok {
				graph[rel] = append(graph[rel], own)
			} else if isThirdParty(imp) {
				graph[rel] = append(graph[rel], imp)
			}
		}
	}
	for i, rule := range mustNotReach {
		matched := false
		for _, from := range pkgs {
			if !permitted(rule.from, from) {
				continue
			}
			matched = true
			if chain := reach(graph, from, func(p string) bool { return reaches(rule.never, p) }); chain != nil {
				t.Errorf("package %s reaches %s (%s), which deps_test.go's mustNotReach forbids (DESIGN.md)",
					from, chain[len(chain)-1], strings.Join(chain, " -> "))
			}
		}
		if !matched {
			t.Errorf("mustNotReach rule %d (from %v) names no package of the module", i, rule.from)
		}
		for _, n := range rule.never {
			if _, ok := thirdParty[n]; !ok && !slices.ContainsFunc(pkgs, func(p string) bool { return permitted([]string{n}, p) }) {
				t.Errorf("mustNotReach rule %d forbids %s, which is neither a package of the module nor a module of thirdParty", i, n)
			}
		}
	}
}

// TestReachFindsAChainOfImports checks the walk the reach rules rely on:
// a chain is found however long, the shortest one is named, and a cycle
// ends the walk.
func TestReachFindsAChainOfImports(t *testing.T) {
	graph := map[string][]string{
		"a": {"b", "c"},
		"b": {"d"},
		"c": {"e"},
		"d": {"e", "a"},
		"e": {"github.com/x/y/z"},
	}
	is := func(want string) func(string) bool { return func(p string) bool { return p == want } }
	cases := []struct {
		from, target, want string
	}{
		{"a", "e", "a -> c -> e"},
		{"b", "a", "b -> d -> a"},
		{"a", "github.com/x/y/z", "a -> c -> e -> github.com/x/y/z"},
		{"e", "a", ""},
		{"a", "f", ""},
	}
	for _, c := range cases {
		if got := strings.Join(reach(graph, c.from, is(c.target)), " -> "); got != c.want {
			t.Errorf("reach(%s, %s) = %q, want %q", c.from, c.target, got, c.want)
		}
	}
	if !reaches([]string{"gonum.org/v1/plot"}, "gonum.org/v1/plot/vg") || reaches([]string{"gonum.org/v1/plot"}, "gonum.org/v1/plotx") ||
		!reaches([]string{"internal/..."}, "internal/testbin") {
		t.Error("reaches matches a module's packages, and only them")
	}
}

// reach returns the shortest chain of imports from pkg to a package that
// target accepts (pkg first), or nil; pkg itself is not a target.
func reach(graph map[string][]string, pkg string, target func(string) bool) []string {
	parent := map[string]string{pkg: ""}
	queue := []string{pkg}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		for _, imp := range graph[p] {
			if _, seen := parent[imp]; seen {
				continue
			}
			parent[imp] = p
			if target(imp) {
				chain := []string{imp}
				for q := p; q != ""; q = parent[q] {
					chain = append([]string{q}, chain...)
				}
				return chain
			}
			queue = append(queue, imp)
		}
	}
	return nil
}

// reaches reports whether p, a mutprop package (relative) or another
// module's package, is one that never names: a pattern of permitted, or a
// module path and the packages under it.
func reaches(never []string, p string) bool {
	for _, n := range never {
		if isThirdParty(n) {
			if p == n || strings.HasPrefix(p, n+"/") {
				return true
			}
		} else if permitted([]string{n}, p) {
			return true
		}
	}
	return false
}

// isThirdParty reports whether an import path is another module's: its
// first element has a dot, and it is not mutprop's.
func isThirdParty(imp string) bool {
	first, _, _ := strings.Cut(imp, "/")
	return strings.Contains(first, ".") && imp != modulePath && !strings.HasPrefix(imp, modulePath+"/")
}

// moduleOf finds the module of the thirdParty table that holds imp.
func moduleOf(imp string) (string, bool) {
	for mod := range thirdParty {
		if imp == mod || strings.HasPrefix(imp, mod+"/") {
			return mod, true
		}
	}
	return "", false
}

func orTestsOnly(pkgs []string) string {
	if len(pkgs) == 0 {
		return "tests"
	}
	return strings.Join(pkgs, ", ")
}

func permitted(rules []string, imp string) bool {
	for _, r := range rules {
		if r == "..." || r == imp {
			return true
		}
		if base, ok := strings.CutSuffix(r, "/..."); ok && (imp == base || strings.HasPrefix(imp, base+"/")) {
			return true
		}
	}
	return false
}

// modulePackages lists the module's packages that have non-test Go files,
// relative to the module root, skipping testdata and nested modules.
func modulePackages(t *testing.T) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		name := d.Name()
		if path != "." && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
			return filepath.SkipDir
		}
		if path != "." && fileExists(filepath.Join(path, "go.mod")) {
			return filepath.SkipDir
		}
		p, err := build.ImportDir(path, 0)
		if err != nil || len(p.GoFiles) == 0 {
			return nil // no package here, or only tests
		}
		out = append(out, filepath.ToSlash(path))
		return nil
	})
	if err != nil {
		t.Fatalf("walk the module: %v", err)
	}
	sort.Strings(out)
	return out
}

// ownImports returns the mutprop packages that rel's non-test files
// import, relative to the module.
func ownImports(t *testing.T, rel string) []string {
	t.Helper()
	var out []string
	for _, imp := range imports(t, rel) {
		if own, ok := strings.CutPrefix(imp, modulePath+"/"); ok {
			out = append(out, own)
		}
	}
	return out
}

// imports returns the import paths of rel's non-test files, on every
// platform (build constraints are ignored: a layer holds on all).
func imports(t *testing.T, rel string) []string {
	t.Helper()
	ctx := build.Default
	ctx.UseAllFiles = true
	p, err := ctx.ImportDir(rel, build.ImportComment)
	if err != nil {
		// UseAllFiles may meet files of several packages (a main beside
		// a package) in one directory; fall back to the default context.
		p, err = build.ImportDir(rel, 0)
		if err != nil {
			t.Fatalf("read %s: %v", rel, err)
		}
	}
	return p.Imports
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
