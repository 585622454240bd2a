package runreport

import (
	"slices"
	"sort"

	"github.com/mutprop/mutprop/ci"
	"github.com/mutprop/mutprop/gotest"
	"github.com/mutprop/mutprop/internal/mutantid"
	"github.com/mutprop/mutprop/report"
	"github.com/mutprop/mutprop/runlog"
)

// Report is the one typed model of a finished run, live or merged from
// its shards' journals: the console tables, the JSON and HTML reports and
// (through its Packages and Score) the CI outputs render from it, and no
// output is patched once written. mutprop's extensions of the
// mutation-testing-report-schema are its typed fields.
type Report struct {
	// Packages are the run's records, one per package.
	Packages []runlog.Package
	// Run is every package's report in one: with several packages, file
	// paths, mutant IDs and test IDs are prefixed with the package path.
	// Each mutant carries its shell-safe alias (internal/mutantid).
	Run report.Run
	// Score is the score of all packages together.
	Score report.Score
	// Suites are what the suites registered in the packages' tests
	// measured (JSON: "mutpropSuites").
	Suites []gotest.SuiteResult
	// SetAside are the tests the baselines set aside (JSON:
	// "mutpropSetAside").
	SetAside []SetAsideTest
	// Flaky are the tests that failed on the original while kills were
	// confirmed (JSON: "mutpropFlaky"): their kills are not kills.
	Flaky []FlakyKiller
	// Trials are the trials of mutprop run --trials (JSON:
	// report.TrialsJSONKey); nil without.
	Trials *report.TrialsReport
	// Strength is the strength and data coverage of mutprop run
	// --blackbox (JSON: report.StrengthJSONKey); nil without.
	Strength *report.Strength
	// Baseline is what the CI baseline accepts (JSON: ci.BaselineJSONKey);
	// nil without --baseline.
	Baseline *ci.BaselineJSON
}

// SetAsideTest is a test set aside, with its package, in the JSON report.
type SetAsideTest struct {
	Package string `json:"package"`
	gotest.SetAside
}

// FlakyKiller is a test that failed on the original while a kill of
// one of its package's mutants was confirmed, in the JSON report: the
// evidence of its first such kill, and the mutants whose kills by it
// did not count.
type FlakyKiller struct {
	Package  string   `json:"package"`
	Test     string   `json:"test"`
	Evidence string   `json:"evidence"`
	Mutants  []string `json:"mutants"`
}

// The JSON report's top-level keys that runreport adds.
const (
	// suitesJSONKey holds the registered suites (the schema allows extra
	// top-level properties).
	suitesJSONKey = "mutpropSuites"
	// setAsideJSONKey lists the tests the baselines set aside.
	setAsideJSONKey = "mutpropSetAside"
	// flakyJSONKey lists the tests that failed on the original while
	// kills were confirmed.
	flakyJSONKey = "mutpropFlaky"
)

// flakyKillers gathers p's FlakyKillers, by test in the order of their
// first mutant (p.Mutants is in index order).
func flakyKillers(p runlog.Package) []FlakyKiller {
	var out []FlakyKiller
	at := map[string]int{}
	for _, m := range p.Mutants {
		for _, f := range m.Flaky {
			i, ok := at[f.Test]
			if !ok {
				i = len(out)
				at[f.Test] = i
				out = append(out, FlakyKiller{Package: p.Path, Test: f.Test, Evidence: f.Evidence + " (" + m.Mutant.ID + ")"})
			}
			out[i].Mutants = append(out[i].Mutants, m.Mutant.ID)
		}
	}
	return out
}

// StrengthOf summarizes the strength and data coverage of the packages'
// black-box mutants (report.SummarizeStrength over their wrapped
// functions, by package path): the same from a live run and from its
// shards' journals merged.
func StrengthOf(pkgs []runlog.Package) *report.Strength {
	pkgs = slices.Clone(pkgs)
	sort.SliceStable(pkgs, func(i, j int) bool { return pkgs[i].Path < pkgs[j].Path })
	var funcs []report.StrengthFunc
	for _, p := range pkgs {
		funcs = append(funcs, p.Strength...)
	}
	s := report.SummarizeStrength(funcs)
	return &s
}

// New builds the model of a run from its packages' records; the caller
// adds Trials, Strength and Baseline.
func New(pkgs []runlog.Package) *Report {
	r := &Report{Packages: pkgs, Run: combined(pkgs)}
	r.Score = report.ScoreOf(r.Run.Mutants)
	for _, p := range pkgs {
		r.Suites = append(r.Suites, p.Suites...)
		for _, a := range p.Info.SetAside {
			r.SetAside = append(r.SetAside, SetAsideTest{Package: p.Path, SetAside: a})
		}
		r.Flaky = append(r.Flaky, flakyKillers(p)...)
	}
	return r
}

// JSON renders the JSON report: the mutation-testing-report-schema with
// mutprop's keys, in a fixed order, those without a value left out.
func (r *Report) JSON() ([]byte, error) {
	var ext []report.Extension
	if len(r.Suites) > 0 {
		ext = append(ext, report.Extension{Key: suitesJSONKey, Value: r.Suites})
	}
	if len(r.SetAside) > 0 {
		ext = append(ext, report.Extension{Key: setAsideJSONKey, Value: r.SetAside})
	}
	if len(r.Flaky) > 0 {
		ext = append(ext, report.Extension{Key: flakyJSONKey, Value: r.Flaky})
	}
	if r.Trials != nil {
		ext = append(ext, report.Extension{Key: report.TrialsJSONKey, Value: r.Trials})
	}
	if r.Strength != nil {
		ext = append(ext, report.Extension{Key: report.StrengthJSONKey, Value: r.Strength})
	}
	if r.Baseline != nil {
		ext = append(ext, report.Extension{Key: ci.BaselineJSONKey, Value: r.Baseline})
	}
	return report.JSON(r.Run, ext...)
}

// HTML renders the HTML report. Its kill matrix shows only when the run
// knows every killer of each killed mutant: with trials (they run every
// test that reaches one) or, through Write, with --matrix.
func (r *Report) HTML() ([]byte, error) { return r.html(false) }

// html renders the HTML report; matrix: the run had --matrix.
func (r *Report) html(matrix bool) ([]byte, error) {
	return report.HTML(report.Page{Title: "mutprop run: " + r.Run.Name, Run: &r.Run, Trials: r.Trials, Strength: r.Strength,
		Matrix: matrix})
}

// combined is the one report of several packages: with more than
// one, file paths, mutant IDs and test IDs are prefixed with the package
// path so that they stay unique. Each mutant's alias is that of its ID in
// its package.
func combined(pkgs []runlog.Package) report.Run {
	if len(pkgs) == 1 {
		return withAliases(pkgs[0].Path, pkgs[0].Report())
	}
	out := report.Run{Name: packagePaths(pkgs)}
	for _, p := range pkgs {
		r := withAliases(p.Path, p.Report())
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

// withAliases sets the alias of each mutant of r, the report of the
// package pkg.
func withAliases(pkg string, r report.Run) report.Run {
	for i := range r.Mutants {
		r.Mutants[i].Alias = mutantid.Alias(pkg, r.Mutants[i].ID)
	}
	return r
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

// packagePaths joins the packages' paths.
func packagePaths(pkgs []runlog.Package) string {
	out := ""
	for i, p := range pkgs {
		if i > 0 {
			out += ", "
		}
		out += p.Path
	}
	return out
}
