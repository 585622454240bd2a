package testfix

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// recorder is a testing.TB that records failures instead of failing.
type recorder struct {
	testing.TB
	errors []string
	fatal  bool
}

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, format)
}

func (r *recorder) Fatalf(format string, args ...any) {
	r.errors = append(r.errors, format)
	r.fatal = true
}

func TestWriteTxtarWritesEveryFileWithItsReplacements(t *testing.T) {
	dir := Module(t, filepath.Join("testdata", "two.txtar"), "PLACE", "here")
	b, err := os.ReadFile(filepath.Join(dir, "sub", "two.go"))
	if err != nil {
		t.Fatal(err)
	}
	if want := "package sub\n\nconst Where = \"here\"\n"; string(b) != want {
		t.Errorf("sub/two.go is %q, want %q", b, want)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "go.mod")); err != nil || !strings.HasPrefix(string(b), "module example.com/two\n") {
		t.Errorf("go.mod: %q, %v", b, err)
	}
	// Written again over its own files, the archive replaces them.
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("changed"), 0o644); err != nil {
		t.Fatal(err)
	}
	WriteTxtar(t, filepath.Join("testdata", "two.txtar"), dir)
	if b, _ := os.ReadFile(filepath.Join(dir, "go.mod")); string(b) == "changed" {
		t.Error("WriteTxtar did not replace an existing file")
	}
}

func TestReadTxtarReturnsEveryFileWithItsReplacements(t *testing.T) {
	files := ReadTxtar(t, filepath.Join("testdata", "two.txtar"), "PLACE", "there")
	if len(files) != 2 || !strings.HasPrefix(string(files["go.mod"]), "module example.com/two\n") {
		t.Errorf("files: %q", files)
	}
	if want := "package sub\n\nconst Where = \"there\"\n"; string(files["sub/two.go"]) != want {
		t.Errorf("sub/two.go is %q, want %q", files["sub/two.go"], want)
	}
}

func TestWriteTxtarRefusesANameOutsideTheDirectory(t *testing.T) {
	archive := filepath.Join(t.TempDir(), "bad.txtar")
	if err := os.WriteFile(archive, []byte("-- ../escape.go --\npackage x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := &recorder{TB: t}
	dir := filepath.Join(t.TempDir(), "in")
	WriteTxtar(r, archive, dir)
	if !r.fatal {
		t.Error("an archive naming ../escape.go was written")
	}
	if _, err := os.Stat(filepath.Join(dir, "..", "escape.go")); err == nil {
		t.Error("escape.go was written outside the directory")
	}
}

func TestGoldenReportsADifferenceAndAcceptsTheSame(t *testing.T) {
	path := filepath.Join("testdata", "golden.txt")
	r := &recorder{TB: t}
	Golden(r, path, []byte("one\ntwo\n"))
	if len(r.errors) != 0 {
		t.Errorf("the golden file's own text fails: %v", r.errors)
	}
	if *update {
		return // -update rewrote the file: no difference to find
	}
	Golden(r, path, []byte("one\nthree\n"))
	if len(r.errors) != 1 {
		t.Errorf("a different text gives %d failures, want 1", len(r.errors))
	}
	if got := firstDifference([]byte("one\ntwo\n"), []byte("one\nthree\n")); got != `line 2 is "three", want "two"` {
		t.Errorf("firstDifference: %s", got)
	}
}

func TestDiffNamesEveryCreatedModifiedAndRemovedFile(t *testing.T) {
	dir := Module(t, filepath.Join("testdata", "two.txtar"))
	before := SnapshotTree(t, dir)
	if !slices.Equal(sortedKeys(before), []string{"go.mod", "sub/two.go"}) {
		t.Fatalf("snapshot holds %v", sortedKeys(before))
	}
	r := &recorder{TB: t}
	AssertTreeUnchanged(r, dir, before)
	if len(r.errors) != 0 {
		t.Errorf("an unchanged tree fails: %v", r.errors)
	}
	write := func(rel, text string) {
		if err := os.WriteFile(filepath.Join(dir, rel), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/other\n")
	write("new.txt", "new\n")
	if err := os.Remove(filepath.Join(dir, "sub", "two.go")); err != nil {
		t.Fatal(err)
	}
	got := before.Diff(SnapshotTree(t, dir))
	want := []Change{{"go.mod", Modified}, {"new.txt", Created}, {"sub/two.go", Removed}}
	if !slices.Equal(got, want) {
		t.Errorf("Diff = %v, want %v", got, want)
	}
	AssertTreeUnchanged(r, dir, before)
	if len(r.errors) != 3 {
		t.Errorf("AssertTreeUnchanged reported %d changes, want 3", len(r.errors))
	}
}

func sortedKeys(tr Tree) []string {
	var out []string
	for k := range tr {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func TestTheLongTierSkipsUnderShortOnly(t *testing.T) {
	r := &skipRecorder{TB: t}
	EndToEnd(r)
	Slow(r, "reason")
	if testing.Short() {
		if len(r.skips) != 2 || r.skips[0] != EndToEndSkip || r.skips[1] != "slow: reason; runs without -short" {
			t.Errorf("under -short: skips %q, want EndToEnd's and Slow's", r.skips)
		}
	} else if len(r.skips) != 0 {
		t.Errorf("without -short: skips %q, want none", r.skips)
	}
}

// skipRecorder is a testing.TB that records skips instead of skipping.
type skipRecorder struct {
	testing.TB
	skips []string
}

func (r *skipRecorder) Helper() {}

func (r *skipRecorder) Skip(args ...any) { r.skips = append(r.skips, fmt.Sprint(args...)) }
