package mutprop_test

// This test enforces the layers that DESIGN.md draws, in the style of
// go/build's deps_test.go: each package of the module lists the mutprop
// packages its non-test files may import, and a table line that is not
// kept fails go test. Adding an import means changing this table and
// DESIGN.md together.

import (
	"go/build"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
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
	"internal/testjson":    {"outcome", "proc"},
	"internal/coverage":    {"mutate"},
	"internal/testbin":     {"internal/testjson", "mutate", "proc"},
	"internal/testlog":     nil,
	"internal/testwatch":   {"internal/testbin", "internal/testjson", "internal/verdict", "outcome", "proc"},
	"internal/suitehost":   {"propsuite", "proc", "report", "outcome", "stats", "internal/sandbox", "internal/testbin"},
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
	"runlog":      {"engine", "gotest", "mutate", "outcome", "report", "runsettings", "internal/testlog"},
	"runcache":    {"runlog", "runsettings", "gotest", "mutate", "outcome", "internal/testbin", "internal/testlog"},
	"runreport":   {"runlog", "ci", "gotest", "mutate", "outcome", "report", "internal/atomicfile", "internal/mutantid", "internal/progress", "internal/suitehost", "internal/testorder"},
	"ci":          {"runlog", "outcome", "report", "internal/atomicfile", "internal/mutantid"},
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

// ownImports returns the mutprop packages that rel's non-test files import,
// on every platform (build constraints are ignored: a layer holds on all).
func ownImports(t *testing.T, rel string) []string {
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
	var out []string
	for _, imp := range p.Imports {
		if own, ok := strings.CutPrefix(imp, modulePath+"/"); ok {
			out = append(out, own)
		}
	}
	return out
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
