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
