package gotest

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// hiddenTestdata are the testdata subdirectories a scratch directory leaves
// out: rapid's fail files and go test's fuzz corpora, which would replay
// earlier counterexamples against every mutant.
var hiddenTestdata = map[string]bool{"rapid": true, "fuzz": true}

// scratch is a worker's working directory: a fresh copy of the package's
// testdata (without rapid fail files and fuzz corpora) for every run, so
// tests that read fixtures work and files a mutant writes do not leak
// into the next run or into the user's tree.
//
// Its temporary directory (TMPDIR for the test binary, so t.TempDir and
// os.CreateTemp) is dir + ".tmp", emptied with it.
type scratch struct {
	template string // the prepared copy of testdata ("" when the package has none)
	dir      string
	guard    *treeGuard // the package directory's guard (mutant runs only)
}

// tempDir is the test binary's TMPDIR.
func (s *scratch) tempDir() string { return s.dir + ".tmp" }

// prepareTemplate copies pkgDir/testdata into dst/testdata, without the
// hidden subdirectories. It returns "" when the package has no testdata.
func prepareTemplate(pkgDir, dst string) (string, error) {
	src := filepath.Join(pkgDir, "testdata")
	if fi, err := os.Stat(src); err != nil || !fi.IsDir() {
		return "", nil
	}
	if err := copyTree(src, filepath.Join(dst, "testdata"), func(rel string) bool {
		return hiddenTestdata[rel]
	}); err != nil {
		return "", fmt.Errorf("copy testdata: %w", err)
	}
	return dst, nil
}

// reset empties the scratch and temporary directories and copies the
// template into the scratch directory.
func (s *scratch) reset() error {
	for _, d := range []string{s.dir, s.tempDir()} {
		if err := os.RemoveAll(d); err != nil {
			return fmt.Errorf("reset scratch: %w", err)
		}
		if err := os.MkdirAll(d, 0o755); err != nil {
			return fmt.Errorf("reset scratch: %w", err)
		}
	}
	if s.template == "" {
		return nil
	}
	if err := copyTree(s.template, s.dir, nil); err != nil {
		return fmt.Errorf("reset scratch: %w", err)
	}
	return nil
}

// copyTree copies the regular files and directories of src into dst,
// skipping the directories whose slash-separated relative path skip
// reports. Symbolic links are copied as links; other files are skipped.
func copyTree(src, dst string, skip func(rel string) bool) error {
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		switch {
		case d.IsDir():
			if rel != "." && skip != nil && skip(filepath.ToSlash(rel)) {
				return filepath.SkipDir
			}
			return os.MkdirAll(target, 0o755)
		case d.Type()&fs.ModeSymlink != 0:
			link, err := os.Readlink(path)
			if err != nil {
				return err
			}
			return os.Symlink(link, target)
		case d.Type().IsRegular():
			return copyFile(path, target)
		}
		return nil
	})
}

func copyFile(src, dst string) (err error) {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
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
