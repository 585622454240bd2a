package coverage

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/mutprop/mutprop/mutate"
)

func TestParseProfileKeepsTheExecutedBlocksOfTheGivenPackages(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "cover.out")
	profile := "mode: set\n" +
		"example.com/m/a/a.go:3.14,5.2 1 1\n" +
		"example.com/m/a/a.go:7.14,9.2 1 0\n" + // not executed
		"example.com/m/b/b.go:3.14,5.2 1 1\n" // another package
	if err := os.WriteFile(path, []byte(profile), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := ParseProfile(path, []string{"example.com/m/a", "example.com/m/c"})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]Span{
		"example.com/m/a": {{File: "a.go", Start: Pos{3, 14}, End: Pos{5, 2}}},
		"example.com/m/c": nil,
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("ParseProfile = %+v, want %+v", got, want)
	}
	if err := os.WriteFile(path, []byte("mode: set\nno colon here\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ParseProfile(path, nil); err == nil || !strings.Contains(err.Error(), "bad line") {
		t.Errorf("a bad line: %v", err)
	}
}

// loadOneFile loads package name of a module example.com/NAME whose one
// file, NAME.go, holds src.
func loadOneFile(t *testing.T, name, src string) *mutate.Package {
	t.Helper()
	dir := t.TempDir()
	for file, body := range map[string]string{"go.mod": "module example.com/" + name + "\n\ngo 1.21\n", name + ".go": src} {
		if err := os.WriteFile(filepath.Join(dir, file), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	pkgs, err := mutate.Load(t.Context(), dir, ".")
	if err != nil {
		t.Fatal(err)
	}
	return pkgs[0]
}

// A mutant inside a function is reached by the blocks that overlap its
// range; one in a package-level initialiser, or in a case expression, is
// where no block starts: the first runs everywhere, the second counts as
// its switch's header.
func TestMutantSpansSayWhereCoverageMustReach(t *testing.T) {
	t.Parallel()
	src := "package sw\n\nvar Base = 10 + 1\n\nfunc Kind(x int) string {\n\tswitch {\n\tcase x < 0:\n\t\treturn \"neg\"\n\t}\n\treturn \"pos\"\n}\n"
	pkg := loadOneFile(t, "sw", src)
	file := pkg.Filenames[0]
	edit := func(s string) mutate.Mutant {
		i := strings.Index(src, s)
		return mutate.Mutant{Edits: []mutate.TextEdit{{File: file, Start: i, End: i + len(s), NewText: "x"}}}
	}
	everywhere := []Span{{File: "*"}}
	if got := MutantSpans(pkg, edit("10 + 1")); !reflect.DeepEqual(got, everywhere) {
		t.Errorf("a package-level initialiser: %+v, want every file", got)
	}
	header := MutantSpans(pkg, edit("x < 0"))
	if len(header) != 1 || header[0].Start != (Pos{6, 2}) || header[0].End != (Pos{6, 9}) {
		t.Errorf("a case expression: %+v, want the switch header (6.2 to 6.9)", header)
	}
	ret := MutantSpans(pkg, edit(`"pos"`))
	caseBlock := []Span{{File: "sw.go", Start: Pos{7, 13}, End: Pos{8, 15}}}
	funcBlock := []Span{{File: "sw.go", Start: Pos{5, 25}, End: Pos{6, 9}}, {File: "sw.go", Start: Pos{10, 2}, End: Pos{10, 14}}}
	if CoversAny(caseBlock, ret) || !CoversAny(funcBlock, ret) || !CoversAny(funcBlock, header) {
		t.Errorf("return %+v, header %+v: want the function's blocks to reach both, the case's block neither", ret, header)
	}
	if !CoversAny(caseBlock, everywhere) || CoversAny(nil, everywhere) {
		t.Error("every file is reached by any executed block, and by none when nothing ran")
	}
}

// TestAtInitIsWhatOnlyThePackagesInitializationRuns: a package-level
// initialiser and an init function's body are; a function's body, a
// function literal in an initialiser, a function's signature, a method
// named init and a named mutant are not.
func TestAtInitIsWhatOnlyThePackagesInitializationRuns(t *testing.T) {
	t.Parallel()
	src := "package ai\n\nvar Table = []int{10, 20}\n\nvar F = func() int { return 30 }\n\nfunc init() { Table[0] = 40 }\n\ntype T struct{}\n\nfunc (T) init() int { return 50 }\n\nfunc Get() int { return Table[0] + 60 }\n\nfunc Sig(a [70]int) int { return a[0] }\n"
	pkg := loadOneFile(t, "ai", src)
	file := pkg.Filenames[0]
	at := func(lit, origin string) bool {
		i := strings.Index(src, lit)
		return AtInit(pkg, mutate.Mutant{Origin: origin, Edits: []mutate.TextEdit{{File: file, Start: i, End: i + len(lit), NewText: "1"}}})
	}
	for _, c := range []struct {
		lit, origin string
		want        bool
	}{
		{"20", mutate.OriginOperator, true},
		{"40", mutate.OriginOperator, true},
		{"30", mutate.OriginOperator, false},
		{"50", mutate.OriginOperator, false},
		{"60", mutate.OriginOperator, false},
		{"70", mutate.OriginOperator, false},
		{"20", mutate.OriginNamed, false},
	} {
		if got := at(c.lit, c.origin); got != c.want {
			t.Errorf("AtInit of %s (%s) = %v, want %v", c.lit, c.origin, got, c.want)
		}
	}
	if AtInit(pkg, mutate.Mutant{Origin: mutate.OriginOperator, Edits: []mutate.TextEdit{{File: "elsewhere.go", Start: 0, End: 1}}}) {
		t.Error("a file not loaded counts as initialization")
	}
}

func TestParseProbeFileReadsReachedSitesAndInfectedMutants(t *testing.T) {
	t.Parallel()
	reached, infected, err := ParseProbeFile([]byte("r 1 2 5\n3\nr 7\n4\n"))
	if err != nil {
		t.Fatal(err)
	}
	if want := map[int]bool{1: true, 2: true, 5: true, 7: true}; !reflect.DeepEqual(reached, want) {
		t.Errorf("reached %v, want %v", reached, want)
	}
	if want := map[int]bool{3: true, 4: true}; !reflect.DeepEqual(infected, want) {
		t.Errorf("infected %v, want %v", infected, want)
	}
	if _, _, err := ParseProbeFile([]byte("r 1 x\n")); err == nil {
		t.Error("a bad line was accepted")
	}
}
