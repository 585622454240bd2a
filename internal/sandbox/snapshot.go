package sandbox

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// fileState is what a snapshot records of one entry.
type fileState struct {
	mode         fs.FileMode
	size         int64
	ino          uint64
	ctime        int64 // ns
	atime, mtime time.Time
	link         string // symlink target
}

// stateOf reads the state of the entry at path, not following a symbolic
// link.
func stateOf(path string) (fileState, error) {
	fi, err := os.Lstat(path)
	if err != nil {
		return fileState{}, err
	}
	st := fileState{mode: fi.Mode(), size: fi.Size(), mtime: fi.ModTime()}
	st.ino, st.ctime, st.atime = inodeTimes(fi)
	if fi.Mode()&fs.ModeSymlink != 0 {
		if st.link, err = os.Readlink(path); err != nil {
			return fileState{}, err
		}
	}
	if fi.IsDir() {
		// A directory changes with its entries, which are compared one
		// by one (or not at all, where the walk does not descend).
		st.size, st.ino, st.ctime = 0, 0, 0
	}
	return st, nil
}

// same reports whether an entry is unchanged: type, mode, size, inode,
// change time (a write cannot keep it) and link target.
func (a fileState) same(b fileState) bool {
	return a.mode == b.mode && a.size == b.size && a.ino == b.ino && a.ctime == b.ctime && a.link == b.link
}

// snapshot is the state of a tree's entries, by slash path relative to its
// root (the root itself is not in it).
type snapshot map[string]fileState

// takeSnapshot reads the entries under dir, descending into the
// directories descend accepts (nil: every one). Entries removed while it
// walks are left out.
func takeSnapshot(dir string, descend func(rel string) bool) (snapshot, error) {
	out := snapshot{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			if path != dir && os.IsNotExist(err) {
				return nil // removed while walking
			}
			return err
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if rel == "." {
			return nil
		}
		st, err := stateOf(path)
		if os.IsNotExist(err) {
			return nil
		}
		if err != nil {
			return err
		}
		out[rel] = st
		if d.IsDir() && descend != nil && !descend(rel) {
			return filepath.SkipDir
		}
		return nil
	})
	return out, err
}

// change is one difference between two snapshots.
type change struct {
	rel, kind string    // "created", "modified" or "removed"
	mtime     time.Time // of the entry now (zero when removed)
}

// diff lists the entries created, modified or removed from old to now, by
// path.
func diff(old, now snapshot) []change {
	var out []change
	for rel, st := range now {
		was, ok := old[rel]
		switch {
		case !ok:
			out = append(out, change{rel: rel, kind: "created", mtime: st.mtime})
		case !was.same(st):
			out = append(out, change{rel: rel, kind: "modified", mtime: st.mtime})
		}
	}
	for rel := range old {
		if _, ok := now[rel]; !ok {
			out = append(out, change{rel: rel, kind: "removed"})
		}
	}
	slices.SortFunc(out, func(a, b change) int { return strings.Compare(a.rel, b.rel) })
	return out
}

// restore brings the entries rels of the tree at dir back to want: those
// want does not hold are removed, deepest first; the others are written
// back, parents first, a regular file's bytes taken from the same path
// under from, with its mode and times. It goes on past an error and
// returns them all.
func restore(dir string, want snapshot, from string, rels []string) error {
	rels = slices.Clone(rels)
	sortDeepestFirst(rels)
	var errs []string
	for _, rel := range rels {
		if _, ok := want[rel]; !ok {
			if err := removeAll(filepath.Join(dir, filepath.FromSlash(rel))); err != nil {
				errs = append(errs, err.Error())
			}
		}
	}
	for i := len(rels) - 1; i >= 0; i-- {
		if st, ok := want[rels[i]]; ok {
			if err := put(dir, rels[i], st, from); err != nil {
				errs = append(errs, err.Error())
			}
		}
	}
	// A directory's own mode last, deepest first: a read-only one is
	// filled before.
	for _, rel := range rels {
		if st, ok := want[rel]; ok && st.mode.IsDir() {
			if err := os.Chmod(filepath.Join(dir, filepath.FromSlash(rel)), st.mode.Perm()); err != nil {
				errs = append(errs, err.Error())
			}
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("restore %s: %s", dir, strings.Join(errs, "; "))
	}
	return nil
}

// put writes the entry rel of dir in state st, a regular file's bytes
// taken from the same path under from. An entry of another type, or a
// symbolic link, is replaced; a regular file is rewritten in place when it
// can be.
func put(dir, rel string, st fileState, from string) error {
	path := filepath.Join(dir, filepath.FromSlash(rel))
	if cur, err := os.Lstat(path); err == nil && (cur.Mode().Type() != st.mode.Type() || st.mode.Type() == fs.ModeSymlink) {
		if err := removeAll(path); err != nil {
			return err
		}
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	switch {
	case st.mode.IsDir():
		if err := os.MkdirAll(path, 0o755); err != nil {
			return err
		}
		return os.Chmod(path, st.mode.Perm()|0o700)
	case st.mode&fs.ModeSymlink != 0:
		return os.Symlink(st.link, path)
	case st.mode.IsRegular():
		src := filepath.Join(from, filepath.FromSlash(rel))
		if err := copyFile(src, path, st.mode.Perm()); err != nil {
			// A file made read-only: replace it.
			if rerr := removeAll(path); rerr != nil {
				return errors.Join(err, rerr)
			}
			if err := copyFile(src, path, st.mode.Perm()); err != nil {
				return err
			}
		}
		if err := os.Chmod(path, st.mode.Perm()); err != nil {
			return err
		}
		return os.Chtimes(path, st.atime, st.mtime)
	}
	return nil // a device, pipe or socket: left as is
}

// save copies the regular files among rels, in state now, from dir to the
// same paths under to.
func save(dir, to string, now snapshot, rels []string) error {
	for _, rel := range rels {
		if st, ok := now[rel]; !ok || !st.mode.IsRegular() {
			continue
		}
		dst := filepath.Join(to, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		if err := copyFile(filepath.Join(dir, filepath.FromSlash(rel)), dst, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// sortDeepestFirst orders slash paths so that a path comes before its
// parents.
func sortDeepestFirst(rels []string) {
	depth := func(p string) int { return strings.Count(p, "/") }
	slices.SortFunc(rels, func(a, b string) int {
		if da, db := depth(a), depth(b); da != db {
			return db - da
		}
		return strings.Compare(a, b)
	})
}

// removeAll removes path, making read-only directories writable first (a
// test may chmod what it creates).
func removeAll(path string) error {
	err := os.RemoveAll(path)
	if err == nil {
		return nil
	}
	_ = filepath.WalkDir(path, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() {
			_ = os.Chmod(p, 0o755)
		}
		return nil
	})
	if err2 := os.RemoveAll(path); err2 != nil {
		return errors.Join(err, err2)
	}
	return nil
}
