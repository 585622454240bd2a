package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/mutprop/mutprop/engine"
	"github.com/mutprop/mutprop/gotest"
	"github.com/mutprop/mutprop/mutate"
	"github.com/mutprop/mutprop/report"
)

// runSuite names the journals of mutprop run (JournalHeader.Suite), which
// tells them from experiment journals.
const runSuite = "mutprop run"

// runRecord is one line of a run journal: either a package's description
// (written once, after its baseline) or one mutant's outcome (written as
// the mutant finishes).
type runRecord struct {
	Package string          `json:"package"`
	Info    *runPackageInfo `json:"info,omitempty"`
	Mutant  *runMutant      `json:"mutant,omitempty"`
}

// key identifies the record in the journal.
func (r *runRecord) key() string {
	switch {
	case r.Info != nil:
		return r.Package + "\x1finfo"
	case r.Mutant != nil:
		return r.Package + "\x1fmutant\x1f" + r.Mutant.Mutant.ID
	}
	return r.Package + "\x1f?"
}

// runPackageInfo is what the report needs of a package besides its
// mutants: its sources, tests and mutant counts.
type runPackageInfo struct {
	Name  string       `json:"name"`
	Files []runFile    `json:"files"`
	Tests []string     `json:"tests"`
	Stats mutate.Stats `json:"stats"`
	// Universe counts the mutants of every shard together.
	Universe int `json:"universe"`
	// SetAside are the tests the baseline left out, with the reason.
	SetAside []gotest.SetAside `json:"setAside,omitempty"`
}

type runFile struct {
	Path   string `json:"path"` // base name
	Source string `json:"source"`
}

// runMutant is one finished mutant.
type runMutant struct {
	Index     int           `json:"index"`
	Mutant    mutate.Mutant `json:"def"`
	Outcome   string        `json:"outcome"`
	KilledBy  []string      `json:"killedBy,omitempty"`
	CoveredBy []string      `json:"coveredBy,omitempty"`
	// InfectedBy is gotest.MutantResult's: null for a mutant without
	// probe, the (maybe empty) list of tests it ran against for one.
	InfectedBy     []string          `json:"infectedBy"`
	TestsToFailure map[string]int    `json:"testsToFailure,omitempty"`
	Reason         string            `json:"reason,omitempty"`
	Duration       time.Duration     `json:"duration,omitempty"`
	PerTest        map[string]string `json:"perTest,omitempty"`
	// Diff is kept for undetected mutants (the HTML report shows it).
	Diff string `json:"diff,omitempty"`
}

// runPackage is a package's records gathered: from a live run or from
// journals.
type runPackage struct {
	Path    string
	Info    runPackageInfo
	Mutants []runMutant // in Index order
	// Stages describes the stage durations of a live run ("" from journals).
	Stages string
	// Suites are the registered suites measured by a live run (not journaled).
	Suites []gotest.SuiteResult
	// The floor of a live run (gotest.PackageResult.Floor); zero from
	// journals.
	Floor, FloorBuild, FloorTests time.Duration
	Workers                       int
}

func validRunRecord(r runRecord) error {
	if r.Package == "" || (r.Info == nil) == (r.Mutant == nil) {
		return fmt.Errorf("a run journal record needs a package and exactly one of info and mutant")
	}
	if r.Mutant != nil && (r.Mutant.Mutant.ID == "" || r.Mutant.Outcome == "") {
		return fmt.Errorf("a mutant record of %s has no ID or no outcome", r.Package)
	}
	return nil
}

// packageInfo describes a scored package for the journal and the report.
func packageInfo(pr *gotest.PackageResult) (runPackageInfo, error) {
	info := runPackageInfo{Name: pr.Name, Stats: pr.Stats, Universe: pr.Universe, SetAside: pr.SetAside}
	for _, f := range pr.Files {
		b, err := os.ReadFile(f)
		if err != nil {
			return info, fmt.Errorf("read %s: %w", f, err)
		}
		info.Files = append(info.Files, runFile{Path: filepath.Base(f), Source: string(b)})
	}
	for _, t := range pr.Tests {
		info.Tests = append(info.Tests, t.Name)
	}
	return info, nil
}

// mutantRecord converts a finished mutant; undetected mutants carry their
// diff.
func mutantRecord(pr *gotest.PackageResult, m gotest.MutantResult) runMutant {
	def := m.Mutant
	def.Schema, def.Probed = 0, false // build details that differ between shards
	r := runMutant{
		Index: m.Index, Mutant: def, Outcome: m.Outcome, KilledBy: m.KilledBy, CoveredBy: m.CoveredBy,
		InfectedBy:     m.InfectedBy,
		TestsToFailure: m.TestsToFailure, Reason: m.Reason, Duration: m.Duration, PerTest: m.PerTest,
	}
	if len(r.TestsToFailure) == 0 {
		r.TestsToFailure = nil
	}
	if (m.Outcome == gotest.Survived || m.Outcome == gotest.NoCoverage) && pr.Package != nil {
		if d, err := mutate.Diff(pr.Package, m.Mutant); err == nil {
			r.Diff = d
		}
	}
	return r
}

// result converts a journaled mutant back for a resumed run.
func (r runMutant) result() gotest.MutantResult {
	return gotest.MutantResult{
		Mutant: r.Mutant, Outcome: r.Outcome, KilledBy: r.KilledBy, CoveredBy: r.CoveredBy, InfectedBy: r.InfectedBy,
		TestsToFailure: r.TestsToFailure, Reason: r.Reason, Duration: r.Duration, PerTest: r.PerTest, Index: r.Index,
	}
}

// sameMutant reports whether two definitions are the same mutant of the
// same source (Schema aside).
func sameMutant(a, b mutate.Mutant) bool {
	x, _ := json.Marshal(portable(a))
	y, _ := json.Marshal(portable(b))
	return string(x) == string(y)
}

// portable is m without what depends on the build (schema number, probe)
// or on where the package lies (the edits' absolute paths): a journal
// written from a copy of the tree elsewhere still resumes.
func portable(m mutate.Mutant) mutate.Mutant {
	m.Schema, m.Probed = 0, false
	edits := make([]mutate.TextEdit, len(m.Edits))
	for i, e := range m.Edits {
		e.File = filepath.Base(e.File)
		edits[i] = e
	}
	m.Edits = edits
	return m
}

func sameInfo(a, b runPackageInfo) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}

// runJournal records a run's outcomes as they finish and gives back those
// of an earlier run to resume it.
type runJournal struct {
	path string
	log  *engine.Log[runRecord]
	err  error // the first write error
	// reused counts the mutants prior gave back; held the mutant records
	// the journal had when opened.
	reused, held int
}

func openRunJournal(path string, h engine.Header, resume bool) (*runJournal, []string, error) {
	h.Suite = runSuite
	var warnings []string
	if data, err := os.ReadFile(path); resume && err == nil && len(data) > 0 && !bytes.Contains(data, []byte("\n")) {
		// Killed while writing the header: nothing was recorded yet.
		if err := os.Remove(path); err != nil {
			return nil, nil, fmt.Errorf("journal %s: %w", path, err)
		}
		warnings = append(warnings, path+": ignoring a truncated header (the run was killed as it started)")
	}
	log, err := engine.OpenLog(path, h, resume, (*runRecord).key)
	if err != nil {
		return nil, nil, err
	}
	for _, r := range log.Cells() {
		if err := validRunRecord(r); err != nil {
			log.Close()
			return nil, nil, fmt.Errorf("journal %s: %v", path, err)
		}
	}
	j := &runJournal{path: path, log: log}
	for _, r := range log.Cells() {
		if r.Mutant != nil {
			j.held++
		}
	}
	return j, append(warnings, log.Warnings()...), nil
}

// resumeNote says how much of the journal a resumed run reused.
func (j *runJournal) resumeNote() string {
	note := fmt.Sprintf("resumed %d of the %d finished mutants in %s", j.reused, j.held, j.path)
	if j.reused < j.held {
		note += fmt.Sprintf("; %d are not mutants of this run (other sources, operators or flags) and were ignored", j.held-j.reused)
	}
	return note
}

// prior returns the journaled outcome of m, if the journal holds the same
// mutant.
func (j *runJournal) prior(pkgPath string, m mutate.Mutant) (gotest.MutantResult, bool) {
	r, ok := j.log.Cells()[(&runRecord{Package: pkgPath, Mutant: &runMutant{Mutant: m}}).key()]
	if !ok || !sameMutant(r.Mutant.Mutant, m) {
		return gotest.MutantResult{}, false
	}
	j.reused++
	return r.Mutant.result(), true
}

// ready records the package's description, or checks it against the one
// an earlier run recorded.
func (j *runJournal) ready(pr *gotest.PackageResult) error {
	info, err := packageInfo(pr)
	if err != nil {
		return err
	}
	rec := runRecord{Package: pr.Path, Info: &info}
	if prev, ok := j.log.Cells()[rec.key()]; ok {
		if !sameInfo(*prev.Info, info) {
			return fmt.Errorf("journal %s was written for other sources or tests of %s: remove it, or run without --resume", j.path, pr.Path)
		}
		return nil
	}
	return j.append(rec)
}

func (j *runJournal) finished(pr *gotest.PackageResult, m gotest.MutantResult) error {
	r := mutantRecord(pr, m)
	return j.append(runRecord{Package: pr.Path, Mutant: &r})
}

func (j *runJournal) append(r runRecord) error {
	if j.err != nil {
		return j.err
	}
	if err := j.log.Append(r); err != nil {
		j.err = fmt.Errorf("journal %s: %w", j.path, err)
	}
	return j.err
}

func (j *runJournal) close() error {
	if err := j.log.Close(); err != nil && j.err == nil {
		return fmt.Errorf("journal %s: %w", j.path, err)
	}
	return j.err
}

// livePackages gathers the records of a finished run.
func livePackages(res *gotest.Result) ([]runPackage, error) {
	var out []runPackage
	for _, p := range res.Packages {
		info, err := packageInfo(p)
		if err != nil {
			return nil, err
		}
		rp := runPackage{Path: p.Path, Info: info, Suites: p.Suites, Floor: p.Floor(), FloorBuild: p.FloorBuild, FloorTests: p.FloorTests, Workers: p.Workers}
		for _, m := range p.Mutants {
			if m.Outcome != "" {
				rp.Mutants = append(rp.Mutants, mutantRecord(p, m))
			}
		}
		rp.Stages = fmt.Sprintf("stages: build %v, baseline %v, coverage %v, probes %v, mutants %v",
			p.Build.Round(time.Millisecond), p.Baseline.Round(time.Millisecond), p.Coverage.Round(time.Millisecond),
			p.Probe.Round(time.Millisecond), p.Run.Round(time.Millisecond))
		if p.Probed > 0 {
			rp.Stages += fmt.Sprintf("; %d of %d probed mutants infected by no covering test", p.Uninfected, p.Probed)
		}
		if p.Retried > 0 {
			rp.Stages += fmt.Sprintf("; %d timeouts run again alone", p.Retried)
		}
		out = append(out, rp)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out, nil
}

// toReport converts a package's records into report's model. Test and
// covering-test lists are sorted by name: their run order depends on
// timings, the report does not.
func (p runPackage) toReport() report.Run {
	r := report.Run{Name: p.Path}
	for _, f := range p.Info.Files {
		r.Files = append(r.Files, report.File{Path: f.Path, Source: f.Source})
	}
	tests := append([]string(nil), p.Info.Tests...)
	sort.Strings(tests)
	for _, t := range tests {
		r.Tests = append(r.Tests, report.Test{ID: t, Name: t})
	}
	for _, m := range p.Mutants {
		d := m.Mutant
		r.Mutants = append(r.Mutants, report.Mutant{
			ID: d.ID, Origin: d.Origin, File: d.File,
			Line: d.Line, Col: d.Col, EndLine: d.EndLine, EndCol: d.EndCol,
			Operator: d.Operator, Description: d.Description, Replacement: d.Replacement, Diff: m.Diff,
			Status: report.Status(m.Outcome), StatusReason: m.Reason,
			KilledBy: sortedCopy(m.KilledBy), CoveredBy: sortedCopy(m.CoveredBy), Duration: m.Duration,
			TestsCompleted: len(m.result().Tests()),
		})
	}
	return r
}

func sortedCopy(s []string) []string {
	if len(s) == 0 {
		return nil
	}
	out := append([]string(nil), s...)
	sort.Strings(out)
	return out
}

// combinedReport is the one report of several packages: with more than
// one, file paths, mutant IDs and test IDs are prefixed with the package
// path so that they stay unique.
func combinedReport(pkgs []runPackage) report.Run {
	if len(pkgs) == 1 {
		return pkgs[0].toReport()
	}
	out := report.Run{Name: strings.Join(packagePaths(pkgs), ", ")}
	for _, p := range pkgs {
		r := p.toReport()
		prefix := p.Path + "/"
		for _, f := range r.Files {
			f.Path = prefix + f.Path
			out.Files = append(out.Files, f)
		}
		for _, t := range r.Tests {
			t.ID = prefix + t.ID
			out.Tests = append(out.Tests, t)
		}
		for _, m := range r.Mutants {
			m.ID = prefix + m.ID
			if m.File != "" {
				m.File = prefix + m.File
			}
			m.KilledBy = prefixAll(prefix, m.KilledBy)
			m.CoveredBy = prefixAll(prefix, m.CoveredBy)
			out.Mutants = append(out.Mutants, m)
		}
	}
	return out
}

func prefixAll(prefix string, s []string) []string {
	if len(s) == 0 {
		return nil
	}
	out := make([]string, len(s))
	for i, x := range s {
		out[i] = prefix + x
	}
	return out
}

func packagePaths(pkgs []runPackage) []string {
	out := make([]string, len(pkgs))
	for i, p := range pkgs {
		out[i] = p.Path
	}
	return out
}
