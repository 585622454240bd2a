package main

import (
	"fmt"
	"strings"
	"time"

	"github.com/mutprop/mutprop/gotest"
	"github.com/mutprop/mutprop/mutate"
	"github.com/mutprop/mutprop/report"
)

// runOutputs says what to write besides the tables.
type runOutputs struct {
	json, html string
	matrix     bool
}

// writeRunOutputs prints the tables of every package to stdout and writes
// the JSON and HTML reports; it returns the score of all packages
// together. mutprop run and mutprop merge both report through it, so that
// merged shards give the unsharded run's report.
func writeRunOutputs(e *env, pkgs []runPackage, o runOutputs) (report.Score, error) {
	var suites []gotest.SuiteResult
	for _, p := range pkgs {
		r := p.toReport()
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
		if o.matrix {
			kr := report.KillRateTable(r)
			ms := matrixSummary(p)
			kr.Notes = append(kr.Notes, "redundant tests (kill nothing no other test kills): "+orNone(ms.Redundant),
				"minimal killing set (greedy): "+orNone(ms.Minimal))
			tables = append(tables, kr)
		}
		tables = append(tables, survivorsTable(r))
		tables = append(tables, gotest.SuiteTables(p.Suites)...)
		suites = append(suites, p.Suites...)
		if err := report.Write(e.stdout, report.FormatText, tables...); err != nil {
			return report.Score{}, err
		}
	}
	all := combinedReport(pkgs)
	score := report.ScoreOf(all.Mutants)
	if len(pkgs) > 1 {
		fmt.Fprintf(e.stdout, "mutation score of all packages: %d/%d = %.1f%%\n", score.Detected, score.Valid, score.Percent)
	}
	if o.json != "" {
		b, err := report.JSON(all)
		if err == nil {
			b, err = gotest.AddSuitesJSON(b, suites)
		}
		if aside := setAsideJSON(pkgs); err == nil && len(aside) > 0 {
			b, err = report.AddJSONKey(b, setAsideJSONKey, aside)
		}
		if err != nil {
			return score, err
		}
		if err := writeFileAtomic(o.json, b); err != nil {
			return score, fmt.Errorf("json report: %w", err)
		}
	}
	if o.html != "" {
		b, err := report.HTML(report.Page{Title: "mutprop run: " + all.Name, Run: &all})
		if err != nil {
			return score, err
		}
		if err := writeFileAtomic(o.html, b); err != nil {
			return score, fmt.Errorf("html report: %w", err)
		}
	}
	return score, nil
}

func matrixSummary(p runPackage) gotest.MatrixSummary {
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
	for _, st := range []report.Status{report.NoCoverage, report.Survived} {
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

func setAsideJSON(pkgs []runPackage) []setAsideTest {
	var out []setAsideTest
	for _, p := range pkgs {
		for _, a := range p.Info.SetAside {
			out = append(out, setAsideTest{Package: p.Path, SetAside: a})
		}
	}
	return out
}

// floorLine describes the run's floor: the least time any tool needs for
// these packages (a plain go test -c of each, warm, plus the baseline time
// of the tests each mutant had to run, divided by the workers) and the run
// as a multiple of it. "" when no package measured a floor.
func floorLine(pkgs []runPackage, wall time.Duration) string {
	var floor, build, tests time.Duration
	workers := 0
	for _, p := range pkgs {
		floor += p.Floor
		build += p.FloorBuild
		tests += p.FloorTests
		workers = max(workers, p.Workers)
	}
	if floor <= 0 {
		return ""
	}
	wall -= build // the floor's own builds ran inside the run
	return fmt.Sprintf("floor: %.1f s (build %.1f s + tests %.1f s / %d workers); run took %.1fx the floor (%.1f s)",
		floor.Seconds(), build.Seconds(), tests.Seconds(), workers, wall.Seconds()/floor.Seconds(), wall.Seconds())
}
