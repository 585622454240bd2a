//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package sandbox

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"time"
)

// canLock: run directories are locked with flock(2).
const canLock = true

// lockRunDir creates dir's lock file, locked: it is written and locked
// under another name, then renamed, so that no other run ever sees it
// unlocked while this one lives. The lock holds until release, or the
// process's end (a SIGKILL included).
func lockRunDir(dir string) (release func(), err error) {
	tmp := filepath.Join(dir, runLockName+".new")
	f, err := os.OpenFile(tmp, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return nil, fmt.Errorf("lock: %w", err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		os.Remove(tmp)
		return nil, fmt.Errorf("lock %s: %w", tmp, err)
	}
	fmt.Fprintf(f, "mutprop run: pid %d, started %s\n", os.Getpid(), time.Now().Format(time.RFC3339))
	if err := os.Rename(tmp, filepath.Join(dir, runLockName)); err != nil {
		f.Close()
		os.Remove(tmp)
		return nil, fmt.Errorf("lock: %w", err)
	}
	return func() { f.Close() }, nil
}

// tryLockRunDir takes the lock of a run directory if no process holds it.
func tryLockRunDir(lock string) (unlock func(), ok bool) {
	f, err := os.OpenFile(lock, os.O_RDWR, 0)
	if err != nil {
		return func() {}, false
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		return func() {}, false
	}
	return func() { f.Close() }, true
}

// ownedByMe reports whether the file belongs to this process's user.
func ownedByMe(fi fs.FileInfo) bool {
	st, ok := fi.Sys().(*syscall.Stat_t)
	return ok && int(st.Uid) == os.Getuid()
}

// tryFlock takes an exclusive flock on f if no process holds one: false
// when another does.
func tryFlock(f *os.File) (bool, error) {
	err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	if err == syscall.EWOULDBLOCK {
		return false, nil
	}
	return err == nil, err
}
