package sandbox

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/mod/modfile"
)

// hiddenDirs are the directory names a module copy leaves out wherever they
// are; hiddenTestdata the testdata subdirectories it leaves out.
var (
	hiddenDirs     = map[string]bool{".git": true, ".hg": true, ".svn": true, ".mutprop": true}
	hiddenTestdata = map[string]bool{"rapid": true}
)

// A Template is a pristine copy of a module, seen from one of its package
// directories. A test binary runs where go test runs it: in the package's
// directory, inside a copy of the whole module, so that TestMain, init
// functions and tests that read files beside the package, or anywhere in
// the module, find them.
type Template struct {
	root   string // the copy's module root
	pkgRel string // the package directory relative to the module root
}

// Root is the copy's module root.
func (t *Template) Root() string { return t.root }

// PkgDir is the package's directory in the copy.
func (t *Template) PkgDir() string { return filepath.Join(t.root, t.pkgRel) }

// At returns the same copy seen from the package directory rel (relative
// to the module root).
func (t *Template) At(rel string) *Template { return &Template{root: t.root, pkgRel: rel} }

// ModuleRoot returns the directory of the go.mod that governs dir.
func ModuleRoot(dir string) (string, error) {
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

// CopyModule copies the module that holds pkgDir into dst and returns the
// template, seen from pkgDir.
func CopyModule(pkgDir, dst string) (*Template, error) {
	root, err := ModuleRoot(pkgDir)
	if err != nil {
		return nil, fmt.Errorf("copy module: %w", err)
	}
	rel, err := filepath.Rel(root, pkgDir)
	if err != nil {
		return nil, fmt.Errorf("copy module: %w", err)
	}
	// A root reached through a symbolic link is copied from the
	// directory it names: the walk does not follow a link it starts on.
	real, err := filepath.EvalSymlinks(root)
	if err != nil {
		return nil, fmt.Errorf("copy module %s: %w", root, err)
	}
	if err := copyTree(real, dst, skipInModule); err != nil {
		return nil, fmt.Errorf("copy module %s: %w", root, err)
	}
	if err := absoluteReplaces(root, dst); err != nil {
		return nil, fmt.Errorf("copy module %s: %w", root, err)
	}
	if err := copyWorkspace(root, dst); err != nil {
		return nil, fmt.Errorf("copy module %s: %w", root, err)
	}
	return &Template{root: dst, pkgRel: rel}, nil
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
// copy of root/go.mod) with absolute paths into root, so that they still
// resolve from the copy.
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
		return copyFile(src, dst, mode.Perm())
	}
	return nil
}

// copyFile copies a regular file, created with perm made writable by its
// owner (before umask); an existing file is overwritten in place.
func copyFile(src, dst string, perm fs.FileMode) (err error) {
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
