package runlog

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// resultsGitignore is what EnsureResultsDir writes into a results directory
// it creates: ignore everything, this file included, as pytest and ruff do
// for their caches, so a run leaves `git status` clean.
const resultsGitignore = "# Created by mutprop: the results directory stays out of version control.\n*\n"

// EnsureResultsDir makes sure the results directory dir (--results,
// .mutprop by default) exists. When it creates dir, it also writes a
// .gitignore there containing "*". A directory that already exists is left
// as it is, whether it has a .gitignore or not: it may be one the user
// keeps under version control, and an existing .gitignore is never
// overwritten.
func EnsureResultsDir(dir string) error {
	dir = filepath.Clean(dir)
	if parent := filepath.Dir(dir); parent != dir {
		if err := os.MkdirAll(parent, 0o755); err != nil {
			return err
		}
	}
	err := os.Mkdir(dir, 0o755)
	if errors.Is(err, fs.ErrExist) {
		if fi, serr := os.Stat(dir); serr != nil || !fi.IsDir() {
			return fmt.Errorf("%s exists and is not a directory", dir)
		}
		return nil
	}
	if err != nil {
		return err
	}
	f, err := os.OpenFile(filepath.Join(dir, ".gitignore"), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, fs.ErrExist) {
		return nil // someone wrote one in the meantime: theirs stays
	}
	if err != nil {
		return err
	}
	if _, err := f.WriteString(resultsGitignore); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
