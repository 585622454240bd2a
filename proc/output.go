package proc

import (
	"bytes"
	"io"
	"strconv"
	"sync"
)

// Default output bounds (Spec.OutputHead, Spec.OutputTail, Spec.OutputLimit).
const (
	defaultOutputHead  = 1 << 20   // bytes kept from the start of the output
	defaultOutputTail  = 1 << 20   // bytes kept from the end of the output
	defaultOutputLimit = 256 << 20 // bytes a process may write before its group is killed
)

// output collects a process's stdout and stderr: the first head bytes, the
// last tail bytes (a ring), and a count of what it drops in between, so that
// its memory stays bounded whatever the process writes. Past limit bytes
// written (limit >= 0) it calls exceeded, once; it keeps taking (and
// dropping) writes after that, so the pipe drains until the process dies.
type output struct {
	mu       sync.Mutex
	headMax  int
	tailMax  int
	limit    int64 // negative: no budget
	exceeded func()
	tee      io.Writer // Spec.Watch's writer: sees every byte; nil without one

	head    []byte
	ring    []byte // the tail: tailMax bytes once allocated
	start   int    // index in ring of the oldest kept byte
	n       int    // bytes kept in ring
	prev    byte   // the byte just before the oldest ring byte (when dropped > 0)
	dropped int64  // bytes evicted from the ring
	written int64
	tripped bool
}

// newOutput returns the output of a run under s's bounds; exceeded is called
// once when the budget is spent.
func newOutput(s Spec, exceeded func()) *output {
	o := &output{headMax: s.OutputHead, tailMax: s.OutputTail, limit: s.OutputLimit, exceeded: exceeded}
	if o.headMax == 0 {
		o.headMax = defaultOutputHead
	}
	if o.tailMax == 0 {
		o.tailMax = defaultOutputTail
	}
	if o.limit == 0 {
		o.limit = defaultOutputLimit
	}
	o.headMax, o.tailMax = max(o.headMax, 0), max(o.tailMax, 0)
	return o
}

// budget returns the output budget in bytes, or -1 for none.
func (o *output) budget() int64 {
	if o.limit < 0 {
		return -1
	}
	return o.limit
}

// Write keeps what fits in the head and the tail; it never fails.
func (o *output) Write(p []byte) (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	n := len(p)
	o.written += int64(n)
	if o.tee != nil {
		_, _ = o.tee.Write(p) // a watcher's own trouble is not the process's
	}
	if room := o.headMax - len(o.head); room > 0 {
		k := min(room, len(p))
		o.head = append(o.head, p[:k]...)
		p = p[k:]
	}
	if len(p) > 0 {
		o.push(p)
	}
	if o.limit >= 0 && o.written > o.limit && !o.tripped {
		o.tripped = true
		if o.exceeded != nil {
			o.exceeded()
		}
	}
	return n, nil
}

// push appends p to the ring, evicting its oldest bytes.
func (o *output) push(p []byte) {
	if o.tailMax == 0 {
		o.prev = p[len(p)-1]
		o.dropped += int64(len(p))
		return
	}
	if o.ring == nil {
		o.ring = make([]byte, o.tailMax)
	}
	if len(p) >= o.tailMax {
		cut := len(p) - o.tailMax
		switch {
		case cut > 0:
			o.prev = p[cut-1]
		case o.n > 0:
			o.prev = o.ring[(o.start+o.n-1)%o.tailMax] // the newest kept byte
		}
		o.dropped += int64(o.n + cut)
		copy(o.ring, p[cut:])
		o.start, o.n = 0, o.tailMax
		return
	}
	if k := o.n + len(p) - o.tailMax; k > 0 {
		o.prev = o.ring[(o.start+k-1)%o.tailMax]
		o.start = (o.start + k) % o.tailMax
		o.n -= k
		o.dropped += int64(k)
	}
	at := (o.start + o.n) % o.tailMax
	c := copy(o.ring[at:], p)
	copy(o.ring, p[c:])
	o.n += len(p)
}

// result returns the output kept, the bytes dropped and the bytes written.
// When bytes were dropped, the kept output is the head up to its last
// newline, a marker line saying how many bytes were dropped, and the tail
// from its first line start: every kept line is whole, so the framing of a
// test2json stream's last lines (--- FAIL, FAIL) survives.
func (o *output) result() (kept []byte, dropped, written int64) {
	o.mu.Lock()
	defer o.mu.Unlock()
	tail := make([]byte, 0, o.n)
	if o.n > 0 {
		end := o.start + o.n
		if end <= o.tailMax {
			tail = append(tail, o.ring[o.start:end]...)
		} else {
			tail = append(append(tail, o.ring[o.start:]...), o.ring[:end-o.tailMax]...)
		}
	}
	if o.dropped == 0 {
		return append(append([]byte(nil), o.head...), tail...), 0, o.written
	}
	head := o.head
	dropped = o.dropped
	if i := bytes.LastIndexByte(head, '\n'); i >= 0 && i < len(head)-1 {
		dropped += int64(len(head) - i - 1)
		head = head[:i+1]
	}
	if o.prev != '\n' {
		if i := bytes.IndexByte(tail, '\n'); i >= 0 {
			dropped += int64(i + 1)
			tail = tail[i+1:]
		}
	}
	kept = append(make([]byte, 0, len(head)+len(tail)+80), head...)
	if len(kept) > 0 && kept[len(kept)-1] != '\n' {
		kept = append(kept, '\n')
	}
	kept = append(kept, droppedMarker...)
	kept = strconv.AppendInt(kept, dropped, 10)
	kept = append(kept, " bytes of output dropped here]\n"...)
	return append(kept, tail...), dropped, o.written
}

// HeadTail keeps the first and the last bytes written to it, in bounded
// memory, the way Run keeps a process's output: its String is the head, a
// marker line counting what was dropped ("[mutprop: <n> bytes of output
// dropped here]"), and the tail, cut to whole lines. The tail's buffer is allocated only once the head is full.
type HeadTail struct{ o *output }

// NewHeadTail returns a HeadTail that keeps head bytes from the start and
// tail bytes from the end (both at least 1).
func NewHeadTail(head, tail int) *HeadTail {
	return &HeadTail{o: newOutput(Spec{OutputHead: max(head, 1), OutputTail: max(tail, 1), OutputLimit: -1}, nil)}
}

// Write keeps what fits in the head and the tail; it never fails.
func (h *HeadTail) Write(p []byte) (int, error) { return h.o.Write(p) }

// String returns what was kept.
func (h *HeadTail) String() string {
	kept, _, _ := h.o.result()
	return string(kept)
}

// droppedMarker starts the line Run puts in Result.Output where it dropped
// the middle of a long output: droppedMarker + "<n> bytes of output dropped
// here]".
const droppedMarker = "[mutprop: "
