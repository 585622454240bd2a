package runlog

import (
	"reflect"
	"testing"

	"github.com/mutprop/mutprop/mutate"
	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/report"
)

// TestJoinStrengthRebuildsTheUnshardedFunctions: two shards' parts of
// two functions join into the functions in the order of their first
// mutant, each one's mutants in index order, its callers the union with
// the data coverage some part recorded, a function without arguments
// still without.
func TestJoinStrengthRebuildsTheUnshardedFunctions(t *testing.T) {
	mutants := []Mutant{
		{Index: 0, Mutant: mutate.Mutant{ID: "operator:a.go:1:1:x"}},
		{Index: 1, Mutant: mutate.Mutant{ID: "blackbox:p.G:0"}},
		{Index: 2, Mutant: mutate.Mutant{ID: "blackbox:p.F:0"}},
		{Index: 3, Mutant: mutate.Mutant{ID: "blackbox:p.F:1"}},
		{Index: 4, Mutant: mutate.Mutant{ID: "blackbox:p.F:2"}},
	}
	sm := func(id string, o outcome.Outcome) report.StrengthMutant {
		return report.StrengthMutant{ID: id, Outcome: o}
	}
	data := &report.DataCoverage{Distinct: 3, MinSize: 0, MaxSize: 5}
	parts := []report.StrengthFunc{ // shard 2, then shard 1
		{Package: "p", Function: "F", Mutants: []report.StrengthMutant{sm("blackbox:p.F:1", outcome.Survived)},
			Callers: map[string]*report.DataCoverage{"TestF": nil, "TestOther": nil}},
		{Package: "p", Function: "F", Mutants: []report.StrengthMutant{sm("blackbox:p.F:0", outcome.Killed), sm("blackbox:p.F:2", outcome.Killed)},
			Callers: map[string]*report.DataCoverage{"TestF": data}},
		{Package: "p", Function: "G", NoArgs: true, Mutants: []report.StrengthMutant{sm("blackbox:p.G:0", outcome.Killed)},
			Callers: map[string]*report.DataCoverage{}},
	}
	got, err := joinStrength(mutants, parts)
	if err != nil {
		t.Fatal(err)
	}
	want := []report.StrengthFunc{
		{Package: "p", Function: "G", NoArgs: true, Mutants: []report.StrengthMutant{sm("blackbox:p.G:0", outcome.Killed)},
			Callers: map[string]*report.DataCoverage{}},
		{Package: "p", Function: "F", Mutants: []report.StrengthMutant{sm("blackbox:p.F:0", outcome.Killed), sm("blackbox:p.F:1", outcome.Survived), sm("blackbox:p.F:2", outcome.Killed)},
			Callers: map[string]*report.DataCoverage{"TestF": data, "TestOther": nil}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("joinStrength:\ngot  %+v\nwant %+v", got, want)
	}

	if _, err := joinStrength(mutants[:2], parts); err == nil {
		t.Error("a part naming a mutant the journals lack was joined")
	}
	if _, err := joinStrength(mutants, append(parts, parts[0])); err == nil {
		t.Error("a mutant in two parts was joined")
	}
}

// TestStrengthRecordsAreKeyedByFunctionAndFirstMutant: the shards' parts
// of one function have their own keys, and a strength record is one kind
// of record.
func TestStrengthRecordsAreKeyedByFunctionAndFirstMutant(t *testing.T) {
	part := func(id string) Record {
		return Record{Package: "p", Strength: &report.StrengthFunc{Function: "F", Mutants: []report.StrengthMutant{{ID: id}}}}
	}
	a, b := part("blackbox:p.F:0"), part("blackbox:p.F:1")
	if a.Key() == b.Key() {
		t.Errorf("two shards' parts share the key %q", a.Key())
	}
	if err := a.validate(); err != nil {
		t.Errorf("a strength record: %v", err)
	}
	both := a
	both.Info = &PackageInfo{}
	if both.validate() == nil {
		t.Error("a record with info and strength was accepted")
	}
	empty := Record{Package: "p", Strength: &report.StrengthFunc{Function: "F"}}
	if empty.validate() == nil {
		t.Error("a strength record without mutants was accepted")
	}
}
