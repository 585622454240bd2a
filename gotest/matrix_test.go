package gotest

import (
	"reflect"
	"testing"

	"github.com/mutprop/mutprop/mutate"
	"github.com/mutprop/mutprop/outcome"
)

func TestTheMatrixSummaryFindsRedundantTestsAndAMinimalKillingSet(t *testing.T) {
	t.Parallel()
	mk := func(id string, by ...string) MutantResult {
		return MutantResult{Mutant: mutate.Mutant{ID: id}, Outcome: outcome.Killed, KilledBy: by}
	}
	tests := []TestInfo{{Name: "A"}, {Name: "B"}, {Name: "C"}, {Name: "D"}}
	ms := SummarizeMatrix(tests, []MutantResult{
		mk("m1", "A", "B"), mk("m2", "A"), mk("m3", "B", "C"), mk("m4", "C"),
		{Mutant: mutate.Mutant{ID: "m5"}, Outcome: outcome.Survived},
	})
	if want := []string{"B", "D"}; !reflect.DeepEqual(ms.Redundant, want) {
		t.Errorf("redundant %v, want %v", ms.Redundant, want)
	}
	if want := []string{"A", "C"}; !reflect.DeepEqual(ms.Minimal, want) {
		t.Errorf("minimal %v, want %v", ms.Minimal, want)
	}
}
