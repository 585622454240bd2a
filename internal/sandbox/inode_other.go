//go:build !linux

package sandbox

import (
	"errors"
	"io/fs"
	"time"
)

// inodeTimes returns zeros outside Linux: the tree guard compares mode,
// size, modification time and content there (mutprop run is tested on
// Linux only).
func inodeTimes(fs.FileInfo) (ino uint64, ctime int64, atime time.Time) {
	return 0, 0, time.Time{}
}

// changeWatch is Linux's inotify watch (inode_linux.go); elsewhere there
// is none, and scratch copies and the tree guard walk their tree after
// every run.
type changeWatch struct{}

func newChangeWatch() *changeWatch { return nil }

func (w *changeWatch) add(string) (int, bool, error) { return -1, false, errors.New("no watch") }

func (w *changeWatch) changes() (map[int]bool, bool) { return nil, true }

func (w *changeWatch) close() {}
