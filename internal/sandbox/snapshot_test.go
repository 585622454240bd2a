package sandbox

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// One snapshot, diff and restore serve the scratch copies and the guard:
// restore undoes what diff reports, whatever the change (a file's bytes or
// mode, an entry made or removed, a file that became a directory and back,
// a symbolic link retargeted, a read-only directory emptied).
func TestRestoreUndoesWhatDiffReports(t *testing.T) {
	t.Parallel()
	dir, from := filepath.Join(t.TempDir(), "tree"), t.TempDir()
	for _, f := range []string{"a.txt", "b.txt", "ro/in.txt", "d/x.txt"} {
		if err := mkfile(filepath.Join(dir, f)); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("a.txt", filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(filepath.Join(dir, "ro"), 0o555); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = removeAll(dir) })
	want, err := takeSnapshot(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	var all []string
	for rel := range want {
		all = append(all, rel)
	}
	if err := save(dir, from, want, all); err != nil {
		t.Fatal(err)
	}

	write(t, filepath.Join(dir, "a.txt"), "changed")
	if err := os.Chmod(filepath.Join(dir, "b.txt"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(filepath.Join(dir, "d")); err != nil {
		t.Fatal(err)
	}
	if err := mkfile(filepath.Join(dir, "d")); err != nil { // a file where a directory was
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("b.txt", filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(filepath.Join(dir, "ro"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(dir, "ro", "in.txt")); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(filepath.Join(dir, "ro"), 0o555); err != nil {
		t.Fatal(err)
	}
	if err := mkfile(filepath.Join(dir, "new", "deep", "n.txt")); err != nil {
		t.Fatal(err)
	}

	now, err := takeSnapshot(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]string{}
	var rels []string
	for _, c := range diff(want, now) {
		kinds[c.rel] = c.kind
		rels = append(rels, c.rel)
	}
	wantKinds := map[string]string{
		"a.txt": "modified", "b.txt": "modified", "d": "modified", "d/x.txt": "removed", "link": "modified",
		"ro/in.txt": "removed", "new": "created", "new/deep": "created", "new/deep/n.txt": "created",
	}
	if !reflect.DeepEqual(kinds, wantKinds) {
		t.Errorf("diff: %v\nwant %v", kinds, wantKinds)
	}
	if err := restore(dir, want, from, rels); err != nil {
		t.Fatal(err)
	}
	after, err := takeSnapshot(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range diff(want, after) {
		if st := after[c.rel]; c.kind != "modified" || st.mode != want[c.rel].mode || st.link != want[c.rel].link ||
			st.mode.IsRegular() && (st.size != want[c.rel].size || !st.mtime.Equal(want[c.rel].mtime)) {
			t.Errorf("after restore, %s %s", c.kind, c.rel) // a rewritten file keeps no inode or ctime
		}
	}
	for _, f := range []string{"a.txt", "d/x.txt", "ro/in.txt"} {
		if got := body(t, filepath.Join(dir, f)); got != "x" {
			t.Errorf("%s after restore: %q", f, got)
		}
	}
}
