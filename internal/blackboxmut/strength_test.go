package blackboxmut

import (
	"strconv"
	"testing"

	"github.com/mutprop/mutprop/mutate"
	"github.com/mutprop/mutprop/outcome"
)

// TestStrengthGroupsMutantsByFunctionWithTheirCallersData: operator
// mutants are left out; each wrapped function gets its mutants in order,
// its callers' data coverage read by its first black-box mutant's schema
// number (a mutant's number less its k), and nil data for a covering test
// without a data line.
func TestStrengthGroupsMutantsByFunctionWithTheirCallersData(t *testing.T) {
	t.Parallel()
	bb := func(fn string, k, schema int) mutate.Mutant {
		return mutate.Mutant{ID: mutate.BlackboxID("p", fn, k, 0), Origin: mutate.OriginBlackbox, Original: fn, Schema: schema}
	}
	results := []Result{
		{Mutant: mutate.Mutant{ID: "p/a.go:1:op"}, Outcome: outcome.Killed},
		{Mutant: bb("F", 0, 10), Outcome: outcome.Killed, PerTest: map[string]outcome.Outcome{"TestA": outcome.Killed}, CoveredBy: []string{"TestA", "TestB"}},
		{Mutant: bb("F", 1, 11), Outcome: outcome.Survived, CoveredBy: []string{"TestA"}},
		{Mutant: bb("G", 2, 22), Outcome: outcome.Survived},
	}
	asked := map[int]bool{}
	data := func(first int) map[string]mutate.BlackboxData {
		asked[first] = true
		if first == 10 {
			return map[string]mutate.BlackboxData{"TestA": {Distinct: 3, MinSize: 0, MaxSize: 4}}
		}
		return nil
	}
	out := Strength("p", results, data, map[string]bool{"G": true})
	if len(out) != 2 || out[0].Function != "F" || out[1].Function != "G" || out[0].Package != "p" {
		t.Fatalf("functions %+v, want F then G", out)
	}
	if out[0].NoArgs || !out[1].NoArgs {
		t.Errorf("NoArgs: F %v, G %v; want G's alone", out[0].NoArgs, out[1].NoArgs)
	}
	if len(out[0].Mutants) != 2 || out[0].Mutants[0].Outcome != outcome.Killed || out[0].Mutants[0].PerTest["TestA"] != outcome.Killed {
		t.Errorf("F's mutants %+v", out[0].Mutants)
	}
	if d := out[0].Callers["TestA"]; d == nil || d.Distinct != 3 || d.MaxSize != 4 || d.DistinctAtLeast {
		t.Errorf("TestA's data %+v", d)
	}
	if d, ok := out[0].Callers["TestB"]; !ok || d != nil {
		t.Errorf("TestB: %+v, %v; want a caller without data", d, ok)
	}
	if !asked[10] || !asked[20] || len(asked) != 2 {
		t.Errorf("data read by first numbers %v, want 10 and 20", asked)
	}
	if firstOf(mutate.Mutant{ID: mutate.BlackboxID("p", "F", 3, 0)}) != 0 {
		t.Error("a mutant without a schema number has no first")
	}
	if got := firstOf(mutate.Mutant{ID: mutate.BlackboxID("p", "F", 3, 5), Schema: 13}); got != 10 {
		t.Errorf("the first of 5-point mutant 3 numbered 13 is %d, want 10", got)
	}
}

// TestStrengthCarriesTestsToFailureAndOriginalFailures: a killing test's
// count is carried, a kill without a count is one case (a plain test), a
// timeout without one has none, and a test that failed on the original
// at the mutant's seed (FailsOnOriginal) is named, with the seed.
func TestStrengthCarriesTestsToFailureAndOriginalFailures(t *testing.T) {
	t.Parallel()
	m := mutate.Mutant{ID: "p:F:bb:0", Origin: mutate.OriginBlackbox, Original: "F", Schema: 5}
	r := Result{Mutant: m, Outcome: outcome.Killed, Seed: 7,
		PerTest: map[string]outcome.Outcome{"TestCount": outcome.Killed, "TestPlain": outcome.Killed,
			"TestSlow": outcome.Timeout, "TestOrig": outcome.Survived, "TestPass": outcome.Survived},
		TestsToFailure: map[string]int{"TestCount": 12, "TestOrig": FailsOnOriginal}}
	out := Strength("p", []Result{r}, func(int) map[string]mutate.BlackboxData { return nil }, nil)
	if len(out) != 1 || len(out[0].Mutants) != 1 {
		t.Fatalf("got %+v", out)
	}
	sm := out[0].Mutants[0]
	want := map[string]int{"TestCount": 12, "TestPlain": 1}
	if len(sm.PerTestTTF) != len(want) {
		t.Errorf("tests-to-failure %v, want %v", sm.PerTestTTF, want)
	}
	for k, v := range want {
		if sm.PerTestTTF[k] != v {
			t.Errorf("tests-to-failure %v, want %v", sm.PerTestTTF, want)
		}
	}
	if sm.Seed != 7 || len(sm.OriginalFails) != 1 || sm.OriginalFails[0] != "TestOrig" {
		t.Errorf("seed %d, original fails %v; want 7 and TestOrig", sm.Seed, sm.OriginalFails)
	}
}

// TestSeedIsPerMutantAndRun: the seed depends on the run's seed and the
// mutant's ID only, differs between mutants and runs, and is a positive
// int64 (rapid and testing/quick read it so).
func TestSeedIsPerMutantAndRun(t *testing.T) {
	t.Parallel()
	seen := map[uint64]string{}
	for _, run := range []uint64{1, 2} {
		for k := range 200 {
			id := "blackbox:p.F:" + strconv.Itoa(k)
			s := Seed(run, id)
			if s == 0 || s > 1<<63-1 {
				t.Fatalf("Seed(%d, %s) = %d, want a positive int64", run, id, s)
			}
			if s != Seed(run, id) {
				t.Fatalf("Seed(%d, %s) changes between calls", run, id)
			}
			key := strconv.FormatUint(run, 10) + " " + id
			if prev, ok := seen[s]; ok {
				t.Fatalf("Seed of %s and %s are both %d", prev, key, s)
			}
			seen[s] = key
		}
	}
}
