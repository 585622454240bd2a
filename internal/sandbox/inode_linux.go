package sandbox

import (
	"encoding/binary"
	"errors"
	"io/fs"
	"runtime"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// inodeTimes returns the inode number, change time (ns) and access time of
// fi: the tree guard tells a rewritten file from an untouched one by them
// even when its size and modification time were put back.
func inodeTimes(fi fs.FileInfo) (ino uint64, ctime int64, atime time.Time) {
	if sys, ok := fi.Sys().(*syscall.Stat_t); ok {
		return sys.Ino, sys.Ctim.Nano(), time.Unix(sys.Atim.Sec, sys.Atim.Nsec)
	}
	return 0, 0, time.Time{}
}

// changeWatch tells, cheaply, whether anything may have changed among the
// entries it watches since it was last asked: an inotify instance whose
// queue is drained by each question. A scratch copy and the tree guard ask
// it after every run of a test binary and walk their tree only when it
// says so (most runs write nothing), instead of a walk of the whole tree
// after every run.
//
// Every change the walks compare (type, mode, size, inode, change time) is
// an event of watchMask on the entry or on its directory: a write or
// truncation (IN_MODIFY), a chmod, chown, utimes, xattr or link count
// change (IN_ATTRIB, on the entry's own watch: a hard link made from
// outside the tree), the close of a descriptor opened for writing
// (IN_CLOSE_WRITE: mmap writes report nothing else), an entry created,
// removed or renamed (IN_CREATE, IN_DELETE, IN_MOVED_FROM, IN_MOVED_TO,
// IN_DELETE_SELF, IN_MOVE_SELF). A full queue (IN_Q_OVERFLOW) is an event
// too. Reads report nothing (IN_ACCESS and IN_OPEN are not asked for).
type changeWatch struct {
	mu      sync.Mutex
	fd      int // -1 once closed
	wds     map[int]bool
	buf     []byte
	cleanup runtime.Cleanup
}

const watchMask = unix.IN_MODIFY | unix.IN_ATTRIB | unix.IN_CLOSE_WRITE | unix.IN_CREATE | unix.IN_DELETE |
	unix.IN_MOVED_FROM | unix.IN_MOVED_TO | unix.IN_DELETE_SELF | unix.IN_MOVE_SELF | unix.IN_DONT_FOLLOW

// newChangeWatch returns an empty watch, or nil when inotify is not
// available (the instance limit, fs.inotify.max_user_instances, is
// reached): the caller then walks its tree every time.
func newChangeWatch() *changeWatch {
	fd, err := unix.InotifyInit1(unix.IN_CLOEXEC | unix.IN_NONBLOCK)
	if err != nil {
		return nil
	}
	w := &changeWatch{fd: fd, wds: map[int]bool{}, buf: make([]byte, 16<<10)}
	// A watch its owner forgets (a run's scratch copies) is closed with it.
	w.cleanup = runtime.AddCleanup(w, func(fd int) { unix.Close(fd) }, fd)
	return w
}

// add watches the entry at path (not following a symbolic link) and
// returns its watch descriptor; fresh reports a watch of an inode the
// watch did not hold yet. An error (the watch limit,
// fs.inotify.max_user_watches) leaves the watch incomplete: the caller
// must stop trusting it.
func (w *changeWatch) add(path string) (wd int, fresh bool, err error) {
	if w == nil {
		return -1, false, errors.New("no watch")
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.fd < 0 {
		return -1, false, errors.New("watch closed")
	}
	wd, err = unix.InotifyAddWatch(w.fd, path, watchMask)
	if err != nil {
		return -1, false, err
	}
	fresh = !w.wds[wd]
	w.wds[wd] = true
	return wd, fresh, nil
}

// changes drains the events queued since the last call and returns the
// watch descriptors they came from (nil when there was none); all reports
// that it cannot tell which: a nil or closed watch, an overflowed queue, a
// read error.
func (w *changeWatch) changes() (wds map[int]bool, all bool) {
	if w == nil {
		return nil, true
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.fd < 0 {
		return nil, true
	}
	for {
		n, err := unix.Read(w.fd, w.buf)
		switch {
		case errors.Is(err, unix.EINTR):
			continue
		case errors.Is(err, unix.EAGAIN):
			return wds, all
		case err != nil || n <= 0:
			return nil, true // nothing can be trusted
		}
		// struct inotify_event { int wd; u32 mask, cookie, len; char name[len]; }
		for b := w.buf[:n]; len(b) >= unix.SizeofInotifyEvent; {
			wd := int32(binary.NativeEndian.Uint32(b[0:]))
			if binary.NativeEndian.Uint32(b[4:])&unix.IN_Q_OVERFLOW != 0 {
				all = true
			}
			if wds == nil {
				wds = map[int]bool{}
			}
			wds[int(wd)] = true
			b = b[min(len(b), unix.SizeofInotifyEvent+int(binary.NativeEndian.Uint32(b[12:]))):]
		}
	}
}

// close releases the inotify instance and its watches.
func (w *changeWatch) close() {
	if w == nil {
		return
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.fd >= 0 {
		w.cleanup.Stop()
		unix.Close(w.fd)
		w.fd = -1
	}
}
