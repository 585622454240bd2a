package cli

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// CheckWritable checks, before any work, that the file path can be
// written the way mutprop writes its outputs (a temporary file beside it,
// then a rename): its directory exists and accepts a new file, and path
// is not a directory. what names the output in the message ("--json").
// Its error is a usage error (ExitUsage) naming the path.
func CheckWritable(what, path string) error {
	dir := filepath.Dir(path)
	st, err := os.Stat(dir)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return UsageError("%s %s: directory %s does not exist", what, path, dir)
	case err != nil:
		return UsageError("%s %s: %v", what, path, err)
	case !st.IsDir():
		return UsageError("%s %s: %s is not a directory", what, path, dir)
	}
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return UsageError("%s %s: is a directory, want a file", what, path)
	}
	// A probe file, removed at once, is the one check that holds for
	// every cause (permissions, a read-only file system, ACLs, root).
	f, err := os.CreateTemp(dir, ".mutprop-writable-*")
	if err != nil {
		return UsageError("%s %s: cannot write in %s: %v", what, path, dir, unwrapPath(err))
	}
	name := f.Name()
	f.Close()
	if err := os.Remove(name); err != nil {
		return fmt.Errorf("%s %s: removing the probe file %s: %w", what, path, name, err)
	}
	return nil
}

// unwrapPath drops the operation and path of a *os.PathError (the message
// names them already).
func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
