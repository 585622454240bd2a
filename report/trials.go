package report

import (
	"fmt"
	"sort"
	"strings"

	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/stats"
)

// TrialsJSONKey is the top-level key of the JSON report under which
// mutprop run --trials puts its TrialsReport (the
// mutation-testing-report-schema allows extra top-level properties).
const TrialsJSONKey = "mutpropTrials"

// trialAlpha is the significance level of the comparisons of trials: a
// test finds a mutant faster than another when the two-sided Mann-Whitney
// U test gives p < trialAlpha.
const trialAlpha = 0.05

// notFailingRank says how a trial that does not fail counts in the
// comparisons (TrialsReport.NotFailing).
const notFailingRank = "a trial that does not fail with a tests-to-failure count (it passed its budget of generated tests, timed out, crashed, or failed without a count) ranks after every trial that does, tied with the others like it: its tests-to-failure is taken as +Inf"

// Trial is one run of a test that kills a mutant, with its own seed.
type Trial struct {
	Seed uint64 `json:"seed"`
	// Outcome is the run's verdict: Killed (the test failed), Survived,
	// Timeout or Crashed.
	Outcome outcome.Outcome `json:"outcome"`
	// TestsToFailure is the number of generated tests up to and including
	// the failing one, for a failing trial whose output says so (rapid,
	// testing/quick, gopter, mutproptest); 0 otherwise.
	TestsToFailure int `json:"testsToFailure,omitempty"`
}

// counted reports whether the trial failed with a tests-to-failure count.
func (t Trial) counted() bool { return t.Outcome == outcome.Killed && t.TestsToFailure > 0 }

// TrialCell is the trials of one test against one mutant it kills.
type TrialCell struct {
	Package string
	Mutant  string
	Test    string
	// Library is the property-testing library the failures name (rapid,
	// quick, gopter, mutprop); "" when no failing trial names one (a plain
	// test).
	Library string
	// Seeded reports whether the trials' seeds reach the library's
	// generator (rapid, testing/quick, mutproptest), which makes the
	// figures reproducible; false for gopter (it seeds from the clock
	// unless the test fixes its parameters, which mutprop cannot see) and
	// for plain tests, which have no generator.
	Seeded bool
	Trials []Trial
}

// TrialCellReport is a TrialCell's figures in the JSON report.
type TrialCellReport struct {
	Package string `json:"package"`
	Mutant  string `json:"mutant"`
	Test    string `json:"test"`
	Library string `json:"library,omitempty"`
	// Seeded is false for "unseeded" trials: not reproducible.
	Seeded bool `json:"seeded"`
	Trials int  `json:"trials"`
	Fails  int  `json:"fails"`
	// Counted is the number of failing trials with a tests-to-failure;
	// the mean, its interval and the median are over them.
	Counted            int         `json:"counted"`
	MeanTestsToFailure *float64    `json:"meanTestsToFailure"`
	CI95               *[2]float64 `json:"ci95"`
	Median             *float64    `json:"medianTestsToFailure"`
	Timeouts           int         `json:"timeouts,omitempty"`
	Crashes            int         `json:"crashes,omitempty"`
	// TestsToFailure lists each trial's count in trial order; null for a
	// trial without one.
	TestsToFailure []*int `json:"testsToFailure"`
}

// TrialComparison compares two tests that kill the same mutant: a
// two-sided Mann-Whitney U test over their trials' tests-to-failure
// (TrialsReport.NotFailing says how a trial that does not fail counts).
type TrialComparison struct {
	Package string `json:"package"`
	Mutant  string `json:"mutant"`
	// Faster has the lower mean rank (it tends to need fewer tests);
	// with Tie, the two have the same and are in name order.
	Faster string  `json:"faster"`
	Slower string  `json:"slower"`
	P      float64 `json:"p"`
	// U is the U statistic of Faster.
	U           float64 `json:"u"`
	Significant bool    `json:"significant"`
	Tie         bool    `json:"tie,omitempty"`
	// Unseeded is set when either test's trials are unseeded.
	Unseeded bool `json:"unseeded,omitempty"`
}

// TrialsReport is what mutprop run --trials measured, as the JSON report
// holds it under TrialsJSONKey.
type TrialsReport struct {
	// Trials is the number of trials of each (mutant, killing test).
	Trials int     `json:"trials"`
	Seed   uint64  `json:"seed"`
	Alpha  float64 `json:"alpha"`
	// NotFailing says how a trial that does not fail counts.
	NotFailing  string            `json:"notFailing"`
	Cells       []TrialCellReport `json:"cells"`
	Comparisons []TrialComparison `json:"comparisons"`
	// Ranking ranks each package's killing tests (RankingTables); Pairs
	// compares every two of them over the mutants both kill.
	Ranking []TestRanking `json:"ranking"`
	Pairs   []TestPair    `json:"pairs"`
}

// SummarizeTrials computes each cell's figures (fails, mean
// tests-to-failure with its 95% confidence interval over the failing
// trials with a count) and compares every two cells of the same mutant
// that have counts. Cells keep their order; comparisons follow it. n is
// the number of trials asked for, seed the run's seed.
func SummarizeTrials(n int, seed uint64, cells []TrialCell) (TrialsReport, error) {
	r := TrialsReport{Trials: n, Seed: seed, Alpha: trialAlpha, NotFailing: notFailingRank,
		Cells: []TrialCellReport{}, Comparisons: []TrialComparison{}}
	for _, c := range cells {
		r.Cells = append(r.Cells, summarizeCell(c))
	}
	for i := range cells {
		for j := i + 1; j < len(cells); j++ {
			a, b := cells[i], cells[j]
			if a.Package != b.Package || a.Mutant != b.Mutant || r.Cells[i].Counted == 0 || r.Cells[j].Counted == 0 {
				continue
			}
			c, err := compareCells(a, b)
			if err != nil {
				return r, fmt.Errorf("trials of %s: %s vs %s: %w", a.Mutant, a.Test, b.Test, err)
			}
			r.Comparisons = append(r.Comparisons, c)
		}
	}
	rank(&r)
	return r, nil
}

func summarizeCell(c TrialCell) TrialCellReport {
	out := TrialCellReport{Package: c.Package, Mutant: c.Mutant, Test: c.Test, Library: c.Library, Seeded: c.Seeded,
		Trials: len(c.Trials), TestsToFailure: make([]*int, len(c.Trials))}
	var counts []float64
	for i, t := range c.Trials {
		switch t.Outcome {
		case outcome.Killed:
			out.Fails++
		case outcome.Timeout:
			out.Timeouts++
		case outcome.Crashed:
			out.Crashes++
		}
		if t.counted() {
			n := t.TestsToFailure
			out.TestsToFailure[i] = &n
			counts = append(counts, float64(n))
		}
	}
	out.Counted = len(counts)
	if len(counts) > 0 {
		s := stats.Summarize(counts)
		out.MeanTestsToFailure, out.Median = &s.Mean, &s.Median
		out.CI95 = &[2]float64{s.CILow, s.CIHigh}
	}
	return out
}

// rankValues returns the cells' trials as values for a rank test: the
// count of a trial that failed with one, and for every other trial a value
// above all counts (the ranks of +Inf, which the U test's implementation
// need not handle).
func rankValues(a, b TrialCell) ([]float64, []float64) {
	top := 0
	for _, c := range []TrialCell{a, b} {
		for _, t := range c.Trials {
			if t.counted() {
				top = max(top, t.TestsToFailure)
			}
		}
	}
	values := func(c TrialCell) []float64 {
		out := make([]float64, len(c.Trials))
		for i, t := range c.Trials {
			out[i] = float64(top + 1)
			if t.counted() {
				out[i] = float64(t.TestsToFailure)
			}
		}
		return out
	}
	return values(a), values(b)
}

func compareCells(a, b TrialCell) (TrialComparison, error) {
	va, vb := rankValues(a, b)
	ut, err := stats.MannWhitney(va, vb)
	u, p := ut.U, ut.P
	if err != nil {
		return TrialComparison{}, err
	}
	c := TrialComparison{Package: a.Package, Mutant: a.Mutant, P: p, Significant: p < trialAlpha, Unseeded: !a.Seeded || !b.Seeded}
	nn := float64(len(va) * len(vb))
	switch {
	case u < nn/2:
		c.Faster, c.Slower, c.U = a.Test, b.Test, u
	case u > nn/2:
		c.Faster, c.Slower, c.U = b.Test, a.Test, nn-u
	default:
		c.Faster, c.Slower, c.U, c.Tie, c.Significant = a.Test, b.Test, u, true, false
		if b.Test < a.Test {
			c.Faster, c.Slower = b.Test, a.Test
		}
	}
	return c, nil
}

func pText(p float64) string {
	if p < 0.0001 {
		return fmt.Sprintf("%.1e", p)
	}
	return fmt.Sprintf("%.4f", p)
}

// TrialsTables renders a TrialsReport for the console and the HTML page:
// the figures of each (mutant, killing test), then the comparisons. The
// mutant column names the package too when the cells span several.
func TrialsTables(r TrialsReport) []Table {
	pkgs := map[string]bool{}
	for _, c := range r.Cells {
		pkgs[c.Package] = true
	}
	mutant := func(pkg, id string) string {
		if len(pkgs) > 1 {
			return pkg + "/" + id
		}
		return id
	}
	cells := Table{
		Title:  fmt.Sprintf("Trials: %d seeds per mutant and killing test (seed %d)", r.Trials, r.Seed),
		Header: []string{"mutant", "test", "library", "fails", "mean tests-to-failure", "95% CI", "median"},
	}
	var unseeded []string
	for _, c := range r.Cells {
		lib := c.Library
		switch {
		case lib == "":
			lib = "-"
		case !c.Seeded:
			lib += " (unseeded)"
			unseeded = append(unseeded, mutant(c.Package, c.Mutant)+" "+c.Test)
		}
		fails := fmt.Sprintf("%d/%d", c.Fails, c.Trials)
		if c.Timeouts > 0 || c.Crashes > 0 {
			fails += fmt.Sprintf(" (%d timeouts, %d crashes)", c.Timeouts, c.Crashes)
		}
		mean, ci, median := "-", "-", "-"
		if c.MeanTestsToFailure != nil {
			mean = fmt.Sprintf("%.1f", *c.MeanTestsToFailure)
			ci = fmt.Sprintf("[%.1f, %.1f]", c.CI95[0], c.CI95[1])
			median = fmt.Sprintf("%.1f", *c.Median)
			if c.Counted < c.Fails {
				mean += fmt.Sprintf(" (%d counted)", c.Counted)
			}
		}
		cells.Rows = append(cells.Rows, []string{mutant(c.Package, c.Mutant), c.Test, lib, fails, mean, ci, median})
	}
	if len(r.Cells) == 0 {
		cells.Notes = append(cells.Notes, "no killed mutant: nothing to run trials on")
	}
	cells.Notes = append(cells.Notes, "mean, 95% CI (normal approximation) and median over the failing trials with a tests-to-failure count; a test without a count (a plain test) shows only its fails")
	if len(unseeded) > 0 {
		sort.Strings(unseeded)
		cells.Notes = append(cells.Notes, "unseeded (gopter seeds from the clock unless the test fixes its parameters): these figures are not reproducible: "+strings.Join(unseeded, ", "))
	}
	out := []Table{cells}
	if len(r.Comparisons) > 0 {
		cmp := Table{
			Title:  "Which killing test finds each mutant faster (two-sided Mann-Whitney U)",
			Header: []string{"mutant", "comparison", "p"},
		}
		for _, c := range r.Comparisons {
			var text string
			switch {
			case c.Significant:
				text = c.Faster + " finds it faster than " + c.Slower
			case c.Tie:
				text = c.Faster + " and " + c.Slower + ": tie"
			default:
				text = c.Faster + " and " + c.Slower + ": no significant difference"
			}
			if c.Unseeded {
				text += " (unseeded)"
			}
			cmp.Rows = append(cmp.Rows, []string{mutant(c.Package, c.Mutant), text, pText(c.P)})
		}
		cmp.Notes = append(cmp.Notes, fmt.Sprintf("faster: p < %g and a lower mean rank; %s", r.Alpha, r.NotFailing))
		out = append(out, cmp)
	}
	return out
}
