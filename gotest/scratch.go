package gotest

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/mod/modfile"
)

// A test binary runs where go test runs it: in the package's directory,
// inside a disposable copy of the whole module (its Go files, go.mod,
// go.sum and vendor, and every other file: testdata, golden files,
// embedded files, fuzz seed corpora), so that TestMain, init functions and
// tests that read files beside the package, or anywhere in the module,
// find them. The copy is made once per run (the template) and once per
// worker; before every run a worker's copy is brought back to the
// template's state, entry by entry (what a test wrote, created or removed
// is undone), so files a mutant writes never reach the next run, and the
// user's tree is never a working directory. On Linux an inotify watch of
// the copy's entries says whether the last run changed anything: most
// runs write nothing, and their reset costs one read of the watch instead
// of a walk of the whole copy (changeWatch, inode_linux.go).
//
// The copy leaves out .git, the results directory (.mutprop), nested
// modules (directories with a go.mod of their own, except fixture modules
// under a testdata directory, which tests read) and rapid's fail files
// (testdata/rapid, which would replay earlier counterexamples against
// every mutant). The copy's go.mod has its local replace directives made
// absolute, so they still resolve from the temporary directory.

// hiddenDirs are the directory names a module copy leaves out wherever they
// are; hiddenTestdata the testdata subdirectories it leaves out.
var (
	hiddenDirs     = map[string]bool{".git": true, ".hg": true, ".svn": true, ".mutprop": true}
	hiddenTestdata = map[string]bool{"rapid": true}
)

// moduleTemplate is the pristine copy of the module the run's copies are
// made from.
type moduleTemplate struct {
	root   string // the copy's module root
	pkgRel string // the package directory relative to the module root
}

// pkgDir is the package's directory in the template.
func (t *moduleTemplate) pkgDir() string { return filepath.Join(t.root, t.pkgRel) }

// moduleRoot returns the directory of the go.mod that governs dir.
func moduleRoot(dir string) (string, error) {
	for d := dir; ; {
		if fi, err := os.Stat(filepath.Join(d, "go.mod")); err == nil && !fi.IsDir() {
			return d, nil
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", fmt.Errorf("no go.mod in %s or above it", dir)
		}
		d = parent
	}
}

// copyModule copies the module that holds pkgDir into dst and returns the
// template.
func copyModule(pkgDir, dst string) (*moduleTemplate, error) {
	root, err := moduleRoot(pkgDir)
	if err != nil {
		return nil, fmt.Errorf("copy module: %w", err)
	}
	rel, err := filepath.Rel(root, pkgDir)
	if err != nil {
		return nil, fmt.Errorf("copy module: %w", err)
	}
	if err := copyTree(root, dst, skipInModule); err != nil {
		return nil, fmt.Errorf("copy module %s: %w", root, err)
	}
	if err := absoluteReplaces(root, dst); err != nil {
		return nil, fmt.Errorf("copy module %s: %w", root, err)
	}
	return &moduleTemplate{root: dst, pkgRel: rel}, nil
}

// skipInModule reports the directories a module copy leaves out (by
// slash path relative to the module root, and absolute path).
func skipInModule(rel, abs string) bool {
	base := filepath.Base(rel)
	if hiddenDirs[base] {
		return true
	}
	if hiddenTestdata[base] && filepath.Base(filepath.Dir(rel)) == "testdata" {
		return true
	}
	// A nested module is another module, unless it lies in a testdata
	// directory: there it is a fixture the tests read (and go test sees
	// it in the user's tree).
	if slices.Contains(strings.Split(filepath.ToSlash(rel), "/"), "testdata") {
		return false
	}
	fi, err := os.Stat(filepath.Join(abs, "go.mod"))
	return err == nil && !fi.IsDir()
}

// absoluteReplaces rewrites the local replace directives of dst/go.mod (a
// copy of root/go.mod) with absolute paths into root.
func absoluteReplaces(root, dst string) error {
	path := filepath.Join(dst, "go.mod")
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	f, err := modfile.Parse(path, b, nil)
	if err != nil {
		return err
	}
	changed := false
	for _, r := range f.Replace {
		if r.New.Version != "" || filepath.IsAbs(r.New.Path) || !modfile.IsDirectoryPath(r.New.Path) {
			continue
		}
		abs := filepath.Join(root, filepath.FromSlash(r.New.Path))
		if err := f.AddReplace(r.Old.Path, r.Old.Version, abs, ""); err != nil {
			return err
		}
		changed = true
	}
	if !changed {
		return nil
	}
	out, err := f.Format()
	if err != nil {
		return err
	}
	return os.WriteFile(path, out, 0o644)
}

// scratch is a worker's copy of the module: the test binary runs in the
// package's directory in it, with TMPDIR beside it (dir + ".tmp"). reset
// brings it back to the template's state before every run.
//
// Several scratches may share one copy: the test packages of one module
// each see the worker's copy from their own package directory (tmpl), and
// share what reset knows of it (copy).
type scratch struct {
	tmpl *moduleTemplate
	dir  string // the copy's module root
	copy *copyState
}

// copyState is what reset knows of a module's copy.
type copyState struct {
	state map[string]fileState // the copy's entries as reset left them; nil before the first reset
	// watch reports the changes made to the copy's entries and to the
	// temporary directory since reset last drained it (nil: reset walks
	// the copy and empties the directory every time); verify makes the
	// next reset walk the copy even if it reports none, since entries were
	// made or put back before they were watched. tempWDs are the watch
	// descriptors of the temporary directory, the current one and those
	// it replaced (whose removal is an event too).
	watch   *changeWatch
	verify  bool
	tempWD  int
	tempWDs map[int]bool
}

// workDir is the package's directory in the copy: the test binary's
// working directory.
func (s *scratch) workDir() string { return filepath.Join(s.dir, s.tmpl.pkgRel) }

// tempDir is the test binary's TMPDIR.
func (s *scratch) tempDir() string { return s.dir + ".tmp" }

// reset empties the temporary directory and brings the copy back to the
// template: the first time by copying it whole, then by undoing what the
// last run changed (entries created, modified or removed), which costs a
// walk of the copy when its watch saw a change (or there is no watch).
func (s *scratch) reset() error {
	if s.copy == nil {
		s.copy = &copyState{}
	}
	c := s.copy
	if c.state == nil {
		if err := s.copyWhole(); err != nil {
			return fmt.Errorf("reset scratch: %w", err)
		}
		return nil
	}
	// The watch is drained before the walk: a change made after the drain
	// is seen by this walk or by the next drain.
	wds, all := c.watch.changes()
	if all || wds[c.tempWD] {
		if err := s.emptyTemp(); err != nil {
			return fmt.Errorf("reset scratch: %w", err)
		}
	}
	for wd := range c.tempWDs {
		delete(wds, wd)
	}
	if !all && len(wds) == 0 && !c.verify {
		return nil
	}
	c.verify = false
	back, err := s.restore()
	if err != nil {
		// Start again from a whole copy.
		c.state = nil
		return s.reset()
	}
	c.watchEntries(s.dir, back)
	return nil
}

// copyWhole makes the copy and its temporary directory anew, and watches
// them.
func (s *scratch) copyWhole() error {
	c := s.copy
	c.watch.close()
	c.watch, c.tempWDs = newChangeWatch(), map[int]bool{}
	if err := s.emptyTemp(); err != nil {
		return err
	}
	if err := removeAll(s.dir); err != nil {
		return err
	}
	if err := copyTree(s.tmpl.root, s.dir, nil); err != nil {
		return err
	}
	st, err := scanTree(s.dir)
	if err != nil {
		return err
	}
	c.state = st
	if len(st) > maxWatched {
		c.dropWatch()
		return nil
	}
	c.watchEntries(s.dir, append(slices.Collect(maps.Keys(st)), "."))
	return nil
}

// maxWatched bounds the entries of one tree (a worker's copy of the
// module, the guarded package directory) that a changeWatch takes: inotify
// watches are a per-user budget (fs.inotify.max_user_watches, 8192 by
// default before Linux 5.11) shared with editors and the like. A larger
// tree is walked after every run instead.
const maxWatched = 4096

// emptyTemp makes the temporary directory anew, and watches it.
func (s *scratch) emptyTemp() error {
	c := s.copy
	tmp := s.tempDir()
	if err := removeAll(tmp); err != nil {
		return err
	}
	if err := os.MkdirAll(tmp, 0o755); err != nil {
		return err
	}
	c.tempWD = -1
	if c.watch == nil {
		return nil
	}
	wd, _, err := c.watch.add(tmp)
	if err != nil {
		c.dropWatch()
		return nil
	}
	c.tempWD, c.tempWDs[wd] = wd, true
	return nil
}

// watchEntries adds the copy's entries rels ("." is its root) to the
// watch, if there is one; a watch that cannot take them all is dropped.
// The next reset walks the copy: the entries were made before they were
// watched. (The changes a restore makes are events too.)
func (c *copyState) watchEntries(root string, rels []string) {
	if c.watch == nil || len(rels) == 0 {
		return
	}
	c.verify = true
	for _, rel := range rels {
		if st, ok := c.state[rel]; rel != "." && (!ok || !st.mode.IsDir() && !st.mode.IsRegular()) {
			continue // a symbolic link: replacing it changes its directory
		}
		if _, _, err := c.watch.add(filepath.Join(root, filepath.FromSlash(rel))); err != nil {
			c.dropWatch()
			return
		}
	}
}

// closeWatches releases the watches of the run's copies.
func (rs *runState) closeWatches() {
	rs.scratchMu.Lock()
	defer rs.scratchMu.Unlock()
	for _, sc := range rs.scratches {
		sc.copy.dropWatch()
	}
}

// dropWatch gives up the watch: reset walks the copy every time.
func (c *copyState) dropWatch() {
	c.watch.close()
	c.watch, c.tempWD = nil, -1
}

// restore undoes the changes made to the copy since the last reset and
// returns the entries it put back.
func (s *scratch) restore() ([]string, error) {
	now, err := scanTree(s.dir)
	if err != nil {
		return nil, err
	}
	// Remove what is new or changed in kind, deepest first.
	var gone []string
	for rel, st := range now {
		if old, ok := s.copy.state[rel]; !ok || old.mode.Type() != st.mode.Type() {
			gone = append(gone, rel)
		}
	}
	sortDeepestFirst(gone)
	for _, rel := range gone {
		if err := removeAll(filepath.Join(s.dir, rel)); err != nil {
			return nil, err
		}
		delete(now, rel)
	}
	// Put back what was removed or modified, parents first.
	var back []string
	for rel, old := range s.copy.state {
		st, ok := now[rel]
		if !ok || !old.mode.IsDir() && !old.same(st) || old.mode.IsDir() && old.mode != st.mode {
			back = append(back, rel)
		}
	}
	sortDeepestFirst(back)
	for i := len(back) - 1; i >= 0; i-- {
		rel := back[i]
		src, dst := filepath.Join(s.tmpl.root, rel), filepath.Join(s.dir, rel)
		old := s.copy.state[rel]
		switch {
		case old.mode.IsDir():
			if err := os.MkdirAll(dst, 0o755); err != nil {
				return nil, err
			}
			if err := os.Chmod(dst, old.mode.Perm()); err != nil {
				return nil, err
			}
		default:
			if err := removeAll(dst); err != nil {
				return nil, err
			}
			if err := copyEntry(src, dst, old.mode); err != nil {
				return nil, err
			}
		}
		st, err := stateOf(dst)
		if err != nil {
			return nil, err
		}
		s.copy.state[rel] = st
	}
	return back, nil
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

// scanTree returns the state of every entry under dir, by slash path.
func scanTree(dir string) (map[string]fileState, error) {
	out := map[string]fileState{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil || rel == "." {
			return err
		}
		st, err := stateOf(path)
		if err != nil {
			return err
		}
		out[filepath.ToSlash(rel)] = st
		return nil
	})
	return out, err
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

// copyTree copies the regular files, directories and symbolic links of src
// into dst, skipping the directories skip reports (by slash path relative
// to src, and absolute path). Other files are skipped.
func copyTree(src, dst string, skip func(rel, abs string) bool) error {
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		if d.IsDir() && rel != "." && skip != nil && skip(filepath.ToSlash(rel), path) {
			return filepath.SkipDir
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		return copyEntry(path, filepath.Join(dst, rel), info.Mode())
	})
}

// copyEntry copies one directory (without its entries), symbolic link or
// regular file, keeping its permission bits.
func copyEntry(src, dst string, mode fs.FileMode) error {
	switch {
	case mode.IsDir():
		if err := os.MkdirAll(dst, 0o755); err != nil {
			return err
		}
		return os.Chmod(dst, mode.Perm()|0o700)
	case mode&fs.ModeSymlink != 0:
		link, err := os.Readlink(src)
		if err != nil {
			return err
		}
		return os.Symlink(link, dst)
	case mode.IsRegular():
		return copyFilePerm(src, dst, mode.Perm())
	}
	return nil
}

// copyFile copies a regular file, created with mode 0644 (before umask).
func copyFile(src, dst string) error { return copyFilePerm(src, dst, 0o644) }

// copyFilePerm copies a regular file, created with perm (made writable by
// its owner, before umask).
func copyFilePerm(src, dst string, perm fs.FileMode) (err error) {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, perm|0o200)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := out.Close(); err == nil {
			err = cerr
		}
	}()
	_, err = io.Copy(out, in)
	return err
}
