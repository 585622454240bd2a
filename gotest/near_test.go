package gotest_test

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mutprop/mutprop/internal/testfix"
	"github.com/mutprop/mutprop/outcome"
)

// TestAMutantOfATableMeetsTheTestsOfItsFileFirst scores
// testdata/near.txtar: the mutants of a package-level table, which every
// test reaches as the package initializes, meet TestName of z_test.go
// first and die there, in batches and one process per mutant alike;
// Half's mutants keep their one covering test.
func TestAMutantOfATableMeetsTheTestsOfItsFileFirst(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	pr, _ := scoreBoth(t, testfix.Module(t, filepath.Join("testdata", "near.txtar")))
	table := 0
	for _, r := range pr.Mutants {
		switch {
		case strings.HasPrefix(r.Mutant.ID, "operator:z.go:3:"):
			table++
			if len(r.CoveredBy) != 2 || r.CoveredBy[0] != "TestName" {
				t.Errorf("%s: covered by %v, want TestName first of both tests", r.Mutant.ID, r.CoveredBy)
			}
			if r.Outcome != outcome.Killed || !slices.Equal(r.KilledBy, []string{"TestName"}) {
				t.Errorf("%s: %s by %v (%s), want killed by TestName", r.Mutant.ID, r.Outcome, r.KilledBy, r.Reason)
			}
		case r.Mutant.File == "a.go" && !slices.Equal(r.CoveredBy, []string{"TestHalf"}):
			t.Errorf("%s: covered by %v, want TestHalf alone", r.Mutant.ID, r.CoveredBy)
		}
	}
	if table == 0 {
		t.Fatal("no mutant of the table")
	}
}
