package engine

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
	"time"
)

// Log is an append-only journal of finished records of type T, one JSON
// object a line after a header line that identifies the experiment (the
// scenarios keep a Log of cells, mutprop run a Log of mutant outcomes). A
// run that is killed at any moment loses at most the record being written
// (each is written to the file as it ends; the disk is synced at most once
// a SyncEvery, and at Close: a crash of the machine may lose the records
// of the last SyncEvery);
// resuming skips every record the journal holds. A truncated last line is
// ignored (and reported by Warnings), never an error. Each record has a key;
// a later record with the same key replaces an earlier one when the log is
// read.
type Log[T any] struct {
	mu       sync.Mutex
	f        *os.File
	key      func(*T) string
	cells    map[string]T
	warnings []string
	// synced is when the file was last synced; now and sync are the
	// clock and the file's Sync (a test's own).
	synced time.Time
	now    func() time.Time
	sync   func() error
}

// SyncEvery is how often at most a Log syncs its file to disk. A batch of
// a thousand mutants ends a thousand records at once: a sync each cost
// humanize's run 0.4 s of its 3.4 s of mutants on a fast disk, and a
// disk's sync takes milliseconds.
const SyncEvery = time.Second

// journalVersion is the journal format this code writes and reads.
const journalVersion = "1"

// Header identifies the experiment a journal belongs to, so that a resume
// with other settings is refused instead of mixing results.
type Header struct {
	Journal string `json:"mutprop_journal"` // format version, "1"
	Suite   string `json:"suite"`
	Seed    uint64 `json:"seed"`
	// Protocol is the host's measurement protocol as JSON (propsuite's
	// Protocol for the scenarios); nil is written as {}.
	Protocol json.RawMessage `json:"protocol"`
	// Extra holds what else must match (configuration names, flags).
	Extra map[string]string `json:"extra,omitempty"`
}

// OpenLog opens the journal at path for appending records of type T,
// identified by key. If the file exists and resume is true, its records are
// loaded and its header must equal h; if it exists and resume is false it
// is an error, so that no result is lost by accident. A missing file is
// created with h as its header.
func OpenLog[T any](path string, h Header, resume bool, key func(*T) string) (*Log[T], error) {
	h = h.normal()
	j := &Log[T]{key: key, cells: map[string]T{}, now: time.Now}
	data, err := os.ReadFile(path)
	switch {
	case err == nil && len(data) > 0:
		if !resume {
			return nil, fmt.Errorf("journal %s already exists: pass --resume to continue it, or remove it", path)
		}
		if err := j.load(path, data, h); err != nil {
			return nil, err
		}
	case err != nil && !errors.Is(err, os.ErrNotExist):
		return nil, fmt.Errorf("read journal: %w", err)
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, fmt.Errorf("open journal: %w", err)
	}
	j.f, j.sync = f, f.Sync
	if len(data) == 0 {
		if err := j.writeLine(h); err != nil {
			f.Close()
			return nil, err
		}
	} else if data[len(data)-1] != '\n' {
		// Cut off the torn tail so the next record starts on its own line.
		if err := f.Truncate(int64(bytes.LastIndexByte(data, '\n') + 1)); err != nil {
			f.Close()
			return nil, fmt.Errorf("repair journal: %w", err)
		}
	}
	return j, nil
}

// normal is the header as a journal records it: this format's version,
// and {} for no protocol.
func (h Header) normal() Header {
	h.Journal = journalVersion
	if len(h.Protocol) == 0 {
		h.Protocol = json.RawMessage("{}")
	}
	return h
}

// ReadLog reads a journal of records of type T, identified by key, without
// opening it for writing (for merge). It returns the header, the records by
// key and what was repaired while reading.
func ReadLog[T any](path string, key func(*T) string) (Header, map[string]T, []string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return Header{}, nil, nil, fmt.Errorf("read journal: %w", err)
	}
	j := &Log[T]{key: key, cells: map[string]T{}}
	h, err := j.parse(path, data)
	return h, j.cells, j.warnings, err
}

func (j *Log[T]) load(path string, data []byte, want Header) error {
	got, err := j.parse(path, data)
	if err != nil {
		return err
	}
	if !jsonEqual(got, want) {
		a, _ := json.Marshal(got)
		b, _ := json.Marshal(want)
		return fmt.Errorf("journal %s belongs to another experiment:\n  journal: %s\n  this run: %s", path, a, b)
	}
	return nil
}

func (j *Log[T]) parse(path string, data []byte) (Header, error) {
	var h Header
	lines := bytes.Split(data, []byte("\n"))
	// A final segment without its newline is a record torn by a kill: it
	// never counts, whether or not it happens to parse.
	torn := lines[len(lines)-1]
	lines = lines[:len(lines)-1]
	if len(lines) == 0 {
		return h, fmt.Errorf("%s: empty or torn journal header", path)
	}
	if err := json.Unmarshal(lines[0], &h); err != nil || h.Journal == "" {
		return h, fmt.Errorf("%s:1: not a mutprop journal", path)
	}
	if h.Journal != journalVersion {
		return h, fmt.Errorf("%s:1: journal format %q, this mutprop reads format %q", path, h.Journal, journalVersion)
	}
	h = h.normal()
	for i, b := range lines[1:] {
		if len(bytes.TrimSpace(b)) == 0 {
			continue
		}
		var c T
		if err := json.Unmarshal(b, &c); err != nil {
			return h, fmt.Errorf("%s:%d: malformed journal record: %v", path, i+2, err)
		}
		j.cells[j.key(&c)] = c
	}
	if len(torn) > 0 {
		j.warnings = append(j.warnings, fmt.Sprintf("%s:%d: ignoring a truncated last record", path, len(lines)+1))
	}
	return h, nil
}

// Cells returns the records the journal held when it was opened, by key.
func (j *Log[T]) Cells() map[string]T { return j.cells }

// Warnings lists what was repaired while reading.
func (j *Log[T]) Warnings() []string { return j.warnings }

// Append writes one finished record, and syncs the file to disk if it
// was last synced SyncEvery ago or more.
func (j *Log[T]) Append(c T) error {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.writeLine(c)
}

func (j *Log[T]) writeLine(v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("encode journal record: %w", err)
	}
	if _, err := j.f.Write(append(b, '\n')); err != nil {
		return fmt.Errorf("write journal: %w", err)
	}
	if now := j.now(); now.Sub(j.synced) >= SyncEvery {
		j.synced = now
		return j.sync()
	}
	return nil
}

// Close syncs the journal file to disk and closes it.
func (j *Log[T]) Close() error {
	j.mu.Lock()
	defer j.mu.Unlock()
	if err := j.sync(); err != nil {
		j.f.Close()
		return fmt.Errorf("sync journal: %w", err)
	}
	return j.f.Close()
}

var _ io.Closer = (*Log[struct{}])(nil)

// jsonEqual reports whether a and b encode to the same JSON.
func jsonEqual(a, b any) bool {
	x, errX := json.Marshal(a)
	y, errY := json.Marshal(b)
	return errX == nil && errY == nil && bytes.Equal(x, y)
}
