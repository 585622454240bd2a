// Package runreport renders the records of a mutprop run (package
// runlog), from a live run or from the merged journals of its shards: the
// console tables of each package (statuses, with --matrix the kill rates,
// redundant tests and a minimal killing set, the undetected mutants,
// registered suites, suites.go), the score of all packages, the trials' tables with
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
	"github.com/mutprop/mutprop/internal/mutantid"
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
	// TrialCells adds the per-mutant trials' tables to the console after
	// the ranking (mutprop run -v); the JSON and HTML reports always
	// hold them.
	TrialCells bool
}

// Write prints the tables of the run r to w and writes its JSON and HTML
// reports. mutprop run and mutprop merge both report through it, so that
// merged shards give the unsharded run's report.
func Write(w io.Writer, r *Report, o Outputs) error {
	for i, p := range r.Packages {
		if err := report.Write(w, report.FormatText, packageTables(p, r.Runs[i], o.Matrix)...); err != nil {
			return err
		}
	}
	if len(r.Packages) > 1 {
		fmt.Fprintf(w, "mutation score of all packages: %d/%d = %.1f%%\n", r.Score.Detected, r.Score.Valid, r.Score.Percent)
	}
	if r.Strength != nil {
		if err := report.Write(w, report.FormatText, report.StrengthTables(*r.Strength)...); err != nil {
			return err
		}
	}
	if r.Trials != nil {
		if err := writeTrials(w, *r.Trials, o.TrialCells); err != nil {
			return err
		}
	}
	return writeFiles(r, o)
}

// packageTables are the console tables of a package, whose report is r:
// its statuses, with matrix its kill rates, its undetected mutants and
// its registered suites.
func packageTables(p runlog.Package, r report.Run, matrix bool) []report.Table {
	st := report.StatusTable(r)
	st.Notes = append(st.Notes, countsNote(p))
	for _, a := range p.Info.SetAside {
		st.Notes = append(st.Notes, fmt.Sprintf("set aside %s: %s", a.Test, a.Reason))
	}
	st.Notes = append(st.Notes, confirmNotes(p)...)
	if p.Info.Stats.IllTyped > 0 {
		st.Notes = append(st.Notes, fmt.Sprintf("not-viable also counts %d ill-typed mutants dropped before the build (not listed); the score's denominator excludes them", p.Info.Stats.IllTyped))
	}
	tables := []report.Table{st}
	if matrix {
		kr := report.KillRateTable(r)
		ms := matrixSummary(p)
		kr.Notes = append(kr.Notes, "redundant tests (kill nothing no other test kills): "+orNone(ms.Redundant),
			"minimal killing set (greedy): "+orNone(ms.Minimal))
		tables = append(tables, kr)
	}
	if sv := survivorsTable(r); len(sv.Rows) > 0 {
		tables = append(tables, sv)
	}
	return append(tables, suiteTables(p.Suites)...)
}

// countsNote counts the package's mutants: those of its source (the
// operators' and named variants, as mutprop mutants counts them) and its
// black-box mutants, then how this shard and the stages went.
func countsNote(p runlog.Package) string {
	s := p.Info.Stats
	blackbox := p.Info.Blackbox // of every shard
	if blackbox == 0 {
		for _, m := range p.Mutants { // a journal written before Info.Blackbox
			if m.Mutant.Origin == mutate.OriginBlackbox {
				blackbox++
			}
		}
	}
	note := fmt.Sprint(s)
	if blackbox > 0 {
		note = fmt.Sprintf("%d mutants (%d black-box): %s", s.Kept+blackbox, blackbox, s.Counts())
	}
	if p.Info.Universe != len(p.Mutants) {
		note += fmt.Sprintf("; this shard has %d of them", len(p.Mutants))
	}
	if p.Stages != "" {
		note += "; " + p.Stages
	}
	return note
}

// writeTrials prints the ranking of the tests, and with cells (or no
// ranking) each mutant's trials and comparisons.
func writeTrials(w io.Writer, t report.TrialsReport, cells bool) error {
	tables := report.RankingTables(t)
	brief := !cells && len(tables) > 0
	if !brief {
		tables = append(tables, report.TimeTables(t)...)
		tables = append(tables, report.VerdictTables(t)...)
		tables = append(tables, report.TrialsTables(t)...)
	}
	if err := report.Write(w, report.FormatText, tables...); err != nil {
		return err
	}
	if brief {
		fmt.Fprintf(w, "why each verdict, the time to failure and each mutant's trials: with -v, in the JSON report (%q) and in the HTML report\n", report.TrialsJSONKey)
	}
	return nil
}

// writeFiles writes the JSON and HTML reports that o asks for.
func writeFiles(r *Report, o Outputs) error {
	if o.JSON != "" {
		b, err := r.JSON()
		if err != nil {
			return err
		}
		if err := atomicfile.Write(o.JSON, b); err != nil {
			return fmt.Errorf("json report: %w", err)
		}
	}
	if o.HTML != "" {
		b, err := r.html(o.Matrix)
		if err != nil {
			return err
		}
		if err := atomicfile.Write(o.HTML, b); err != nil {
			return fmt.Errorf("html report: %w", err)
		}
	}
	return nil
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

// FloorLine describes the run's floor: the least time any tool needs for
// these packages (a plain go test -c of each, warm, plus the time the
// tests each mutant had to run take, as one process running every mutant
// would spend it, divided by the workers) and the run's whole wall time
// as a multiple of it (the floor's builds, which run beside the run's
// own, included), then what one process per mutant would add: the processes it
// starts at the least, each costing its time outside its tests
// (runlog.Package.FloorOverhead). Two costs the floor leaves out: the
// deadlines of mutants that time out, and the kills' confirmation (each
// kill's test runs again, runlog.Package.ConfirmTime). When timeouts
// held the workers, or the confirmation 2 % of the wall or more, the line
// says how long, and what the rest of the run is as a multiple of the
// floor. "" when no package measured a floor.
func FloorLine(pkgs []runlog.Package, wall time.Duration) string {
	var floor, build, tests, timeouts, confirm, extra time.Duration
	workers, timedOut, procs := 0, 0, 0
	for _, p := range pkgs {
		floor += p.Floor
		build += p.FloorBuild
		tests += p.FloorTests
		workers = max(workers, p.Workers)
		procs += p.FloorProcesses
		extra += time.Duration(p.FloorProcesses) * p.FloorOverhead
		confirm += p.ConfirmTime
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
	// The floor's own plain builds ran beside the run's schemata builds:
	// their time is in the wall, as a user without --no-floor pays it.
	line := fmt.Sprintf("floor: %.1f s (build %.1f s + tests %.1f s / %d workers); run took %.1fx the floor (%.1f s)",
		floor.Seconds(), build.Seconds(), tests.Seconds(), workers, wall.Seconds()/floor.Seconds(), wall.Seconds())
	// Each timeout holds one worker until its test's own deadline rule
	// ends it; each kill's reruns hold one while they run.
	per := time.Duration(max(workers, 1))
	var costs []string
	var spent time.Duration
	if share := timeouts / per; timedOut > 0 && share > 0 {
		costs = append(costs, fmt.Sprintf("%d mutants timed out, in %.1f worker-seconds (%.0f%% of the workers' time)",
			timedOut, timeouts.Seconds(), 100*share.Seconds()/wall.Seconds()))
		spent += share
	}
	if share := confirm / per; share >= wall/50 {
		// Under 2 % of the wall it explains little of the gap.
		prec := 1
		if confirm < time.Second {
			prec = 2
		}
		costs = append(costs, fmt.Sprintf("confirming the kills (each kill's test run again) took %.*f worker-seconds (%.0f%%)",
			prec, confirm.Seconds(), 100*share.Seconds()/wall.Seconds()))
		spent += share
	}
	if len(costs) > 0 && spent < wall {
		line += "; " + strings.Join(costs, ", and ") + fmt.Sprintf(": the rest is %.1fx the floor", (wall-spent).Seconds()/floor.Seconds())
	}
	if procs > 0 && extra > 0 {
		line += fmt.Sprintf("; one process per mutant would add %.1f s (%d processes x %s / %d workers)",
			(extra / time.Duration(max(workers, 1))).Seconds(), procs, (extra / time.Duration(procs)).Round(100*time.Microsecond), max(workers, 1))
	}
	return line
}

// confirmNotes are the status table's notes on the kills that did not
// count: the tests that failed on the original (flaky, with the evidence
// of their first such kill), and the mutants whose kill did not recur
// (unstable), at most maxUnstableNoted of them named.
func confirmNotes(p runlog.Package) []string {
	var notes []string
	for _, f := range flakyKillers(p) {
		notes = append(notes, fmt.Sprintf("flaky: %s %s: its kills of %d mutants are not kills", f.Test, f.Evidence, len(f.Mutants)))
	}
	var unstable []string
	for _, m := range p.Mutants {
		if m.Unstable != "" {
			unstable = append(unstable, mutantid.Alias(p.Path, m.Mutant.ID)+" ("+m.Unstable+")")
		}
	}
	if len(unstable) == 0 {
		return notes
	}
	n, more := len(unstable), ""
	if n > maxUnstableNoted {
		more = fmt.Sprintf("; %d more in the JSON report (mutpropUnstable)", len(unstable)-maxUnstableNoted)
		unstable = unstable[:maxUnstableNoted]
	}
	return append(notes, fmt.Sprintf("unstable: %d mutants whose kill did not recur when its test ran again against them (not counted as kills): %s%s",
		n, strings.Join(unstable, "; "), more))
}

// maxUnstableNoted is how many unstable mutants the status table names.
const maxUnstableNoted = 5
