package report

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mutprop/mutprop/outcome"
)

// decodeSchema renders r with JSON and decodes the parts these tests read.
func decodeSchema(t *testing.T, r Run) (files map[string][]map[string]any, tests map[string][]map[string]any) {
	t.Helper()
	b, err := JSON(r)
	if err != nil {
		t.Fatal(err)
	}
	var rep struct {
		Files map[string]struct {
			Mutants []map[string]any `json:"mutants"`
		} `json:"files"`
		TestFiles map[string]struct {
			Tests []map[string]any `json:"tests"`
		} `json:"testFiles"`
	}
	if err := json.Unmarshal(b, &rep); err != nil {
		t.Fatal(err)
	}
	files, tests = map[string][]map[string]any{}, map[string][]map[string]any{}
	for k, f := range rep.Files {
		files[k] = f.Mutants
	}
	for k, f := range rep.TestFiles {
		tests[k] = f.Tests
	}
	return files, tests
}

func TestJSONRejectsALowThresholdAboveAZeroHighOne(t *testing.T) {
	if _, err := JSON(Run{Name: "r", Thresholds: Thresholds{High: 0, Low: 30}}); err == nil {
		t.Errorf("thresholds low 30, high 0 were accepted")
	}
	if _, err := JSON(Run{Name: "r"}); err != nil {
		t.Errorf("zero thresholds (the defaults): %v", err)
	}
}

func TestJSONEndsAMissingEndAtTheEndOfTheStartLine(t *testing.T) {
	src := "package x\n\nfunc f() {}"
	r := Run{Name: "r", Files: []File{{Path: "x.go", Source: src}}, Mutants: []Mutant{
		{ID: "first", File: "x.go", Line: 1, Col: 1, Status: outcome.Killed},
		{ID: "last", File: "x.go", Line: 3, Col: 6, Status: outcome.Killed},
		{ID: "beyond", File: "x.go", Line: 7, Col: 1, Status: outcome.Killed},
	}}
	files, _ := decodeSchema(t, r)
	want := map[string][2]float64{"first": {1, 10}, "last": {3, 12}, "beyond": {7, 1}}
	for _, m := range files["x.go"] {
		end := m["location"].(map[string]any)["end"].(map[string]any)
		got := [2]float64{end["line"].(float64), end["column"].(float64)}
		if got != want[m["id"].(string)] {
			t.Errorf("mutant %s: end %v, want line and column %v", m["id"], got, want[m["id"].(string)])
		}
	}
}

func TestJSONCountsCompletedTestsWhenAnyTestRan(t *testing.T) {
	r := Run{Name: "r", Files: []File{{Path: "x.go", Source: "package x"}}, Mutants: []Mutant{
		{ID: "one", File: "x.go", Line: 1, Status: outcome.Survived, TestsCompleted: 1},
		{ID: "killer", File: "x.go", Line: 1, Status: outcome.Killed, KilledBy: []string{"T"}},
		{ID: "covered", File: "x.go", Line: 1, Status: outcome.Survived, CoveredBy: []string{"T"}},
		{ID: "none", File: "x.go", Line: 1, Status: outcome.NoCoverage},
	}}
	files, _ := decodeSchema(t, r)
	want := map[string]any{"one": 1.0, "killer": 0.0, "covered": 0.0, "none": nil}
	for _, m := range files["x.go"] {
		if got := m["testsCompleted"]; got != want[m["id"].(string)] {
			t.Errorf("mutant %s: testsCompleted %v, want %v", m["id"], got, want[m["id"].(string)])
		}
	}
}

func TestJSONListsTestsByFileSortedByIDWithTheirLine(t *testing.T) {
	r := Run{Name: "r", Tests: []Test{
		{ID: "TestB", File: "b_test.go", Line: 1},
		{ID: "TestA", File: "b_test.go", Line: 9},
		{ID: "TestC", Name: "C", File: "c_test.go"},
	}}
	_, tests := decodeSchema(t, r)
	b := tests["b_test.go"]
	if len(b) != 2 || b[0]["id"] != "TestA" || b[1]["id"] != "TestB" {
		t.Fatalf("b_test.go tests %v, want TestA then TestB", b)
	}
	for _, tc := range []struct {
		test map[string]any
		line float64
	}{{b[0], 9}, {b[1], 1}} {
		loc, ok := tc.test["location"].(map[string]any)
		if !ok {
			t.Errorf("test %s has no location, want line %v", tc.test["id"], tc.line)
			continue
		}
		if got := loc["start"].(map[string]any)["line"]; got != tc.line {
			t.Errorf("test %s at line %v, want %v", tc.test["id"], got, tc.line)
		}
	}
	c := tests["c_test.go"]
	if len(c) != 1 || c[0]["name"] != "C" || c[0]["location"] != nil {
		t.Errorf("c_test.go tests %v, want C without a location", c)
	}
	if b[0]["name"] != "TestA" {
		t.Errorf("a test without a name is named by its ID: %v", b[0])
	}
	// Without tests, the report has no testFiles at all.
	out, err := JSON(Run{Name: "r"})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(out), "testFiles") {
		t.Errorf("a run without tests lists testFiles: %s", out)
	}
}
