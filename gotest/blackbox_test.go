package gotest_test

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/mutprop/mutprop/gotest"
	"github.com/mutprop/mutprop/internal/testfix"
	"github.com/mutprop/mutprop/mutate"
	"github.com/mutprop/mutprop/outcome"
)

// TestBlackboxMutantsJoinTheSchemataRun scores testdata/blackbox.txtar with
// black-box mutants: each wrapped function gets PerFunc mutants after the
// operator mutants, numbered after them in the one build; a function
// without results gets none; a mutant is covered only by the tests that
// call its function, and the property kills SortedUnique's.
func TestBlackboxMutantsJoinTheSchemataRun(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	const perFunc = 3
	dir := copyTestdata(t, "blackbox")
	var log bytes.Buffer
	cfg := gotest.Config{
		Dir: dir, Patterns: []string{"."}, Workers: 2, Seed: 1,
		TempDir: t.TempDir(), NoFloor: true, Log: &log,
		Blackbox: &gotest.Blackbox{PerFunc: perFunc},
	}
	res, err := gotest.Score(context.Background(), cfg)
	if err != nil {
		t.Fatalf("score: %v\n%s", err, log.String())
	}
	pr := res.Packages[0]
	byFunc := map[string][]gotest.MutantResult{}
	ops, seenBlackbox := 0, false
	for _, r := range pr.Mutants {
		m := r.Mutant
		if m.Origin != mutate.OriginBlackbox {
			if seenBlackbox {
				t.Errorf("operator mutant %s after the black-box mutants", m.ID)
			}
			ops++
			continue
		}
		seenBlackbox = true
		byFunc[m.Original] = append(byFunc[m.Original], r)
		if !strings.HasPrefix(m.ID, "blackbox:example.com/blackbox."+m.Original+":") {
			t.Errorf("ID %q: want blackbox:example.com/blackbox.%s:k", m.ID, m.Original)
		}
		if m.Schema <= ops {
			t.Errorf("%s: schema %d, want after the %d operator mutants", m.ID, m.Schema, ops)
		}
		if r.Outcome == "" {
			t.Errorf("%s: no outcome", m.ID)
		}
	}
	if ops == 0 {
		t.Fatalf("no operator mutant beside the black-box ones\n%s", log.String())
	}
	var funcs []string
	for f, rs := range byFunc {
		funcs = append(funcs, f)
		if len(rs) != perFunc {
			t.Errorf("%s: %d black-box mutants, want %d", f, len(rs), perFunc)
		}
	}
	slices.Sort(funcs)
	if want := []string{"(*Set).Add", "(*Set).Len", "Double", "SortedUnique"}; !slices.Equal(funcs, want) {
		t.Fatalf("wrapped functions %v, want %v (Clear has no result)", funcs, want)
	}
	for _, r := range byFunc["SortedUnique"] {
		if !slices.Equal(r.CoveredBy, []string{"TestSortedUniqueProperty"}) {
			t.Errorf("%s: covered by %v, want the property only", r.Mutant.ID, r.CoveredBy)
		}
		if r.Outcome != outcome.Killed || !slices.Equal(r.KilledBy, []string{"TestSortedUniqueProperty"}) {
			t.Errorf("%s: %s by %v (%s), want killed by the property", r.Mutant.ID, r.Outcome, r.KilledBy, r.Reason)
		}
	}
	for _, r := range byFunc["Double"] {
		if !slices.Equal(r.CoveredBy, []string{"TestDouble"}) {
			t.Errorf("%s: covered by %v, want TestDouble only", r.Mutant.ID, r.CoveredBy)
		}
	}
	for _, r := range byFunc["(*Set).Add"] {
		if !slices.Equal(r.CoveredBy, []string{"TestSet"}) {
			t.Errorf("%s: covered by %v, want TestSet only", r.Mutant.ID, r.CoveredBy)
		}
	}
	if !strings.Contains(log.String(), "black-box mutants of 4 functions") {
		t.Errorf("the log does not count the wrapped functions:\n%s", log.String())
	}
}
