package gotest_test

import (
	"bytes"
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mutprop/mutprop/gotest"
	"github.com/mutprop/mutprop/internal/testfix"
	"github.com/mutprop/mutprop/report"
)

// TestStrengthAndDataCoverage scores testdata/strength.txtar with black-box
// mutants of SortedUnique: each of its two properties runs alone against
// every mutant, so that each gets its own strength; the narrow one, whose
// lists have length 0 or 1, has data coverage of at most 42 distinct
// inputs (the empty list and 41 singletons) of size 0 to 1 and the insert
// study's warning if it kills a mutant; the wide one (lengths 2 to 30)
// has larger inputs and no warning.
func TestStrengthAndDataCoverage(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	dir := copyTestdata(t, "strength")
	var log bytes.Buffer
	cfg := gotest.Config{
		Dir: dir, Patterns: []string{"."}, Workers: 2, Seed: 1,
		TempDir: t.TempDir(), NoFloor: true, Log: &log,
		Blackbox: &gotest.Blackbox{Funcs: []string{"SortedUnique"}, PerFunc: 6},
	}
	res, err := gotest.Score(context.Background(), cfg)
	if err != nil {
		t.Fatalf("score: %v\n%s", err, log.String())
	}
	s := report.SummarizeStrength(res.Packages[0].Strength)
	rows := map[string]report.StrengthRow{}
	for _, r := range s.Rows {
		if r.Function != "SortedUnique" {
			t.Errorf("a row of %s: only SortedUnique is wrapped", r.Function)
		}
		rows[r.Test] = r
	}
	wide, narrow := rows["TestWide"], rows["TestNarrow"]
	if len(rows) != 2 || wide.Test == "" || narrow.Test == "" {
		t.Fatalf("rows %+v, want TestWide and TestNarrow\n%s", s.Rows, log.String())
	}
	for _, r := range []report.StrengthRow{wide, narrow} {
		if r.Mutants != 6 || r.KilledPct == nil || r.Data == nil {
			t.Fatalf("%s: %+v: want 6 mutants, a killed %% and data coverage\n%s", r.Test, r, log.String())
		}
		t.Logf("%s: killed %d/%d, data %+v, warning %q", r.Test, r.Killed, r.Mutants, *r.Data, r.Warning)
	}
	if wide.Data.MaxSize < 2 || wide.Data.MinSize < 2 || wide.Data.Distinct < 2 {
		t.Errorf("TestWide: data coverage %+v, want lists of length 2 to 30", *wide.Data)
	}
	if narrow.Data.MaxSize > 1 || narrow.Data.Distinct > 42 || narrow.Data.Distinct < 2 {
		t.Errorf("TestNarrow: data coverage %+v, want at most 42 distinct lists of length 0 or 1", *narrow.Data)
	}
	if wide.Warning != "" {
		t.Errorf("TestWide: warning %q on inputs of size up to %d", wide.Warning, wide.Data.MaxSize)
	}
	if (narrow.Killed > 0) != (narrow.Warning != "") || narrow.Warning != "" && !narrow.SmallInputs {
		t.Errorf("TestNarrow: killed %d/%d, warning %q: want the small-inputs one exactly when it kills a mutant", narrow.Killed, narrow.Mutants, narrow.Warning)
	}
	if narrow.Warning == "" {
		t.Errorf("TestNarrow kills %d/%d: the fixture means it to score high on small inputs", narrow.Killed, narrow.Mutants)
	}
}

// scoreDedup scores testdata/dedup.txtar's functions funcs with perFunc
// black-box mutants each, under points, and returns the results, the
// strength and the console's strength tables as text.
func scoreDedup(t *testing.T, funcs []string, perFunc, points int) (*gotest.Result, report.Strength, string) {
	t.Helper()
	dir := testfix.Module(t, filepath.Join("testdata", "dedup.txtar"))
	var log bytes.Buffer
	cfg := gotest.Config{
		Dir: dir, Patterns: []string{"."}, Workers: 2, Seed: 1,
		TempDir: t.TempDir(), NoFloor: true, Log: &log,
		Blackbox: &gotest.Blackbox{Funcs: funcs, PerFunc: perFunc, Points: points},
	}
	res, err := gotest.Score(context.Background(), cfg)
	if err != nil {
		t.Fatalf("score: %v\n%s", err, log.String())
	}
	s := report.SummarizeStrength(res.Packages[0].Strength)
	var buf bytes.Buffer
	if err := report.Write(&buf, report.FormatText, report.StrengthTables(s)...); err != nil {
		t.Fatal(err)
	}
	t.Logf("points %d:\n%s", points, buf.String())
	return res, s, buf.String()
}

// strengthCells returns the cells of test's row of function fn in the
// console's strength table.
func strengthCells(t *testing.T, text, fn, test string) []string {
	t.Helper()
	for _, line := range strings.Split(text, "\n") {
		cells := strings.Split(line, "|")
		if len(cells) < 8 || strings.TrimSpace(cells[1]) != fn || strings.TrimSpace(cells[2]) != test {
			continue
		}
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		return cells[1 : len(cells)-1]
	}
	t.Fatalf("no row %s %s in\n%s", fn, test, text)
	return nil
}

// blackboxIDs returns the IDs of res's black-box mutants.
func blackboxIDs(res *gotest.Result) map[string]bool {
	out := map[string]bool{}
	for _, m := range res.Packages[0].Mutants {
		if strings.HasPrefix(m.Mutant.ID, "blackbox:") {
			out[m.Mutant.ID] = true
		}
	}
	return out
}

// TestDedupStrengthRanksTheBroadTestAboveTheExample scores
// testdata/dedup.txtar with every-point mutants: each is wrong at every
// input, so the one-case example detects all of them at its first case,
// as the model property does. The tie goes to the model (the killed %
// ties too, then the distinct inputs decide); the example, below it,
// carries the few-inputs warning, which quotes the table's per-case
// cell; the constructor without arguments gets none; and Count's sizes,
// under testing/quick's ints near 2^63, stay those of a short list.
func TestDedupStrengthRanksTheBroadTestAboveTheExample(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	_, s, text := scoreDedup(t, nil, 40, 0)
	rank := map[string]int{}
	rows := map[string]report.StrengthRow{}
	for i, r := range s.Rows {
		rows[r.Function+" "+r.Test] = r
		if r.Function == "Dedup" {
			rank[r.Test] = i
		}
	}
	model, example := rows["Dedup TestDedupModel"], rows["Dedup TestDedupExample"]
	if model.PerCasePct == nil || example.PerCasePct == nil || *example.PerCasePct != 100 || *model.PerCasePct != 100 {
		t.Fatalf("per-case: model %v, example %v; the fixture means both to detect every mutant at their first case", model.PerCasePct, example.PerCasePct)
	}
	if rank["TestDedupExample"] < rank["TestDedupModel"] {
		t.Errorf("the one-case example ranks above the model property (ranks %v)", rank)
	}
	cells := strengthCells(t, text, "Dedup", "TestDedupExample")
	note := "TestDedupExample: per-case " + cells[2] + " against Dedup, but it calls Dedup on only 1 distinct input"
	if !strings.Contains(example.Warning, "only 1 distinct input") || !strings.Contains(text, note) {
		t.Errorf("the example's warning %q: want the few-inputs one, and the note %q", example.Warning, note)
	}
	for _, key := range []string{"Dedup TestDedupModel", "Dedup TestDedupLen", "Dedup TestDedupQuickSet", "Count TestCountQuick", "DefaultLimits TestDefaultLimits"} {
		if r, ok := rows[key]; !ok || r.Warning != "" {
			t.Errorf("%s: warning %q (row found: %v), want none", key, r.Warning, ok)
		}
	}
	if d := rows["Count TestCountQuick"].Data; d == nil || d.MaxSize > 64+64 || d.MaxSize < 2 {
		t.Errorf("Count's sizes %+v: want at most a list of testing/quick's (under 64) and an int's bit length (at most 64)", d)
	}
}

// TestDedupStrengthUnderPointsQuotesOneFigure scores Dedup and the
// constructor with 3-point mutants: the warnings quote the per-case cell
// the table prints (not the killed %), and the constructor still gets
// none; and Dedup with 30-point mutants, which perturb few of a test's
// inputs, as FitSpec's mutants do: the model property, drawing the same
// lists as the length-only one, kills every mutant it kills, and more.
// The IDs of the two runs differ from each other and from every-point
// IDs.
func TestDedupStrengthUnderPointsQuotesOneFigure(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	res3, s3, text3 := scoreDedup(t, []string{"Dedup", "DefaultLimits"}, 40, 3)
	warned := 0
	for _, r := range s3.Rows {
		if r.Function == "DefaultLimits" && r.Warning != "" {
			t.Errorf("the constructor: warning %q", r.Warning)
		}
		if r.Warning == "" {
			continue
		}
		warned++
		cells := strengthCells(t, text3, r.Function, r.Test)
		if want := r.Test + ": per-case " + cells[2] + " against " + r.Function + ", but it "; !strings.Contains(text3, want) {
			t.Errorf("%s's warning does not quote its per-case cell %q (want %q)", r.Test, cells[2], want)
		}
	}
	if warned < 2 {
		t.Errorf("%d warnings, want the example's and the tiny property's", warned)
	}

	res30, _, text30 := scoreDedup(t, []string{"Dedup"}, 40, 30)
	if !strings.Contains(text30, "TestDedupModel kills every mutant TestDedupLen kills (") {
		t.Errorf("no implication from the model property to the length-only one")
	}
	ids3, ids30 := blackboxIDs(res3), blackboxIDs(res30)
	if len(ids3) != 80 || len(ids30) != 40 {
		t.Fatalf("%d and %d black-box mutants, want 80 and 40", len(ids3), len(ids30))
	}
	var bad []string
	for id := range ids30 {
		every := strings.TrimSuffix(id, "/p30")
		if ids3[id] || !ids3[every+"/p3"] || every == id {
			bad = append(bad, id)
		}
	}
	if len(bad) > 0 {
		slices.Sort(bad)
		t.Errorf("%d IDs under points 30 are also IDs under points 3, or lack their points (%s, ...)", len(bad), bad[0])
	}
}
