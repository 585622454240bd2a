package report

import (
	"encoding/json"
	"fmt"
	"math"
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
// U test gives p < trialAlpha, and a pair's verdict holds when its
// Holm-adjusted p is below it.
const trialAlpha = 0.05

// defaultBudget is the cases a property-testing library runs by default
// (rapid's -rapid.checks, testing/quick's -quickchecks, gopter's
// MinSuccessfulTests, mutproptest's -mutprop.tests): the cases of a trial
// that passed without saying how many it ran, when no budget was set.
const defaultBudget = 100

// notFailingRank says how a trial that does not fail counts in the
// comparisons (TrialsReport.NotFailing).
const notFailingRank = "a trial that passed its budget (censored) ranks after every trial that found the mutant, tied with the others like it: its tests-to-failure is taken as +Inf; a trial that found the mutant at an unknown case (a timeout, a death without a count) is left out"

// estimateText says how the cells' figures are estimated
// (TrialsReport.Estimate).
const estimateText = "meanTestsToFailure is the geometric estimate: every case run (the counted failures' cases to failure and the censored trials' cases) over the counted failures, the maximum-likelihood estimate of 1/p when each case fails with probability p; ci95 inverts the exact Clopper-Pearson 95% interval of p, so its low end is never below 1 and its high end is null (unbounded) without a failure; a test without a property library (an example, a plain test) runs one case per trial"

// pairTestText says how a pair of tests is decided (TrialsReport.PairTest).
const pairTestText = "per mutant both reach, a one-sided Mann-Whitney mid-p over the trials (censored trials last) gives a z score; mutants whose trials are all alike carry none and are left out; Stouffer's Z = sum(z)/sqrt(k) over the k others, two-sided p, then Holm's adjustment over every pair of the report; a verdict holds when the adjusted p is below alpha"

// TimeBuckets are Etna's bounds on the mean seconds to failure (the
// ranking's FoundWithinSeconds), beside FoundWithinBuckets in cases.
var TimeBuckets = [4]float64{0.1, 1, 10, 60}

// Trial is one run of a test that reaches a mutant, with its own seed.
type Trial struct {
	Seed uint64 `json:"seed"`
	// Outcome is the run's verdict: Killed (the test failed), Survived
	// (it passed its budget: censored), Timeout or Crashed (its process
	// died in it: a failure at the case where it died).
	Outcome outcome.Outcome `json:"outcome"`
	// TestsToFailure is the number of generated tests up to and including
	// the failing one, for a trial that found the mutant (Killed or
	// Crashed) with a count (rapid, testing/quick, gopter, mutproptest);
	// 0 otherwise.
	TestsToFailure int `json:"testsToFailure,omitempty"`
	// Cases is every case the trial ran, as its output says: up to its
	// failure, or all those it passed; 0 when unknown (a plain test's
	// output says nothing: it runs one case).
	Cases int `json:"cases,omitempty"`
	// Seconds is the test's own wall time as test2json reports it (10 ms
	// steps), or its process's when the test never ended.
	Seconds float64 `json:"seconds"`
	// Traced: the trial died without a count, and its count comes from a
	// run again with the same seed that printed its cases as they
	// started.
	Traced bool `json:"traced,omitempty"`
}

// detected reports whether the trial found the mutant: its test failed
// or its process died in it.
func (t Trial) detected() bool { return t.Outcome == outcome.Killed || t.Outcome == outcome.Crashed }

// TrialCell is the trials of one test against one mutant it reaches.
type TrialCell struct {
	Package string
	Mutant  string
	// Function is the function under test the mutant lives in: an
	// operator mutant's enclosing function, a named variant's target, a
	// black-box mutant's function; "" at package level.
	Function string
	Test     string
	// Library is the property-testing library the trials' output names
	// (rapid, quick, gopter, mutprop); "" when none does (a plain test,
	// an example: one case per trial).
	Library string
	// Seeded reports whether the trials' seeds reach the library's
	// generator (rapid, testing/quick, mutproptest), which makes the
	// figures reproducible; false for gopter (it seeds from the clock
	// unless the test fixes its parameters, which mutprop cannot see) and
	// for plain tests, which have no generator.
	Seeded bool
	// Budget is the cases per trial asked for (--trial-budget); 0 for the
	// libraries' defaults. Budgeted: it reached the library (not gopter's).
	Budget   int
	Budgeted bool
	Trials   []Trial
}

// Bounds is a confidence interval [low, high]; +Inf is null in JSON.
type Bounds [2]float64

// MarshalJSON writes an infinite bound as null.
func (b Bounds) MarshalJSON() ([]byte, error) {
	var out [2]*float64
	for i, v := range b {
		if !math.IsInf(v, 0) && !math.IsNaN(v) {
			out[i] = &b[i]
		}
	}
	return json.Marshal(out)
}

// UnmarshalJSON reads null as +Inf.
func (b *Bounds) UnmarshalJSON(data []byte) error {
	var in [2]*float64
	if err := json.Unmarshal(data, &in); err != nil {
		return err
	}
	for i, v := range in {
		b[i] = math.Inf(1)
		if v != nil {
			b[i] = *v
		}
	}
	return nil
}

// TrialCellReport is a TrialCell's figures in the JSON report.
type TrialCellReport struct {
	Package  string `json:"package"`
	Mutant   string `json:"mutant"`
	Function string `json:"function"`
	Test     string `json:"test"`
	Library  string `json:"library,omitempty"`
	// Seeded is false for "unseeded" trials: not reproducible.
	Seeded   bool `json:"seeded"`
	Budgeted bool `json:"budgeted"`
	Trials   int  `json:"trials"`
	// Fails counts the trials whose test failed (Killed); Crashes those
	// whose process died in it; both found the mutant.
	Fails int `json:"fails"`
	// Counted is the number of trials that found the mutant at a known
	// case: the failures of the estimate. Censored counts the trials that
	// passed their budget; Uncounted those left out of the estimate (a
	// timeout, a detection at an unknown case).
	Counted   int `json:"counted"`
	Censored  int `json:"censored"`
	Uncounted int `json:"uncounted,omitempty"`
	// Cases is every case of the estimate: the counted failures' and the
	// censored trials'.
	Cases int `json:"cases"`
	// MeanTestsToFailure is the geometric estimate, Cases/Counted
	// (TrialsReport.Estimate); null without a counted failure. Before
	// issue 31 it was the mean over the failing trials alone, which left
	// the censored ones out.
	MeanTestsToFailure *float64 `json:"meanTestsToFailure"`
	// CI95 is its exact 95% interval (low >= 1; high null when
	// unbounded); null without a trial in the estimate.
	CI95 *Bounds `json:"ci95"`
	// Median is the median tests-to-failure over the trials of the
	// estimate, a censored trial taken as +Inf; null when more than half
	// are censored.
	Median *float64 `json:"medianTestsToFailure"`
	// MeanSecondsToFailure is the same estimate in time: the seconds of
	// the trials of the estimate over the counted failures.
	MeanSecondsToFailure *float64 `json:"meanSecondsToFailure"`
	Timeouts             int      `json:"timeouts,omitempty"`
	Crashes              int      `json:"crashes,omitempty"`
	// TestsToFailure lists each trial's count in trial order; null for a
	// trial that did not find the mutant at a known case.
	TestsToFailure []*int `json:"testsToFailure"`
	// TrialCases lists the cases each trial ran (Trial.Cases, 1 per trial
	// of a plain test); null when unknown. TrialSeconds, each one's time.
	TrialCases   []*int    `json:"trialCases"`
	TrialSeconds []float64 `json:"trialSeconds"`
}

// estimate is the cell's mean tests-to-failure, +Inf without a counted
// failure.
func (c TrialCellReport) estimate() float64 {
	if c.MeanTestsToFailure == nil {
		return math.Inf(1)
	}
	return *c.MeanTestsToFailure
}

// TrialComparison compares two tests that reach the same mutant: a
// two-sided Mann-Whitney U test over their trials' tests-to-failure
// (TrialsReport.NotFailing says how a trial that does not fail counts).
type TrialComparison struct {
	Package  string `json:"package"`
	Mutant   string `json:"mutant"`
	Function string `json:"function"`
	// Faster has the lower mean rank (it tends to need fewer tests);
	// with Tie, the two have the same and are in name order.
	Faster string  `json:"faster"`
	Slower string  `json:"slower"`
	P      float64 `json:"p"`
	// U is the U statistic of Faster.
	U           float64 `json:"u"`
	Significant bool    `json:"significant"`
	Tie         bool    `json:"tie,omitempty"`
	// MidP is the one-sided mid-p of "Faster is faster", Z its normal
	// score (>= 0): what the pair's test combines. Informative is false
	// when every trial of both is alike (all found at the same case, or
	// all censored): the mutant does not separate them.
	MidP        float64 `json:"midP"`
	Z           float64 `json:"z"`
	Informative bool    `json:"informative"`
	// Unseeded is set when either test's trials are unseeded.
	Unseeded bool `json:"unseeded,omitempty"`
}

// TrialsReport is what mutprop run --trials measured, as the JSON report
// holds it under TrialsJSONKey.
type TrialsReport struct {
	// Trials is the number of trials of each (mutant, test).
	Trials int    `json:"trials"`
	Seed   uint64 `json:"seed"`
	// Budget is the cases per trial (--trial-budget); 0 for the
	// libraries' defaults (100 cases each).
	Budget int     `json:"budget"`
	Alpha  float64 `json:"alpha"`
	// NotFailing says how a trial that does not fail counts; Estimate
	// how a cell's figures are estimated; PairTest how a pair of tests is
	// decided.
	NotFailing  string            `json:"notFailing"`
	Estimate    string            `json:"estimate"`
	PairTest    string            `json:"pairTest"`
	Cells       []TrialCellReport `json:"cells"`
	Comparisons []TrialComparison `json:"comparisons"`
	// Answers say, per function under test, which test finds its mutants
	// faster; Ranking ranks each function's tests (RankingTables); Pairs
	// compares every two of them over the mutants both reach.
	Answers []FunctionAnswer `json:"answers"`
	Ranking []TestRanking    `json:"ranking"`
	Pairs   []TestPair       `json:"pairs"`
}

// SummarizeTrials computes each cell's figures (TrialCellReport),
// compares every two cells of the same mutant, and decides each pair of
// tests of a function. Cells keep their order; comparisons follow it. n
// is the number of trials asked for, seed the run's seed, budget the
// cases per trial (0: the libraries' defaults).
func SummarizeTrials(n int, seed uint64, budget int, cells []TrialCell) (TrialsReport, error) {
	r := TrialsReport{Trials: n, Seed: seed, Budget: budget, Alpha: trialAlpha, NotFailing: notFailingRank,
		Estimate: estimateText, PairTest: pairTestText, Cells: []TrialCellReport{}, Comparisons: []TrialComparison{}}
	for _, c := range cells {
		r.Cells = append(r.Cells, summarizeCell(c))
	}
	for i := range cells {
		for j := i + 1; j < len(cells); j++ {
			a, b := cells[i], cells[j]
			if a.Package != b.Package || a.Mutant != b.Mutant {
				continue
			}
			c, ok, err := compareCells(a, b)
			if err != nil {
				return r, fmt.Errorf("trials of %s: %s vs %s: %w", a.Mutant, a.Test, b.Test, err)
			}
			if ok {
				r.Comparisons = append(r.Comparisons, c)
			}
		}
	}
	rank(&r)
	return r, nil
}

// trialValue is a trial as the estimate and the comparisons see it: the
// cases it ran, whether it found the mutant (at case Cases) or was
// censored (after Cases), or is left out.
type trialValue struct {
	cases    int
	found    bool
	censored bool
}

// values reads a cell's trials: a plain test (no library) runs one case
// per trial; a passing trial that says nothing of its cases ran its
// budget.
func values(c TrialCell) []trialValue {
	out := make([]trialValue, len(c.Trials))
	for i, t := range c.Trials {
		cases := t.Cases
		if c.Library == "" {
			cases = 1
		}
		switch {
		case t.detected() && cases > 0:
			out[i] = trialValue{cases: cases, found: true}
		case t.Outcome == outcome.Survived:
			if cases == 0 {
				cases = defaultBudget
				if c.Budget > 0 && c.Budgeted {
					cases = c.Budget
				}
			}
			out[i] = trialValue{cases: cases, censored: true}
		}
	}
	return out
}

func summarizeCell(c TrialCell) TrialCellReport {
	out := TrialCellReport{Package: c.Package, Mutant: c.Mutant, Function: c.Function, Test: c.Test, Library: c.Library,
		Seeded: c.Seeded, Budgeted: c.Budgeted, Trials: len(c.Trials), TestsToFailure: make([]*int, len(c.Trials)),
		TrialCases: make([]*int, len(c.Trials)), TrialSeconds: make([]float64, len(c.Trials))}
	var seconds float64
	var sample []float64 // for the median: censored as +Inf
	for i, v := range values(c) {
		t := c.Trials[i]
		out.TrialSeconds[i] = t.Seconds
		switch t.Outcome {
		case outcome.Killed:
			out.Fails++
		case outcome.Timeout:
			out.Timeouts++
		case outcome.Crashed:
			out.Crashes++
		}
		switch {
		case v.found:
			n := v.cases
			out.TestsToFailure[i], out.TrialCases[i] = &n, &n
			out.Counted++
			sample = append(sample, float64(n))
		case v.censored:
			n := v.cases
			out.TrialCases[i] = &n
			out.Censored++
			sample = append(sample, math.Inf(1))
		default:
			out.Uncounted++
			continue
		}
		out.Cases += v.cases
		seconds += t.Seconds
	}
	g := stats.GeometricMean(out.Counted, out.Cases)
	if out.Cases > 0 {
		ci := Bounds{g.CI95.Low, g.CI95.High}
		out.CI95 = &ci
	}
	if out.Counted > 0 {
		mean, secs := g.Mean, seconds/float64(out.Counted)
		out.MeanTestsToFailure, out.MeanSecondsToFailure = &mean, &secs
	}
	if len(sample) > 0 {
		if med := median(sample); !math.IsInf(med, 1) {
			out.Median = &med
		}
	}
	return out
}

// median is the median of xs (+Inf allowed); xs is sorted in place.
func median(xs []float64) float64 {
	sort.Float64s(xs)
	n := len(xs)
	if n%2 == 1 {
		return xs[n/2]
	}
	return (xs[n/2-1] + xs[n/2]) / 2
}

// rankValues returns the cells' trials as values for a rank test: the
// cases to failure of a trial that found the mutant at a known case, and
// for a censored trial a value above all of those (the ranks of +Inf,
// which the U test's implementation need not handle). Other trials are
// left out.
func rankValues(a, b TrialCell) ([]float64, []float64) {
	va, vb := values(a), values(b)
	top := 0
	for _, vs := range [][]trialValue{va, vb} {
		for _, v := range vs {
			if v.found {
				top = max(top, v.cases)
			}
		}
	}
	sample := func(vs []trialValue) []float64 {
		var out []float64
		for _, v := range vs {
			switch {
			case v.found:
				out = append(out, float64(v.cases))
			case v.censored:
				out = append(out, float64(top+1))
			}
		}
		return out
	}
	return sample(va), sample(vb)
}

// compareCells compares two cells of a mutant; ok is false when either
// has no trial to compare.
func compareCells(a, b TrialCell) (TrialComparison, bool, error) {
	va, vb := rankValues(a, b)
	if len(va) == 0 || len(vb) == 0 {
		return TrialComparison{}, false, nil
	}
	ut, err := stats.MannWhitney(va, vb)
	if err != nil {
		return TrialComparison{}, false, err
	}
	one, informative, err := stats.MannWhitneyOneSided(va, vb)
	if err != nil {
		return TrialComparison{}, false, err
	}
	u, p := ut.U, ut.P
	c := TrialComparison{Package: a.Package, Mutant: a.Mutant, Function: a.Function, P: p, Significant: p < trialAlpha,
		Unseeded: !a.Seeded || !b.Seeded, Informative: informative, MidP: 0.5}
	nn := float64(len(va) * len(vb))
	switch {
	case u < nn/2:
		c.Faster, c.Slower, c.U = a.Test, b.Test, u
		if informative {
			c.MidP, c.Z = one.MidP, one.Z
		}
	case u > nn/2:
		c.Faster, c.Slower, c.U = b.Test, a.Test, nn-u
		if informative {
			c.MidP, c.Z = 1-one.MidP, -one.Z
		}
	default:
		c.Faster, c.Slower, c.U, c.Tie, c.Significant = a.Test, b.Test, u, true, false
		if b.Test < a.Test {
			c.Faster, c.Slower = b.Test, a.Test
		}
	}
	return c, true, nil
}

func pText(p float64) string {
	if p < 0.0001 {
		return fmt.Sprintf("%.1e", p)
	}
	return fmt.Sprintf("%.4f", p)
}

// casesText formats a count of cases for a table: "-" for none.
func casesText(v *float64) string {
	if v == nil {
		return "-"
	}
	return fmt.Sprintf("%.1f", *v)
}

// boundsText formats an interval: "[1.0, 1.3]", "[542.7, inf]".
func boundsText(b *Bounds) string {
	if b == nil {
		return "-"
	}
	hi := "inf"
	if !math.IsInf(b[1], 1) {
		hi = fmt.Sprintf("%.1f", b[1])
	}
	return fmt.Sprintf("[%.1f, %s]", b[0], hi)
}

// TrialsTables renders a TrialsReport's per-mutant figures for the console
// (mutprop run -v) and the HTML page: the figures of each (mutant, test),
// then the comparisons. The mutant column names the package too when the
// cells span several.
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
		Title: fmt.Sprintf("Trials: %d seeds per mutant and test that reaches it, %s (seed %d)", r.Trials, budgetText(r.Budget), r.Seed),
		Header: []string{"function", "mutant", "test", "library", "found", "censored", "mean tests-to-failure", "95% CI",
			"median", "mean s to failure"},
	}
	var unseeded, unbudgeted []string
	for _, c := range r.Cells {
		lib := c.Library
		switch {
		case lib == "":
			lib = "- (one case)"
		case !c.Seeded:
			lib += " (unseeded)"
			unseeded = append(unseeded, mutant(c.Package, c.Mutant)+" "+c.Test)
		}
		if c.Library != "" && r.Budget > 0 && !c.Budgeted {
			unbudgeted = append(unbudgeted, c.Test)
		}
		found := fmt.Sprintf("%d/%d", c.Fails+c.Crashes, c.Trials)
		var extra []string
		if c.Crashes > 0 {
			extra = append(extra, fmt.Sprintf("%d crashes", c.Crashes))
		}
		if c.Timeouts > 0 {
			extra = append(extra, fmt.Sprintf("%d timeouts", c.Timeouts))
		}
		if c.Uncounted > 0 {
			extra = append(extra, fmt.Sprintf("%d uncounted", c.Uncounted))
		}
		if len(extra) > 0 {
			found += " (" + strings.Join(extra, ", ") + ")"
		}
		secs := "-"
		if c.MeanSecondsToFailure != nil {
			secs = fmt.Sprintf("%.2f", *c.MeanSecondsToFailure)
		}
		cells.Rows = append(cells.Rows, []string{functionText(c.Function), mutant(c.Package, c.Mutant), c.Test, lib, found,
			fmt.Sprint(c.Censored), casesText(c.MeanTestsToFailure), boundsText(c.CI95), casesText(c.Median), secs})
	}
	if len(r.Cells) == 0 {
		cells.Notes = append(cells.Notes, "no killed mutant: nothing to run trials on")
	}
	cells.Notes = append(cells.Notes,
		"found: trials that found the mutant (the test failed, or its process died in it); censored: trials that passed their budget",
		"mean tests-to-failure: every case run (the failures' and the censored trials') over the failures, the geometric estimate; 95% CI: exact (Clopper-Pearson), never below 1, inf when nothing bounds it; median: over the trials, a censored one counting as infinite",
		"one case: a test without a property library (an example, a plain test) runs one case per trial")
	if len(unseeded) > 0 {
		sort.Strings(unseeded)
		cells.Notes = append(cells.Notes, "unseeded (gopter seeds from the clock unless the test fixes its parameters): these figures are not reproducible: "+strings.Join(unseeded, ", "))
	}
	if len(unbudgeted) > 0 {
		sort.Strings(unbudgeted)
		cells.Notes = append(cells.Notes, "unbudgeted (gopter reads no flag: its trials run its own MinSuccessfulTests, counted from its output): "+strings.Join(compactStrings(unbudgeted), ", "))
	}
	out := []Table{cells}
	if len(r.Comparisons) > 0 {
		cmp := Table{
			Title:  "Which test finds each mutant faster (two-sided Mann-Whitney U)",
			Header: []string{"function", "mutant", "comparison", "p", "one-sided mid-p", "z"},
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
			z, mid := "-", "-"
			if c.Informative {
				z, mid = fmt.Sprintf("%.2f", c.Z), pText(c.MidP)
			}
			cmp.Rows = append(cmp.Rows, []string{functionText(c.Function), mutant(c.Package, c.Mutant), text, pText(c.P), mid, z})
		}
		cmp.Notes = append(cmp.Notes, fmt.Sprintf("faster: p < %g and a lower mean rank; %s", r.Alpha, r.NotFailing),
			"mid-p and z: one-sided, for the first test named; '-': every trial of both alike, no information (left out of the pair's test)")
		out = append(out, cmp)
	}
	return out
}

// budgetText says what budget the trials had.
func budgetText(budget int) string {
	if budget > 0 {
		return fmt.Sprintf("budget %d cases", budget)
	}
	return "each library's default budget"
}

// functionText names a function under test in a table.
func functionText(f string) string {
	if f == "" {
		return "(package level)"
	}
	return f
}

// compactStrings drops adjacent duplicates of a sorted list.
func compactStrings(s []string) []string {
	var out []string
	for _, v := range s {
		if len(out) == 0 || out[len(out)-1] != v {
			out = append(out, v)
		}
	}
	return out
}
