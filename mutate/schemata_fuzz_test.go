package mutate

import (
	"bytes"
	"context"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/mutprop/mutprop/internal/testfix"
)

// FuzzSchemata writes the schemata of an arbitrary self-contained package
// that type-checks and checks what the runner relies on:
//
//   - schemata succeeds, and the overlay it returns (the schematized files,
//     the untouched originals and the real mutprop_active.go, which imports
//     os and strconv) type-checks as one package, independently of the
//     stub that schemata checks its guards against;
//   - it touches only the package's files and ActiveFile;
//   - every mutant has Schema 0 or its index+1; a mutant with a schema
//     number has exactly one guard for that number in the output, and a
//     mutant left out (Schema 0) has none, so no mutant runs the original
//     under a number the runner believes is live;
//   - the output is the same on a second call (determinism).
//
// TestSchemataCorpusBuilds builds the seed corpus with the go command, so
// the gc compiler, not only go/types, accepts what this target accepts.
func FuzzSchemata(f *testing.F) {
	f.Add("package p\n\nfunc f(x int) int { return x + 1 }\n")
	f.Fuzz(func(t *testing.T, src string) {
		pkg, ok := sourcePackage(src)
		if !ok {
			t.Skip("not a self-contained package that type-checks")
		}
		muts, _, err := Enumerate(context.Background(), pkg, &Options{Workers: 1})
		if err != nil {
			t.Skip("malformed //mutprop:variant directive")
		}
		again, probed := cloneMutants(muts), cloneMutants(muts)
		out, err := schemata(pkg, muts)
		if err != nil {
			if declaresReserved(pkg) && strings.Contains(err.Error(), "reserved for the schemata") {
				return // refused with a reason: the runner needs --mode overlay
			}
			t.Fatalf("schemata of a package that type-checks: %v", err)
		}
		if err := checkOverlay(pkg, out); err != nil {
			t.Fatalf("%v\n%s", err, dumpOverlay(out))
		}
		if err := checkSchemaNumbers(muts, out); err != nil {
			t.Fatalf("%v\n%s", err, dumpOverlay(out))
		}
		outP, err := SchemataWith(pkg, probed, SchemataOptions{Probes: true})
		if err != nil {
			t.Fatalf("schemata with probes: %v", err)
		}
		if err := checkOverlay(pkg, outP); err != nil {
			t.Fatalf("with probes: %v\n%s", err, dumpOverlay(outP))
		}
		for i := range muts {
			if muts[i].Schema != probed[i].Schema {
				t.Fatalf("mutant %s: schema %d without probes, %d with", muts[i].ID, muts[i].Schema, probed[i].Schema)
			}
		}
		copied := cloneMutants(again)
		outC, err := SchemataWith(pkg, copied, SchemataOptions{Probes: true, Copies: true, Coverage: true})
		if err != nil {
			t.Fatalf("schemata with copies: %v", err)
		}
		if err := checkOverlay(pkg, outC); err != nil {
			t.Fatalf("with copies: %v\n%s", err, dumpOverlay(outC))
		}
		if err := checkReachLists(copied, outC); err != nil {
			t.Fatalf("with coverage: %v\n%s", err, dumpOverlay(outC))
		}
		out2, err := schemata(pkg, again)
		if err != nil {
			t.Fatalf("second schemata: %v", err)
		}
		if len(out2) != len(out) {
			t.Fatalf("second schemata writes %d files, the first %d", len(out2), len(out))
		}
		for name, b := range out {
			if !bytes.Equal(out2[name], b) {
				t.Fatalf("%s differs between two schemata of the same mutants", name)
			}
		}
		for i := range muts {
			if muts[i].Schema != again[i].Schema {
				t.Fatalf("mutant %s: schema %d, then %d", muts[i].ID, muts[i].Schema, again[i].Schema)
			}
		}
	})
}

// declaresReserved reports whether pkg declares a name of ActiveFile.
func declaresReserved(pkg *Package) bool {
	for id, obj := range pkg.TypesInfo.Defs {
		if obj != nil && isReservedName(id.Name) {
			return true
		}
	}
	return false
}

func cloneMutants(ms []Mutant) []Mutant {
	out := make([]Mutant, len(ms))
	for i, m := range ms {
		m.Edits = append([]TextEdit(nil), m.Edits...)
		out[i] = m
	}
	return out
}

// checkOverlay type-checks pkg with the files of out in place of its own,
// plus out's ActiveFile, from fresh syntax.
func checkOverlay(pkg *Package, out map[string][]byte) error {
	activePath := filepath.Join(pkg.Dir, ActiveFile)
	if _, ok := out[activePath]; !ok {
		return fmt.Errorf("no %s in the overlay", ActiveFile)
	}
	for name := range out {
		if name != activePath && pkg.fileIndex(name) < 0 {
			return fmt.Errorf("the overlay writes %s, which is not a file of the package", name)
		}
	}
	fset := token.NewFileSet()
	var files []*ast.File
	names := append([]string{activePath}, pkg.Filenames...)
	for _, name := range names {
		b, ok := out[name]
		if !ok {
			b = pkg.src[name]
		}
		f, err := parser.ParseFile(fset, name, b, parser.SkipObjectResolution)
		if err != nil {
			return fmt.Errorf("the overlay's %s does not parse: %w", filepath.Base(name), err)
		}
		files = append(files, f)
	}
	std, err := fuzzStd()
	if err != nil {
		return err
	}
	var errs []string
	info := &types.Info{Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}}
	conf := types.Config{
		Importer: importerFunc(func(path string) (*types.Package, error) {
			if p, ok := pkg.imports[path]; ok {
				return p, nil
			}
			if p, ok := std[path]; ok {
				return p, nil
			}
			return nil, fmt.Errorf("package %s is not importable here", path)
		}),
		Sizes: pkg.sizes,
		Error: func(err error) { errs = append(errs, err.Error()) },
	}
	tp, _ := conf.Check(pkg.Path, fset, files, info) // the errors are collected by conf.Error
	if len(errs) > 0 {
		return fmt.Errorf("the overlay does not type-check: %s", strings.Join(errs, "; "))
	}
	// Every guard reads the package variable: a local of the same name
	// would capture the guards and run the original under every number.
	active := tp.Scope().Lookup("mutpropActive")
	if active == nil || fset.Position(active.Pos()).Filename != activePath {
		return fmt.Errorf("mutpropActive is not declared by %s", ActiveFile)
	}
	for id, obj := range info.Uses {
		if id.Name == "mutpropActive" && obj != active {
			return fmt.Errorf("%s: mutpropActive refers to %v, not the package variable of %s", fset.Position(id.Pos()), obj, ActiveFile)
		}
	}
	return nil
}

// guardRE matches the guard of one schema number: an expression site's
// "case N: return" or a statement or named site's "mutpropActive == N {".
var guardRE = regexp.MustCompile(`(?:case (\d+): return |mutpropActive == (\d+) \{)`)

// checkSchemaNumbers checks the Schema of every mutant against the guards
// written in out.
func checkSchemaNumbers(muts []Mutant, out map[string][]byte) error {
	guards := map[int]int{}
	for name, b := range out {
		if filepath.Base(name) == ActiveFile {
			continue
		}
		for _, m := range guardRE.FindAllSubmatch(b, -1) {
			s := m[1]
			if s == nil {
				s = m[2]
			}
			n, err := strconv.Atoi(string(s))
			if err != nil {
				return fmt.Errorf("guard %q: %w", m[0], err)
			}
			guards[n]++
		}
	}
	for i, m := range muts {
		switch {
		case m.Schema != 0 && m.Schema != i+1:
			return fmt.Errorf("mutant %d (%s) has schema %d, want %d or 0", i, m.ID, m.Schema, i+1)
		case m.Schema == 0 && guards[i+1] != 0:
			return fmt.Errorf("mutant %s was left out (schema 0) but %d guards for %d remain", m.ID, guards[i+1], i+1)
		case m.Schema != 0 && m.Origin == OriginOperator && guards[m.Schema] != 1:
			return fmt.Errorf("mutant %s (schema %d) has %d guards, want 1", m.ID, m.Schema, guards[m.Schema])
		case m.Schema != 0 && m.Origin == OriginNamed && guards[m.Schema] == 0:
			return fmt.Errorf("named mutant %s (schema %d) has no guard", m.ID, m.Schema)
		}
	}
	return nil
}

// reachRE matches a site's record of its first run (SchemataOptions.Coverage).
var reachRE = regexp.MustCompile(`mutpropReach\((\d+), "([0-9 ]*)"\)`)

// checkReachLists checks the coverage records of a schemata with
// Coverage: every mutant with a schema number is in the list of a site
// that records its run, no mutant left out is, and no two sites share a
// record index (a site rendered twice keeps its one record).
func checkReachLists(muts []Mutant, out map[string][]byte) error {
	// A site in a function literal of a copied body is rendered in both
	// halves, with the same record: an index may recur with its list.
	listed, index := map[int]bool{}, map[string]string{}
	for name, b := range out {
		if filepath.Base(name) == ActiveFile {
			continue
		}
		for _, m := range reachRE.FindAllSubmatch(b, -1) {
			if l, ok := index[string(m[1])]; ok && l != string(m[2]) {
				return fmt.Errorf("two sites record their runs as %s", m[1])
			}
			index[string(m[1])] = string(m[2])
			for _, f := range strings.Fields(string(m[2])) {
				n, err := strconv.Atoi(f)
				if err != nil {
					return fmt.Errorf("reach list %q: %w", m[0], err)
				}
				listed[n] = true
			}
		}
	}
	for _, m := range muts {
		if m.Schema != 0 && !listed[m.Schema] {
			return fmt.Errorf("mutant %s (schema %d) is in no site's coverage record", m.ID, m.Schema)
		}
	}
	for n := range listed {
		if n < 1 || n > len(muts) || muts[n-1].Schema != n {
			return fmt.Errorf("schema %d is in a coverage record but no mutant in the schemata has it", n)
		}
	}
	return nil
}

func dumpOverlay(out map[string][]byte) string {
	var names []string
	for name := range out {
		if filepath.Base(name) != ActiveFile {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	var b strings.Builder
	for _, name := range names {
		fmt.Fprintf(&b, "=== %s\n%s\n", filepath.Base(name), out[name])
	}
	return b.String()
}

// TestSchemataCorpusBuilds builds the schemata of every seed of FuzzSchemata
// with the go command: the original package first, then the overlay. The
// fuzz target checks the overlay with go/types; this checks that the gc
// compiler agrees on the checked-in corpus.
func TestSchemataCorpusBuilds(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	seeds, err := filepath.Glob(filepath.Join("testdata", "fuzz", "FuzzSchemata", "*"))
	if err != nil {
		t.Fatal(err)
	}
	if len(seeds) < 5 {
		t.Fatalf("%d seeds in testdata/fuzz/FuzzSchemata, want at least 5", len(seeds))
	}
	for _, seed := range seeds {
		t.Run(filepath.Base(seed), func(t *testing.T) {
			src, err := readCorpusString(seed)
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			pkg, ok := sourcePackageIn(dir, src)
			if !ok {
				t.Fatalf("seed is not a self-contained package that type-checks:\n%s", src)
			}
			writeFile(t, filepath.Join(dir, "go.mod"), "module fuzz/p\n\ngo 1.26\n")
			writeFile(t, filepath.Join(dir, "p.go"), src)
			if err := goBuild(t, dir, writeEmptyOverlay(t, t.TempDir()), filepath.Join(dir, "orig.out")); err != nil {
				t.Fatalf("the original does not build: %v", err)
			}
			muts, _, err := Enumerate(context.Background(), pkg, nil)
			if err != nil {
				t.Fatal(err)
			}
			out, err := schemata(pkg, muts)
			if declaresReserved(pkg) {
				if err == nil || !strings.Contains(err.Error(), "reserved for the schemata") {
					t.Fatalf("a package that declares a reserved name: schemata error %v, want a refusal", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			live := 0
			for _, m := range muts {
				if m.Schema != 0 {
					live++
				}
			}
			t.Logf("%d mutants, %d guarded", len(muts), live)
			if len(muts) > 0 && live == 0 {
				t.Errorf("all %d mutants were left out of the schemata", len(muts))
			}
			ov, err := WriteOverlay(filepath.Join(t.TempDir(), "ov"), out)
			if err != nil {
				t.Fatal(err)
			}
			if err := goBuild(t, dir, ov, filepath.Join(dir, "schemata.out")); err != nil {
				t.Fatalf("the schemata of %d mutants (%d guarded) do not build: %v\n%s", len(muts), live, err, dumpOverlay(out))
			}
			outP, err := SchemataWith(pkg, cloneMutants(muts), SchemataOptions{Probes: true})
			if err != nil {
				t.Fatal(err)
			}
			ovP, err := WriteOverlay(filepath.Join(t.TempDir(), "ovp"), outP)
			if err != nil {
				t.Fatal(err)
			}
			if err := goBuild(t, dir, ovP, filepath.Join(dir, "probes.out")); err != nil {
				t.Fatalf("the schemata with probes do not build: %v\n%s", err, dumpOverlay(outP))
			}
			// The build mutprop run makes: function bodies copied, probes and
			// coverage on.
			outC, err := SchemataWith(pkg, cloneMutants(muts), SchemataOptions{Probes: true, Copies: true, Coverage: true})
			if err != nil {
				t.Fatal(err)
			}
			ovC, err := WriteOverlay(filepath.Join(t.TempDir(), "ovc"), outC)
			if err != nil {
				t.Fatal(err)
			}
			if err := goBuild(t, dir, ovC, filepath.Join(dir, "copies.out")); err != nil {
				t.Fatalf("the schemata with copies do not build: %v\n%s", err, dumpOverlay(outC))
			}
		})
	}
}

// readCorpusString reads a "go test fuzz v1" file with one string value.
func readCorpusString(path string) (string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	lines := strings.SplitN(strings.TrimSpace(string(b)), "\n", 2)
	if len(lines) != 2 || lines[0] != "go test fuzz v1" {
		return "", fmt.Errorf("%s: not a go test fuzz v1 file", path)
	}
	v := strings.TrimSpace(lines[1])
	if !strings.HasPrefix(v, "string(") || !strings.HasSuffix(v, ")") {
		return "", fmt.Errorf("%s: want one string value, have %.40s", path, v)
	}
	s, err := strconv.Unquote(v[len("string(") : len(v)-1])
	if err != nil {
		return "", fmt.Errorf("%s: %w", path, err)
	}
	return s, nil
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}
