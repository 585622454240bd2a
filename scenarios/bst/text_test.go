package bst

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/mutprop/mutprop/outcome"
)

// TestWriteTextPrintsTheReportsTables renders a made-up hughes report with
// every optional part (Fig. 8 and 9 figures, key presence readings, an
// explanation) and checks headings, table cells and the figures' formats.
func TestWriteTextPrintsTheReportsTables(t *testing.T) {
	t.Parallel()
	s := &Report{
		Experiment: "hughes", Seed: 3, Trials: 40, Tests: 1000, Elapsed: 2 * time.Second,
		Generators: []GeneratorResult{{
			Generator: "api", Total: 6198.4, Worst: 1868.46, WorstCell: "named:bug2 DeletePost", FailingPairs: 34, KeyPresence: 20.94,
			Hardest: []CellResult{{Bug: "named:bug2", Property: "DeletePost", Mean: 1868.46, CILow: 1027.7, CIHigh: 2709.3, Median: 807}},
			Sizes:   []int{1, 2, 1}, Depths: []int{1, 3},
		}},
		FailingByBug: map[string]map[string][]string{
			"named:bug2": {"api": {"DeletePost", "FindDelete", "InsertPost"}},
			"named:bug5": {"api": {"DeletePost"}},
		},
		KindStats: map[string]map[Kind]KindStats{"api": {Postcondition: {Min: 8.94, Max: 330.5, Mean: 169.7, N: 2}}},
		Fig8: map[string]map[string]Fig8Count{"api": {
			"named:bug2": {All: 3, Rows: 20, Rows100: 15.12},
			"named:bug5": {All: 1, Rows: 9, Rows100: 5.9},
		}},
		Fig9Note: map[string]KindStats{"api": {Min: 8.9, Max: 330.5, Mean: 169.7, N: 2}},
		Paper:    published("hughes"),
		PresenceReadings: []PresenceRow{
			{Generator: "classic", Reading: "Leaf when lo > hi", Presence: 28.91, Paper: 29},
			{Generator: "classic-page2", Reading: "Leaf when lo >= hi", Presence: 18.8},
		},
		Explanation: &Explanation{
			Generators: []string{"api"},
			Readings:   map[string]map[string]Totals{"api": {"default": {Total: 641, Pairs: 29, MinPerBug: 29, MaxPerBug: 29, Worst: 211}}},
			Drops:      []DropRow{{Property: "FindInsert", Pairs: 1, Cost: 40, Bugs: []string{"bug2"}}},
		},
	}
	s.Paper.Fig13 = map[string]PaperGenerator{"api": {Total: 1607, Worst: 193, FailingPairs: 122, KeyPresence: 36}}
	var buf bytes.Buffer
	if err := s.WriteText(&buf); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []string{
		"(seed 3, 40 failing trials per failing cell, 0 cells, 1000 tests in 2s: 500 tests/s)\n\nPer generator: total cost",
		"| generator | total | paper |   gap |  worst | paper |   gap | failing pairs | paper | key presence % | paper | worst pair            |",
		"| api       |  6198 |  1607 | +286% | 1868.5 |   193 | +868% |            34 |   122 |           20.9 |  36.0 | named:bug2 DeletePost |",
		"\nFailing properties per bug\n",
		"| bug2 |   3 |                     20 |                        15.1 |             17 |       +18% |",
		"| bug5 |   1 |                      9 |                         5.9 |              9 |        +0% |",
		"| api       | postcondition |     2 | 8.9 |   7.1 | 330.5 |   245 | 169.7 |  77.0 |      +120% |",
		"  api: postconditions without InsertDeleteComplete; with it: 2 pairs, min 8.9, max 330.5, mean 169.7\n",
		"  api: bug2 DeletePost 1868.5 [1027.7, 2709.3] med 807\n",
		"| generator | mean size | max size | max depth | empty % |",
		"| api       |       1.0 |        2 |         1 |    25.0 |",
		"| classic       | Leaf when lo > hi  |           28.9 |  29.0 |",
		"| classic-page2 | Leaf when lo >= hi |           18.8 |     - |",
		"reading          meaning\ndefault          holey57 as documented, no guard\n",
		"| paper           | 1607 / 122 [9-23] w193     |",
		"| default         | 641 / 29 [29-29] w211 -60% |",
		"| FindInsert | 1 / 40 (bug2) |",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("text lacks %q:\n%s", want, out)
		}
	}
}

// TestMutantStudyWriteTextPrintsTheScores renders a made-up scored suite:
// the kills by origin, by kind and by property, then the lists.
func TestMutantStudyWriteTextPrintsTheScores(t *testing.T) {
	t.Parallel()
	st := &MutantReport{
		Generator: "holey", Tests: 100, Seed: 2, Measured: 4, Elapsed: time.Minute,
		Mutants: []MutantScore{
			{ID: "op:1", Origin: "operator", Line: 12, Description: "< -> <=", Status: outcome.Survived},
			{ID: "named:bug1", Origin: "named", Description: "bug 1", Status: outcome.Killed},
		},
		Properties: []PropertyScore{
			{Property: "InsertValid", Kind: Validity, Kills: 1, Only: 0, Rate: 50},
			{Property: "UnionDeleteInsert", Kind: Metamorphic, Kills: 2, Only: 1, Rate: 100},
		},
		Origins:   []GroupScore{{Name: "named", Killed: 8, Of: 8, Rate: 100}, {Name: "operator", Killed: 109, Of: 143, Rate: 76.22}},
		Kinds:     []GroupScore{{Name: "validity", Members: 6, Killed: 56, Rate: 35.22, MeanRate: 11.44}},
		Redundant: []string{"InsertValid"},
		Subsumed:  map[string]string{"InsertValid": "UnionDeleteInsert"},
		Minimal:   []string{"UnionDeleteInsert"},
	}
	var buf bytes.Buffer
	if err := st.WriteText(&buf); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []string{
		"The 2 properties scored with 2 mutants, generator holey, 100 tests per (mutant, property), seed 2 (4 cells in 1m0s)\n\nMutants killed, by origin\n",
		"| origin   | killed |  of | score % |",
		"| operator |    109 | 143 |    76.2 |",
		"| kind     | properties | killed (union) | union % | mean per property % |",
		"| validity |          6 |             56 |    35.2 |                11.4 |",
		// Sorted by kills, most first.
		"| UnionDeleteInsert | metamorphic |     2 |    1 |       100.0 |\n| InsertValid       | validity    |     1 |    0 |        50.0 |",
		"Redundant properties (1: each kills nothing no other kills): InsertValid\n",
		"Subsumed properties (1, p<q: q kills every mutant p kills): InsertValid<UnionDeleteInsert\n",
		"Minimal killing set (1, greedy): UnionDeleteInsert\n",
		"\nSurvivors (1)\n  op:1 (bst.go:12): < -> <=\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("text lacks %q:\n%s", want, out)
		}
	}
}
