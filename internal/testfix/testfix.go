// Package testfix holds the helpers that mutprop's own tests share: fixture
// modules written from txtar archives, golden files with one -update flag,
// snapshots of a directory tree to show that a run left it unchanged, and
// the long tier (EndToEnd, Slow) that go test -short skips.
//
// A fixture module is a txtar archive (golang.org/x/tools/txtar) under a
// package's testdata directory, as cmd/go keeps its test scripts: each
// file of the archive is one file of the module.
//
//	-- go.mod --
//	module example.com/tiny
//	-- tiny.go --
//	package tiny
//
// The -update flag is registered here, once for every test binary that
// imports the package: go test ./report -update rewrites the golden files
// that Golden compares.
package testfix

import (
	"bytes"
	"crypto/sha256"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"
)

var update = flag.Bool("update", false, "rewrite the golden files that the tests compare")

// Updating reports whether the test binary runs with -update.
func Updating() bool { return *update }

// WriteTxtar writes the files of the txtar archive at path into dir,
// creating directories and replacing files that exist. oldnew are pairs of
// strings replaced in every file's text (strings.NewReplacer), for a
// value known only when the test runs, such as a temporary path.
func WriteTxtar(t testing.TB, path, dir string, oldnew ...string) {
	t.Helper()
	a, err := txtar.ParseFile(path)
	if err != nil {
		t.Fatalf("testfix: %v", err)
	}
	if len(a.Files) == 0 {
		t.Fatalf("testfix: %s holds no file", path)
	}
	r := strings.NewReplacer(oldnew...)
	for _, f := range a.Files {
		if !filepath.IsLocal(f.Name) {
			t.Fatalf("testfix: %s: file name %q leaves the directory", path, f.Name)
			return // for a testing.TB whose Fatalf returns
		}
		dst := filepath.Join(dir, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			t.Fatalf("testfix: write %s: %v", path, err)
		}
		if err := os.WriteFile(dst, []byte(r.Replace(string(f.Data))), 0o644); err != nil {
			t.Fatalf("testfix: write %s: %v", path, err)
		}
	}
}

// ReadTxtar returns the files of the txtar archive at path by name, with
// the pairs oldnew replaced in their text as WriteTxtar does: for a file
// a test passes to go build in an overlay rather than writes.
func ReadTxtar(t testing.TB, path string, oldnew ...string) map[string][]byte {
	t.Helper()
	a, err := txtar.ParseFile(path)
	if err != nil {
		t.Fatalf("testfix: %v", err)
	}
	r := strings.NewReplacer(oldnew...)
	out := map[string][]byte{}
	for _, f := range a.Files {
		out[f.Name] = []byte(r.Replace(string(f.Data)))
	}
	return out
}

// Module writes the txtar archive at path into a new directory of
// t.TempDir() and returns that directory.
func Module(t testing.TB, path string, oldnew ...string) string {
	t.Helper()
	dir := t.TempDir()
	WriteTxtar(t, path, dir, oldnew...)
	return dir
}

// Golden compares got with the file at path; with -update it rewrites the
// file instead. A difference is reported with its first differing line.
func Golden(t testing.TB, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatalf("testfix: update %s: %v", path, err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("testfix: %v (run the test with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the output (rerun with -update to accept it): %s\n--- got:\n%s", path, firstDifference(want, got), got)
	}
}

// firstDifference describes the first line where want and got differ.
func firstDifference(want, got []byte) string {
	w, g := strings.Split(string(want), "\n"), strings.Split(string(got), "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if i >= len(w) || i >= len(g) || wl != gl {
			return fmt.Sprintf("line %d is %q, want %q", i+1, gl, wl)
		}
	}
	return "they differ"
}

// Tree is what a snapshot holds of a directory: the SHA-256 of each
// file's content (a symbolic link's target's), by slash-separated path
// relative to the directory. Directories are not in it.
type Tree map[string][sha256.Size]byte

// SnapshotTree reads every file under dir.
func SnapshotTree(t testing.TB, dir string) Tree {
	t.Helper()
	out := Tree{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		out[filepath.ToSlash(rel)] = sha256.Sum256(b)
		return nil
	})
	if err != nil {
		t.Fatalf("testfix: snapshot %s: %v", dir, err)
	}
	return out
}

// Change kinds, as Diff names them.
const (
	Created  = "created"
	Modified = "modified"
	Removed  = "removed"
)

// Change is one file that differs between two snapshots.
type Change struct {
	Path string // slash-separated, relative to the snapshot's directory
	Kind string // Created, Modified or Removed
}

// Diff lists the files created, modified or removed from the snapshot
// before to now, by path.
func (before Tree) Diff(now Tree) []Change {
	var out []Change
	for p, sum := range now {
		was, ok := before[p]
		switch {
		case !ok:
			out = append(out, Change{p, Created})
		case was != sum:
			out = append(out, Change{p, Modified})
		}
	}
	for p := range before {
		if _, ok := now[p]; !ok {
			out = append(out, Change{p, Removed})
		}
	}
	slices.SortFunc(out, func(a, b Change) int { return strings.Compare(a.Path, b.Path) })
	return out
}

// AssertTreeUnchanged fails the test for every file under dir that was
// created, modified or removed since the snapshot before.
func AssertTreeUnchanged(t testing.TB, dir string, before Tree) {
	t.Helper()
	for _, c := range before.Diff(SnapshotTree(t, dir)) {
		t.Errorf("%s was %s in %s", c.Path, c.Kind, dir)
	}
}
