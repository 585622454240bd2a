package runreport

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/mutprop/mutprop/gotest"
	"github.com/mutprop/mutprop/mutate"
	"github.com/mutprop/mutprop/outcome"
)

func TestVerboseProgressNamesEachMutantsKillerAndTestsToFailure(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	p := &Progress{W: &buf, Verbose: true, Multi: true}
	m1 := gotest.MutantResult{Mutant: mutate.Mutant{ID: "m1", Description: "replace + with -"}, Outcome: outcome.Killed,
		KilledBy: []string{"TestProp"}, TestsToFailure: map[string]int{"TestProp": 12}}
	m2 := gotest.MutantResult{Mutant: mutate.Mutant{ID: "m2", Description: "replace < with <="}, Outcome: outcome.Survived}
	p.Ready(&gotest.PackageResult{Path: "example.com/p", Mutants: []gotest.MutantResult{{Mutant: m1.Mutant}, {Mutant: m2.Mutant}}})
	p.Mutant(1, 2, m1)
	p.Mutant(2, 2, m2)
	p.Finish()
	out := buf.String()
	for _, want := range []string{
		"mutants of example.com/p: 0/2",
		"killed     m1 replace + with - (0s) by TestProp after 12 tests",
		"survived   m2 replace < with <= (0s)\n",
		"mutants of example.com/p: 2/2 (100%) detected 1",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// etaPackage is n mutants on 2 workers, the first split covered by test a
// only, the others by b only.
func etaPackage(n, split int, a, b gotest.TestInfo) *gotest.PackageResult {
	pr := &gotest.PackageResult{Workers: 2, Tests: []gotest.TestInfo{a, b}}
	for i := range n {
		test := a.Name
		if i >= split {
			test = b.Name
		}
		pr.Mutants = append(pr.Mutants, gotest.MutantResult{Mutant: mutate.Mutant{ID: fmt.Sprint("m", i)}, CoveredBy: []string{test}})
	}
	return pr
}

func TestTheETACountsTheSlowTestsAndTheTimeoutsStillToCome(t *testing.T) {
	t.Parallel()
	pr := etaPackage(22, 12, gotest.TestInfo{Name: "TestQuick", Baseline: 80 * time.Millisecond}, gotest.TestInfo{Name: "TestSlow", Baseline: 980 * time.Millisecond})
	muts := pr.Mutants
	e := newETAModel(pr)
	if _, ok := e.eta(22); ok {
		t.Fatal("an ETA before any mutant finished")
	}
	// The quick mutants finish first, at twice their expected 100 ms.
	for i := range etaEvidence {
		m := muts[i]
		m.Outcome, m.Duration = outcome.Killed, 200*time.Millisecond
		if _, ok := e.eta(22 - i); ok {
			t.Fatalf("an ETA after %d mutants, fewer than etaEvidence (%d)", i, etaEvidence)
		}
		e.add(m)
	}
	got, _ := e.eta(12)
	// Left: 2 quick (100 ms) and 10 slow (1 s) mutants, at twice that,
	// over 2 workers.
	if want := (2*100*time.Millisecond + 10*time.Second) * 2 / 2; got != want {
		t.Errorf("ETA %v, want %v: the slow tests' mutants still to come", got, want)
	}
	for i := 10; i < 12; i++ {
		m := muts[i]
		m.Outcome, m.Duration = outcome.Timeout, 3*time.Second
		e.add(m)
	}
	got, _ = e.eta(10)
	// 10 slow mutants at twice 1 s, and 2 of 12 timing out at 3 s each
	// (the slow ones have no record of their own yet: the run's rate).
	if want := (10*2*time.Second + 10*3*time.Second*2/12) / 2; got != want {
		t.Errorf("ETA %v, want %v: the timeouts still to come", got, want)
	}
}

// TestTheETAExpectsTimeoutsWhereTheyCluster: the mutants of one function
// time out together. After 10 mutants of TestA were killed and 3 of TestB
// timed out at 8 s, the 7 TestB mutants left count with TestB's own rate
// (shrunk towards the run's), the 5 TestA ones with almost none: far more
// than the run's rate spread evenly over the 12 would say.
func TestTheETAExpectsTimeoutsWhereTheyCluster(t *testing.T) {
	t.Parallel()
	pr := etaPackage(25, 15, gotest.TestInfo{Name: "TestA", Baseline: 80 * time.Millisecond}, gotest.TestInfo{Name: "TestB", Baseline: 80 * time.Millisecond})
	muts := pr.Mutants
	e := newETAModel(pr)
	for i := range 10 {
		m := muts[i]
		m.Outcome, m.Duration = outcome.Killed, 100*time.Millisecond
		e.add(m)
	}
	for i := 15; i < 18; i++ {
		m := muts[i]
		m.Outcome, m.Duration = outcome.Timeout, 8*time.Second
		e.add(m)
	}
	got, _ := e.eta(12)
	rate := 3.0 / 13
	even := time.Duration(12 * rate * float64(8*time.Second) / 2)
	clustered := time.Duration(7 * (3 + 2*rate) / (3 + 2) * float64(8*time.Second) / 2)
	if got < clustered || got < 3*even/2 {
		t.Errorf("ETA %v: want at least %v (TestB's 7 mutants at its rate), well above %v (the run's rate spread evenly)", got, clustered, even)
	}
	if got > clustered+2*time.Second {
		t.Errorf("ETA %v: want about %v, TestA's 5 mutants at almost no timeouts", got, clustered)
	}
}

// TestTheETAExpectsAMutantToStopAtItsQuickestTest: a mutant covered by a
// quick test and a slow one is expected to cost its quickest test and a
// third of the slow one (etaRest), not both whole: most mutants die at
// their first test. Ten mutants of the quick test alone finish at twice
// their expected 30 ms; the six left, covered by both, count 20 + 10 +
// 1000/3 ms each at that ratio, over 2 workers.
func TestTheETAExpectsAMutantToStopAtItsQuickestTest(t *testing.T) {
	t.Parallel()
	quick, slow := gotest.TestInfo{Name: "TestQuick", Baseline: 10 * time.Millisecond}, gotest.TestInfo{Name: "TestSlow", Baseline: time.Second}
	pr := etaPackage(16, 10, quick, slow)
	for i := 10; i < 16; i++ {
		pr.Mutants[i].CoveredBy = []string{slow.Name, quick.Name}
	}
	e := newETAModel(pr)
	for _, m := range pr.Mutants[:10] {
		m.Outcome, m.Duration = outcome.Killed, 60*time.Millisecond
		e.add(m)
	}
	got, ok := e.eta(6)
	each := 20*time.Millisecond + 10*time.Millisecond + time.Second/3
	if want := 2 * 6 * each / 2; !ok || got != want {
		t.Errorf("ETA %v (shown %v), want %v: six mutants at twice %v", got, ok, want, each)
	}
}
