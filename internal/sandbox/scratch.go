package sandbox

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sync/atomic"
)

// A Scratch is a worker's copy of a Template: the test binary runs in the
// package's directory in it, with TMPDIR beside it. Reset brings it back
// to the template's state before every run, entry by entry (what a test
// wrote, created or removed is undone), so files a mutant writes never
// reach the next run, and the user's tree is never a working directory.
//
// On Linux an inotify watch of the copy's entries says whether the last
// run changed anything: most runs write nothing, and their reset costs one
// read of the watch instead of a walk of the whole copy.
//
// Several Scratches may share one copy (For): the test packages of one
// module each see the worker's copy from their own package directory, and
// share what Reset knows of it. A Scratch is used by one goroutine at a
// time.
type Scratch struct {
	tmpl *Template
	dir  string // the copy's module root
	copy *copyState
}

// copyState is what Reset knows of a module's copy.
type copyState struct {
	state snapshot // the copy's entries as Reset left them; nil before the first Reset
	// watch reports the changes made to the copy's entries and to the
	// temporary directory since Reset last drained it (nil: Reset walks
	// the copy and empties the directory every time); verify makes the
	// next Reset walk the copy even if it reports none, since entries were
	// made or put back before they were watched. tempWDs are the watch
	// descriptors of the temporary directory, the current one and those
	// it replaced (whose removal is an event too).
	watch   *changeWatch
	verify  bool
	tempWD  int
	tempWDs map[int]bool
	resets  atomic.Int64 // Resets made: one per run in the copy
}

// NewScratch returns a copy of t to be made at dir (its module root) by
// the first Reset; its TMPDIR is dir + ".tmp".
func NewScratch(t *Template, dir string) *Scratch {
	return &Scratch{tmpl: t, dir: dir, copy: &copyState{}}
}

// For returns the same copy seen from t's package directory (t a template
// of the same copy of the module), sharing what Reset knows of it.
func (s *Scratch) For(t *Template) *Scratch { return &Scratch{tmpl: t, dir: s.dir, copy: s.copy} }

// WorkDir is the package's directory in the copy: the test binary's
// working directory.
func (s *Scratch) WorkDir() string { return filepath.Join(s.dir, s.tmpl.pkgRel) }

// Root is the copy's module root.
func (s *Scratch) Root() string { return s.dir }

// TempDir is the test binary's TMPDIR.
func (s *Scratch) TempDir() string { return s.dir + ".tmp" }

// Resets counts the Resets made on the copy: one per test process that
// ran in it.
func (s *Scratch) Resets() int { return int(s.copy.resets.Load()) }

// Close releases the copy's watch: later Resets walk the copy.
func (s *Scratch) Close() { s.copy.dropWatch() }

// maxWatched bounds the entries of one tree (a worker's copy of the
// module, the guarded package directory) that a changeWatch takes: inotify
// watches are a per-user budget (fs.inotify.max_user_watches, 8192 by
// default before Linux 5.11) shared with editors and the like. A larger
// tree is walked after every run instead.
const maxWatched = 4096

// Reset empties the temporary directory and brings the copy back to the
// template: the first time by copying it whole, then by undoing what the
// last run changed (entries created, modified or removed), which costs a
// walk of the copy when its watch saw a change (or there is no watch).
func (s *Scratch) Reset() error {
	c := s.copy
	c.resets.Add(1)
	if c.state == nil {
		if err := s.copyWhole(); err != nil {
			return fmt.Errorf("reset scratch: %w", err)
		}
		return nil
	}
	// The watch is drained before the walk: a change made after the drain
	// is seen by this walk or by the next drain.
	wds, all := c.watch.changes()
	if all || wds[c.tempWD] {
		if err := s.emptyTemp(); err != nil {
			return fmt.Errorf("reset scratch: %w", err)
		}
	}
	for wd := range c.tempWDs {
		delete(wds, wd)
	}
	if !all && len(wds) == 0 && !c.verify {
		return nil
	}
	c.verify = false
	back, err := s.restore()
	if err != nil {
		// Start again from a whole copy.
		c.state = nil
		return s.Reset()
	}
	c.watchEntries(s.dir, back)
	return nil
}

// Changed lists the entries of the copy (slash-separated, relative to the
// module's root) that the runs since the last Reset created, modified or
// removed; the temporary directory is not the copy's.
func (s *Scratch) Changed() ([]string, error) {
	if s.copy.state == nil {
		return nil, nil
	}
	now, err := takeSnapshot(s.dir, nil)
	if err != nil {
		return nil, fmt.Errorf("scratch: %w", err)
	}
	var out []string
	for _, c := range diff(s.copy.state, now) {
		out = append(out, c.rel)
	}
	slices.Sort(out)
	return out, nil
}

// copyWhole makes the copy and its temporary directory anew, and watches
// them.
func (s *Scratch) copyWhole() error {
	c := s.copy
	c.watch.close()
	c.watch, c.tempWDs = newChangeWatch(), map[int]bool{}
	if err := s.emptyTemp(); err != nil {
		return err
	}
	if err := removeAll(s.dir); err != nil {
		return err
	}
	if err := copyTree(s.tmpl.root, s.dir, nil); err != nil {
		return err
	}
	st, err := takeSnapshot(s.dir, nil)
	if err != nil {
		return err
	}
	c.state = st
	if len(st) > maxWatched {
		c.dropWatch()
		return nil
	}
	c.watchEntries(s.dir, append(slices.Collect(maps.Keys(st)), "."))
	return nil
}

// emptyTemp makes the temporary directory anew, and watches it.
func (s *Scratch) emptyTemp() error {
	c := s.copy
	tmp := s.TempDir()
	if err := removeAll(tmp); err != nil {
		return err
	}
	if err := os.MkdirAll(tmp, 0o755); err != nil {
		return err
	}
	c.tempWD = -1
	if c.watch == nil {
		return nil
	}
	wd, _, err := c.watch.add(tmp)
	if err != nil {
		c.dropWatch()
		return nil
	}
	c.tempWD, c.tempWDs[wd] = wd, true
	return nil
}

// restore undoes the changes made to the copy since the last Reset and
// returns the entries it put back.
func (s *Scratch) restore() ([]string, error) {
	now, err := takeSnapshot(s.dir, nil)
	if err != nil {
		return nil, err
	}
	var rels []string
	for _, c := range diff(s.copy.state, now) {
		rels = append(rels, c.rel)
	}
	if err := restore(s.dir, s.copy.state, s.tmpl.root, rels); err != nil {
		return nil, err
	}
	var back []string
	for _, rel := range rels {
		if _, ok := s.copy.state[rel]; !ok {
			continue
		}
		st, err := stateOf(filepath.Join(s.dir, filepath.FromSlash(rel)))
		if err != nil {
			return nil, err
		}
		s.copy.state[rel] = st
		back = append(back, rel)
	}
	return back, nil
}

// watchEntries adds the copy's entries rels ("." is its root) to the
// watch, if there is one; a watch that cannot take them all is dropped.
// The next Reset walks the copy: the entries were made before they were
// watched. (The changes a restore makes are events too.)
func (c *copyState) watchEntries(root string, rels []string) {
	if c.watch == nil || len(rels) == 0 {
		return
	}
	c.verify = true
	for _, rel := range rels {
		if st, ok := c.state[rel]; rel != "." && (!ok || !st.mode.IsDir() && !st.mode.IsRegular()) {
			continue // a symbolic link: replacing it changes its directory
		}
		if _, _, err := c.watch.add(filepath.Join(root, filepath.FromSlash(rel))); err != nil {
			c.dropWatch()
			return
		}
	}
}

// dropWatch gives up the watch: Reset walks the copy every time.
func (c *copyState) dropWatch() {
	c.watch.close()
	c.watch, c.tempWD = nil, -1
}
