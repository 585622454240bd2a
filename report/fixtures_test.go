package report

import (
	"math"
	"math/rand/v2"
	"time"

	"github.com/mutprop/mutprop/outcome"
)

// sampleRun is a small run over one file with every status, used by the
// golden, schema and browser tests.
func sampleRun() Run {
	src := `package bst

// Insert adds k to the tree.
func Insert(k int, t *Tree) *Tree {
	if t == nil {
		return &Tree{Key: k}
	}
	if k < t.Key {
		t.Left = Insert(k, t.Left)
	} else if k > t.Key {
		t.Right = Insert(k, t.Right)
	}
	return t
}
`
	return Run{
		Name:  "example.com/bst",
		Files: []File{{Path: "bst.go", Source: src}},
		Tests: []Test{
			{ID: "prop_InsertValid", Name: "prop_InsertValid", File: "bst_test.go", Line: 10},
			{ID: "prop_InsertPost", Name: "prop_InsertPost", File: "bst_test.go", Line: 20},
			{ID: "prop_Size", Name: "prop_Size", File: "bst_test.go", Line: 30},
		},
		Mutants: []Mutant{
			{ID: "operator:1", Origin: "operator", File: "bst.go", Line: 8, Col: 5, EndLine: 8, EndCol: 14, Operator: "RelationalOperator", Description: "< becomes <=", Replacement: "k <= t.Key", Status: outcome.Killed, KilledBy: []string{"prop_InsertValid"}, CoveredBy: []string{"prop_InsertValid", "prop_InsertPost", "prop_Size"}, TestsCompleted: 2, Duration: 1500 * time.Microsecond},
			{ID: "operator:2", Origin: "operator", File: "bst.go", Line: 10, Col: 12, EndLine: 10, EndCol: 21, Operator: "RelationalOperator", Description: "> becomes >=", Replacement: "k >= t.Key", Status: outcome.Survived, CoveredBy: []string{"prop_InsertValid", "prop_InsertPost", "prop_Size"}, TestsCompleted: 3,
				Diff: "--- bst.go\n+++ bst.go (operator:2)\n@@ -10 +10 @@\n-\t} else if k > t.Key {\n+\t} else if k >= t.Key {\n"},
			{ID: "operator:3", Origin: "operator", File: "bst.go", Line: 6, Col: 10, EndLine: 6, EndCol: 21, Operator: "ReturnValue", Description: "return nil", Replacement: "nil", Status: outcome.Crashed, StatusReason: "panic: nil pointer dereference", KilledBy: []string{"prop_Size"}, CoveredBy: []string{"prop_Size"}, TestsCompleted: 1},
			{ID: "operator:4", Origin: "operator", File: "bst.go", Line: 11, Col: 3, Operator: "StatementDeletion", Description: "remove assignment", Status: outcome.Timeout, TestsCompleted: 0},
			{ID: "operator:5", Origin: "operator", File: "bst.go", Line: 13, Col: 9, EndLine: 13, EndCol: 10, Operator: "ReturnValue", Description: "return t.Left", Replacement: "t.Left", Status: outcome.NotViable, StatusReason: "t.Left undefined on nil"},
			{ID: "named:bug1", Origin: "named", File: "bst.go", Line: 4, Col: 1, EndLine: 14, EndCol: 2, Operator: "named", Description: "discards the existing tree, returns a single-node tree", Status: outcome.Killed, KilledBy: []string{"prop_InsertPost", "prop_Size"}, CoveredBy: []string{"prop_InsertPost", "prop_Size"}, TestsCompleted: 2},
			{ID: "operator:6", Origin: "operator", File: "bst.go", Line: 5, Col: 5, EndLine: 5, EndCol: 13, Operator: "ConditionalExpression", Description: "t == nil becomes false", Replacement: "false", Status: outcome.GaveUp},
			{ID: "blackbox:1", Origin: "blackbox", Operator: "output", Description: "Insert's result perturbed at every point", Status: outcome.NoCoverage},
		},
	}
}

// sampleExperiment is a deterministic generator comparison: three
// generators, three bugs, two properties, geometric tests to failure.
func sampleExperiment() Experiment {
	r := rand.New(rand.NewPCG(1, 2))
	e := Experiment{Name: "bst", Seed: 1, Budget: 10000, Sizes: map[string][]float64{}}
	// Mean tests to failure per (generator, bug); 0 = never fails.
	means := map[string][]float64{
		"bespoke": {2, 15, 150},
		"holey":   {4, 40, 0},
		"naive":   {30, 800, 0},
	}
	for _, g := range []string{"bespoke", "holey", "naive"} {
		for b, m := range means[g] {
			for _, prop := range []string{"prop_InsertPost", "prop_InsertValid"} {
				c := Cell{Mutant: []string{"bug1", "bug2", "bug3"}[b], Property: prop, Generator: g}
				if m > 0 {
					c.Fails = true
					scale := m
					if prop == "prop_InsertValid" {
						scale *= 3
					}
					for range 50 {
						n := 1 + int(math.Floor(-scale*math.Log(1-r.Float64())))
						c.Counts = append(c.Counts, n)
						c.Seconds = append(c.Seconds, float64(n)*0.002)
					}
				}
				e.Cells = append(e.Cells, c)
			}
		}
		for range 200 {
			e.Sizes[g] = append(e.Sizes[g], float64(r.IntN(20+10*len(g))))
		}
	}
	return e
}
