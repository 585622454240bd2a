package gotest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestModuleCopiesHoldTheWholeModuleButRapidFailFilesAndGit(t *testing.T) {
	t.Parallel()
	mod := t.TempDir()
	for _, f := range []string{
		"go.mod", "pkg/pkg.go", "pkg/golden.json", "pkg/testdata/in.txt", "pkg/testdata/rapid/TestX/TestX-1.fail",
		"pkg/testdata/fuzz/FuzzX/seed", "pkg/testdata/sub/more.txt", "other/data.txt", ".git/HEAD", "nested/go.mod", "nested/x.go",
		"pkg/testdata/fixmod/go.mod", "pkg/testdata/fixmod/f.go",
	} {
		if err := mkfile(filepath.Join(mod, f)); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(mod, "go.mod"), []byte("module example.com/m\n\ngo 1.21\n\nreplace example.com/dep => ../dep\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tmpl, err := copyModule(filepath.Join(mod, "pkg"), filepath.Join(t.TempDir(), "src"))
	if err != nil {
		t.Fatal(err)
	}
	sc := &scratch{tmpl: tmpl, dir: filepath.Join(t.TempDir(), "w0")}
	if err := sc.reset(); err != nil {
		t.Fatal(err)
	}
	if got, want := sc.workDir(), filepath.Join(sc.dir, "pkg"); got != want {
		t.Errorf("work dir %s, want %s", got, want)
	}
	for f, want := range map[string]bool{
		"pkg/pkg.go": true, "pkg/golden.json": true, "pkg/testdata/in.txt": true, "pkg/testdata/sub/more.txt": true,
		"pkg/testdata/fuzz/FuzzX/seed": true, "other/data.txt": true,
		"pkg/testdata/rapid": false, ".git": false, "nested": false,
		"pkg/testdata/fixmod/go.mod": true, "pkg/testdata/fixmod/f.go": true,
	} {
		if got := exists(filepath.Join(sc.dir, f)); got != want {
			t.Errorf("%s in the copy: %v, want %v", f, got, want)
		}
	}
	gomod, err := os.ReadFile(filepath.Join(sc.dir, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(mod, "..", "dep"); !strings.Contains(string(gomod), filepath.Clean(want)) {
		t.Errorf("the copy's go.mod keeps a relative replace:\n%s\nwant one to %s", gomod, filepath.Clean(want))
	}

	// What a run writes, removes or changes is undone by the next reset.
	if err := mkfile(filepath.Join(sc.workDir(), "written-by-a-mutant")); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(sc.dir, "newdir", "deep"), 0o555); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(sc.workDir(), "testdata", "in.txt")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(sc.workDir(), "golden.json"), []byte("changed by a mutant, longer than before"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := sc.reset(); err != nil {
		t.Fatal(err)
	}
	if exists(filepath.Join(sc.workDir(), "written-by-a-mutant")) || exists(filepath.Join(sc.dir, "newdir")) {
		t.Error("an entry created by one run survived the reset")
	}
	if !exists(filepath.Join(sc.workDir(), "testdata", "in.txt")) {
		t.Error("a file removed by one run was not put back")
	}
	if b, err := os.ReadFile(filepath.Join(sc.workDir(), "golden.json")); err != nil || string(b) != "x" {
		t.Errorf("golden.json after reset: %q, %v; want the original %q", b, err, "x")
	}
	if b, err := os.ReadFile(filepath.Join(mod, "pkg", "golden.json")); err != nil || string(b) != "x" {
		t.Errorf("the user's golden.json changed: %q, %v", b, err)
	}
}
