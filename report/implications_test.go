package report

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mutprop/mutprop/outcome"
)

// TestImplicationsAreTheDirectInclusionsBetweenKillSets builds F's kill
// sets over six mutants (m5 not viable): A = D = {0,1,2,3}, B = {0,1},
// C = {0}, E = {2}, Z = {} and W, which failed on the original at m0's
// seed and kills {1} only. Expected: A and D equivalent; A implies B and
// E directly, B implies C and W, and A implies C only through B (not
// listed); A is the one class nothing implies; Z kills none.
func TestImplicationsAreTheDirectInclusionsBetweenKillSets(t *testing.T) {
	sets := map[string][]int{"TestA": {0, 1, 2, 3}, "TestD": {0, 1, 2, 3}, "TestB": {0, 1}, "TestC": {0}, "TestE": {2}, "TestZ": nil, "TestW": {0, 1}}
	f := StrengthFunc{Package: "p", Function: "F", Callers: map[string]*DataCoverage{}}
	for i := range 6 {
		m := StrengthMutant{ID: fmt.Sprintf("m%d", i), Outcome: outcome.Survived, PerTest: map[string]outcome.Outcome{}, PerTestTTF: map[string]int{}}
		if i == 5 {
			m.Outcome = outcome.NotViable
		}
		if i == 0 {
			m.OriginalFails = []string{"TestW"}
		}
		for test, kills := range sets {
			m.PerTest[test] = outcome.Survived
			for _, k := range kills {
				if k == i || i == 5 {
					m.PerTest[test] = outcome.Killed
					m.Outcome = outcome.Killed
				}
			}
		}
		if i == 5 {
			m.Outcome = outcome.NotViable
		}
		f.Mutants = append(f.Mutants, m)
	}
	s := SummarizeStrength([]StrengthFunc{f})
	var got []string
	for _, im := range s.Implications {
		if im.Mutants != 5 {
			t.Errorf("%s: over %d mutants, want the 5 viable ones", im.Sentence(), im.Mutants)
		}
		got = append(got, fmt.Sprintf("%s %s > %s (%d, %d)", im.Kind, strings.Join(im.Tests, ","), strings.Join(im.Weaker, ","), im.Killed, im.WeakerKilled))
	}
	want := []string{
		"equivalent TestA,TestD >  (4, 0)",
		"implies TestA,TestD > TestB (4, 2)",
		"implies TestA,TestD > TestE (4, 1)",
		"implies TestB > TestC (2, 1)",
		"implies TestB > TestW (2, 1)",
		"unimplied TestA,TestD >  (4, 0)",
		"kills-none TestZ >  (0, 0)",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("implications:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for i, sentence := range []string{
		"TestA and TestD kill the same 4 of 5 mutants",
		"TestA kills every mutant TestB kills (2 of 5), and 2 more",
	} {
		if i < len(s.Implications) && s.Implications[i].Sentence() != sentence {
			t.Errorf("sentence %d: %q, want %q", i, s.Implications[i].Sentence(), sentence)
		}
	}
	// One test alone has nothing to be compared with.
	one := SummarizeStrength([]StrengthFunc{{Package: "p", Function: "G", Callers: map[string]*DataCoverage{"TestG": nil},
		Mutants: []StrengthMutant{{ID: "g", Outcome: outcome.Killed, PerTest: map[string]outcome.Outcome{"TestG": outcome.Killed}}}}})
	if len(one.Implications) != 0 {
		t.Errorf("a function with one test: implications %+v", one.Implications)
	}
	if _, ok := ImplicationsTable(one, "p"); ok {
		t.Error("an implications table without implications")
	}
}
