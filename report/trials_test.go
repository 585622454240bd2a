package report

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/mutprop/mutprop/outcome"
)

// cell makes a cell of trials: a positive count is a failure after that
// many tests, 0 a trial that passed its budget, -1 a failure without a
// count, -2 a timeout.
func cell(pkg, mutant, test, lib string, counts ...int) TrialCell {
	c := TrialCell{Package: pkg, Mutant: mutant, Test: test, Library: lib, Seeded: lib != "gopter" && lib != ""}
	for i, n := range counts {
		t := Trial{Seed: uint64(i + 1)}
		switch {
		case n > 0:
			t.Outcome, t.TestsToFailure = outcome.Killed, n
		case n == 0:
			t.Outcome = outcome.Survived
		case n == -1:
			t.Outcome = outcome.Killed
		case n == -2:
			t.Outcome = outcome.Timeout
		}
		c.Trials = append(c.Trials, t)
	}
	return c
}

func TestSummarizeTrialsFiguresOfACell(t *testing.T) {
	r, err := SummarizeTrials(6, 7, []TrialCell{cell("p", "m1", "TestA", "rapid", 2, 4, 6, 0, -1, -2)})
	if err != nil {
		t.Fatal(err)
	}
	c := r.Cells[0]
	if c.Trials != 6 || c.Fails != 4 || c.Counted != 3 || c.Timeouts != 1 || c.Crashes != 0 {
		t.Errorf("trials %d fails %d counted %d timeouts %d crashes %d, want 6 4 3 1 0", c.Trials, c.Fails, c.Counted, c.Timeouts, c.Crashes)
	}
	// Mean 4 of 2, 4, 6; s = 2; half-width 1.96*2/sqrt(3).
	half := 1.96 * 2 / math.Sqrt(3)
	if c.MeanTestsToFailure == nil || *c.MeanTestsToFailure != 4 || *c.Median != 4 ||
		math.Abs(c.CI95[0]-(4-half)) > 1e-9 || math.Abs(c.CI95[1]-(4+half)) > 1e-9 {
		t.Errorf("mean %v median %v ci %v, want 4, 4, [%.3f, %.3f]", c.MeanTestsToFailure, c.Median, c.CI95, 4-half, 4+half)
	}
	var got []any
	for _, p := range c.TestsToFailure {
		if p == nil {
			got = append(got, nil)
		} else {
			got = append(got, *p)
		}
	}
	if want := []any{2, 4, 6, nil, nil, nil}; !equalAny(got, want) {
		t.Errorf("per-trial tests-to-failure %v, want %v", got, want)
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

func TestTrialComparisonsRankATrialThatDoesNotFailLast(t *testing.T) {
	// TestSlow fails only after 30-39 tests, or not at all; TestFast
	// fails within 5. A passing trial counting as 0 tests would make
	// TestSlow look faster.
	fast := cell("p", "m1", "TestFast", "quick", 1, 2, 3, 4, 5, 1, 2, 3, 4, 5)
	slow := cell("p", "m1", "TestSlow", "quick", 30, 0, 0, 0, 35, 0, 0, 0, 39, 0)
	other := cell("p", "m2", "TestOther", "quick", 1, 1, 1, 1, 1, 1, 1, 1, 1, 1)
	plain := cell("p", "m1", "TestPlain", "", -1, -1, -1, -1, -1, -1, -1, -1, -1, -1)
	r, err := SummarizeTrials(10, 1, []TrialCell{slow, fast, other, plain})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Comparisons) != 1 {
		t.Fatalf("comparisons %+v: want one, TestFast against TestSlow (m2 is another mutant, TestPlain has no count)", r.Comparisons)
	}
	c := r.Comparisons[0]
	if c.Mutant != "m1" || c.Faster != "TestFast" || c.Slower != "TestSlow" || !c.Significant || c.P >= 0.001 || c.Tie || c.U != 0 {
		t.Errorf("comparison %+v: want TestFast faster than TestSlow, p < 0.001, U = 0", c)
	}
	if r.Cells[3].Fails != 10 || r.Cells[3].MeanTestsToFailure != nil {
		t.Errorf("plain test: %+v: want 10 fails and no mean", r.Cells[3])
	}
}

func TestTrialComparisonOfEqualSamplesIsATie(t *testing.T) {
	r, err := SummarizeTrials(3, 1, []TrialCell{cell("p", "m", "TestB", "rapid", 1, 1, 1), cell("p", "m", "TestA", "gopter", 1, 1, 1)})
	if err != nil {
		t.Fatal(err)
	}
	c := r.Comparisons[0]
	if !c.Tie || c.Significant || c.P != 1 || c.Faster != "TestA" || c.Slower != "TestB" || !c.Unseeded {
		t.Errorf("comparison %+v: want a tie, p = 1, in name order, unseeded (gopter)", c)
	}
}

func TestTrialsJSONFieldNames(t *testing.T) {
	r, err := SummarizeTrials(2, 1, []TrialCell{cell("p", "m", "TestA", "rapid", 1, 2), cell("p", "m", "TestB", "rapid", 5, 0)})
	if err != nil {
		t.Fatal(err)
	}
	doc, err := addJSONKey([]byte("{\n  \"schemaVersion\": \"1\"\n}\n"), TrialsJSONKey, r)
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
	for _, k := range []string{"trials", "seed", "alpha", "notFailing", "cells", "comparisons"} {
		if _, ok := tr[k]; !ok {
			t.Errorf("no %q in %s", k, doc)
		}
	}
	cellJSON := tr["cells"].([]any)[1].(map[string]any)
	for _, k := range []string{"package", "mutant", "test", "library", "seeded", "trials", "fails", "counted", "meanTestsToFailure", "ci95", "medianTestsToFailure", "testsToFailure"} {
		if _, ok := cellJSON[k]; !ok {
			t.Errorf("no %q in cell %v", k, cellJSON)
		}
	}
	if ttf := cellJSON["testsToFailure"].([]any); len(ttf) != 2 || ttf[0] != 5.0 || ttf[1] != nil {
		t.Errorf("testsToFailure %v, want [5, null]", ttf)
	}
	cmp := tr["comparisons"].([]any)[0].(map[string]any)
	for _, k := range []string{"package", "mutant", "faster", "slower", "p", "u", "significant"} {
		if _, ok := cmp[k]; !ok {
			t.Errorf("no %q in comparison %v", k, cmp)
		}
	}
}

func TestTrialsTablesAndHTMLSection(t *testing.T) {
	r, err := SummarizeTrials(10, 3, []TrialCell{
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
	for _, want := range []string{"a/p/m", "a/q/m", "gopter (unseeded)", "unseeded (gopter", "TestFast finds it faster than TestSlow", "10/10", "3/10"} {
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
	if strings.Contains(string(plain), "trials") {
		t.Errorf("a page without trials mentions them")
	}
}
