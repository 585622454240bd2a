// Package runreport renders the records of a mutprop run (package
// runlog), from a live run or from the merged journals of its shards: the
// console tables of each package (statuses, with --matrix the kill rates,
// redundant tests and a minimal killing set, the undetected mutants,
// registered suites), the score of all packages, the trials' tables with
// --trials, the JSON report (mutation-testing-report-schema, with
// mutprop's own keys) and the HTML report, and the floor line; and, while
// a run goes, its progress (progress.go: a bar per package, and with -v a
// line per finished mutant).
package runreport

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/mutprop/mutprop/gotest"
	"github.com/mutprop/mutprop/internal/atomicfile"
	"github.com/mutprop/mutprop/mutate"
	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/report"
	"github.com/mutprop/mutprop/runlog"
)

// Outputs say what to write besides the tables.
type Outputs struct {
	// JSON and HTML are the files of the JSON report
	// (mutation-testing-report-schema, with mutprop's keys) and of the
	// HTML report; "" for none.
	JSON, HTML string
	// Matrix adds the kill-rate table and the matrix summary of each
	// package (--matrix).
	Matrix bool
	// Trials, when set, adds the trials' tables after the packages', the
	// JSON report's report.TrialsJSONKey and the HTML report's Trials
	// section (mutprop run --trials).
	Trials *report.TrialsReport
	// TrialCells adds the per-mutant trials' tables to the console after
	// the ranking (mutprop run -v); the JSON and HTML reports always
	// hold them.
	TrialCells bool
	// Strength, when set, adds the strength and data coverage tables
	// after the packages' (before the trials'), the JSON report's
	// report.StrengthJSONKey and the HTML report's Strength section
	// (mutprop run --blackbox).
	Strength *report.Strength
}

// Write prints the tables of every package to w and writes the JSON and
// HTML reports; it returns the score of all packages together. mutprop
// run and mutprop merge both report through it, so that merged shards give
// the unsharded run's report.
func Write(w io.Writer, pkgs []runlog.Package, o Outputs) (report.Score, error) {
	var suites []gotest.SuiteResult
	for _, p := range pkgs {
		r := p.Report()
		st := report.StatusTable(r)
		note := fmt.Sprint(p.Info.Stats)
		if p.Info.Universe != len(p.Mutants) {
			note += fmt.Sprintf("; this shard has %d of them", len(p.Mutants))
		}
		if p.Stages != "" {
			note += "; " + p.Stages
		}
		st.Notes = append(st.Notes, note)
		for _, a := range p.Info.SetAside {
			st.Notes = append(st.Notes, fmt.Sprintf("set aside %s: %s", a.Test, a.Reason))
		}
		if p.Info.Stats.IllTyped > 0 {
			st.Notes = append(st.Notes, fmt.Sprintf("not-viable also counts %d ill-typed mutants dropped before the build (not listed); the score's denominator excludes them", p.Info.Stats.IllTyped))
		}
		tables := []report.Table{st}
		if o.Matrix {
			kr := report.KillRateTable(r)
			ms := matrixSummary(p)
			kr.Notes = append(kr.Notes, "redundant tests (kill nothing no other test kills): "+orNone(ms.Redundant),
				"minimal killing set (greedy): "+orNone(ms.Minimal))
			tables = append(tables, kr)
		}
		tables = append(tables, survivorsTable(r))
		tables = append(tables, gotest.SuiteTables(p.Suites)...)
		suites = append(suites, p.Suites...)
		if err := report.Write(w, report.FormatText, tables...); err != nil {
			return report.Score{}, err
		}
	}
	all := combined(pkgs)
	score := report.ScoreOf(all.Mutants)
	if len(pkgs) > 1 {
		fmt.Fprintf(w, "mutation score of all packages: %d/%d = %.1f%%\n", score.Detected, score.Valid, score.Percent)
	}
	if o.Strength != nil {
		if err := report.Write(w, report.FormatText, report.StrengthTables(*o.Strength)...); err != nil {
			return score, err
		}
	}
	if o.Trials != nil {
		tables := report.RankingTables(*o.Trials)
		brief := !o.TrialCells && len(tables) > 0
		if !brief {
			tables = append(tables, report.TrialsTables(*o.Trials)...)
		}
		if err := report.Write(w, report.FormatText, tables...); err != nil {
			return score, err
		}
		if brief {
			fmt.Fprintf(w, "each mutant's trials and comparisons: with -v, in the JSON report (%q) and in the HTML report\n", report.TrialsJSONKey)
		}
	}
	if o.JSON != "" {
		b, err := report.JSON(all)
		if err == nil {
			b, err = gotest.AddSuitesJSON(b, suites)
		}
		if aside := setAsideJSON(pkgs); err == nil && len(aside) > 0 {
			b, err = report.AddJSONKey(b, setAsideJSONKey, aside)
		}
		if err == nil && o.Trials != nil {
			b, err = report.AddJSONKey(b, report.TrialsJSONKey, o.Trials)
		}
		if err == nil && o.Strength != nil {
			b, err = report.AddJSONKey(b, report.StrengthJSONKey, o.Strength)
		}
		if err != nil {
			return score, err
		}
		if err := atomicfile.Write(o.JSON, b); err != nil {
			return score, fmt.Errorf("json report: %w", err)
		}
	}
	if o.HTML != "" {
		b, err := report.HTML(report.Page{Title: "mutprop run: " + all.Name, Run: &all, Trials: o.Trials, Strength: o.Strength})
		if err != nil {
			return score, err
		}
		if err := atomicfile.Write(o.HTML, b); err != nil {
			return score, fmt.Errorf("html report: %w", err)
		}
	}
	return score, nil
}

func matrixSummary(p runlog.Package) gotest.MatrixSummary {
	tests := make([]gotest.TestInfo, len(p.Info.Tests))
	for i, t := range p.Info.Tests {
		tests[i] = gotest.TestInfo{Name: t}
	}
	muts := make([]gotest.MutantResult, len(p.Mutants))
	for i, m := range p.Mutants {
		muts[i] = gotest.MutantResult{Mutant: mutate.Mutant{ID: m.Mutant.ID}, Outcome: m.Outcome, KilledBy: m.KilledBy}
	}
	return gotest.SummarizeMatrix(tests, muts)
}

// survivorsTable lists what the tests missed: survivors and no-coverage
// mutants.
func survivorsTable(r report.Run) report.Table {
	t := report.Table{Title: "Undetected mutants of " + r.Name, Header: []string{"mutant", "status", "description", "covered by"}}
	for _, st := range []outcome.Outcome{outcome.NoCoverage, outcome.Survived} {
		for _, m := range r.Mutants {
			if m.Status == st {
				t.Rows = append(t.Rows, []string{m.ID, string(m.Status), m.Description, strings.Join(m.CoveredBy, " ")})
			}
		}
	}
	return t
}

func orNone(s []string) string {
	if len(s) == 0 {
		return "none"
	}
	return strings.Join(s, ", ")
}

// setAsideJSONKey is the JSON report's top-level key that lists the tests
// the baselines set aside.
const setAsideJSONKey = "mutpropSetAside"

// setAsideTest is a test set aside, with its package, in the JSON report.
type setAsideTest struct {
	Package string `json:"package"`
	gotest.SetAside
}

func setAsideJSON(pkgs []runlog.Package) []setAsideTest {
	var out []setAsideTest
	for _, p := range pkgs {
		for _, a := range p.Info.SetAside {
			out = append(out, setAsideTest{Package: p.Path, SetAside: a})
		}
	}
	return out
}

// FloorLine describes the run's floor: the least time any tool needs for
// these packages (a plain go test -c of each, warm, plus the baseline time
// of the tests each mutant had to run, divided by the workers) and the run
// as a multiple of it. Mutants that time out cost their deadlines, which
// the floor leaves out: when there are some, the line says how long they
// took and what the rest of the run is as a multiple of the floor. "" when
// no package measured a floor.
func FloorLine(pkgs []runlog.Package, wall time.Duration) string {
	var floor, build, tests, timeouts time.Duration
	workers, timedOut := 0, 0
	for _, p := range pkgs {
		floor += p.Floor
		build += p.FloorBuild
		tests += p.FloorTests
		workers = max(workers, p.Workers)
		for _, m := range p.Mutants {
			if m.Outcome == outcome.Timeout {
				timedOut++
				timeouts += m.Duration
			}
		}
	}
	if floor <= 0 {
		return ""
	}
	wall -= build // the floor's own builds ran inside the run
	line := fmt.Sprintf("floor: %.1f s (build %.1f s + tests %.1f s / %d workers); run took %.1fx the floor (%.1f s)",
		floor.Seconds(), build.Seconds(), tests.Seconds(), workers, wall.Seconds()/floor.Seconds(), wall.Seconds())
	if share := timeouts / time.Duration(max(workers, 1)); timedOut > 0 && share < wall {
		// Each timeout holds one worker until its test's own deadline
		// rule ends it.
		line += fmt.Sprintf("; %d mutants timed out, in %.1f worker-seconds (%.0f%% of the workers' time): the rest is %.1fx the floor",
			timedOut, timeouts.Seconds(), 100*share.Seconds()/wall.Seconds(), (wall-share).Seconds()/floor.Seconds())
	}
	return line
}

// combined is the one report of several packages: with more than
// one, file paths, mutant IDs and test IDs are prefixed with the package
// path so that they stay unique.
func combined(pkgs []runlog.Package) report.Run {
	if len(pkgs) == 1 {
		return pkgs[0].Report()
	}
	out := report.Run{Name: strings.Join(packagePaths(pkgs), ", ")}
	for _, p := range pkgs {
		r := p.Report()
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

func packagePaths(pkgs []runlog.Package) []string {
	out := make([]string, len(pkgs))
	for i, p := range pkgs {
		out[i] = p.Path
	}
	return out
}
