package sandbox

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"
)

// A Guard keeps a package directory of the user's tree byte-identical
// while its mutants run, and says which mutant wrote into it.
//
// A test binary runs in a Scratch, with TMPDIR in the scratch area, built
// with -trimpath (runtime.Caller gives a module path, not the user's
// directory): a mutant reaches the package directory only by an absolute
// path it learnt some other way. That cannot be prevented without
// privileges (mount namespaces; Landlock from inside the binary), so it is
// detected, attributed, and undone:
//
//   - NewGuard records the package directory's entries (not recursing
//     into subdirectories, which are other packages) and the whole of its
//     testdata tree, and copies their regular files aside;
//   - after every guarded run (Guarded) it compares them again (type,
//     mode, size, inode, change time: a write cannot keep the change
//     time), when an inotify watch of them reports an event since the last
//     comparison (or there is no watch);
//   - a change is not undone on sight, since it may be the user's (an
//     editor saving a file during a long run): the runs that may have made
//     it (the run that just ended and the runs in flight, less those that
//     started after the file's modification time) each run again alone,
//     with no other run in flight, from the recorded state (the suspected
//     changes are set aside meanwhile, and put back if the rerun changes
//     nothing); a run that changes the directory again is named in a note,
//     and everything it and the suspected changes touched is restored
//     (created entries removed, files put back with their mode and times);
//   - a change no suspect repeats is taken for an outside edit: it is kept
//     (and becomes what later restores put back) and logged with the
//     suspects' names. When the run is interrupted, suspects cannot rerun
//     and their changes are restored, and logged.
//
// Files that mutprop itself holds open (its journal) are not guarded. Not
// guarded either: subdirectories other than testdata, the rest of the
// module, the home directory.
type Guard struct {
	dir      string // the package directory
	pristine string // copies of its regular files, as restores put them back
	log      func(format string, args ...any)

	// gate is held shared by every guarded run and exclusively by a
	// suspect's rerun, so that the rerun runs alone.
	gate sync.RWMutex

	mu       sync.Mutex
	orig     snapshot // what restores put back
	seen     snapshot // the state last seen
	inflight map[*guardRun]bool
	// watch reports the changes of the guarded entries since diff last
	// drained it (nil: diff scans every time); verify makes the next diff
	// scan even if it reports none, since entries were watched only after
	// they were seen.
	watch  *changeWatch
	verify bool
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

// NewGuard records dir and copies its files under pristine (a directory
// of mutprop's own); log receives what the guard keeps or restores on its
// own account.
func NewGuard(dir, pristine string, log func(format string, args ...any)) (*Guard, error) {
	g := &Guard{dir: dir, pristine: pristine, log: log, inflight: map[*guardRun]bool{}}
	files, err := g.scan()
	if err != nil {
		return nil, fmt.Errorf("guard %s: %w", dir, err)
	}
	g.orig, g.seen = snapshot{}, snapshot{}
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

// Guarded runs run, one run of a test binary for mutant, under g (with a
// nil g it only runs it), and returns its results and, when the mutant
// wrote into the package directory, a note that says what. run may be
// called again, alone, to tell whether the mutant made a change.
func Guarded[V any](ctx context.Context, g *Guard, mutant string, run func() (V, error)) (v V, note string, err error) {
	if g == nil {
		v, err = run()
		return v, "", err
	}
	g.gate.RLock()
	r := &guardRun{mutant: mutant, start: time.Now()}
	g.mu.Lock()
	g.inflight[r] = true
	g.mu.Unlock()
	v, err = run()
	g.mu.Lock()
	delete(g.inflight, r)
	g.checkLocked(r)
	suspected := r.suspected
	g.mu.Unlock()
	g.gate.RUnlock()
	if len(suspected) > 0 {
		note = g.confirm(ctx, r, func() { _, _ = run() }, suspected)
	}
	return v, note, err
}

// rewatch adds to the watch the guarded entries of a scan (the package
// directory, the directories the guard descends into, regular files) that
// it does not watch yet; entries seen before they were watched make the
// next diff scan. A watch that cannot take them all is dropped.
func (g *Guard) rewatch(now snapshot) {
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
		if st.mode.IsRegular() || st.mode.IsDir() && guardedDir(rel) {
			if !add(rel) {
				return
			}
		}
	}
}

// watchOne watches the entry rel; fresh reports an inode not watched yet.
func (g *Guard) watchOne(rel string) (fresh bool, err error) {
	_, fresh, err = g.watch.add(filepath.Join(g.dir, filepath.FromSlash(rel)))
	if os.IsNotExist(err) {
		return true, nil // removed since the scan: the next diff sees it
	}
	return fresh, err
}

// keep makes st, the current state of rel, what restores put back.
func (g *Guard) keep(rel string, st fileState) error {
	if err := save(g.dir, g.pristine, snapshot{rel: st}, []string{rel}); err != nil {
		return err
	}
	g.orig[rel], g.seen[rel] = st, st
	return nil
}

// guardedDir reports whether the guard descends into the directory rel.
func guardedDir(rel string) bool {
	return rel == "." || rel == "testdata" || strings.HasPrefix(rel, "testdata/")
}

// scan reads the state of the guarded entries.
func (g *Guard) scan() (snapshot, error) { return takeSnapshot(g.dir, guardedDir) }

// diff compares the directory with the state last seen, which it then
// updates. Files mutprop itself holds open are skipped. It scans only
// when the watch reports a change since the last diff (or there is no
// watch).
func (g *Guard) diff() ([]change, error) {
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
	out := diff(g.seen, now)
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

// restoreTo brings the entries rels back to want, regular files from the
// same paths under from, and then reads the directory again.
func (g *Guard) restoreTo(want snapshot, from string, rels []string) error {
	err := restore(g.dir, want, from, rels)
	if now, serr := g.scan(); serr == nil {
		g.seen = now
		g.rewatch(now)
	} else if err == nil {
		err = fmt.Errorf("restore %s: %w", g.dir, serr)
	}
	return err
}

// accept takes changes for outside edits: their current state becomes
// what restores put back.
func (g *Guard) accept(changes []change) {
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

// mergeChanges lists each path once, with its first kind, by path.
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

func rels(changes ...[]change) []string {
	var out []string
	for _, c := range mergeChanges(changes...) {
		out = append(out, c.rel)
	}
	return out
}

// clockSlack covers the coarse clock of file times (a kernel tick behind
// time.Now).
const clockSlack = 50 * time.Millisecond

// checkLocked looks for changes after r's run and makes suspects of the
// runs that may have made them: r, and the runs in flight that started
// before the latest modification time among them.
func (g *Guard) checkLocked(r *guardRun) {
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
func (g *Guard) confirm(ctx context.Context, r *guardRun, rerun func(), suspected []*treeWrite) string {
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
		err = g.restoreTo(g.orig, g.pristine, touched)
	}
	g.mu.Unlock()
	if err != nil {
		g.log("%s: cannot rerun %s from the recorded state: %v", g.dir, r.mutant, err)
	} else {
		rerun()
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
		if err := g.restoreTo(g.orig, g.pristine, rels(first, again)); err != nil {
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
	state snapshot // absent entries are not in it
	rels  []string
}

// stash copies the current state of rels aside.
func (g *Guard) stash(rels []string) (*stashed, error) {
	dir := g.pristine + ".stash"
	if err := os.RemoveAll(dir); err != nil {
		return nil, err
	}
	st := &stashed{dir: dir, state: snapshot{}, rels: rels}
	for _, rel := range rels {
		s, err := stateOf(filepath.Join(g.dir, filepath.FromSlash(rel)))
		if os.IsNotExist(err) {
			continue
		}
		if err != nil {
			return nil, err
		}
		st.state[rel] = s
	}
	if err := save(g.dir, dir, st.state, rels); err != nil {
		return nil, err
	}
	return st, nil
}

// unstash puts stashed entries back.
func (g *Guard) unstash(st *stashed) error {
	if st == nil {
		return nil
	}
	defer os.RemoveAll(st.dir)
	if err := g.restoreTo(st.state, st.dir, st.rels); err != nil {
		return fmt.Errorf("put back: %w", err)
	}
	return nil
}

// interrupted restores the suspected changes that no rerun can confirm.
func (g *Guard) interrupted(suspected []*treeWrite) string {
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
	if err := g.restoreTo(g.orig, g.pristine, rels(cs)); err != nil {
		g.log("%s: %v", g.dir, err)
	}
	g.log("%s: restored %s, changed while %s ran (interrupted before a rerun could say which)",
		g.dir, describe(mergeChanges(cs)), strings.Join(suspects, ", "))
	return ""
}

// Finish checks the directory a last time, after every run has ended (what
// changed since the last check was not a mutant's doing, and is logged),
// and releases the watch.
func (g *Guard) Finish() {
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
