package report

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/mutprop/mutprop/outcome"
)

// cell makes a cell of trials of function F: a positive count is a
// failure after that many tests, 0 a trial that passed its budget (its
// output saying nothing of its cases), -1 a failure without a count, -2 a
// timeout, -3 a crash at case 3.
func cell(pkg, mutant, test, lib string, counts ...int) TrialCell {
	c := TrialCell{Package: pkg, Mutant: mutant, Function: "F", Test: test, Library: lib, Seeded: lib != "gopter" && lib != ""}
	for i, n := range counts {
		t := Trial{Seed: uint64(i + 1), Seconds: 0.01}
		switch {
		case n > 0:
			t.Outcome, t.TestsToFailure, t.Cases = outcome.Killed, n, n
		case n == 0:
			t.Outcome = outcome.Survived
		case n == -1:
			t.Outcome = outcome.Killed
		case n == -2:
			t.Outcome = outcome.Timeout
		case n == -3:
			t.Outcome, t.TestsToFailure, t.Cases = outcome.Crashed, 3, 3
		}
		c.Trials = append(c.Trials, t)
	}
	return c
}

// A rapid cell: failures at 2, 4 and 6 tests, a crash at 3, a trial that
// passed the library's default budget of 100 cases, one failure without a
// count and a timeout. The estimate counts the censored trial's 100 cases
// and leaves out the two whose case is unknown: (2+4+6+3+100)/4.
func TestSummarizeTrialsGivesTheGeometricEstimateOfACell(t *testing.T) {
	t.Parallel()
	r, err := SummarizeTrials(7, 7, 0, []TrialCell{cell("p", "m1", "TestA", "rapid", 2, 4, 6, -3, 0, -1, -2)})
	if err != nil {
		t.Fatal(err)
	}
	c := r.Cells[0]
	if c.Trials != 7 || c.Fails != 4 || c.Crashes != 1 || c.Counted != 4 || c.Censored != 1 || c.Uncounted != 2 || c.Timeouts != 1 || c.Cases != 115 {
		t.Errorf("trials %d fails %d crashes %d counted %d censored %d uncounted %d timeouts %d cases %d, want 7 4 1 4 1 2 1 115",
			c.Trials, c.Fails, c.Crashes, c.Counted, c.Censored, c.Uncounted, c.Timeouts, c.Cases)
	}
	// The interval inverts Clopper-Pearson's for 4 of 115 (Python, as in
	// stats' tests: [11.5386586, 104.6359489]).
	if c.MeanTestsToFailure == nil || math.Abs(*c.MeanTestsToFailure-115.0/4) > 1e-12 ||
		c.CI95 == nil || math.Abs(c.CI95[0]-11.5386586) > 1e-6 || math.Abs(c.CI95[1]-104.6359489) > 1e-6 {
		t.Errorf("mean %v ci %v, want 28.75 [11.54, 104.64]", c.MeanTestsToFailure, c.CI95)
	}
	// Median of 2, 3, 4, 6, +Inf: 4.
	if c.Median == nil || *c.Median != 4 {
		t.Errorf("median %v, want 4", c.Median)
	}
	// Seconds: the five trials of the estimate, 0.01 each, over 4.
	if c.MeanSecondsToFailure == nil || math.Abs(*c.MeanSecondsToFailure-0.0125) > 1e-12 {
		t.Errorf("mean seconds %v, want 0.0125", c.MeanSecondsToFailure)
	}
	var got []any
	for _, p := range c.TestsToFailure {
		if p == nil {
			got = append(got, nil)
		} else {
			got = append(got, *p)
		}
	}
	if want := []any{2, 4, 6, 3, nil, nil, nil}; !equalAny(got, want) {
		t.Errorf("per-trial tests-to-failure %v, want %v", got, want)
	}
	if n := c.TrialCases[4]; n == nil || *n != 100 {
		t.Errorf("the censored trial's cases %v, want 100", n)
	}
}

// Issue 31's example: TestRemoveWide found first-only in 6 of 20 trials,
// after 43.3 tests on average; the 14 others passed their 100 cases. The
// old mean over the failures was 43.3; counting the censored trials gives
// 1,660 cases over 6 failures, 276.7.
func TestTheEstimateCountsTheTrialsThatPassedTheirBudget(t *testing.T) {
	t.Parallel()
	counts := []int{12, 80, 31, 55, 40, 42} // 260 in all: 43.3 each
	for range 14 {
		counts = append(counts, 0)
	}
	c := cell("p", "named:first-only", "TestRemoveWide", "rapid", counts...)
	c.Budget, c.Budgeted = 100, true
	r, err := SummarizeTrials(20, 1, 100, []TrialCell{c})
	if err != nil {
		t.Fatal(err)
	}
	got := r.Cells[0]
	if got.Cases != 1660 || got.Counted != 6 || got.Censored != 14 || got.MeanTestsToFailure == nil || math.Abs(*got.MeanTestsToFailure-1660.0/6) > 1e-9 {
		t.Fatalf("cases %d counted %d censored %d mean %v, want 1660, 6, 14, 276.7", got.Cases, got.Counted, got.Censored, got.MeanTestsToFailure)
	}
	// stats' reference: [127.3814806, 753.2605309].
	if math.Abs(got.CI95[0]-127.3814806) > 1e-6 || math.Abs(got.CI95[1]-753.2605309) > 1e-6 {
		t.Errorf("ci %v, want [127.38, 753.26]", got.CI95)
	}
	// More than half the trials are censored: no median.
	if got.Median != nil {
		t.Errorf("median %v, want none", *got.Median)
	}
}

// A test without a property library (an example, a plain test) runs one
// case per trial: a failure is found within 1, a pass is censored at 1.
func TestAOneCaseTestIsFoundWithinOne(t *testing.T) {
	t.Parallel()
	r, err := SummarizeTrials(4, 1, 100, []TrialCell{cell("p", "m", "ExampleDedup", "", -1, -1, -1, -1), cell("p", "m2", "TestPlain", "", -1, 0, 0, 0)})
	if err != nil {
		t.Fatal(err)
	}
	ex, plain := r.Cells[0], r.Cells[1]
	if ex.Counted != 4 || ex.MeanTestsToFailure == nil || *ex.MeanTestsToFailure != 1 || ex.CI95[0] != 1 {
		t.Errorf("example: counted %d mean %v ci %v, want 4 failures at case 1, mean 1, low 1", ex.Counted, ex.MeanTestsToFailure, ex.CI95)
	}
	if plain.Cases != 4 || plain.Censored != 3 || *plain.MeanTestsToFailure != 4 {
		t.Errorf("plain: cases %d censored %d mean %v, want 4 cases, 3 censored, mean 4", plain.Cases, plain.Censored, *plain.MeanTestsToFailure)
	}
	row := r.Ranking[0]
	if row.Test != "ExampleDedup" || row.FoundWithin[0] != 1 {
		t.Errorf("ranking %+v: want ExampleDedup's mutant within 1 test", r.Ranking)
	}
}

func TestNoIntervalGoesBelowOne(t *testing.T) {
	t.Parallel()
	var cells []TrialCell
	for _, counts := range [][]int{{1, 1, 1, 1, 2}, {1, 1, 1, 1, 1}, {1, 0, 0}, {2, 1, 1, 1, 3, 1}} {
		cells = append(cells, cell("p", "m", "TestA", "rapid", counts...))
	}
	r, err := SummarizeTrials(5, 1, 0, cells)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range r.Cells {
		if c.CI95 == nil || c.CI95[0] < 1 || c.CI95[0] > *c.MeanTestsToFailure {
			t.Errorf("cell %+v: interval %v, want a low end in [1, mean]", c.TestsToFailure, c.CI95)
		}
	}
}

func equalAny(a, b []any) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestTrialComparisonsRankACensoredTrialLast(t *testing.T) {
	t.Parallel()
	// TestSlow fails only after 30-39 tests, or not at all; TestFast
	// fails within 5. A censored trial counting as 0 tests would make
	// TestSlow look faster. TestHung's trials all time out: nothing to
	// compare.
	fast := cell("p", "m1", "TestFast", "quick", 1, 2, 3, 4, 5, 1, 2, 3, 4, 5)
	slow := cell("p", "m1", "TestSlow", "quick", 30, 0, 0, 0, 35, 0, 0, 0, 39, 0)
	other := cell("p", "m2", "TestOther", "quick", 1, 1, 1, 1, 1, 1, 1, 1, 1, 1)
	hung := cell("p", "m1", "TestHung", "quick", -2, -2, -2, -2, -2, -2, -2, -2, -2, -2)
	r, err := SummarizeTrials(10, 1, 0, []TrialCell{slow, fast, other, hung})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Comparisons) != 1 {
		t.Fatalf("comparisons %+v: want one, TestFast against TestSlow (m2 is another mutant, TestHung has no count)", r.Comparisons)
	}
	c := r.Comparisons[0]
	if c.Mutant != "m1" || c.Faster != "TestFast" || c.Slower != "TestSlow" || !c.Significant || c.P >= 0.001 || c.Tie || c.U != 0 {
		t.Errorf("comparison %+v: want TestFast faster than TestSlow, p < 0.001, U = 0", c)
	}
	if !c.Informative || c.Z < 3 || c.MidP > 0.001 {
		t.Errorf("comparison %+v: want an informative one-sided z above 3", c)
	}
	if h := r.Cells[3]; h.Timeouts != 10 || h.Uncounted != 10 || h.MeanTestsToFailure != nil || h.CI95 != nil {
		t.Errorf("hung: %+v: want 10 timeouts left out, no estimate", h)
	}
}

func TestTrialComparisonOfEqualSamplesIsATieWithoutInformation(t *testing.T) {
	t.Parallel()
	r, err := SummarizeTrials(3, 1, 0, []TrialCell{cell("p", "m", "TestB", "rapid", 1, 1, 1), cell("p", "m", "TestA", "gopter", 1, 1, 1)})
	if err != nil {
		t.Fatal(err)
	}
	c := r.Comparisons[0]
	if !c.Tie || c.Significant || c.P != 1 || c.Faster != "TestA" || c.Slower != "TestB" || !c.Unseeded || c.Informative {
		t.Errorf("comparison %+v: want a tie, p = 1, in name order, unseeded (gopter), without information", c)
	}
}

func TestTrialsJSONFieldNames(t *testing.T) {
	t.Parallel()
	r, err := SummarizeTrials(2, 1, 100, []TrialCell{cell("p", "m", "TestA", "rapid", 1, 2), cell("p", "m", "TestB", "rapid", 0, 0)})
	if err != nil {
		t.Fatal(err)
	}
	doc, err := Encode(map[string]any{"schemaVersion": "1", TrialsJSONKey: r})
	if err != nil {
		t.Fatal(err)
	}
	var back map[string]json.RawMessage
	var tr map[string]any
	if err := json.Unmarshal(doc, &back); err != nil {
		t.Fatalf("%v\n%s", err, doc)
	}
	if err := json.Unmarshal(back[TrialsJSONKey], &tr); err != nil {
		t.Fatalf("%v\n%s", err, doc)
	}
	for _, k := range []string{"trials", "seed", "budget", "alpha", "notFailing", "estimate", "pairTest", "cells", "comparisons", "answers", "ranking", "pairs"} {
		if _, ok := tr[k]; !ok {
			t.Errorf("no %q in %s", k, doc)
		}
	}
	cellJSON := tr["cells"].([]any)[1].(map[string]any)
	for _, k := range []string{"package", "mutant", "function", "test", "library", "seeded", "budgeted", "trials", "fails", "counted",
		"censored", "cases", "meanTestsToFailure", "ci95", "medianTestsToFailure", "meanSecondsToFailure", "testsToFailure", "trialCases", "trialSeconds"} {
		if _, ok := cellJSON[k]; !ok {
			t.Errorf("no %q in cell %v", k, cellJSON)
		}
	}
	// Never found in 2 trials of 100 cases: no mean, an interval open above.
	if ci := cellJSON["ci95"].([]any); len(ci) != 2 || ci[1] != nil || ci[0].(float64) < 50 || cellJSON["meanTestsToFailure"] != nil {
		t.Errorf("ci95 %v and mean %v, want [low, null] and null", ci, cellJSON["meanTestsToFailure"])
	}
	if ttf := cellJSON["testsToFailure"].([]any); len(ttf) != 2 || ttf[0] != nil || ttf[1] != nil {
		t.Errorf("testsToFailure %v, want [null, null]", ttf)
	}
	cmp := tr["comparisons"].([]any)[0].(map[string]any)
	for _, k := range []string{"package", "mutant", "function", "faster", "slower", "p", "u", "significant", "midP", "z", "informative"} {
		if _, ok := cmp[k]; !ok {
			t.Errorf("no %q in comparison %v", k, cmp)
		}
	}
	pair := tr["pairs"].([]any)[0].(map[string]any)
	for _, k := range []string{"function", "a", "b", "common", "aWins", "bWins", "signP", "informative", "z", "p", "pHolm"} {
		if _, ok := pair[k]; !ok {
			t.Errorf("no %q in pair %v", k, pair)
		}
	}
	var round TrialsReport
	if err := json.Unmarshal(back[TrialsJSONKey], &round); err != nil {
		t.Fatal(err)
	}
	if hi := round.Cells[1].CI95[1]; !math.IsInf(hi, 1) {
		t.Errorf("a null bound reads back as %v, want +Inf", hi)
	}
}

func TestTrialsTablesAndHTMLSection(t *testing.T) {
	t.Parallel()
	r, err := SummarizeTrials(10, 3, 0, []TrialCell{
		cell("a/p", "m", "TestFast", "rapid", 1, 2, 3, 4, 5, 1, 2, 3, 4, 5),
		cell("a/p", "m", "TestSlow", "rapid", 30, 0, 0, 0, 35, 0, 0, 0, 39, 0),
		cell("a/q", "m", "TestG", "gopter", 1, 2, 3, 4, 5, 6, 7, 8, 9, 10),
	})
	if err != nil {
		t.Fatal(err)
	}
	tables := TrialsTables(r)
	if len(tables) != 2 {
		t.Fatalf("%d tables, want the cells and the comparisons", len(tables))
	}
	var text strings.Builder
	if err := Write(&text, FormatText, tables...); err != nil {
		t.Fatal(err)
	}
	out := text.String()
	for _, want := range []string{"a/p/m", "a/q/m", "gopter (unseeded)", "unseeded (gopter", "TestFast finds it faster than TestSlow", "10/10", "3/10",
		"3.0", "[1.9, 5.8]"} {
		if !strings.Contains(out, want) {
			t.Errorf("console tables lack %q:\n%s", want, out)
		}
	}
	run := Run{Name: "a/p", Files: []File{{Path: "p.go", Source: "package p\n"}}}
	page, err := HTML(Page{Run: &run, Trials: &r})
	if err != nil {
		t.Fatal(err)
	}
	html := string(page)
	if !strings.Contains(html, `<section id="trials"`) || !strings.Contains(html, `data-goto="trials"`) || !strings.Contains(html, "TestFast finds it faster than TestSlow") {
		t.Errorf("the HTML page has no trials section with the comparison")
	}
	if i, j := strings.Index(html, `id="kill-matrix"`), strings.Index(html, `id="trials"`); i < 0 || j < i {
		t.Errorf("the trials section is not below the kill matrix")
	}
	plain, err := HTML(Page{Run: &run})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(plain), "trials section") || strings.Contains(string(plain), `id="trials"`) {
		t.Errorf("a page without trials has a trials section")
	}
}
