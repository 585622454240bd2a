package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/stats"
)

// strengthInput is a hand-made run: package p's F has six black-box
// mutants, one not viable; TestWide calls it on wide inputs and kills
// three (one by a timeout, one at its first case) and fails on the
// original at m5's seed, which is no kill and leaves m5 out of its
// per-case score; TestNarrow on inputs of size 0 to 1 kills three (one
// at its first case); TestConst on one input kills none (it infects
// none), and TestUnknown ran against one without a recording. Package
// a's G has one mutant that its one caller does not kill.
func strengthInput() []StrengthFunc {
	k, s, to := outcome.Killed, outcome.Survived, outcome.Timeout
	return []StrengthFunc{
		{Package: "p", Function: "F",
			Mutants: []StrengthMutant{
				{ID: "m0", Outcome: k, PerTest: map[string]outcome.Outcome{"TestWide": k, "TestNarrow": k},
					PerTestTTF: map[string]int{"TestWide": 1, "TestNarrow": 5}},
				{ID: "m1", Outcome: s, PerTest: map[string]outcome.Outcome{"TestWide": s, "TestNarrow": s}},
				{ID: "m2", Outcome: to, PerTest: map[string]outcome.Outcome{"TestWide": to, "TestUnknown": s}},
				{ID: "m3", Outcome: outcome.NotViable},
				{ID: "m4", Outcome: k, PerTest: map[string]outcome.Outcome{"TestWide": k, "TestNarrow": k},
					PerTestTTF: map[string]int{"TestWide": 3, "TestNarrow": 1}},
				{ID: "m5", Outcome: k, PerTest: map[string]outcome.Outcome{"TestWide": s, "TestNarrow": k},
					PerTestTTF: map[string]int{"TestNarrow": 2}, Seed: 42, OriginalFails: []string{"TestWide"}},
			},
			Callers: map[string]*DataCoverage{
				"TestWide":   {Distinct: 100000, DistinctAtLeast: true, MinSize: 0, MaxSize: 40},
				"TestNarrow": {Distinct: 2, MinSize: 0, MaxSize: 1},
				"TestConst":  {Distinct: 1, MinSize: 0, MaxSize: 0},
			}},
		{Package: "a", Function: "G",
			Mutants: []StrengthMutant{{ID: "g0", Outcome: s, PerTest: map[string]outcome.Outcome{"TestG": s}}},
			Callers: map[string]*DataCoverage{"TestG": {Distinct: 7, MinSize: 2, MaxSize: 9}}},
	}
}

// TestSummarizeStrength checks the figures of each (function, test) row
// on strengthInput: the not-viable mutant left out of the denominators, a
// timeout counted as killed but not at the first case, a test failing on
// the original at a mutant's seed left out of the per-case denominator
// (and named), the Wilson intervals, the rows of a function ranked by
// per-case score then name, the data coverage carried beside (unknown for
// a test without a recording), and a warning on the narrow test only (2
// distinct inputs of size up to SmallInputSize), not on the wide one
// (larger inputs) nor on the constant one (small inputs, no kill).
func TestSummarizeStrength(t *testing.T) {
	s := SummarizeStrength(strengthInput())
	type want struct {
		pkg, fn, test            string
		mutants, killed          int
		perCaseN, perCase        int
		warn, knownData, origSet bool
	}
	wants := []want{
		{"a", "G", "TestG", 1, 0, 1, 0, false, true, false},
		{"p", "F", "TestWide", 5, 3, 4, 1, false, true, true},
		{"p", "F", "TestNarrow", 5, 3, 5, 1, true, true, false},
		{"p", "F", "TestConst", 5, 0, 5, 0, false, true, false},
		{"p", "F", "TestUnknown", 5, 0, 5, 0, false, false, false},
	}
	if len(s.Rows) != len(wants) {
		t.Fatalf("%d rows, want %d: %+v", len(s.Rows), len(wants), s.Rows)
	}
	for i, w := range wants {
		r := s.Rows[i]
		if r.Package != w.pkg || r.Function != w.fn || r.Test != w.test {
			t.Errorf("row %d: %s %s %s, want %s %s %s", i, r.Package, r.Function, r.Test, w.pkg, w.fn, w.test)
			continue
		}
		if r.Mutants != w.mutants || r.Killed != w.killed {
			t.Errorf("%s: killed %d/%d, want %d/%d", r.Test, r.Killed, r.Mutants, w.killed, w.mutants)
		}
		p := stats.Wilson(w.killed, w.mutants)
		if r.KilledPct == nil || *r.KilledPct != 100*p.P || *r.CI95 != [2]float64{100 * p.Low, 100 * p.High} {
			t.Errorf("%s: killed %v%% %v, want %v%% [%v, %v]", r.Test, r.KilledPct, r.CI95, 100*p.P, 100*p.Low, 100*p.High)
		}
		if r.PerCaseMutants != w.perCaseN || r.PerCase != w.perCase {
			t.Errorf("%s: per-case %d/%d, want %d/%d", r.Test, r.PerCase, r.PerCaseMutants, w.perCase, w.perCaseN)
		}
		q := stats.Wilson(w.perCase, w.perCaseN)
		if r.PerCasePct == nil || *r.PerCasePct != 100*q.P || *r.PerCaseCI95 != [2]float64{100 * q.Low, 100 * q.High} {
			t.Errorf("%s: per-case %v%% %v, want %v%% [%v, %v]", r.Test, r.PerCasePct, r.PerCaseCI95, 100*q.P, 100*q.Low, 100*q.High)
		}
		if (r.Warning != "") != w.warn {
			t.Errorf("%s: warning %q, want one: %v", r.Test, r.Warning, w.warn)
		}
		if (r.Data != nil) != w.knownData {
			t.Errorf("%s: data coverage %+v, want known: %v", r.Test, r.Data, w.knownData)
		}
		if got := strings.Join(r.OriginalFails, ","); (got != "") != w.origSet || w.origSet && got != "seed 42 (m5)" {
			t.Errorf("%s: original fails %q", r.Test, got)
		}
	}
	if n := s.Rows[2]; !strings.Contains(n.Warning, "only 2 distinct inputs, of size <= 1") || !n.FewInputs || !n.SmallInputs {
		t.Errorf("TestNarrow's warning %q (few %v, small %v) does not give its sizes and distinct inputs", n.Warning, n.FewInputs, n.SmallInputs)
	}
	if s.MinDistinct != MinDistinct || s.SmallInputSize != SmallInputSize {
		t.Errorf("thresholds %d, %d; want %d, %d", s.MinDistinct, s.SmallInputSize, MinDistinct, SmallInputSize)
	}
}

// TestStrengthOutputs checks the console tables (one per package, the
// warning as a note), the JSON key's shape and the HTML section.
func TestStrengthOutputs(t *testing.T) {
	s := SummarizeStrength(strengthInput())
	tables := StrengthTables(s)
	if len(tables) != 3 || !strings.Contains(tables[0].Title, "tests of a ") || !strings.Contains(tables[1].Title, "tests of p ") ||
		!strings.HasPrefix(tables[2].Title, "Implications between the tests of p ") {
		t.Fatalf("%d tables (%v), want packages a then p, then p's implications (a's G has one test)", len(tables), tables)
	}
	var buf bytes.Buffer
	if err := Write(&buf, FormatText, tables...); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []string{
		"TestNarrow: per-case 20.0% [4, 62] against F, but it calls F on only 2 distinct inputs, of size <= 1",
		"at least 100000 distinct inputs, sizes 0..40",
		"unknown",
		"3/5",
		"per-case % (95% CI)",
		"25.0% [5, 70]",
		"60.0% [23, 88]",
		"TestWide fails on the original with seed 42 (m5): not a kill, left out of its per-case score of F.",
		"no other test kills every mutant TestWide kills (3 of 5)",
		"no other test kills every mutant TestNarrow kills (3 of 5)",
		"TestConst and TestUnknown kill none of the 5 mutants",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the console tables lack %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "TestWide: ") || strings.Contains(out, "TestConst: ") || strings.Contains(out, "TestNarrow fails") {
		t.Errorf("a warning for a test with larger inputs or no strength:\n%s", out)
	}

	doc, err := Encode(map[string]any{"schemaVersion": "2", StrengthJSONKey: s})
	if err != nil {
		t.Fatal(err)
	}
	var back struct {
		Strength struct {
			SmallInputSize uint64 `json:"smallInputSize"`
			Rows           []map[string]any
			Implications   []map[string]any
		} `json:"mutpropStrength"`
	}
	if err := json.Unmarshal(doc, &back); err != nil {
		t.Fatalf("%v\n%s", err, doc)
	}
	got := back.Strength
	if got.SmallInputSize != SmallInputSize || len(got.Rows) != len(s.Rows) {
		t.Fatalf("JSON %s: %+v", StrengthJSONKey, got)
	}
	if len(back.Strength.Implications) != 3 || back.Strength.Implications[0]["kind"] != ImplicationUnimplied {
		t.Errorf("JSON implications %v, want p's three", back.Strength.Implications)
	}
	for _, key := range []string{"package", "function", "test", "mutants", "killed", "killedPct", "ci95", "perCaseMutants", "perCase", "perCasePct", "perCaseCi95", "data"} {
		if _, ok := got.Rows[0][key]; !ok {
			t.Errorf("JSON row lacks %q: %v", key, got.Rows[0])
		}
	}

	page, err := HTML(Page{Strength: &s})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(page, []byte(`<section id="strength"`)) || !bytes.Contains(page, []byte("TestNarrow: per-case 20.0% [4, 62] against F")) ||
		!bytes.Contains(page, []byte("no other test kills every mutant TestWide kills")) {
		t.Errorf("the HTML page lacks the strength section, its warning or its implications")
	}
	plain, err := HTML(Page{})
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(plain, []byte(`id="strength"`)) {
		t.Errorf("a strength section without Page.Strength")
	}
}

// dedupInput is a hand-made Dedup as mutprop run --blackbox scores it with
// every-point mutants: each of its n mutants is wrong at every input, so
// a one-case example kills each at its first case, as the model property
// does; the length-only property detects the even mutants only, and the
// zero-argument constructor NewSet is called by its one test on its one
// input.
func dedupInput(n int) []StrengthFunc {
	k, s := outcome.Killed, outcome.Survived
	dedup := StrengthFunc{Package: "p", Function: "Dedup", Callers: map[string]*DataCoverage{
		"TestDedupExample": {Distinct: 1, MinSize: 3, MaxSize: 3},
		"TestDedupModel":   {Distinct: 64, DistinctAtLeast: true, MinSize: 0, MaxSize: 30},
		"TestDedupLen":     {Distinct: 64, DistinctAtLeast: true, MinSize: 0, MaxSize: 30},
	}}
	ctor := StrengthFunc{Package: "p", Function: "NewSet", NoArgs: true, Callers: map[string]*DataCoverage{
		"TestNewSet": {Distinct: 1, MinSize: 0, MaxSize: 0},
	}}
	for i := range n {
		length := s
		if i%2 == 0 {
			length = k
		}
		dedup.Mutants = append(dedup.Mutants, StrengthMutant{ID: fmt.Sprintf("d%d", i), Outcome: k,
			PerTest:    map[string]outcome.Outcome{"TestDedupExample": k, "TestDedupModel": k, "TestDedupLen": length},
			PerTestTTF: map[string]int{"TestDedupExample": 1, "TestDedupModel": 1, "TestDedupLen": 1}})
		ctor.Mutants = append(ctor.Mutants, StrengthMutant{ID: fmt.Sprintf("c%d", i), Outcome: k,
			PerTest: map[string]outcome.Outcome{"TestNewSet": k}, PerTestTTF: map[string]int{"TestNewSet": 1}})
	}
	return []StrengthFunc{dedup, ctor}
}

// TestStrengthTiesRankTheBroadTestFirstAndWarnOnFewInputs: the one-case
// example ties the model property at 100% per case and killed; the tie
// goes to the model (more distinct inputs), and the example carries the
// few-inputs warning, quoting the per-case cell as the table prints it.
// The constructor without arguments gets no warning, and reads "no
// arguments".
func TestStrengthTiesRankTheBroadTestFirstAndWarnOnFewInputs(t *testing.T) {
	s := SummarizeStrength(dedupInput(250))
	var order []string
	rows := map[string]StrengthRow{}
	for _, r := range s.Rows {
		order = append(order, r.Test)
		rows[r.Test] = r
	}
	if got := strings.Join(order, " "); got != "TestDedupModel TestDedupExample TestDedupLen TestNewSet" {
		t.Errorf("rows %s, want the model first, the example second", got)
	}
	ex := rows["TestDedupExample"]
	if !ex.FewInputs || ex.SmallInputs || !strings.Contains(ex.Warning, "calls Dedup on only 1 distinct input (sizes 3..3)") {
		t.Errorf("the example's warning %q (few %v, small %v), want few inputs", ex.Warning, ex.FewInputs, ex.SmallInputs)
	}
	for _, name := range []string{"TestDedupModel", "TestDedupLen", "TestNewSet"} {
		if w := rows[name].Warning; w != "" {
			t.Errorf("%s: warning %q", name, w)
		}
	}
	if !rows["TestNewSet"].NoArgs {
		t.Error("TestNewSet's row does not say NewSet has no arguments")
	}
	var buf bytes.Buffer
	if err := Write(&buf, FormatText, StrengthTables(s)...); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []string{
		" 100.0% [98, 100] | 250/250 |",
		"TestDedupExample: per-case 100.0% [98, 100] against Dedup, but it calls Dedup on only 1 distinct input",
		"| no arguments ",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the console lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "[100, 100]") || strings.Contains(out, "TestNewSet: ") {
		t.Errorf("an interval rounded onto its point, or a warning for the constructor:\n%s", out)
	}
}

// TestPctIntervalNeverRoundsABoundOntoThePoint: the bounds take the
// decimals that tell them from the point, and the point those that keep
// it off 0 and 100 (Wilson's intervals of n = 1000 and 250).
func TestPctIntervalNeverRoundsABoundOntoThePoint(t *testing.T) {
	for _, c := range []struct {
		successes, n int
		want         string
	}{
		{1000, 1000, "100.0% [99.6, 100]"},
		{0, 1000, "0.0% [0, 0.4]"},
		{31, 1000, "3.1% [2, 4]"},
		{478, 1000, "47.8% [45, 51]"},
		{999, 1000, "99.9% [99.4, 100]"},
		{250, 250, "100.0% [98, 100]"},
		{9995, 10000, "99.95% [99.88, 99.98]"},
	} {
		p := stats.Wilson(c.successes, c.n)
		if got := PctInterval(100*p.P, [2]float64{100 * p.Low, 100 * p.High}); got != c.want {
			t.Errorf("%d/%d: %q, want %q (%v [%v, %v])", c.successes, c.n, got, c.want, 100*p.P, 100*p.Low, 100*p.High)
		}
	}
}
