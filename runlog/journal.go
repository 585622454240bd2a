package runlog

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/mutprop/mutprop/engine"
	"github.com/mutprop/mutprop/gotest"
	"github.com/mutprop/mutprop/mutate"
	"github.com/mutprop/mutprop/runsettings"
)

// Journal records a run's outcomes as they finish (an engine.Log of
// Records) and gives back those of an earlier run to resume it, but those
// whose inputs changed since.
type Journal struct {
	path   string
	log    *engine.Log[Record]
	matrix bool
	tree   *Tree
	err    error // the first write error
	// reused counts the mutants Prior gave back; held the mutant records
	// the journal had when opened.
	reused, held int
	// stale says, by record key, why a journaled verdict no longer holds
	// (recheck); changed holds the packages whose inputs changed since
	// the journal, and note says how many verdicts that makes stale, and
	// why.
	stale   map[string]string
	changed map[string]bool
	note    string
	// inputs are the packages' inputs this run recorded (Ready), which
	// stamp its verdicts.
	inputs map[string]Inputs
	// shard is the run's --shard K/N, "" for the whole run (Ended).
	shard string
}

// OpenJournal opens the journal at path for a run with the settings s in
// the tree as it is now (nil when it could not be hashed): a new
// journal, or with resume the records of an earlier run of the same
// settings (the same header), a torn last line or a header torn as the
// run started being repaired with a warning. The verdicts of the earlier
// run whose inputs changed since are not given back (StaleNote). Its
// errors are the journal's fault: malformed, or of another run.
func OpenJournal(path string, s runsettings.Settings, tree *Tree, resume bool) (j *Journal, warnings []string, err error) {
	h := header(s)
	if resume {
		if err := checkRecords(path); err != nil {
			return nil, nil, err
		}
	}
	if data, err := os.ReadFile(path); resume && err == nil && len(data) > 0 && !bytes.Contains(data, []byte("\n")) {
		// Killed while writing the header: nothing was recorded yet.
		if err := os.Remove(path); err != nil {
			return nil, nil, fmt.Errorf("journal %s: %w", path, err)
		}
		warnings = append(warnings, path+": ignoring a truncated header (the run was killed as it started)")
	}
	log, err := engine.OpenLog(path, h, resume, (*Record).Key)
	if err != nil {
		return nil, nil, err
	}
	for _, r := range log.Cells() {
		if err := r.validate(); err != nil {
			log.Close()
			return nil, nil, fmt.Errorf("journal %s: %v", path, err)
		}
	}
	j = &Journal{path: path, log: log, matrix: s.Matrix, tree: tree, inputs: map[string]Inputs{}, shard: h.Extra[engine.ShardKey]}
	for _, r := range log.Cells() {
		if r.Mutant != nil {
			j.held++
		}
	}
	j.recheck()
	return j, append(warnings, log.Warnings()...), nil
}

// Path is the journal's file.
func (j *Journal) Path() string { return j.path }

// recheck compares what the journal's verdicts depend on with the tree
// now: a mutant whose package's code changed, or whose verdict depends
// on a test package whose files, linked code or reads changed (or on the
// set of test packages that count, which changed), is stale, with the
// reason. Without a tree, every verdict is.
func (j *Journal) recheck() {
	j.stale, j.changed = map[string]string{}, map[string]bool{}
	cells := j.log.Cells()
	changes := map[string]Changes{}
	reasons := map[string]int{}
	for _, key := range sortedKeys(cells) {
		r := cells[key]
		if r.Mutant == nil && r.Info == nil {
			continue
		}
		p := r.Package
		c, ok := changes[p]
		if !ok {
			var then *Inputs
			if rec, ok := cells[(&Record{Package: p, Inputs: &Inputs{}}).Key()]; ok {
				then = rec.Inputs
			}
			if j.tree != nil {
				c = j.tree.Changes(p, then)
			} else {
				c = Changes{pkg: p, unknown: "what " + p + "'s verdicts depend on cannot be hashed"}
			}
			changes[p] = c
			j.changed[p] = c.Any()
		}
		if r.Mutant == nil {
			continue
		}
		deps, all := DependsOn(p, r.Mutant.Outcome, r.Mutant.KilledBy, c.Counting(), j.matrix)
		if why := c.Stale(r.Stamp, deps, all); why != "" {
			j.stale[key] = why
			reasons[why]++
		}
	}
	if len(j.stale) == 0 {
		return
	}
	order := sortedKeys(reasons)
	slices.SortStableFunc(order, func(a, b string) int { return reasons[b] - reasons[a] })
	j.note = fmt.Sprintf("%d of %d journaled mutants run again: ", len(j.stale), j.held)
	if len(order) == 1 {
		j.note += order[0]
		return
	}
	parts := make([]string, len(order))
	for i, why := range order {
		parts[i] = fmt.Sprintf("%s (%d)", why, reasons[why])
	}
	j.note += strings.Join(parts, "; ")
}

// StaleNote says how many journaled verdicts run again because their
// inputs changed since the journal, and why; "" when none.
func (j *Journal) StaleNote() string { return j.note }

// ResumeNote says how much of the journal a resumed run reused.
func (j *Journal) ResumeNote() string {
	note := fmt.Sprintf("resumed %d of the %d finished mutants in %s", j.reused, j.held, j.path)
	if n := len(j.stale); n > 0 {
		note += fmt.Sprintf("; %d run again, as said above", n)
	}
	if other := j.held - j.reused - len(j.stale); other > 0 {
		note += fmt.Sprintf("; %d are not mutants of this run (other sources, operators or flags) and were ignored", other)
	}
	return note
}

// Prior returns the journaled outcome of m, if the journal holds the same
// mutant and nothing its verdict depends on changed since
// (gotest.Plan.Prior).
func (j *Journal) Prior(pkgPath string, m mutate.Mutant) (gotest.MutantResult, bool) {
	key := (&Record{Package: pkgPath, Mutant: &Mutant{Mutant: m}}).Key()
	r, ok := j.log.Cells()[key]
	if !ok || j.stale[key] != "" || !SameMutant(r.Mutant.Mutant, m) {
		return gotest.MutantResult{}, false
	}
	j.reused++
	return *r.Mutant, true
}

// Ready records the package's description and its inputs, or checks the
// description against the one an earlier run recorded
// (gotest.Observer.Ready): one whose inputs changed since gets the new
// description (the last record of a key counts); another that differs
// is refused.
func (j *Journal) Ready(pr *gotest.PackageResult) error {
	info, err := newPackageInfo(pr)
	if err != nil {
		return err
	}
	rec := Record{Package: pr.Path, Info: &info}
	prev, ok := j.log.Cells()[rec.Key()]
	switch {
	case ok && !sameInfo(*prev.Info, info) && !j.changed[pr.Path]:
		return fmt.Errorf("journal %s was written for other %s of %s: remove it, or run without --resume", j.path, infoDiff(*prev.Info, info), pr.Path)
	case !ok || !sameInfo(*prev.Info, info):
		if err := j.append(rec); err != nil {
			return err
		}
	}
	if j.tree == nil {
		return nil
	}
	in := j.tree.Inputs(pr.Path, pr.Inputs)
	j.inputs[pr.Path] = in
	irec := Record{Package: pr.Path, Inputs: &in}
	if prev, ok := j.log.Cells()[irec.Key()]; ok && jsonEqual(prev.Inputs, irec.Inputs) {
		return nil
	}
	return j.append(irec)
}

// Finished records a finished mutant (gotest.Observer.Finished), stamped
// with what its verdict depends on (Inputs.Stamp).
func (j *Journal) Finished(pr *gotest.PackageResult, m gotest.MutantResult) error {
	r := NewMutant(pr, m)
	rec := Record{Package: pr.Path, Mutant: &r}
	if in, ok := j.inputs[pr.Path]; ok {
		deps, all := DependsOn(pr.Path, r.Outcome, r.KilledBy, sortedKeys(in.Tests), j.matrix)
		rec.Stamp = in.Stamp(deps, all)
	}
	return j.append(rec)
}

// Ended records, when the run has ended, what it measured of each
// package besides its mutants: the registered suites and the stages (one
// Ended record per package and shard), and the wrapped
// functions with the black-box mutants this run scored
// (gotest.PackageResult.Strength, one record per function). A record
// the journal holds already (a finished run resumed) is not written
// again, and one that differs is superseded (the last line of a key
// counts). Merge joins the shards' records.
func (j *Journal) Ended(res *gotest.Result) error {
	if res == nil {
		return nil
	}
	for _, p := range res.Packages {
		end := Ended{Shard: j.shard, Suites: p.Suites, Stages: stages(p)}
		recs := []Record{{Package: p.Path, Ended: &end}}
		for i := range p.Strength {
			if len(p.Strength[i].Mutants) > 0 {
				recs = append(recs, Record{Package: p.Path, Strength: &p.Strength[i]})
			}
		}
		for _, rec := range recs {
			if prev, ok := j.log.Cells()[rec.Key()]; ok && jsonEqual(&prev, &rec) {
				continue
			}
			if err := j.append(rec); err != nil {
				return err
			}
		}
	}
	return nil
}

func (j *Journal) append(r Record) error {
	if j.err != nil {
		return j.err
	}
	if err := j.log.Append(r); err != nil {
		j.err = fmt.Errorf("journal %s: %w", j.path, err)
	}
	return j.err
}

// Close closes the journal; it returns the first error of a write, or of
// closing.
func (j *Journal) Close() error {
	if err := j.log.Close(); err != nil && j.err == nil {
		return fmt.Errorf("journal %s: %w", j.path, err)
	}
	return j.err
}

// The journal's records have a version of their own, in the header
// (Header.Extra[recordsKey]): version 2 holds each mutant's result whole
// and the Ended records. A journal without it was written by an older
// mutprop, and is refused rather than misread.
const (
	recordsKey     = "records"
	recordsVersion = "2"
)

// header is the header of the journal of a run with the settings s.
func header(s runsettings.Settings) engine.Header {
	h := s.Header()
	h.Suite = suite
	h.Extra[recordsKey] = recordsVersion
	return h
}

// errOlder is the error of a journal an older mutprop wrote.
var errOlder = errors.New("written by an older mutprop")

// checkRecords refuses the run journal at path when an older mutprop
// wrote it (its records' version is not recordsVersion). A missing or
// empty file, a torn header and another tool's journal pass: OpenLog and
// Merge say what is wrong with those.
func checkRecords(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	line, err := bufio.NewReader(f).ReadBytes('\n')
	if err != nil {
		return nil
	}
	var h engine.Header
	if json.Unmarshal(line, &h) != nil || h.Suite != suite || h.Extra[recordsKey] == recordsVersion {
		return nil
	}
	return fmt.Errorf("journal %s was %w; run again without --resume", path, errOlder)
}
