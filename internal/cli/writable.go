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

// CheckDistinct checks, before any work, that no two of the files a
// command reads or writes (flag name -> path, "" for none) are one file:
// an output written over another, or over an input, would be lost. Paths
// are compared cleaned and absolute, their directories' symbolic links
// resolved, and by os.SameFile when both exist (a hard link, a link to
// the file). Its error is a usage error (ExitUsage) naming both flags.
func CheckDistinct(files [][2]string) error {
	type seen struct {
		what, path, canon string
		info              os.FileInfo
	}
	var prev []seen
	for _, f := range files {
		if f[1] == "" {
			continue
		}
		cur := seen{what: f[0], path: f[1], canon: canonical(f[1])}
		cur.info, _ = os.Stat(f[1])
		for _, p := range prev {
			same := p.canon == cur.canon
			if !same && p.info != nil && cur.info != nil {
				same = os.SameFile(p.info, cur.info)
			}
			if same {
				return UsageError("%s %s and %s %s are the same file: each needs its own", p.what, p.path, cur.what, cur.path)
			}
		}
		prev = append(prev, cur)
	}
	return nil
}

// canonical is path made absolute and clean, with the symbolic links of
// its longest existing prefix resolved.
func canonical(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		return filepath.Clean(path)
	}
	rest := ""
	for d := abs; ; {
		if r, err := filepath.EvalSymlinks(d); err == nil {
			return filepath.Join(r, rest)
		}
		parent := filepath.Dir(d)
		if parent == d {
			return abs
		}
		rest = filepath.Join(filepath.Base(d), rest)
		d = parent
	}
}

// CheckWritableDir checks, before any work, that the directory dir
// exists and accepts new files, or can be created: its nearest existing
// ancestor is a directory that accepts them. what names it in the
// message ("--results"). Its error is a usage error (ExitUsage).
func CheckWritableDir(what, dir string) error {
	d := filepath.Clean(dir)
	for {
		st, err := os.Stat(d)
		if err == nil && !st.IsDir() {
			return UsageError("%s %s: %s is not a directory", what, dir, d)
		}
		if err == nil {
			break
		}
		parent := filepath.Dir(d)
		if parent == d {
			return UsageError("%s %s: no part of it exists", what, dir)
		}
		d = parent
	}
	f, err := os.CreateTemp(d, ".mutprop-writable-*")
	if err != nil {
		return UsageError("%s %s: cannot write in %s: %v", what, dir, d, unwrapPath(err))
	}
	name := f.Name()
	f.Close()
	if err := os.Remove(name); err != nil {
		return fmt.Errorf("%s %s: removing the probe file %s: %w", what, dir, name, err)
	}
	return nil
}
