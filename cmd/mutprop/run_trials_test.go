package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/mutprop/mutprop/internal/testfix"
	"github.com/mutprop/mutprop/report"
)

// trialsOf reads the trials from a JSON report.
func trialsOf(t *testing.T, path string) report.TrialsReport {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]json.RawMessage
	var r report.TrialsReport
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if err := json.Unmarshal(doc[report.TrialsJSONKey], &r); err != nil {
		t.Fatalf("%s: %s: %v", path, report.TrialsJSONKey, err)
	}
	return r
}

// trialsWithoutTimes is r without its wall times, which depend on the load:
// every other figure must not.
func trialsWithoutTimes(r report.TrialsReport) report.TrialsReport {
	r.Cells = slices.Clone(r.Cells)
	for i := range r.Cells {
		r.Cells[i].TrialSeconds, r.Cells[i].MeanSecondsToFailure = nil, nil
	}
	r.Ranking = slices.Clone(r.Ranking)
	for i := range r.Ranking {
		r.Ranking[i].FoundWithinSeconds = [4]int{}
	}
	return r
}

// TestTrialsReportTheStrongGeneratorsAsFasterAndResumeToTheSameFigures
// runs mutprop run --trials on gotest's testdata/trials (Compare's two
// boundary mutants, each property with a weak and a strong generator),
// then resumes it with another number of workers: the trials run again
// and give the same figures.
func TestTrialsReportTheStrongGeneratorsAsFasterAndResumeToTheSameFigures(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	bin := mutpropBinary(t)
	dir := filepath.Join(t.TempDir(), "trials")
	if err := os.CopyFS(dir, os.DirFS("../../gotest/testdata/trials")); err != nil {
		t.Fatal(err)
	}
	run := func(workers, json string, extra ...string) string {
		args := append([]string{"run", "--trials", "20", "--workers", workers, "--operators", "boundary", "--no-floor", "--json", json}, extra...)
		cmd := exec.Command(bin, append(args, ".")...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "TMPDIR="+t.TempDir())
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("mutprop %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	first, second := filepath.Join(t.TempDir(), "a.json"), filepath.Join(t.TempDir(), "b.json")
	html := filepath.Join(t.TempDir(), "r.html")
	out := run("2", first, "--html", html)
	verbose := run("1", second, "--resume", "-v")

	a, b := trialsOf(t, first), trialsOf(t, second)
	if !reflect.DeepEqual(trialsWithoutTimes(a), trialsWithoutTimes(b)) {
		t.Errorf("the resumed run with 1 worker gives other trials than the run with 2:\n%+v\n%+v", a, b)
	}
	if len(a.Cells) != 8 || a.Trials != 20 || a.Seed != 1 {
		t.Fatalf("trials %d, seed %d, %d cells; want 20, 1, and 2 mutants x 4 killing tests", a.Trials, a.Seed, len(a.Cells))
	}
	faster := map[string]int{}
	for _, c := range a.Comparisons {
		if c.Significant && strings.HasSuffix(c.Faster, "Strong") && strings.HasSuffix(c.Slower, "Weak") &&
			strings.TrimSuffix(c.Faster, "Strong") == strings.TrimSuffix(c.Slower, "Weak") {
			faster[c.Faster]++
		}
	}
	if faster["TestCompareRapidStrong"] != 2 || faster["TestCompareQuickStrong"] != 2 {
		t.Errorf("significant strong-over-weak comparisons %v, want each strong test faster on both mutants: %+v", faster, a.Comparisons)
	}
	// The answer first: the ranking puts each strong generator above its
	// weak one; the per-mutant comparisons print only with -v.
	if !strings.Contains(out, "Which test finds bugs fastest") || !strings.Contains(out, "Compare: TestCompareQuickStrong finds faster than TestCompareRapidWeak") {
		t.Errorf("the console lacks the answer and the ranking:\n%s", out)
	}
	ranking := out[max(0, strings.Index(out, "| rank")):]
	for _, p := range []string{"Quick", "Rapid"} {
		s, w := strings.Index(ranking, "TestCompare"+p+"Strong "), strings.Index(ranking, "TestCompare"+p+"Weak ")
		if s < 0 || w < 0 || s > w {
			t.Errorf("the ranking does not put TestCompare%sStrong above TestCompare%sWeak:\n%s", p, p, out)
		}
	}
	const perMutant = "TestCompareQuickStrong finds it faster than TestCompareQuickWeak"
	if strings.Contains(out, perMutant) || !strings.Contains(verbose, perMutant) {
		t.Errorf("the per-mutant comparison should print with -v only:\nwithout:\n%s\nwith -v:\n%s", out, verbose)
	}
	if len(a.Ranking) != 4 || len(a.Pairs) == 0 {
		t.Errorf("the JSON report's ranking has %d rows and %d pairs; want 4 tests and their pairs", len(a.Ranking), len(a.Pairs))
	}
	page, err := os.ReadFile(html)
	if err != nil || !strings.Contains(string(page), `<section id="trials"`) {
		t.Errorf("the HTML report has no trials section (%v)", err)
	}
}

// TestTrialsFindTheKnownTruth runs mutprop run --trials on
// testdata/truth.txtar, whose answer is known: the narrow generator of
// RemoveAll's model property finds its variants much faster than the
// wide one, the wide one finds first-only in about 0.2% of its cases,
// the example finds what it finds at its one case, and the testing/quick
// property panics on empty-panic. The operators are cut to two, and the
// trials to 15, to keep the run short.
func TestTrialsFindTheKnownTruth(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	bin := mutpropBinary(t)
	dir := testfix.Module(t, filepath.Join("testdata", "truth.txtar"))
	jsonOut, htmlOut := filepath.Join(t.TempDir(), "r.json"), filepath.Join(t.TempDir(), "r.html")
	args := []string{"run", "--trials", "15", "--trial-budget", "100", "--operators", "negate-condition,break-continue",
		"--workers", "2", "--no-floor", "--json", jsonOut, "--html", htmlOut, "."}
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "TMPDIR="+t.TempDir())
	b, err := cmd.Output()
	out := string(b)
	if err != nil {
		t.Fatalf("mutprop %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	r := trialsOf(t, jsonOut)
	if r.Budget != 100 || r.Trials != 15 {
		t.Fatalf("budget %d, trials %d; want 100 and 15", r.Budget, r.Trials)
	}

	// Narrow beats wide, in the pair's verdict and in RemoveAll's line.
	var pair *report.TestPair
	for i, p := range r.Pairs {
		if p.Function == "RemoveAll" {
			pair = &r.Pairs[i]
		}
	}
	if pair == nil || pair.A != "TestRemoveNarrow" || pair.B != "TestRemoveWide" || pair.Faster != "TestRemoveNarrow" || pair.PHolm >= 0.01 {
		t.Errorf("RemoveAll's pair %+v: want TestRemoveNarrow faster than TestRemoveWide, p < 0.01", pair)
	}
	line := ""
	for _, a := range r.Answers {
		if a.Function == "RemoveAll" {
			line = a.Answer
		}
	}
	if !strings.HasPrefix(line, "RemoveAll: TestRemoveNarrow finds faster than TestRemoveWide (") || !strings.Contains(out, line+"\n") {
		t.Errorf("RemoveAll's answer %q, not printed as it is:\n%s", line, out)
	}
	if i, j := strings.Index(out, line), strings.Index(out, "| rank"); i < 0 || j < i {
		t.Errorf("the answer does not come before the ranking:\n%s", out)
	}

	// Each function is ranked apart: Clamp's test among Clamp's alone.
	for _, row := range r.Ranking {
		if (row.Test == "TestClamp") != (row.Function == "Clamp") {
			t.Errorf("ranking row %+v: TestClamp ranks with Clamp only", row)
		}
	}

	cells := map[string]report.TrialCellReport{}
	for _, c := range r.Cells {
		cells[c.Mutant+" "+c.Test] = c
		if c.CI95 != nil && c.CI95[0] < 1 {
			t.Errorf("%s %s: interval %v below 1", c.Mutant, c.Test, *c.CI95)
		}
		if c.Test == "ExampleDedup" && c.Fails > 0 && (c.MeanTestsToFailure == nil || *c.MeanTestsToFailure != 1 || c.Counted != c.Fails) {
			t.Errorf("ExampleDedup on %s: %d fails, %d counted, mean %v: want every failure found within 1", c.Mutant, c.Fails, c.Counted, c.MeanTestsToFailure)
		}
	}
	// first-only shows in about 0.2% of the wide generator's cases: a
	// mean of about 450, at least 150.
	wide, ok := cells["named:first-only TestRemoveWide"]
	switch {
	case !ok:
		t.Errorf("no trials of TestRemoveWide against named:first-only")
	case wide.MeanTestsToFailure != nil && *wide.MeanTestsToFailure < 150,
		wide.MeanTestsToFailure == nil && (wide.CI95 == nil || wide.CI95[0] < 150):
		t.Errorf("first-only under TestRemoveWide: mean %v, interval %v, %d censored; want at least 150", wide.MeanTestsToFailure, wide.CI95, wide.Censored)
	}
	if wide.Censored == 0 || wide.Cases < 100*wide.Censored {
		t.Errorf("first-only under TestRemoveWide: %d censored trials, %d cases: the censored trials' 100 cases must count", wide.Censored, wide.Cases)
	}
	// The quick property panics on an empty list, one case in 50: each
	// panic is a failure at its counted case.
	quick := cells["named:empty-panic TestDedupQuick"]
	over1 := 0
	for _, n := range quick.TestsToFailure {
		if n != nil && *n > 1 {
			over1++
		}
	}
	if quick.Library != "quick" || quick.Fails == 0 || quick.Counted != quick.Fails || quick.Uncounted != 0 || over1 == 0 {
		t.Errorf("TestDedupQuick on empty-panic: library %q, %d fails, %d counted, %d uncounted, %d counts above 1: want its panics counted at their cases",
			quick.Library, quick.Fails, quick.Counted, quick.Uncounted, over1)
	}
	// The example's one case never meets an empty list.
	if ex := cells["named:empty-panic ExampleDedup"]; ex.Fails != 0 || ex.Censored != ex.Trials || ex.Cases != ex.Trials {
		t.Errorf("ExampleDedup on empty-panic: %+v: want 15 censored one-case trials", ex)
	}

	// killedBy lists every killer the trials saw.
	doc, err := os.ReadFile(jsonOut)
	if err != nil {
		t.Fatal(err)
	}
	var schema struct {
		Files map[string]struct {
			Mutants []struct {
				ID       string   `json:"id"`
				KilledBy []string `json:"killedBy"`
			} `json:"mutants"`
		} `json:"files"`
	}
	if err := json.Unmarshal(doc, &schema); err != nil {
		t.Fatal(err)
	}
	for _, f := range schema.Files {
		for _, m := range f.Mutants {
			if m.ID == "named:first-only" && !(slices.Contains(m.KilledBy, "TestRemoveNarrow") && slices.Contains(m.KilledBy, "TestRemoveWide")) {
				t.Errorf("first-only's killedBy %v: want both RemoveAll tests, which the trials saw kill it", m.KilledBy)
			}
		}
	}

	// No redundancy claim without --matrix; the matrix from the trials'
	// killers.
	page, err := os.ReadFile(htmlOut)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(page), "redundant") || !strings.Contains(string(page), `id="kill-matrix-table"`) {
		t.Errorf("the HTML report claims redundancy, or lacks the trials' kill matrix")
	}
	if !strings.Contains(string(page), `alt="found within N cases, RemoveAll"`) {
		t.Errorf("the HTML report lacks RemoveAll's cumulative chart")
	}
}
