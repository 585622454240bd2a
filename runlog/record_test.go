package runlog

import (
	"testing"

	"github.com/mutprop/mutprop/mutate"
)

// TestAJournaledMutantMatchesWhereverTheTreeLies: a journal written from a
// copy of the package at another path, by a build that numbered and
// probed the mutants differently, still resumes; a different edit does not.
func TestAJournaledMutantMatchesWhereverTheTreeLies(t *testing.T) {
	journaled := mutate.Mutant{ID: "operator:a.go:3:7:boundary:<=", Origin: mutate.OriginOperator, File: "a.go", Line: 3, Col: 7,
		Edits: []mutate.TextEdit{{File: "/snapshot/pkg/a.go", Start: 40, End: 41, NewText: "<="}}}
	live := journaled
	live.Schema, live.Probed = 12, true
	live.Edits = []mutate.TextEdit{{File: "/home/user/pkg/a.go", Start: 40, End: 41, NewText: "<="}}
	if !SameMutant(journaled, live) {
		t.Errorf("the same mutant at another path, schema and probe does not match its journal record")
	}
	if live.Edits[0].File != "/home/user/pkg/a.go" || journaled.Edits[0].File != "/snapshot/pkg/a.go" {
		t.Errorf("SameMutant changed its arguments' edits")
	}
	other := live
	other.Edits = []mutate.TextEdit{{File: "/home/user/pkg/a.go", Start: 40, End: 41, NewText: "<"}}
	if SameMutant(journaled, other) {
		t.Errorf("a mutant with another replacement matches the journal record")
	}
}
