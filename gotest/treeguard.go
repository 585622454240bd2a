package gotest

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"
)

// treeGuard keeps the package directory byte-identical while its mutants
// run, and says which mutant wrote into it.
//
// A test binary runs in a scratch directory, with TMPDIR in the scratch
// area, built with -trimpath (runtime.Caller gives a module path, not the
// user's directory): a mutant reaches the package directory only by an
// absolute path it learnt some other way. That cannot be prevented without
// privileges (mount namespaces; Landlock from inside the binary), so it is
// detected, attributed, and undone:
//
//   - before the first mutant runs, the guard records the package
//     directory's entries (not recursing into subdirectories, which are
//     other packages) and the whole of its testdata tree, and copies their
//     regular files into the run's temporary directory;
//   - after every run of a test binary it compares them again (type, mode,
//     size, inode, change time: a write cannot keep the change time), when
//     an inotify watch of them (changeWatch, inode_linux.go) reports an
//     event since the last comparison (or there is no watch);
//   - a change is not undone on sight, since it may be the user's (an
//     editor saving a file during a long run): the runs that may have made
//     it (the run that just ended and the runs in flight, less those that
//     started after the file's modification time) each run their tests
//     again alone, with no other run in flight, from the recorded state
//     (the suspected changes are set aside meanwhile, and put back if the
//     rerun changes nothing); a run that changes the directory again is
//     named in its mutant's reason, and everything it and the suspected
//     changes touched is restored from the copies (created entries
//     removed, files put back with their mode and times);
//   - a change no suspect repeats is taken for an outside edit: it is kept
//     (and becomes what later restores put back) and logged with the
//     suspects' IDs. When the run is interrupted, suspects cannot rerun and
//     their changes are restored, and logged.
//
// Files that mutprop itself holds open (its journal) are not guarded. Not
// guarded either: subdirectories other than testdata, the rest of the
// module, the home directory.
type treeGuard struct {
	dir      string // the package directory
	pristine string // copies of its regular files, as restores put them back
	log      func(format string, args ...any)

	// gate is held shared by every guarded run and exclusively by a
	// suspect's rerun, so that the rerun runs alone.
	gate sync.RWMutex

	mu       sync.Mutex
	orig     map[string]fileState // what restores put back, by slash path
	seen     map[string]fileState // the state last seen
	inflight map[*guardRun]bool
	// watch reports the changes of the guarded entries since diff last
	// drained it (nil: diff scans every time); verify makes the next diff
	// scan even if it reports none, since entries were watched only after
	// they were seen.
	watch  *changeWatch
	verify bool
}

// fileState is what the guard compares of one entry.
type fileState struct {
	mode         fs.FileMode
	size         int64
	ino          uint64
	ctime        int64 // ns
	atime, mtime time.Time
	link         string // symlink target
}

// guardRun is one guarded run of a test binary.
type guardRun struct {
	mutant    string
	start     time.Time
	suspected []*treeWrite // changes this run may have made
}

// treeWrite is one detected change of the directory and its suspects.
type treeWrite struct {
	changes  []change
	suspects []string
	pending  int // suspects that have not yet rerun
	found    bool
}

// newTreeGuard records dir and copies its files under pristine.
func newTreeGuard(dir, pristine string, log func(string, ...any)) (*treeGuard, error) {
	g := &treeGuard{dir: dir, pristine: pristine, log: log, inflight: map[*guardRun]bool{}}
	files, err := g.scan()
	if err != nil {
		return nil, fmt.Errorf("guard %s: %w", dir, err)
	}
	g.orig, g.seen = map[string]fileState{}, map[string]fileState{}
	for rel, st := range files {
		if err := g.keep(rel, st); err != nil {
			return nil, fmt.Errorf("guard %s: %w", dir, err)
		}
	}
	if len(files) <= maxWatched {
		g.watch = newChangeWatch()
		g.rewatch(files)
	}
	return g, nil
}

// rewatch adds to the watch the guarded entries of a scan (the package
// directory, the directories the guard descends into, regular files) that
// it does not watch yet; entries seen before they were watched make the
// next diff scan. A watch that cannot take them all is dropped.
func (g *treeGuard) rewatch(now map[string]fileState) {
	if g.watch == nil {
		return
	}
	if len(now) > maxWatched {
		g.watch.close()
		g.watch = nil
		return
	}
	add := func(rel string) bool {
		fresh, err := g.watchOne(rel)
		if err != nil {
			g.watch.close()
			g.watch = nil
			return false
		}
		g.verify = g.verify || fresh
		return true
	}
	if !add(".") {
		return
	}
	for rel, st := range now {
		if st.mode.IsRegular() || st.mode.IsDir() && watched(rel) {
			if !add(rel) {
				return
			}
		}
	}
}

// watchOne watches the entry rel; fresh reports an inode not watched yet.
func (g *treeGuard) watchOne(rel string) (fresh bool, err error) {
	_, fresh, err = g.watch.add(filepath.Join(g.dir, filepath.FromSlash(rel)))
	if os.IsNotExist(err) {
		return true, nil // removed since the scan: the next diff sees it
	}
	return fresh, err
}

// keep makes st, the current state of rel, what restores put back.
func (g *treeGuard) keep(rel string, st fileState) error {
	if st.mode.IsRegular() {
		dst := filepath.Join(g.pristine, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		if err := copyFile(filepath.Join(g.dir, filepath.FromSlash(rel)), dst); err != nil {
			return err
		}
	}
	g.orig[rel], g.seen[rel] = st, st
	return nil
}

// watched reports whether the guard descends into the directory rel.
func watched(rel string) bool {
	return rel == "." || rel == "testdata" || strings.HasPrefix(rel, "testdata/")
}

// scan reads the state of the guarded entries.
func (g *treeGuard) scan() (map[string]fileState, error) {
	out := map[string]fileState{}
	err := filepath.WalkDir(g.dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			if path != g.dir && os.IsNotExist(err) {
				return nil // removed while walking
			}
			return err
		}
		rel, err := filepath.Rel(g.dir, path)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if rel == "." {
			return nil
		}
		st, err := stateOf(path)
		if err != nil {
			if os.IsNotExist(err) {
				return nil
			}
			return err
		}
		out[rel] = st
		if d.IsDir() && !watched(rel) {
			return filepath.SkipDir
		}
		return nil
	})
	return out, err
}

func stateOf(path string) (fileState, error) {
	fi, err := os.Lstat(path)
	if err != nil {
		return fileState{}, err
	}
	st := fileState{mode: fi.Mode(), size: fi.Size(), mtime: fi.ModTime()}
	st.ino, st.ctime, st.atime = inodeTimes(fi)
	if fi.Mode()&fs.ModeSymlink != 0 {
		if st.link, err = os.Readlink(path); err != nil {
			return fileState{}, err
		}
	}
	if fi.IsDir() {
		// A directory changes with its entries, which are compared one
		// by one (or not guarded, outside testdata).
		st.size, st.ino, st.ctime = 0, 0, 0
	}
	return st, nil
}

// same reports whether an entry is unchanged.
func (a fileState) same(b fileState) bool {
	return a.mode == b.mode && a.size == b.size && a.ino == b.ino && a.ctime == b.ctime && a.link == b.link
}

// change is one difference from the state last seen.
type change struct {
	rel, kind string    // "created", "modified" or "removed"
	mtime     time.Time // of the entry now (zero when removed)
	now       fileState
}

// diff compares the directory with the state last seen, which it then
// updates. Files mutprop itself holds open are skipped. It scans only
// when the watch reports a change since the last diff (or there is no
// watch).
func (g *treeGuard) diff() ([]change, error) {
	// The watch is drained before the scan: a change made after the drain
	// is seen by this scan or by the next drain.
	if wds, all := g.watch.changes(); len(wds) == 0 && !all && !g.verify {
		return nil, nil
	}
	g.verify = false
	now, err := g.scan()
	if err != nil {
		g.verify = true
		return nil, err
	}
	g.rewatch(now)
	var out []change
	for rel, st := range now {
		old, ok := g.seen[rel]
		switch {
		case !ok:
			out = append(out, change{rel: rel, kind: "created", mtime: st.mtime, now: st})
		case !old.same(st):
			out = append(out, change{rel: rel, kind: "modified", mtime: st.mtime, now: st})
		}
	}
	for rel := range g.seen {
		if _, ok := now[rel]; !ok {
			out = append(out, change{rel: rel, kind: "removed"})
		}
	}
	if len(out) == 0 {
		return nil, nil
	}
	g.seen = now
	open := ownOpenFiles(g.dir)
	kept := out[:0]
	for _, c := range out {
		if !open[c.rel] {
			kept = append(kept, c)
		}
	}
	sort.Slice(kept, func(i, j int) bool { return kept[i].rel < kept[j].rel })
	return kept, nil
}

// ownOpenFiles returns the files under dir that this process holds open,
// by slash-separated relative path.
func ownOpenFiles(dir string) map[string]bool {
	out := map[string]bool{}
	fds, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		return out
	}
	for _, fd := range fds {
		target, err := os.Readlink("/proc/self/fd/" + fd.Name())
		if err != nil {
			continue
		}
		if rel, err := filepath.Rel(dir, target); err == nil && filepath.IsLocal(rel) {
			out[filepath.ToSlash(rel)] = true
		}
	}
	return out
}

// restore puts back the recorded state of the entries rels: entries that
// were not recorded are removed, the others copied back, parents first.
func (g *treeGuard) restore(rels []string) error {
	sort.Strings(rels)
	var errs []string
	for _, rel := range rels {
		if _, ok := g.orig[rel]; !ok {
			if err := os.RemoveAll(filepath.Join(g.dir, filepath.FromSlash(rel))); err != nil {
				errs = append(errs, err.Error())
			}
		}
	}
	for _, rel := range rels {
		if _, ok := g.orig[rel]; ok {
			if err := g.put(rel); err != nil {
				errs = append(errs, err.Error())
			}
		}
	}
	now, err := g.scan()
	if err != nil {
		errs = append(errs, err.Error())
	} else {
		g.seen = now
		g.rewatch(now)
	}
	if len(errs) > 0 {
		return fmt.Errorf("restore %s: %s", g.dir, strings.Join(errs, "; "))
	}
	return nil
}

// put restores one recorded entry.
func (g *treeGuard) put(rel string) error {
	return g.putFrom(rel, g.orig[rel], g.pristine)
}

// putFrom writes the entry rel in state st, a regular file's bytes taken
// from the same relative path under from.
func (g *treeGuard) putFrom(rel string, st fileState, from string) error {
	path := filepath.Join(g.dir, filepath.FromSlash(rel))
	if cur, err := os.Lstat(path); err == nil && (cur.Mode().Type() != st.mode.Type() || st.mode.Type() == fs.ModeSymlink) {
		if err := os.RemoveAll(path); err != nil {
			return err
		}
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	switch {
	case st.mode.IsDir():
		return os.MkdirAll(path, st.mode.Perm())
	case st.mode&fs.ModeSymlink != 0:
		return os.Symlink(st.link, path)
	case st.mode.IsRegular():
		if err := copyFile(filepath.Join(from, filepath.FromSlash(rel)), path); err != nil {
			return err
		}
		if err := os.Chmod(path, st.mode.Perm()); err != nil {
			return err
		}
		return os.Chtimes(path, st.atime, st.mtime)
	}
	return nil // a device, pipe or socket: left as is
}

// accept takes changes for outside edits: their current state becomes
// what restores put back.
func (g *treeGuard) accept(changes []change) {
	for _, c := range changes {
		if c.kind == "removed" {
			delete(g.orig, c.rel)
			continue
		}
		st, err := stateOf(filepath.Join(g.dir, filepath.FromSlash(c.rel)))
		if err != nil {
			continue // gone meanwhile: the next check sees it
		}
		if err := g.keep(c.rel, st); err != nil {
			g.log("%s: cannot copy %s: %v", g.dir, c.rel, err)
		}
	}
}

func describe(changes []change) string {
	parts := make([]string, len(changes))
	for i, c := range changes {
		parts[i] = c.kind + " " + c.rel
	}
	return strings.Join(parts, ", ")
}

func rels(changes ...[]change) []string {
	var out []string
	seen := map[string]bool{}
	for _, cs := range changes {
		for _, c := range cs {
			if !seen[c.rel] {
				seen[c.rel] = true
				out = append(out, c.rel)
			}
		}
	}
	return out
}

// clockSlack covers the coarse clock of file times (a kernel tick behind
// time.Now).
const clockSlack = 50 * time.Millisecond

// do runs one test binary for mutant under the guard and returns run's
// results, with a note when the mutant wrote into the package directory.
func (g *treeGuard) do(ctx context.Context, mutant string, run func() (Verdict, error)) (Verdict, error) {
	g.gate.RLock()
	r := &guardRun{mutant: mutant, start: time.Now()}
	g.mu.Lock()
	g.inflight[r] = true
	g.mu.Unlock()
	v, err := run()
	g.mu.Lock()
	delete(g.inflight, r)
	g.checkLocked(r)
	suspected := r.suspected
	g.mu.Unlock()
	g.gate.RUnlock()
	if len(suspected) > 0 {
		if note := g.confirm(ctx, r, run, suspected); note != "" {
			v.Notes = append(v.Notes, note)
		}
	}
	return v, err
}

// checkLocked looks for changes after r's run and makes suspects of the
// runs that may have made them: r, and the runs in flight that started
// before the latest modification time among them.
func (g *treeGuard) checkLocked(r *guardRun) {
	changes, err := g.diff()
	if err != nil {
		g.log("%s: cannot check the package directory: %v", g.dir, err)
		return
	}
	if len(changes) == 0 {
		return
	}
	// Runs that ended earlier were checked when they ended: the change
	// was made by r or by a run still in flight.
	var latest time.Time
	dated := true
	for _, c := range changes {
		if c.mtime.IsZero() {
			dated = false
		} else if c.mtime.After(latest) {
			latest = c.mtime
		}
	}
	w := &treeWrite{changes: changes}
	for o := range g.inflight {
		if !dated || !o.start.After(latest.Add(clockSlack)) {
			o.suspected = append(o.suspected, w)
			w.suspects = append(w.suspects, o.mutant)
		}
	}
	r.suspected = append(r.suspected, w)
	w.suspects = append(w.suspects, r.mutant)
	w.pending = len(w.suspects)
	sort.Strings(w.suspects)
}

// confirm reruns r alone (no other guarded run in flight), from the
// recorded state of what the suspected changes touched: if it changes the
// directory again, it restores those changes and the suspected ones and
// returns a note naming them; otherwise the suspected changes are put back
// as they were, and a change no suspect repeats is kept as an outside
// edit. Interrupted, it restores the suspected changes.
func (g *treeGuard) confirm(ctx context.Context, r *guardRun, run func() (Verdict, error), suspected []*treeWrite) string {
	g.gate.Lock()
	defer g.gate.Unlock()
	g.mu.Lock()
	if ctx.Err() != nil {
		defer g.mu.Unlock()
		return g.interrupted(suspected)
	}
	if changes, err := g.diff(); err == nil && len(changes) > 0 {
		// Nothing runs: an outside edit.
		g.accept(changes)
		g.log("%s: kept %s, changed while no mutant ran", g.dir, describe(changes))
	}
	var first []change
	for _, w := range suspected {
		first = append(first, w.changes...)
	}
	touched := rels(first)
	stash, err := g.stash(touched)
	if err == nil {
		err = g.restore(touched)
	}
	g.mu.Unlock()
	if err != nil {
		g.log("%s: cannot rerun %s from the recorded state: %v", g.dir, r.mutant, err)
	} else {
		_, _ = run()
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if ctx.Err() != nil {
		return g.interrupted(suspected)
	}
	again, derr := g.diff()
	if derr != nil {
		g.log("%s: cannot check the package directory: %v", g.dir, derr)
	}
	if len(again) > 0 {
		for _, w := range suspected {
			w.pending--
			w.found = true
		}
		if err := g.restore(rels(first, again)); err != nil {
			g.log("%s: %v", g.dir, err)
		}
		return fmt.Sprintf("wrote into the package directory %s: %s (restored; it did so again when rerun alone)",
			g.dir, describe(again))
	}
	// Not r: put the suspected changes back as they were.
	if err := g.unstash(stash); err != nil {
		g.log("%s: %v", g.dir, err)
	}
	for _, w := range suspected {
		w.pending--
		if w.pending == 0 && !w.found {
			g.accept(w.changes)
			g.log("%s: kept %s: none of %s changed it again when rerun alone, so it is taken for an outside edit",
				g.dir, describe(w.changes), strings.Join(w.suspects, ", "))
		}
	}
	return ""
}

// stashed is the state of some entries set aside before a rerun.
type stashed struct {
	dir   string
	state map[string]fileState // absent entries are not in the map
	rels  []string
}

// stash copies the current state of rels aside.
func (g *treeGuard) stash(rels []string) (*stashed, error) {
	dir := g.pristine + ".stash"
	if err := os.RemoveAll(dir); err != nil {
		return nil, err
	}
	st := &stashed{dir: dir, state: map[string]fileState{}, rels: rels}
	for _, rel := range rels {
		path := filepath.Join(g.dir, filepath.FromSlash(rel))
		fs, err := stateOf(path)
		if os.IsNotExist(err) {
			continue
		}
		if err != nil {
			return nil, err
		}
		if fs.mode.IsRegular() {
			dst := filepath.Join(dir, filepath.FromSlash(rel))
			if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
				return nil, err
			}
			if err := copyFile(path, dst); err != nil {
				return nil, err
			}
		}
		st.state[rel] = fs
	}
	return st, nil
}

// unstash puts stashed entries back.
func (g *treeGuard) unstash(st *stashed) error {
	if st == nil {
		return nil
	}
	defer os.RemoveAll(st.dir)
	rels := append([]string(nil), st.rels...)
	sort.Strings(rels)
	var errs []string
	for _, rel := range rels {
		if _, ok := st.state[rel]; !ok {
			if err := os.RemoveAll(filepath.Join(g.dir, filepath.FromSlash(rel))); err != nil {
				errs = append(errs, err.Error())
			}
		}
	}
	for _, rel := range rels {
		if fs, ok := st.state[rel]; ok {
			if err := g.putFrom(rel, fs, st.dir); err != nil {
				errs = append(errs, err.Error())
			}
		}
	}
	if now, err := g.scan(); err == nil {
		g.seen = now
		g.rewatch(now)
	}
	if len(errs) > 0 {
		return fmt.Errorf("put back %s: %s", g.dir, strings.Join(errs, "; "))
	}
	return nil
}

// interrupted restores the suspected changes that no rerun can confirm.
func (g *treeGuard) interrupted(suspected []*treeWrite) string {
	var cs []change
	var suspects []string
	for _, w := range suspected {
		if !w.found {
			cs = append(cs, w.changes...)
			suspects = append(suspects, w.suspects...)
			w.found = true
		}
	}
	if len(cs) == 0 {
		return ""
	}
	if err := g.restore(rels(cs)); err != nil {
		g.log("%s: %v", g.dir, err)
	}
	g.log("%s: restored %s, changed while %s ran (interrupted before a rerun could say which)",
		g.dir, describe(mergeChanges(cs)), strings.Join(suspects, ", "))
	return ""
}

// mergeChanges lists each path once, with its first kind.
func mergeChanges(lists ...[]change) []change {
	var out []change
	seen := map[string]bool{}
	for _, cs := range lists {
		for _, c := range cs {
			if !seen[c.rel] {
				seen[c.rel] = true
				out = append(out, c)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].rel < out[j].rel })
	return out
}

// finish checks the directory a last time, after every run has ended:
// what changed since the last check was not a mutant's doing.
func (g *treeGuard) finish() {
	g.mu.Lock()
	defer g.mu.Unlock()
	defer g.watch.close()
	changes, err := g.diff()
	if err != nil {
		g.log("%s: cannot check the package directory: %v", g.dir, err)
		return
	}
	if len(changes) > 0 {
		g.log("%s: %s after the last mutant ended: left as is", g.dir, describe(changes))
	}
}
