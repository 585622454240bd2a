package runlog

import (
	"bytes"
	"fmt"
	"os"

	"github.com/mutprop/mutprop/engine"
	"github.com/mutprop/mutprop/gotest"
	"github.com/mutprop/mutprop/mutate"
)

// Journal records a run's outcomes as they finish (an engine.Log of
// Records) and gives back those of an earlier run to resume it.
type Journal struct {
	path string
	log  *engine.Log[Record]
	err  error // the first write error
	// reused counts the mutants Prior gave back; held the mutant records
	// the journal had when opened.
	reused, held int
}

// OpenJournal opens the journal at path for the run h describes (its
// Suite is set to suite): a new journal, or with resume the records of an
// earlier run of the same header, a torn last line or a header torn as
// the run started being repaired with a warning. Its errors are the
// journal's fault: malformed, or of another run.
func OpenJournal(path string, h engine.Header, resume bool) (j *Journal, warnings []string, err error) {
	h.Suite = suite
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
	j = &Journal{path: path, log: log}
	for _, r := range log.Cells() {
		if r.Mutant != nil {
			j.held++
		}
	}
	return j, append(warnings, log.Warnings()...), nil
}

// Path is the journal's file.
func (j *Journal) Path() string { return j.path }

// ResumeNote says how much of the journal a resumed run reused.
func (j *Journal) ResumeNote() string {
	note := fmt.Sprintf("resumed %d of the %d finished mutants in %s", j.reused, j.held, j.path)
	if j.reused < j.held {
		note += fmt.Sprintf("; %d are not mutants of this run (other sources, operators or flags) and were ignored", j.held-j.reused)
	}
	return note
}

// Prior returns the journaled outcome of m, if the journal holds the same
// mutant (gotest.Config.Prior).
func (j *Journal) Prior(pkgPath string, m mutate.Mutant) (gotest.MutantResult, bool) {
	r, ok := j.log.Cells()[(&Record{Package: pkgPath, Mutant: &Mutant{Mutant: m}}).Key()]
	if !ok || !SameMutant(r.Mutant.Mutant, m) {
		return gotest.MutantResult{}, false
	}
	j.reused++
	return r.Mutant.Result(), true
}

// Ready records the package's description, or checks it against the one
// an earlier run recorded (gotest.Config.Ready).
func (j *Journal) Ready(pr *gotest.PackageResult) error {
	info, err := newPackageInfo(pr)
	if err != nil {
		return err
	}
	rec := Record{Package: pr.Path, Info: &info}
	if prev, ok := j.log.Cells()[rec.Key()]; ok {
		if !sameInfo(*prev.Info, info) {
			return fmt.Errorf("journal %s was written for other sources or tests of %s: remove it, or run without --resume", j.path, pr.Path)
		}
		return nil
	}
	return j.append(rec)
}

// Finished records a finished mutant (gotest.Config.Finished).
func (j *Journal) Finished(pr *gotest.PackageResult, m gotest.MutantResult) error {
	r := NewMutant(pr, m)
	return j.append(Record{Package: pr.Path, Mutant: &r})
}

// Strength records, when the run has ended, each package's wrapped
// functions with the black-box mutants this run scored
// (gotest.PackageResult.Strength), one record per function; a record the
// journal holds already (a finished run resumed) is not written again,
// and one that differs is superseded (the last line of a key counts).
// Merge joins the shards' records.
func (j *Journal) Strength(res *gotest.Result) error {
	if res == nil {
		return nil
	}
	for _, p := range res.Packages {
		for i := range p.Strength {
			rec := Record{Package: p.Path, Strength: &p.Strength[i]}
			if len(rec.Strength.Mutants) == 0 {
				continue
			}
			if prev, ok := j.log.Cells()[rec.Key()]; ok && sameRecord(&prev, &rec) {
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
