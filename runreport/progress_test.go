package runreport

import (
	"bytes"
	"strings"
	"testing"

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
