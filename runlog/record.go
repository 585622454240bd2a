package runlog

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"time"

	"github.com/mutprop/mutprop/gotest"
	"github.com/mutprop/mutprop/mutate"
	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/report"
)

// suite names the journals of mutprop run (engine.Header.suite), which
// tells them from experiment journals.
const suite = "mutprop run"

// Record is one line of a run journal: a package's description (written
// once, after its baseline), one mutant's outcome (written as the mutant
// finishes), or, when the run ends, what it measured of the package
// besides its mutants (its registered suites and stages) and,
// with black-box mutants, a wrapped function's strength inputs as this
// run (or shard) measured them.
type Record struct {
	Package string       `json:"package"`
	Info    *PackageInfo `json:"info,omitempty"`
	// Mutant is the mutant's result as the engine gave it (NewMutant),
	// whole.
	Mutant *Mutant `json:"mutant,omitempty"`
	// Stamp identifies what a mutant record's verdict depends on
	// (Inputs.Stamp): a resumed run reruns it when that changed.
	Stamp string `json:"stamp,omitempty"`
	// Strength is one wrapped function with the black-box mutants this
	// run scored (report.SummarizeStrength's input): Merge joins the
	// shards' parts of a function into the unsharded run's.
	Strength *report.StrengthFunc `json:"strength,omitempty"`
	// Inputs is what the package's verdicts depend on (written with its
	// description): a resumed run reruns those whose inputs changed.
	Inputs *Inputs `json:"inputs,omitempty"`
	// Ended is what this run (or shard) measured of the package besides
	// its mutants, written when it ends: Merge joins the shards' parts.
	Ended *Ended `json:"ended,omitempty"`
}

// Ended is what a run, or one shard of it, measured of a package besides
// its mutants' verdicts.
type Ended struct {
	// Shard is the run's --shard K/N ("" for the whole run): each shard
	// writes its part.
	Shard string `json:"shard,omitempty"`
	// Suites are the suites the package's tests register, measured
	// against this shard's white-box mutants (gotest.PackageResult.Suites).
	Suites []gotest.SuiteResult `json:"suites,omitempty"`
	// Stages describes the stage durations, as the status table notes
	// them.
	Stages string `json:"stages,omitempty"`
}

// Key identifies the record in the journal. A strength record is keyed by
// its function and first mutant: shards hold other mutants, so their
// parts of one function have other keys.
func (r *Record) Key() string {
	switch {
	case r.Info != nil:
		return r.Package + "\x1finfo"
	case r.Inputs != nil:
		return r.Package + "\x1finputs"
	case r.Mutant != nil:
		return r.Package + "\x1fmutant\x1f" + r.Mutant.Mutant.ID
	case r.Ended != nil:
		return r.Package + "\x1fended\x1f" + r.Ended.Shard
	case r.Strength != nil && len(r.Strength.Mutants) > 0:
		return r.Package + "\x1fstrength\x1f" + r.Strength.Function + "\x1f" + r.Strength.Mutants[0].ID
	}
	return r.Package + "\x1f?"
}

// validate checks that the record is well formed: a package and exactly
// one of a description, its inputs, a mutant, a strength part and an
// end, a mutant with an ID and an outcome, a strength part with a
// function and mutants.
func (r *Record) validate() error {
	kinds := 0
	for _, set := range []bool{r.Info != nil, r.Inputs != nil, r.Mutant != nil, r.Strength != nil, r.Ended != nil} {
		if set {
			kinds++
		}
	}
	if r.Package == "" || kinds != 1 {
		return fmt.Errorf("a run journal record needs a package and exactly one of info, inputs, mutant, strength and ended")
	}
	if r.Mutant != nil && (r.Mutant.Mutant.ID == "" || r.Mutant.Outcome == "") {
		return fmt.Errorf("a mutant record of %s has no ID or no outcome", r.Package)
	}
	if r.Strength != nil && (r.Strength.Function == "" || len(r.Strength.Mutants) == 0) {
		return fmt.Errorf("a strength record of %s has no function or no mutants", r.Package)
	}
	return nil
}

// PackageInfo is what the report needs of a package besides its mutants:
// its sources, tests and mutant counts.
type PackageInfo struct {
	Name  string       `json:"name"`
	Files []File       `json:"files"`
	Tests []string     `json:"tests"`
	Stats mutate.Stats `json:"stats"`
	// Universe counts the mutants of every shard together.
	Universe int `json:"universe"`
	// SetAside are the tests the baseline left out, with the reason.
	SetAside []gotest.SetAside `json:"setAside,omitempty"`
	// Blackbox counts the black-box mutants among Universe.
	Blackbox int `json:"blackbox,omitempty"`
}

// File is a source file of a package.
type File struct {
	Path   string `json:"path"` // base name
	Source string `json:"source"`
}

// Mutant is a finished mutant as the journal and the outcome cache
// record it: gotest's result itself, its diff kept for undetected mutants
// (NewMutant).
type Mutant = gotest.MutantResult

// Package is a package's records gathered: from a live run or from
// journals.
type Package struct {
	Path    string
	Info    PackageInfo
	Mutants []Mutant // in Index order
	// Stages describes the stage durations of the run; from journals,
	// each shard's, joined.
	Stages string
	// Suites are the registered suites the run measured; from journals,
	// the shards' parts joined (suitehost.Join).
	Suites []gotest.SuiteResult
	// Trials are the trials of the killed mutants' tests
	// (gotest.PackageResult.Trials) of a live run, nil without --trials:
	// they are not journaled (--trials does not combine with --shard,
	// and --resume runs them again).
	Trials []report.TrialCell
	// Strength holds, per wrapped function, its black-box mutants and the
	// tests that call it (gotest.PackageResult.Strength); from journals,
	// the shards' parts joined (Merge).
	Strength []report.StrengthFunc
	// The floor of a live run (gotest.PackageResult.Floor); zero from
	// journals.
	Floor, FloorBuild, FloorTests time.Duration
	Workers                       int
	// FloorProcesses and FloorOverhead: what one process per mutant
	// would add (gotest.PackageResult); zero from journals.
	FloorProcesses int
	FloorOverhead  time.Duration
	// ConfirmTime is the worker time confirming the kills took
	// (gotest.ConfirmStats.Time), the reruns in batches included: the
	// floor leaves it out. Zero from journals.
	ConfirmTime time.Duration
}

// newPackageInfo describes a scored package for the journal and the
// report; it reads the package's files.
func newPackageInfo(pr *gotest.PackageResult) (PackageInfo, error) {
	info := PackageInfo{Name: pr.Name, Stats: pr.Stats, Universe: pr.Universe, SetAside: pr.SetAside, Blackbox: pr.Blackbox}
	for _, f := range pr.Files {
		b, err := os.ReadFile(f)
		if err != nil {
			return info, fmt.Errorf("read %s: %w", f, err)
		}
		info.Files = append(info.Files, File{Path: filepath.Base(f), Source: string(b)})
	}
	for _, t := range pr.Tests {
		info.Tests = append(info.Tests, t.Name)
	}
	return info, nil
}

// sameInfo reports whether two descriptions are equal.
func sameInfo(a, b PackageInfo) bool {
	return jsonEqual(a, b)
}

// infoDiff names the first part in which two descriptions differ.
func infoDiff(a, b PackageInfo) string {
	switch {
	case a.Name != b.Name:
		return "package name"
	case !jsonEqual(a.Files, b.Files):
		return "sources"
	case !jsonEqual(a.Tests, b.Tests):
		return "tests"
	case !jsonEqual(a.SetAside, b.SetAside):
		return "tests set aside"
	}
	return "mutants (counts or selection)"
}

// jsonEqual reports whether a and b encode to the same JSON.
func jsonEqual(a, b any) bool {
	x, errX := json.Marshal(a)
	y, errY := json.Marshal(b)
	return errX == nil && errY == nil && string(x) == string(y)
}

// NewMutant is a finished mutant of pr as the journal and the reports
// keep it: without the build details that differ between shards (schema
// number, probe), an empty TestsToFailure nil, and an undetected mutant
// with its diff when pr has its package loaded.
func NewMutant(pr *gotest.PackageResult, m gotest.MutantResult) Mutant {
	if (m.Outcome == outcome.Survived || m.Outcome == outcome.NoCoverage) && pr.Package != nil && m.Diff == "" {
		if d, err := mutate.Diff(pr.Package, m.Mutant); err == nil {
			m.Diff = d
		}
	}
	m.Mutant.Schema, m.Mutant.Probed = 0, false
	if len(m.TestsToFailure) == 0 {
		m.TestsToFailure = nil
	}
	return m
}

// SameMutant reports whether two definitions are the same mutant of the
// same source (Schema aside).
func SameMutant(a, b mutate.Mutant) bool {
	x, _ := json.Marshal(Portable(a))
	y, _ := json.Marshal(Portable(b))
	return string(x) == string(y)
}

// Portable is m without what depends on the build (schema number, probe)
// or on where the package lies (the edits' absolute paths): a journal
// written from a copy of the tree elsewhere still resumes.
func Portable(m mutate.Mutant) mutate.Mutant {
	m.Schema, m.Probed = 0, false
	edits := make([]mutate.TextEdit, len(m.Edits))
	for i, e := range m.Edits {
		e.File = filepath.Base(e.File)
		edits[i] = e
	}
	m.Edits = edits
	return m
}

// Report converts a package's records into report's model. Test and
// covering-test lists are sorted by name: their run order depends on
// timings, the report does not.
func (p Package) Report() report.Run {
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
			Status: m.Outcome, StatusReason: m.Reason,
			KilledBy: sortedCopy(m.KilledBy), CoveredBy: sortedCopy(m.CoveredBy), Duration: m.Duration,
			TestsCompleted: len(m.Tests()), Unstable: m.Unstable,
		})
	}
	return r
}

// sortedCopy returns a sorted copy of s, nil when s is empty.
func sortedCopy(s []string) []string {
	if len(s) == 0 {
		return nil
	}
	out := append([]string(nil), s...)
	sort.Strings(out)
	return out
}
