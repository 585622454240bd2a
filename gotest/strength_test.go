package gotest_test

import (
	"bytes"
	"context"
	"testing"

	"github.com/mutprop/mutprop/gotest"
	"github.com/mutprop/mutprop/report"
)

// TestStrengthAndDataCoverage scores testdata/strength with black-box
// mutants of SortedUnique: each of its two properties runs alone against
// every mutant, so that each gets its own strength; the narrow one, whose
// lists have length 0 or 1, has data coverage of at most 42 distinct
// inputs (the empty list and 41 singletons) of size 0 to 1 and the insert
// study's warning if it kills half the mutants or more; the wide one
// (lengths 2 to 30) has larger inputs and no warning.
func TestStrengthAndDataCoverage(t *testing.T) {
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
	if high := float64(narrow.Killed) >= report.HighStrength*float64(narrow.Mutants); high != (narrow.Warning != "") {
		t.Errorf("TestNarrow: killed %d/%d, warning %q: want one exactly when it kills half or more", narrow.Killed, narrow.Mutants, narrow.Warning)
	}
	if narrow.Warning == "" {
		t.Errorf("TestNarrow kills %d/%d: the fixture means it to score high on small inputs", narrow.Killed, narrow.Mutants)
	}
}
