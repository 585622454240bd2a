package report

import (
	"slices"
	"strings"
	"testing"
)

// matrixOf builds a kill matrix from rows of 'x' (killed) and '.' (not).
func matrixOf(tests []string, rows ...string) KillMatrix {
	km := KillMatrix{Tests: tests}
	for j := range rows[0] {
		km.Mutants = append(km.Mutants, string(rune('a'+j)))
	}
	for _, r := range rows {
		cells := make([]KillCell, len(r))
		for j, c := range r {
			if c == 'x' {
				cells[j] = KilledHere
			} else {
				cells[j] = Covered
			}
		}
		km.Cells = append(km.Cells, cells)
	}
	return km
}

func TestKillMatrixAnalyses(t *testing.T) {
	t.Parallel()
	// T1 kills a b; T2 kills b c d (d alone); T3 kills c; T4 nothing; T5 = T3.
	km := matrixOf([]string{"T1", "T2", "T3", "T4", "T5"},
		"xx...",
		".xxx.",
		"..x..",
		".....",
		"..x..",
	)
	if got, want := km.Killers(), []int{1, 2, 3, 1, 0}; !slices.Equal(got, want) {
		t.Errorf("Killers = %v, want %v", got, want)
	}
	if got, want := km.Kills()["T2"], []string{"b", "c", "d"}; !slices.Equal(got, want) {
		t.Errorf("Kills[T2] = %v, want %v", got, want)
	}
	if _, ok := km.Kills()["T4"]; ok {
		t.Errorf("Kills lists T4, which kills nothing")
	}
	if got, want := km.Redundant(), []string{"T3", "T4", "T5"}; !slices.Equal(got, want) {
		t.Errorf("Redundant = %v, want %v (T1 alone kills a, T2 alone kills d)", got, want)
	}
	sub := km.Subsumed()
	for test, by := range map[string]string{"T3": "T2", "T4": "T1", "T5": "T2"} {
		if sub[test] != by {
			t.Errorf("Subsumed[%s] = %q, want %q (all: %v)", test, sub[test], by, sub)
		}
	}
	if _, ok := sub["T1"]; ok {
		t.Errorf("T1 is subsumed (%v) although it alone kills a", sub)
	}
	if got, want := km.Minimal(), []string{"T2", "T1"}; !slices.Equal(got, want) {
		t.Errorf("Minimal = %v, want %v (T2 kills 3, then T1 the last one)", got, want)
	}
}

func TestMinimalBreaksTiesInMatrixOrder(t *testing.T) {
	t.Parallel()
	km := matrixOf([]string{"B", "A"}, "x", "x")
	if got := km.Minimal(); !slices.Equal(got, []string{"B"}) {
		t.Errorf("Minimal = %v, want [B]: the first of equal tests in matrix order", got)
	}
	sub := km.Subsumed()
	if sub["A"] != "B" || sub["B"] != "" {
		t.Errorf("Subsumed = %v, want A subsumed by the earlier B only", sub)
	}
}

// The HTML report shows a kill matrix, its kill rates and its "only
// killer" counts only when every killer of each mutant is known: with
// first killers alone, a test that kills many mutants after another
// would read as redundant.
func TestTheHTMLKillMatrixNeedsEveryKiller(t *testing.T) {
	t.Parallel()
	r := sampleRun()
	tr, err := SummarizeTrials(2, 1, 0, []TrialCell{cell("p", "m", "TestA", "rapid", 1, 2)})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name                       string
		page                       Page
		matrix, redundant, missing bool
	}{
		{"first killers only", Page{Run: &r}, false, false, true},
		{"--matrix", Page{Run: &r, Matrix: true}, true, true, false},
		{"--trials", Page{Run: &r, Trials: &tr}, true, false, false},
	} {
		page, err := HTML(c.page)
		if err != nil {
			t.Fatal(err)
		}
		html := string(page)
		matrix := strings.Contains(html, "<th>only killer</th>") && strings.Contains(html, `id="kill-matrix-table"`)
		redundant := strings.Contains(html, "redundant")
		missing := strings.Contains(html, `id="kill-matrix-missing"`)
		if matrix != c.matrix || redundant != c.redundant || missing != c.missing {
			t.Errorf("%s: matrix %v, redundancy claim %v, says it is missing %v; want %v, %v, %v", c.name, matrix, redundant, missing, c.matrix, c.redundant, c.missing)
		}
	}
}
