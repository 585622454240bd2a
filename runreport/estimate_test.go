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

// budgetPackage is 100 mutants covered by a 1 s test and a 3 s test, on 2
// workers, after 10 s of build and baseline.
func budgetPackage() *gotest.PackageResult {
	pr := &gotest.PackageResult{Path: "example.com/p", Workers: 2, Build: 6 * time.Second, Baseline: 4 * time.Second,
		Tests: []gotest.TestInfo{{Name: "TestQuick", Baseline: time.Second}, {Name: "TestSlow", Baseline: 3 * time.Second}}}
	for i := range 100 {
		pr.Mutants = append(pr.Mutants, gotest.MutantResult{Mutant: mutate.Mutant{ID: fmt.Sprint("m", i)}, CoveredBy: []string{"TestQuick", "TestSlow"}})
	}
	return pr
}

func TestABudgetPrintsTheBoundsAndTheShardsBeforeTheMutants(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	b := &Budget{W: &buf, Limit: time.Minute}
	b.Ready(budgetPackage())
	out := buf.String()
	// Low: 100 x (1 s + 20 ms) / 2 = 51 s; high: 100 x (4 s + 40 ms) / 2 = 202 s.
	// 10 s + 51 s passes the minute. Shards: 202 s over 50 s of room: 5.
	for _, want := range []string{"over the --budget of 1m0s", "100 mutants", "between 51s (", "and 3m22s (", "--shard K/5", "about 50.4s"} {
		if !strings.Contains(out, want) {
			t.Errorf("the budget's line lacks %q:\n%s", want, out)
		}
	}
}

func TestABudgetThatFitsSaysNothing(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	b := &Budget{W: &buf, Limit: 2 * time.Minute}
	b.Ready(budgetPackage()) // 10 s + 51 s fits
	for i := range 30 {
		b.Mutant(gotest.MutantResult{Mutant: mutate.Mutant{ID: fmt.Sprint("m", i)}, Outcome: outcome.Killed})
	}
	if buf.Len() != 0 {
		t.Errorf("a run whose floor fits the budget printed:\n%s", &buf)
	}
}

func TestABudgetEstimatesOnceAfterItsPilot(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	b := &Budget{W: &buf, Limit: time.Minute}
	b.Ready(budgetPackage())
	buf.Reset()
	// Each pilot mutant took 2 s of a worker, half its expected 4.04 s.
	for i := range 19 {
		b.Mutant(gotest.MutantResult{Mutant: mutate.Mutant{ID: fmt.Sprint("m", i)}, Outcome: outcome.Killed, Duration: 2 * time.Second})
	}
	if buf.Len() != 0 {
		t.Fatalf("estimated before the pilot of 20 finished:\n%s", &buf)
	}
	b.Mutant(gotest.MutantResult{Mutant: mutate.Mutant{ID: "m19"}, Outcome: outcome.Survived, Duration: 2 * time.Second})
	b.Mutant(gotest.MutantResult{Mutant: mutate.Mutant{ID: "m20"}, Outcome: outcome.Survived, Duration: 2 * time.Second})
	if got := strings.Count(buf.String(), "estimate after 20 mutants"); got != 1 {
		t.Errorf("%d estimates after the pilot, want 1:\n%s", got, &buf)
	}
	// The 80 left at the pilot's worker time per expected second (0.495),
	// over 2 workers: 80 x 4.04 s x 0.495 / 2 = 80 s, whatever the wall
	// time the pilot took.
	if !strings.Contains(buf.String(), "(1m20s more)") {
		t.Errorf("the estimate is not the pilot's worker time applied to the mutants left:\n%s", &buf)
	}
}
