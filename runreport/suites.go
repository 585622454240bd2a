package runreport

import (
	"fmt"
	"strings"
	"time"

	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/propsuite"
	"github.com/mutprop/mutprop/report"
)

// suiteTables renders registered suites (runlog.Package.Suites, which
// internal/suitehost measured): per suite, its properties (kill rate by
// mutant origin, mean tests-to-failure), then the mutants no property
// detected.
func suiteTables(suites []propsuite.HostedResult) []report.Table {
	var out []report.Table
	for i := range suites {
		r := &suites[i]
		t := report.Table{
			Title: fmt.Sprintf("Suite %s of %s: %s", r.Label(), r.Package, protocolString(r.Protocol)),
			Header: []string{"property", "original", "black-box detected", "black-box mean tests-to-failure",
				"white-box detected", "white-box mean tests-to-failure", "crashed", "timeout"},
		}
		multi := false
		for _, sp := range r.Properties {
			multi = multi || sp.Generator != r.Properties[0].Generator
		}
		for _, sp := range r.Properties {
			name := sp.Property
			if multi {
				name += " [" + sp.Generator + "]"
			}
			var orig string
			switch sp.Original {
			case "":
				orig = "not run"
			case outcome.Survived:
				orig = "holds"
			default:
				orig = "FAILS (" + string(sp.Original) + "): not scored"
			}
			t.Rows = append(t.Rows, []string{name, orig, killsText(sp.BlackBox), ttfText(sp.BlackBox), killsText(sp.WhiteBox), ttfText(sp.WhiteBox),
				fmt.Sprint(sp.BlackBox.Crashed + sp.WhiteBox.Crashed), fmt.Sprint(sp.BlackBox.Timeout + sp.WhiteBox.Timeout)})
		}
		t.Notes = append(t.Notes, fmt.Sprintf("seed %d; %d mutants in %v; deadline of a deciding cell %v; run in worker processes of the package's test binary",
			r.Seed, len(r.Mutants), r.Duration.Round(time.Millisecond), r.CellTimeout.Round(time.Millisecond)))
		if r.NotCovered > 0 {
			t.Notes = append(t.Notes, fmt.Sprintf("%d white-box mutants not run: %s does not execute their code", r.NotCovered, r.Test))
		}
		if r.NotInSchemata > 0 {
			t.Notes = append(t.Notes, fmt.Sprintf("%d white-box mutants not run: not in the schemata build (overlay mode, or left out)", r.NotInSchemata))
		}
		if r.Err != "" {
			t.Notes = append(t.Notes, "error: "+firstLine(r.Err))
		}
		out = append(out, t)
		var missed [][]string
		for _, m := range r.Mutants {
			if m.Status == outcome.Survived || m.Status == outcome.GaveUp || m.Status == outcome.Error {
				missed = append(missed, []string{m.ID, m.Origin, string(m.Status), m.Description})
			}
		}
		if len(missed) > 0 {
			out = append(out, report.Table{Title: "Mutants no property of suite " + r.Label() + " detects",
				Header: []string{"mutant", "origin", "status", "description"}, Rows: missed})
		}
	}
	return out
}

// killsText is a property's detected mutants of one origin in a table
// cell: "detected/total (percent)", "-" with none measured.
func killsText(k propsuite.Kills) string {
	if k.Total == 0 {
		return "-"
	}
	return fmt.Sprintf("%d/%d (%.0f%%)", k.Detected, k.Total, 100*float64(k.Detected)/float64(k.Total))
}

// ttfText is the mean tests-to-failure in a table cell, "-" with none
// killed.
func ttfText(k propsuite.Kills) string {
	if k.MeanTestsToFailure == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f", k.MeanTestsToFailure)
}

// protocolString describes a protocol in a table title.
func protocolString(p propsuite.Protocol) string {
	switch p.Kind {
	case "trials":
		return fmt.Sprintf("%d trials of at most %d tests per cell", p.Trials, p.DecideBudget)
	case "score":
		return fmt.Sprintf("per-test-case score over %d tests", p.Tests)
	}
	return fmt.Sprintf("mttf: %d tests decide, then %d trials of at most %d tests for tests-to-failure", p.DecideBudget, p.Trials, p.FailBudget)
}

// firstLine is s up to its first newline.
func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
