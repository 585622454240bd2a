package sandbox

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// A run's temporary directory (mutprop-run-* under the run's TempDir or
// os.TempDir) is removed when the run ends; a run killed by SIGKILL
// leaves it. So each run holds an exclusive lock (flock) on runLockName
// inside its directory for its whole life, and at its start removes the
// other mutprop-run-* directories of the same parent whose lock it can
// take: the lock of a killed process is released by the kernel, that of a
// live run (of this process or another) is not. A directory without the
// lock file (a run that is starting, or a mutprop from before the lock)
// counts as stale only when it has not changed for legacyStaleAge.
const (
	runDirPrefix = "mutprop-run-"
	runLockName  = ".mutprop-run.lock"
	// legacyStaleAge is how old a run directory without a lock file must
	// be to count as a killed run's.
	legacyStaleAge = 24 * time.Hour
)

// MakeRunDir creates a run's temporary directory in parent (os.TempDir
// when ""): mutprop-run-KEY when key is set and no live run holds that
// name, else a new mutprop-run-* of a random name. A name that stays the
// same from run to run keeps the paths of the module's copy, and so the go
// build cache's entries for its packages: a second run of an unchanged
// module takes its schemata build from the cache (mutprop builds without
// -trimpath, so a package's directory is part of its cache key). A
// killed run's directory of that name is removed first; another live
// run's, or a directory without a lock file, is left alone. The caller
// locks the directory (ClaimRunDir) at once, and removes it before it
// releases the lock.
func MakeRunDir(parent, key string) (string, error) {
	if parent == "" {
		parent = os.TempDir()
	}
	if key != "" && canLock {
		dir := filepath.Join(parent, runDirPrefix+key)
		err := os.Mkdir(dir, 0o700)
		if errors.Is(err, fs.ErrExist) {
			if unlock, stale := staleRunDir(dir, time.Now()); stale {
				rerr := removeAll(dir)
				unlock()
				if rerr == nil {
					err = os.Mkdir(dir, 0o700)
				}
			}
		}
		if err == nil {
			return dir, nil
		}
	}
	return os.MkdirTemp(parent, runDirPrefix)
}

// ClaimRunDir locks tmp, a run's new temporary directory (named
// mutprop-run-*), for the run's life, then removes the directories
// earlier runs killed by SIGKILL left beside it, saying so through logf.
// It returns the function that releases the lock.
func ClaimRunDir(tmp string, logf func(format string, args ...any)) (release func()) {
	release, err := lockRunDir(tmp)
	if err != nil {
		logf("the run's temporary directory %s is not locked (%v): a later run may take it for a killed run's", tmp, err)
		release = func() {}
	}
	n, size, err := reclaimStaleRunDirs(filepath.Dir(tmp), tmp, time.Now())
	if n > 0 {
		logf("removed %d stale temporary director%s of killed runs (%.1f MB) from %s", n, plural(n, "y", "ies"), float64(size)/1e6, filepath.Dir(tmp))
	}
	if err != nil {
		logf("stale temporary directories of killed runs: %v", err)
	}
	return release
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// reclaimStaleRunDirs removes the run directories of parent, but self,
// that no live run holds (see runDirPrefix), and returns how many it
// removed and their size in bytes. Errors name the directories it could
// not remove; the others are removed all the same.
func reclaimStaleRunDirs(parent, self string, now time.Time) (n int, size int64, err error) {
	if !canLock {
		return 0, 0, nil
	}
	entries, err := os.ReadDir(parent)
	if err != nil {
		return 0, 0, fmt.Errorf("read %s: %w", parent, err)
	}
	var errs []error
	for _, e := range entries {
		dir := filepath.Join(parent, e.Name())
		if !e.IsDir() || !strings.HasPrefix(e.Name(), runDirPrefix) || dir == self {
			continue
		}
		unlock, stale := staleRunDir(dir, now)
		if !stale {
			continue
		}
		sz := treeSize(dir)
		rerr := removeAll(dir)
		unlock()
		if rerr != nil {
			errs = append(errs, fmt.Errorf("remove %s: %w", dir, rerr))
			continue
		}
		n++
		size += sz
	}
	return n, size, errors.Join(errs...)
}

// staleRunDir reports whether dir is a killed run's: its lock could be
// taken (then held until unlock), or it has no lock file and has not
// changed for legacyStaleAge. A directory of another user is never stale.
func staleRunDir(dir string, now time.Time) (unlock func(), stale bool) {
	unlock = func() {}
	fi, err := os.Lstat(dir)
	if err != nil || !fi.IsDir() || !ownedByMe(fi) {
		return unlock, false
	}
	lock := filepath.Join(dir, runLockName)
	if _, err := os.Lstat(lock); errors.Is(err, fs.ErrNotExist) {
		return unlock, now.Sub(fi.ModTime()) > legacyStaleAge
	} else if err != nil {
		return unlock, false
	}
	return tryLockRunDir(lock)
}

// treeSize sums the sizes of the files under dir.
func treeSize(dir string) int64 {
	var n int64
	_ = filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if fi, err := d.Info(); err == nil {
				n += fi.Size()
			}
		}
		return nil
	})
	return n
}
