package runreport

import (
	"cmp"
	"slices"
	"sort"

	"github.com/mutprop/mutprop/ci"
	"github.com/mutprop/mutprop/gotest"
	"github.com/mutprop/mutprop/internal/mutantid"
	"github.com/mutprop/mutprop/report"
	"github.com/mutprop/mutprop/runlog"
)

// Report is the one typed model of a finished run, live or merged from
// its shards' journals, filled by New: the console tables, the JSON and
// HTML reports and (through its Packages and Score) the CI outputs render
// from it, and no output is patched once written. mutprop's extensions
// of the mutation-testing-report-schema are its typed fields, which the
// JSON report (document) holds beside the schema's.
type Report struct {
	// Packages are the run's records, one per package.
	Packages []runlog.Package
	// Run is every package's report in one: with several packages, file
	// paths, mutant IDs and test IDs are prefixed with the package path.
	// Each mutant carries its shell-safe alias (internal/mutantid).
	Run report.Run
	// Runs are each package's report (runlog.Package.Report, made once
	// per package), in Packages' order, which Run combines.
	Runs []report.Run
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

// suitesJSONKey is the JSON report's key of the registered suites
// (document.Suites).
const suitesJSONKey = "mutpropSuites"

// document is the JSON report: the mutation-testing-report-schema's
// fields, then mutprop's keys in a fixed order, those without a value
// left out, encoded once. The keys are a contract (TestDocumentKeys
// checks them against the constants other packages name them by).
type document struct {
	report.Schema
	// Suites are the registered suites (the schema allows extra
	// top-level properties).
	Suites []gotest.SuiteResult `json:"mutpropSuites,omitempty"`
	// SetAside lists the tests the baselines set aside.
	SetAside []SetAsideTest `json:"mutpropSetAside,omitempty"`
	// Flaky lists the tests that failed on the original while kills were
	// confirmed.
	Flaky []FlakyKiller `json:"mutpropFlaky,omitempty"`
	// Trials: report.TrialsJSONKey.
	Trials *report.TrialsReport `json:"mutpropTrials,omitempty"`
	// Strength: report.StrengthJSONKey.
	Strength *report.Strength `json:"mutpropStrength,omitempty"`
	// Baseline: ci.BaselineJSONKey.
	Baseline *ci.BaselineJSON `json:"mutpropBaseline,omitempty"`
}

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

// Options are what New needs besides the packages' records: the
// settings of the run that decide its extensions.
type Options struct {
	// Blackbox: the run had black-box mutants (--blackbox), so the
	// report holds their strength (StrengthOf).
	Blackbox bool
	// Trials, TrialBudget and Seed: the run's --trials, --trial-budget
	// and seed (0 means 1, gotest.Config's default), which summarize the
	// packages' trials; no trials without Trials.
	Trials, TrialBudget int
	Seed                uint64
}

// New builds the model of a run from its packages' records, live or
// merged, and the run's options: every field but Baseline, which the CI
// assessment of the model adds.
func New(pkgs []runlog.Package, o Options) (*Report, error) {
	r := &Report{Packages: pkgs}
	for _, p := range pkgs {
		r.Runs = append(r.Runs, withAliases(p.Path, p.Report()))
	}
	r.Run = combined(pkgs, r.Runs)
	r.Score = report.ScoreOf(r.Run.Mutants)
	for _, p := range pkgs {
		r.Suites = append(r.Suites, p.Suites...)
		for _, a := range p.Info.SetAside {
			r.SetAside = append(r.SetAside, SetAsideTest{Package: p.Path, SetAside: a})
		}
		r.Flaky = append(r.Flaky, flakyKillers(p)...)
	}
	if o.Blackbox {
		r.Strength = StrengthOf(pkgs)
	}
	if o.Trials > 0 {
		byPath := slices.Clone(pkgs)
		sort.SliceStable(byPath, func(i, j int) bool { return byPath[i].Path < byPath[j].Path })
		var cells []report.TrialCell
		for _, p := range byPath {
			cells = append(cells, p.Trials...)
		}
		t, err := report.SummarizeTrials(o.Trials, cmp.Or(o.Seed, 1), o.TrialBudget, cells)
		if err != nil {
			return nil, err
		}
		r.Trials = &t
	}
	return r, nil
}

// JSON renders the JSON report: the mutation-testing-report-schema with
// mutprop's keys (document), encoded once.
func (r *Report) JSON() ([]byte, error) {
	schema, err := report.NewSchema(r.Run)
	if err != nil {
		return nil, err
	}
	return report.Encode(document{Schema: schema, Suites: r.Suites, SetAside: r.SetAside, Flaky: r.Flaky,
		Trials: r.Trials, Strength: r.Strength, Baseline: r.Baseline})
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

// combined is the one report of several packages, from their reports
// runs: with more than one, file paths, mutant IDs and test IDs are
// prefixed with the package path so that they stay unique.
func combined(pkgs []runlog.Package, runs []report.Run) report.Run {
	if len(pkgs) == 1 {
		return runs[0]
	}
	out := report.Run{Name: packagePaths(pkgs)}
	for i, p := range pkgs {
		r := runs[i]
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
