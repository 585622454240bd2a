package gotest_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mutprop/mutprop/gotest"
	"github.com/mutprop/mutprop/internal/testfix"
	"github.com/mutprop/mutprop/mutate"
	"github.com/mutprop/mutprop/outcome"
)

// TestCaseExpressionsAndPackageInitialisersAreCovered scores a module whose
// mutants sit where coverage profiles have no block (testdata/switchcase.txtar):
// the expressions of a switch's case clauses (blocks start after the colon)
// and a package-level initialiser (it runs before any test). Each must
// run, and die.
func TestCaseExpressionsAndPackageInitialisersAreCovered(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	dir := testfix.Module(t, filepath.Join("testdata", "switchcase.txtar"))
	ops, err := mutate.SelectOperators("boundary,relational,arithmetic")
	if err != nil {
		t.Fatal(err)
	}
	res, err := gotest.Score(context.Background(), gotest.Config{Dir: dir, Workers: 2, Seed: 1, Operators: ops, TempDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, m := range res.Packages[0].Mutants {
		line := m.Mutant.Line
		if line != 4 && line != 9 && line != 11 {
			continue
		}
		seen[fmt.Sprintf("%s@%d", m.Mutant.Operator, line)] = true
		if m.Outcome != outcome.Killed {
			t.Errorf("%s: %s (%s), covered by %v; want killed", m.Mutant.ID, m.Outcome, m.Reason, m.CoveredBy)
		}
		wantTest := "TestKind"
		if line == 4 {
			wantTest = "TestScaled"
		}
		if !strings.Contains(strings.Join(m.CoveredBy, " "), wantTest) {
			t.Errorf("%s: covered by %v, want %s among them", m.Mutant.ID, m.CoveredBy, wantTest)
		}
	}
	for _, want := range []string{"arithmetic@4", "boundary@9", "relational@9", "relational@11"} {
		if !seen[want] {
			t.Errorf("no %s mutant among %v", want, seen)
		}
	}
}
