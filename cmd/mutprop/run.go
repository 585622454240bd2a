package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"time"

	"github.com/mutprop/mutprop/gotest"
	"github.com/mutprop/mutprop/mutate"
	"github.com/mutprop/mutprop/proc"
	"github.com/mutprop/mutprop/report"
)

// cmdRun scores a Go package's tests against its mutants (gotest.Score).
func cmdRun(ctx context.Context, e *env, args []string) int {
	fs := newFlagSet(e, "run", "PACKAGES", `
Score the tests of Go packages (plain tests, examples, rapid, testing/quick,
gopter) against their mutants: build the test binary once with every mutant
behind a runtime switch, check that the tests pass twice, measure per-test
coverage, then run each mutant against the tests that cover it in worker
processes. The user's files are never written.

Score = detected (killed, timeout, crashed) / valid (all but not-viable),
as in Stryker; no-coverage mutants count as undetected.`)
	seed := fs.Uint64("seed", 1, "rapid's `seed` (-rapid.seed) for every run")
	workers := fs.Int("workers", runtime.NumCPU(), "worker processes")
	factor := fs.Float64("timeout-factor", proc.DefaultTimeouts.Factor, "a mutant's deadline is `k` x its tests' baseline time + --timeout-const")
	tconst := fs.Duration("timeout-const", proc.DefaultTimeouts.Const, "constant added to each deadline")
	memLimit := fs.Int64("mem-limit", proc.DefaultMemoryCap.Hard>>20, "address-space cap of each test process in `MiB` (GOMEMLIMIT is half); 0 for none")
	mode := fs.String("mode", gotest.ModeSchemata, "schemata (one build) or overlay (one build per mutant, the cross-check)")
	matrix := fs.Bool("matrix", false, "run every covering test against every mutant: kill matrix, redundant tests, minimal killing set")
	jsonOut := fs.String("json", "", "write the report (mutation-testing-report-schema) to `FILE`")
	runRE := fs.String("run", "", "only tests whose name matches `REGEXP`")
	ops := fs.String("operators", "", "comma-separated operators (default all)")
	verbose := fs.Bool("v", false, "print one line per mutant")
	if c := parseFlags(fs, args); c >= 0 {
		return c
	}
	if *mode != gotest.ModeSchemata && *mode != gotest.ModeOverlay {
		fmt.Fprintf(e.stderr, "mutprop run: --mode %q: want schemata or overlay\n", *mode)
		return exitUsage
	}
	cfg := gotest.Config{
		Patterns: fs.Args(),
		Workers:  *workers,
		Seed:     *seed,
		Timeouts: proc.Timeouts{Factor: *factor, Const: *tconst, Floor: proc.DefaultTimeouts.Floor},
		Memory:   &proc.MemoryCap{Soft: (*memLimit << 20) / 2, Hard: *memLimit << 20},
		Mode:     *mode,
		Matrix:   *matrix,
		Log:      e.stderr,
	}
	if *tconst == 0 {
		cfg.Timeouts.Const = -1
	}
	if *runRE != "" {
		re, err := regexp.Compile(*runRE)
		if err != nil {
			fmt.Fprintf(e.stderr, "mutprop run: --run: %v\n", err)
			return exitUsage
		}
		cfg.Run = re
	}
	if *ops != "" {
		sel, err := mutate.SelectOperators(*ops)
		if err != nil {
			fmt.Fprintf(e.stderr, "mutprop run: --operators: %v\n", err)
			return exitUsage
		}
		cfg.Operators = sel
	}
	prog := newProgress(e.stderr, "mutants")
	var start time.Time // the first mutant's start: build and baseline are not in the ETA
	killed := 0
	cfg.Progress = func(done, total int, m gotest.MutantResult) {
		if start.IsZero() {
			start = time.Now().Add(-m.Duration)
		}
		if m.Outcome == gotest.Killed || m.Outcome == gotest.Crashed || m.Outcome == gotest.Timeout {
			killed++
		}
		if *verbose {
			prog.finish()
			fmt.Fprintf(e.stderr, "%-10s %s %s (%v)%s\n", m.Outcome, m.Mutant.ID, m.Mutant.Description, m.Duration.Round(time.Millisecond), killedNote(m))
		}
		prog.update(done, total, killed, time.Since(start))
	}
	res, err := gotest.Score(ctx, cfg)
	prog.finish()
	if res != nil {
		if werr := writeRunReport(e, res, *jsonOut, *matrix); werr != nil {
			fmt.Fprintf(e.stderr, "mutprop run: %v\n", werr)
			return exitError
		}
	}
	if res != nil && res.Interrupted {
		fmt.Fprintln(e.stderr, "mutprop run: interrupted; the report covers the mutants that finished")
		return exitInterrupts
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "mutprop run: %v\n", err)
		return exitError
	}
	return exitOK
}

func killedNote(m gotest.MutantResult) string {
	if len(m.KilledBy) == 0 {
		if m.Reason != "" {
			return ": " + m.Reason
		}
		return ""
	}
	s := " by " + strings.Join(m.KilledBy, ", ")
	if n, ok := m.TestsToFailure[m.KilledBy[0]]; ok {
		s += fmt.Sprintf(" after %d tests", n)
	}
	return s
}

// runReport converts a package's result into report's model. Ill-typed
// mutants, dropped before the build, appear as not-viable entries without
// a location so that they count in the table.
func runReport(p *gotest.PackageResult) (report.Run, error) {
	r := report.Run{Name: p.Path}
	for _, f := range p.Files {
		b, err := os.ReadFile(f)
		if err != nil {
			return r, fmt.Errorf("report %s: %w", p.Path, err)
		}
		r.Files = append(r.Files, report.File{Path: filepath.Base(f), Source: string(b)})
	}
	for _, t := range p.Tests {
		r.Tests = append(r.Tests, report.Test{ID: t.Name, Name: t.Name})
	}
	for _, m := range p.Mutants {
		if m.Outcome == "" {
			continue // interrupted before it finished
		}
		r.Mutants = append(r.Mutants, report.Mutant{
			ID: m.Mutant.ID, Origin: m.Mutant.Origin, File: m.Mutant.File,
			Line: m.Mutant.Line, Col: m.Mutant.Col, EndLine: m.Mutant.EndLine, EndCol: m.Mutant.EndCol,
			Operator: m.Mutant.Operator, Description: m.Mutant.Description, Replacement: m.Mutant.Replacement,
			Status: report.Status(m.Outcome), StatusReason: m.Reason,
			KilledBy: m.KilledBy, CoveredBy: m.CoveredBy, Duration: m.Duration,
			TestsCompleted: len(m.CoveredBy),
		})
	}
	return r, nil
}

// writeRunReport prints the tables of every package and writes --json.
func writeRunReport(e *env, res *gotest.Result, jsonPath string, matrix bool) error {
	var docs []json.RawMessage
	for _, p := range res.Packages {
		r, err := runReport(p)
		if err != nil {
			return err
		}
		tables := []report.Table{report.StatusTable(r)}
		st := tables[0]
		st.Notes = append(st.Notes, fmt.Sprintf("%s; stages: build %v, baseline %v, coverage %v, mutants %v",
			p.Stats, p.Build.Round(time.Millisecond), p.Baseline.Round(time.Millisecond), p.Coverage.Round(time.Millisecond), p.Run.Round(time.Millisecond)))
		if p.Stats.IllTyped > 0 {
			st.Notes = append(st.Notes, fmt.Sprintf("not-viable also counts %d ill-typed mutants dropped before the build (not listed); the score's denominator excludes them", p.Stats.IllTyped))
		}
		tables[0] = st
		if matrix {
			kr := report.KillRateTable(r)
			ms := gotest.SummarizeMatrix(p.Tests, p.Mutants)
			kr.Notes = append(kr.Notes, "redundant tests (kill nothing no other test kills): "+orNone(ms.Redundant),
				"minimal killing set (greedy): "+orNone(ms.Minimal))
			tables = append(tables, kr)
		}
		tables = append(tables, survivorsTable(p))
		tables = append(tables, gotest.SuiteTables(p.Suites)...)
		if err := report.Write(e.stdout, report.FormatText, tables...); err != nil {
			return err
		}
		if jsonPath != "" {
			b, err := report.JSON(r)
			if err == nil {
				b, err = gotest.AddSuitesJSON(b, p.Suites)
			}
			if err != nil {
				return err
			}
			docs = append(docs, b)
		}
	}
	if jsonPath == "" {
		return nil
	}
	var out []byte
	switch len(docs) {
	case 0:
		return nil
	case 1:
		out = docs[0]
	default:
		b, err := json.MarshalIndent(docs, "", "\t")
		if err != nil {
			return fmt.Errorf("json report: %w", err)
		}
		out = b
	}
	tmp := jsonPath + ".tmp"
	if err := os.WriteFile(tmp, out, 0o644); err != nil {
		return fmt.Errorf("json report: %w", err)
	}
	if err := os.Rename(tmp, jsonPath); err != nil {
		return fmt.Errorf("json report: %w", err)
	}
	return nil
}

// survivorsTable lists what the tests missed: survivors, no-coverage and
// the mutants that did not finish.
func survivorsTable(p *gotest.PackageResult) report.Table {
	t := report.Table{Title: "Undetected mutants of " + p.Path, Header: []string{"mutant", "status", "description", "covered by"}}
	ms := append([]gotest.MutantResult(nil), p.Mutants...)
	sort.SliceStable(ms, func(i, j int) bool { return ms[i].Outcome < ms[j].Outcome })
	for _, m := range ms {
		if m.Outcome == gotest.Survived || m.Outcome == gotest.NoCoverage {
			t.Rows = append(t.Rows, []string{m.Mutant.ID, m.Outcome, m.Mutant.Description, strings.Join(m.CoveredBy, " ")})
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
