package bst

import (
	"context"
	"testing"

	"github.com/mutprop/mutprop/internal/testfix"
	"github.com/mutprop/mutprop/propsuite"
)

// runCells measures the selected cells of an experiment in worker
// processes of this test binary (one per schemata mutant).
func runCells(t *testing.T, experiment string, gens []string, proto *propsuite.Protocol, sel func(m, p, g string) bool) map[string]propsuite.Cell {
	t.Helper()
	e, err := ExperimentByName(experiment)
	if err != nil {
		t.Fatal(err)
	}
	s, err := e.Suite(gens, true)
	if err != nil {
		t.Fatal(err)
	}
	res, err := propsuite.Run(context.Background(), s, &propsuite.Options{Seed: 7, Workers: 2, Processes: testPool(t, experiment, gens), Protocol: proto,
		Select: func(m propsuite.Mutant, p, g string) bool { return sel(m.ID, p, g) }})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]propsuite.Cell{}
	for _, c := range res.Cells {
		if c.Error != "" {
			t.Fatalf("cell %s %s %s: %s", c.Mutant, c.Property, c.Generator, c.Error)
		}
		out[c.Mutant+" "+c.Property] = c
	}
	return out
}

func TestEachBugIsKilledByThePropertiesHughesSaysAndNotByOthers(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	// Spot checks from How to Specify It! §4-5 and Etna's task list.
	kills := map[string][]string{
		"named:bug1": {"InsertPost", "InsertModel", "InsertInsert"},
		"named:bug2": {"ArbitraryValid", "InsertValid"},
		"named:bug3": {"InsertPost", "InsertModel", "InsertInsert"},
		"named:bug4": {"DeletePost", "DeleteModel", "DeleteDelete"},
		"named:bug5": {"DeletePost", "DeleteModel", "DeleteDelete"},
		"named:bug6": {"UnionValid", "UnionPost", "UnionModel"},
		"named:bug7": {"UnionValid", "UnionModel"},
		"named:bug8": {"UnionPost", "UnionModel"},
		"":           {},
	}
	spares := map[string][]string{
		// Under bug 1 the api generator only builds trees of at most one
		// node, on which InsertComplete holds (Holey §5's point).
		"named:bug1": {"DeleteValid", "UnionModel", "NilValid", "InsertComplete"},
		"named:bug3": {"InsertValid", "DeleteModel", "UnionModel"},
		"named:bug4": {"InsertModel", "UnionModel"},
		"named:bug5": {"InsertModel", "DeleteValid"},
		"named:bug6": {"InsertModel", "DeleteModel"},
		"named:bug8": {"UnionValid", "InsertModel", "DeleteModel"},
		"":           {"InsertPost", "DeletePost", "UnionPost", "UnionValid", "UnionUnionAssoc"},
	}
	want := map[string]bool{}
	for m, ps := range kills {
		for _, p := range ps {
			want[m+" "+p] = true
		}
	}
	for m, ps := range spares {
		for _, p := range ps {
			want[m+" "+p] = false
		}
	}
	cells := runCells(t, "hughes", []string{"api"}, &propsuite.Protocol{Kind: "trials", Trials: 1, DecideBudget: 10000},
		func(m, p, g string) bool { _, ok := want[m+" "+p]; return ok })
	if len(cells) != len(want) {
		t.Fatalf("measured %d cells, want %d", len(cells), len(want))
	}
	for key, fails := range want {
		if c := cells[key]; c.Fails != fails {
			t.Errorf("%s: fails = %v, want %v (outcomes %v)", key, c.Fails, fails, c.Outcomes)
		}
	}
}

func TestEtnaInsert2LosesKeysButNeverDuplicatesThem(t *testing.T) {
	t.Parallel()
	cells := runCells(t, "etna", []string{"api-correct"}, &propsuite.Protocol{Kind: "trials", Trials: 1, DecideBudget: 10000},
		func(m, p, g string) bool {
			return m == "named:etna_insert2" && (p == "InsertPost" || p == "InsertValid" || p == "InsertDelete")
		})
	if !cells["named:etna_insert2 InsertPost"].Fails || !cells["named:etna_insert2 InsertDelete"].Fails {
		t.Errorf("etna_insert2 survives InsertPost or InsertDelete: %+v", cells)
	}
	if cells["named:etna_insert2 InsertValid"].Fails {
		t.Error("etna_insert2 makes invalid trees; Etna's insert_2 never does")
	}
}

func TestValidOnlyDiscardsTheInvalidTreesBug2MakesButKeepsItsRealFailures(t *testing.T) {
	t.Parallel()
	run := func(g string) map[string]propsuite.Cell {
		return runCells(t, "fig13", []string{g}, &propsuite.Protocol{Kind: "trials", Trials: 1, DecideBudget: 1000},
			func(m, p, _ string) bool {
				return m == "named:bug2" && (p == "ArbitraryValid" || p == "FindPostPresent")
			})
	}
	api, valid := run("api"), run("api+valid")
	if !api["named:bug2 ArbitraryValid"].Fails {
		t.Error("bug 2's api trees are all valid")
	}
	if c := valid["named:bug2 ArbitraryValid"]; c.Fails || c.Trials() != 1 {
		t.Errorf("api+valid let an invalid tree through: %v", c.Outcomes)
	}
	if !valid["named:bug2 FindPostPresent"].Fails {
		t.Error("api+valid hides bug 2's own failure (find after insert of an existing key)")
	}
}
