package bst

import (
	"slices"
	"testing"
)

// TestTheCopyCompilesInTheEightBugsAndEtnasInsert2 checks the mutant table
// of the schematized copy (kept up to date by subject's own test): the nine
// named variants, each with its own schema number.
func TestTheCopyCompilesInTheEightBugsAndEtnasInsert2(t *testing.T) {
	t.Parallel()
	want := []string{"named:bug1", "named:bug2", "named:bug3", "named:bug4", "named:bug5",
		"named:bug6", "named:bug7", "named:bug8", "named:etna_insert2"}
	var got []string
	schemas := map[int]bool{}
	for _, m := range subjectMutants() {
		got = append(got, m.ID)
		if m.Schema <= 0 || schemas[m.Schema] {
			t.Errorf("%s has schema %d: want a positive number of its own", m.ID, m.Schema)
		}
		schemas[m.Schema] = true
	}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("mutants %v, want %v", got, want)
	}
}
