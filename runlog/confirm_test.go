package runlog

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/mutprop/mutprop/gotest"
	"github.com/mutprop/mutprop/mutate"
	"github.com/mutprop/mutprop/outcome"
)

// TestAJournaledMutantKeepsItsKillsThatDidNotCount: a mutant whose kill
// did not recur and whose other killer failed on the original keeps both
// records through the journal's JSON and back to gotest's result (a
// resumed run, the outcome cache), and its report carries Unstable.
func TestAJournaledMutantKeepsItsKillsThatDidNotCount(t *testing.T) {
	m := gotest.MutantResult{
		Mutant: mutate.Mutant{ID: "m0", Origin: mutate.OriginOperator, File: "p.go", Line: 3, Col: 1}, Outcome: outcome.Survived,
		CoveredBy: []string{"TestF", "TestRand"}, Reason: "unstable: TestF ...; flaky: TestRand ...",
		Unstable: "TestF failed 1 of 2 runs against the mutant, with seed 1",
		Flaky:    []gotest.FlakyTest{{Test: "TestRand", Evidence: "failed 4 of 4 runs against the mutant, 1 of 1 on the original, with seed 1"}},
	}
	b, err := json.Marshal(NewMutant(&gotest.PackageResult{}, m))
	if err != nil {
		t.Fatal(err)
	}
	var back Mutant
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	got := back
	if got.Unstable != m.Unstable || !reflect.DeepEqual(got.Flaky, m.Flaky) {
		t.Errorf("journaled %s, read back unstable %q, flaky %+v", b, got.Unstable, got.Flaky)
	}
	if r := (Package{Path: "p", Mutants: []Mutant{back}}).Report(); r.Mutants[0].Unstable != m.Unstable {
		t.Errorf("the report's mutant has unstable %q, want %q", r.Mutants[0].Unstable, m.Unstable)
	}
}
