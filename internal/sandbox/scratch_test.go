package sandbox

import (
	"io/fs"
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
	tmpl, err := CopyModule(filepath.Join(mod, "pkg"), filepath.Join(t.TempDir(), "src"))
	if err != nil {
		t.Fatal(err)
	}
	sc := NewScratch(tmpl, filepath.Join(t.TempDir(), "w0"))
	if err := sc.Reset(); err != nil {
		t.Fatal(err)
	}
	if got, want := sc.WorkDir(), filepath.Join(sc.dir, "pkg"); got != want {
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
	if err := mkfile(filepath.Join(sc.WorkDir(), "written-by-a-mutant")); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(sc.dir, "newdir", "deep"), 0o555); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(sc.WorkDir(), "testdata", "in.txt")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(sc.WorkDir(), "golden.json"), []byte("changed by a mutant, longer than before"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := sc.Reset(); err != nil {
		t.Fatal(err)
	}
	if exists(filepath.Join(sc.WorkDir(), "written-by-a-mutant")) || exists(filepath.Join(sc.dir, "newdir")) {
		t.Error("an entry created by one run survived the reset")
	}
	if !exists(filepath.Join(sc.WorkDir(), "testdata", "in.txt")) {
		t.Error("a file removed by one run was not put back")
	}
	if b, err := os.ReadFile(filepath.Join(sc.WorkDir(), "golden.json")); err != nil || string(b) != "x" {
		t.Errorf("golden.json after reset: %q, %v; want the original %q", b, err, "x")
	}
	if b, err := os.ReadFile(filepath.Join(mod, "pkg", "golden.json")); err != nil || string(b) != "x" {
		t.Errorf("the user's golden.json changed: %q, %v", b, err)
	}
}

// scratchFixture is a worker's copy of a small module, reset once (the
// whole copy) and once more (the walk that checks it).
func scratchFixture(t *testing.T) *Scratch {
	t.Helper()
	mod := t.TempDir()
	for _, f := range []string{"pkg/pkg.go", "pkg/testdata/golden.txt", "pkg/testdata/sub/in.txt"} {
		if err := mkfile(filepath.Join(mod, f)); err != nil {
			t.Fatal(err)
		}
	}
	write(t, filepath.Join(mod, "go.mod"), "module example.com/m\n")
	tmpl, err := CopyModule(filepath.Join(mod, "pkg"), filepath.Join(t.TempDir(), "src"))
	if err != nil {
		t.Fatal(err)
	}
	sc := NewScratch(tmpl, filepath.Join(t.TempDir(), "w0"))
	for range 2 {
		if err := sc.Reset(); err != nil {
			t.Fatal(err)
		}
	}
	return sc
}

func reset(t *testing.T, sc *Scratch) {
	t.Helper()
	if err := sc.Reset(); err != nil {
		t.Fatal(err)
	}
}

func body(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// With a watch, a reset walks the copy only after a change: what a run
// changes in ways a directory's events do not show (a write through a
// hard link made outside the copy, an entry inside a directory the last
// reset put back) is still undone, and so is the temporary directory.
func TestAResetUndoesWhatTheWatchReports(t *testing.T) {
	t.Parallel()
	sc := scratchFixture(t)
	if sc.copy.watch == nil {
		t.Skip("no inotify watch here: every reset walks the copy")
	}
	golden := filepath.Join(sc.WorkDir(), "testdata", "golden.txt")

	// A clean reset does not walk: a stale record of a directory's mode is
	// not acted on (a walk would chmod the directory) until an event comes.
	sub := filepath.Join(sc.WorkDir(), "testdata", "sub")
	perm := func() os.FileMode {
		fi, err := os.Stat(sub)
		if err != nil {
			t.Fatal(err)
		}
		return fi.Mode().Perm()
	}
	was := perm()
	rec := sc.copy.state["pkg/testdata/sub"]
	sc.copy.state["pkg/testdata/sub"] = fileState{mode: rec.mode&^fs.ModePerm | 0o700}
	reset(t, sc)
	if perm() != was {
		t.Fatal("a reset after a run that changed nothing walked the copy")
	}
	if err := os.Chmod(golden, 0o644); err != nil { // an event: the next reset walks
		t.Fatal(err)
	}
	reset(t, sc)
	if perm() != 0o700 {
		t.Fatal("a reset after a chmod did not walk the copy")
	}
	sc.copy.state["pkg/testdata/sub"] = rec
	if err := os.Chmod(golden, 0o644); err != nil {
		t.Fatal(err)
	}
	reset(t, sc)
	reset(t, sc) // the walk that checks what the last one put back
	if perm() != was {
		t.Fatalf("testdata/sub's mode %v after the record was mended, want %v", perm(), was)
	}

	// A write of the same size through a hard link made outside the copy.
	link := filepath.Join(t.TempDir(), "link")
	if err := os.Link(golden, link); err != nil {
		t.Skipf("no hard links here: %v", err)
	}
	write(t, link, "y")
	reset(t, sc)
	if got := body(t, golden); got != "x" {
		t.Errorf("golden.txt after a write through a hard link and a reset: %q, want %q", got, "x")
	}

	// A directory the run removed is put back, and watched: what a later
	// run creates in it is removed.
	if err := os.RemoveAll(sub); err != nil {
		t.Fatal(err)
	}
	reset(t, sc)
	reset(t, sc)
	if got := body(t, filepath.Join(sub, "in.txt")); got != "x" {
		t.Errorf("testdata/sub/in.txt after its directory was removed and reset: %q", got)
	}
	write(t, filepath.Join(sub, "new.txt"), "by a mutant")
	reset(t, sc)
	if exists(filepath.Join(sub, "new.txt")) {
		t.Error("a file created in a directory the reset had put back survived the next reset")
	}

	// The temporary directory is emptied, and its mode put back.
	tmp := sc.TempDir()
	before, err := os.Stat(tmp)
	if err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(tmp, "left-over"), "x")
	reset(t, sc)
	if exists(filepath.Join(tmp, "left-over")) {
		t.Error("a file in TMPDIR survived the reset")
	}
	if err := os.Chmod(tmp, 0o500); err != nil {
		t.Fatal(err)
	}
	reset(t, sc)
	if after, err := os.Stat(tmp); err != nil || after.Mode() != before.Mode() {
		t.Errorf("TMPDIR after a chmod and a reset: %v, %v; want %v", after.Mode(), err, before.Mode())
	}
	if got := body(t, golden); got != "x" {
		t.Errorf("golden.txt at the end: %q", got)
	}
}
