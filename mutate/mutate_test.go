package mutate

import (
	"context"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mutprop/mutprop/internal/testfix"
)

// listing is the golden form of a mutant list: one "ID\treplacement" line each.
func listing(muts []Mutant, st Stats) string {
	var b strings.Builder
	for _, m := range muts {
		b.WriteString(m.ID + "\t" + strings.ReplaceAll(m.Replacement, "\n", `\n`) + "\n")
	}
	b.WriteString(st.String() + "\n")
	return b.String()
}

// checkGolden compares got with testdata/name, or rewrites it with -update.
func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	testfix.Golden(t, filepath.Join("testdata", name), []byte(got))
}

func TestTheOpsFixtureListsTheGoldenMutants(t *testing.T) {
	t.Parallel()
	_, muts, st := enumerateFixture(t, "ops")
	checkGolden(t, "ops.golden", listing(muts, st))
}

func TestEveryOperatorMakesAMutantOfTheOpsFixture(t *testing.T) {
	t.Parallel()
	pkg := loadFixture(t, "ops")
	for _, op := range Operators() {
		muts, _, err := Enumerate(context.Background(), pkg, &Options{Operators: []*Operator{op}, NoNamed: true})
		if err != nil {
			t.Fatal(err)
		}
		if len(muts) == 0 {
			t.Errorf("operator %s made no mutant", op.Name)
		}
		for _, m := range muts {
			if m.Operator != op.Name || !strings.Contains(m.ID, ":"+op.Name+":") {
				t.Errorf("operator %s made mutant %s of operator %q", op.Name, m.ID, m.Operator)
			}
		}
	}
}

func TestIgnoredLinesGeneratedFilesAndEquivalentSitesMakeNoMutants(t *testing.T) {
	t.Parallel()
	_, muts, st := enumerateFixture(t, "ops")
	for _, m := range muts {
		if strings.Contains(m.Original, "x + 1") || m.Line == 51 {
			t.Errorf("mutant %s on an ignored line", m.ID)
		}
		if strings.Contains(m.Description, "8") {
			t.Errorf("mutant %s of a make capacity", m.ID)
		}
	}
	if st.Ignored == 0 || st.Equivalent == 0 {
		t.Errorf("stats %+v: want ignored and equivalent mutants counted", st)
	}

	_, muts, st = enumerateFixture(t, "behave")
	for _, m := range muts {
		if m.File == "generated.go" {
			t.Errorf("mutant %s of a generated file", m.ID)
		}
		if strings.HasPrefix(m.Original, "panic(") || strings.Contains(m.Original, "i > 100") {
			t.Errorf("mutant %s on an ignored line", m.ID)
		}
		if m.Line > 110 {
			t.Errorf("mutant %s in main, whose doc comment says //mutprop:ignore", m.ID)
		}
		if m.Line >= 47 && m.Line <= 52 && m.Origin == OriginOperator {
			t.Errorf("mutant %s in a variant function", m.ID)
		}
	}
	if st.Generated != st.Ignored+st.Equivalent+st.IllTyped+st.DataTable+st.Kept-st.Named {
		t.Errorf("stats %+v do not add up", st)
	}
}

// TestDataTablesAreCountedNotMutated checks dataTableRanges: the
// elements of a composite literal of more than 256 constants (a sound's
// bytes; a word list; one nested in a table) make no mutant and are
// counted, while a table of 256 constants, one of 300 elements of which
// one is not a constant, and the code beside them keep theirs.
func TestDataTablesAreCountedNotMutated(t *testing.T) {
	t.Parallel()
	list := func(n int, format, hole string) string { // n elements; the one in the middle hole, if any
		var b strings.Builder
		for i := 0; i < n; i++ {
			if i == n/2 && hole != "" {
				b.WriteString(hole + ", ")
				continue
			}
			fmt.Fprintf(&b, format+", ", i%256)
		}
		return b.String()
	}
	src := "package p\n\n" +
		"var sound = []byte{" + list(300, "0x%02x", "") + "}\n" +
		"var words = []string{" + list(257, `"w%d"`, "") + "}\n" +
		"var nested = map[string][]int16{\"en\": {" + list(400, "-%d", "") + "}}\n" +
		"var signed = []int{" + list(300, "%d", "1 + 2") + "}\n" +
		"var crc = [256]uint32{" + list(256, "%d", "") + "}\n" +
		"var keyed = map[int]int{" + list(256, "%d: 1", "") + list(44, "1000%d: 2", "") + "}\n\n" +
		"func f(x int) int { return x + 1 }\n"
	pkg := loadSource(t, src)
	muts, st, err := Enumerate(context.Background(), pkg, nil)
	if err != nil {
		t.Fatal(err)
	}
	perLine := map[int]int{}
	for _, m := range muts {
		if m.Original != `"en"` { // nested's key, in a map of one entry
			perLine[m.Line]++
		}
	}
	for line, name := range map[int]string{3: "sound", 4: "words", 5: "nested", 8: "keyed"} {
		if perLine[line] != 0 {
			t.Errorf("%s (line %d): %d mutants of a data table's elements, want 0", name, line, perLine[line])
		}
	}
	for line, name := range map[int]string{6: "signed, one element not a constant", 7: "crc, 256 constants", 10: "f"} {
		if perLine[line] == 0 {
			t.Errorf("%s (line %d): no mutant, want its elements mutated", name, line)
		}
	}
	// sound: 300 bytes, each v+1, v-1, 0 but 0's v-1 (ill-typed, never
	// generated as data) and 0 itself; words: 257 strings to "".
	if st.DataTable < 300*2+257 {
		t.Errorf("stats %+v: want the data tables' mutants counted", st)
	}
	if st.Generated != st.Ignored+st.Equivalent+st.IllTyped+st.DataTable+st.Kept-st.Named {
		t.Errorf("stats %+v do not add up", st)
	}
	if !strings.Contains(st.String(), fmt.Sprintf("%d in data tables left out", st.DataTable)) {
		t.Errorf("stats line %q does not name the data tables' mutants", st)
	}
}

func TestIllTypedMutantsAreCountedAndDropped(t *testing.T) {
	t.Parallel()
	pkg, muts, st := enumerateFixture(t, "behave")
	if st.IllTyped == 0 {
		t.Fatalf("stats %+v: want the uint literal -1 counted as ill-typed", st)
	}
	for _, m := range muts {
		if m.Original == "0" && m.Replacement == "(-1)" && m.Line == 98 {
			t.Errorf("ill-typed mutant %s was kept", m.ID)
		}
		if m.Origin == OriginOperator {
			fi := pkg.fileIndex(m.Edits[0].File)
			if err := wellTyped(pkg, fi, m.Edits); err != nil {
				t.Errorf("kept mutant %s does not type-check: %v", m.ID, err)
			}
		}
	}
}

func TestNamedVariantsBecomeOneMutantEach(t *testing.T) {
	t.Parallel()
	pkg := loadFixture(t, "behave")
	muts, _, err := Enumerate(context.Background(), pkg, &Options{NamedOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(muts) != 1 {
		t.Fatalf("got %d mutants, want the one named variant", len(muts))
	}
	m := muts[0]
	if m.ID != "named:zero-positive" || m.Origin != OriginNamed || m.Description != "classify treats zero as positive" {
		t.Errorf("got %+v", m)
	}
	d, err := Diff(pkg, m)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(d, "+func classify(x int) string { return classifyZeroPositive(x);") {
		t.Errorf("diff does not redirect classify:\n%s", d)
	}
}

func TestBadVariantDirectivesAreErrorsNamingFileAndLine(t *testing.T) {
	t.Parallel()
	cases := map[string]string{
		"unknown target":     "//mutprop:variant nosuch bug \"d\"\nfunc v(x int) int { return x }",
		"signature mismatch": "//mutprop:variant f bug \"d\"\nfunc v(x int) string { return \"\" }",
		"unquoted":           "//mutprop:variant f bug no quotes\nfunc v(x int) int { return x }",
		"too short":          "//mutprop:variant f\nfunc v(x int) int { return x }",
	}
	for name, decl := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			write := func(file, text string) {
				if err := os.WriteFile(filepath.Join(dir, file), []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			write("go.mod", "module example.com/bad\n\ngo 1.26\n")
			write("bad.go", "package bad\n\nfunc f(x int) int { return x }\n\n"+decl+"\n")
			pkgs, err := Load(context.Background(), dir, ".")
			if err != nil {
				t.Fatal(err)
			}
			_, _, err = Enumerate(context.Background(), pkgs[0], nil)
			if err == nil || !strings.Contains(err.Error(), "bad.go:5:") {
				t.Errorf("got error %v, want one naming bad.go:5", err)
			}
		})
	}
}

func TestLoadExplainsWhatIsWrong(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/broken\n\ngo 1.26\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "b.go"), []byte("package broken\n\nvar x int = \"s\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(context.Background(), dir, "."); err == nil || !strings.Contains(err.Error(), "b.go:3") {
		t.Errorf("loading a package that does not compile: got %v, want its first error", err)
	}
	if _, err := Load(context.Background(), dir, "./nosuch"); err == nil {
		t.Errorf("loading a missing directory succeeded")
	}
}

func TestValidateRejectsBadOperatorLists(t *testing.T) {
	t.Parallel()
	if err := validate(Operators()); err != nil {
		t.Errorf("the default operators: %v", err)
	}
	run := func(*pass) {}
	for name, ops := range map[string][]*Operator{
		"nil":       {nil},
		"duplicate": {{Name: "a", Doc: "d", run: run}, {Name: "a", Doc: "d", run: run}},
		"no run":    {{Name: "a", Doc: "d"}},
		"bad name":  {{Name: "A b", Doc: "d", run: run}},
	} {
		if validate(ops) == nil {
			t.Errorf("%s: validate accepted it", name)
		}
	}
}

func TestGenerateWritesTheSameCompilingCopyTwice(t *testing.T) {
	t.Parallel()
	pkg := loadFixture(t, "ops")
	dst := filepath.Join(t.TempDir(), "copy")
	gen := func() map[string]string {
		if _, _, err := Generate(context.Background(), dst, pkg, nil); err != nil {
			t.Fatal(err)
		}
		out := map[string]string{}
		entries, err := os.ReadDir(dst)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			b, err := os.ReadFile(filepath.Join(dst, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			out[e.Name()] = string(b)
		}
		return out
	}
	first, second := gen(), gen()
	if len(first) != 3 || first[mutantsFile] == "" || first[ActiveFile] == "" {
		t.Fatalf("copy has files %v", sortedKeys(first))
	}
	for name, text := range first {
		if second[name] != text {
			t.Errorf("%s differs between two runs", name)
		}
		if !strings.HasPrefix(text, generatedHeader) {
			t.Errorf("%s lacks the generated header", name)
		}
	}
	// The copy type-checks as an ordinary package with the standard importer.
	fset := token.NewFileSet()
	var files []*ast.File
	for name, text := range first {
		f, err := parser.ParseFile(fset, name, text, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	conf := types.Config{Importer: importerFunc(func(path string) (*types.Package, error) {
		if t, ok := pkg.imports[path]; ok {
			return t, nil
		}
		return stdImport(path)
	})}
	if _, err := conf.Check("example.com/copy", fset, files, nil); err != nil {
		t.Errorf("the copy does not type-check: %v", err)
	}
	if !strings.Contains(first[mutantsFile], `ID: "named:`) && !strings.Contains(first[mutantsFile], `Schema: 1}`) {
		t.Errorf("mutant table lacks schema numbers:\n%s", first[mutantsFile])
	}
}

func sortedKeys(m map[string]string) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sortStrings(ks)
	return ks
}

func TestDiffShowsRemovalsBeforeAdditions(t *testing.T) {
	t.Parallel()
	got := unifiedDiff("a/x.go", "b/x.go", "1\n2\n3\n4\n5\n", "1\n2\nthree\n4\n5\n")
	want := "--- a/x.go\n+++ b/x.go\n@@ -1,5 +1,5 @@\n 1\n 2\n-3\n+three\n 4\n 5\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestANamedVariantInAnotherFileRedirectsItsTargetsFile(t *testing.T) {
	t.Parallel()
	pkg := loadFixture(t, "crossfile")
	muts, _, err := Enumerate(context.Background(), pkg, &Options{NamedOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(muts) != 1 || muts[0].ID != "named:abs-identity" {
		t.Fatalf("got %+v, want the one named variant", muts)
	}
	if got := filepath.Base(muts[0].Edits[0].File); got != "abs.go" {
		t.Errorf("the redirect edits %s, want abs.go (the target's file)", got)
	}
	d, err := Diff(pkg, muts[0])
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(d, "return absIdentity(x);") {
		t.Errorf("diff does not redirect Abs:\n%s", d)
	}
	files, err := GenerateFiles(pkg, muts)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(files["abs.go"]), "absIdentity(x)") {
		t.Errorf("the schematized abs.go does not call the variant:\n%s", files["abs.go"])
	}
	if strings.Contains(string(files["bugs.go"]), "mutpropActive") {
		t.Errorf("the guard went into the variant's file:\n%s", files["bugs.go"])
	}
}
