package bst

import (
	"context"
	"math"
	"slices"
	"testing"

	"github.com/mutprop/mutprop/internal/testfix"
	"github.com/mutprop/mutprop/propsuite"
)

// fig13Reduced runs the delete bugs (the hardest pairs of Fig. 13) on the
// delete-heavy properties, with few failing trials.
func fig13Reduced(t testing.TB, pool *propsuite.Processes, gens []string, trials int) *Report {
	e, err := ExperimentByName("fig13")
	if err != nil {
		t.Fatal(err)
	}
	s, err := e.Suite(gens, false)
	if err != nil {
		t.Fatal(err)
	}
	props := []string{"DeleteDelete", "DeletePost", "DeleteModel", "qs_24", "qs_27", "qs_30", "FindPostAbsent", "InsertDelete"}
	res, err := propsuite.Run(context.Background(), s, &propsuite.Options{Seed: 11, Workers: 2, Processes: pool,
		Protocol: &propsuite.Protocol{Kind: "mttf", Trials: trials},
		Select: func(m propsuite.Mutant, p, g string) bool {
			return (m.ID == "named:bug4" || m.ID == "named:bug5") && slices.Contains(props, p)
		}})
	if err != nil {
		t.Fatal(err)
	}
	st, err := analyze(e, res, gens, 20000)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func TestReducedFig13RanksHoleyBeforeClassicBeforeAPIAndMatchesKeyPresence(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	gens := []string{"api", "classic", "holey"}
	st := fig13Reduced(t, testPool(t, "fig13", gens), gens, 100)
	by := map[string]GeneratorResult{}
	for _, g := range st.Generators {
		by[g.Generator] = g
		t.Logf("%s: total %.1f over %d pairs, worst %.1f, key presence %.1f%%", g.Generator, g.Total, g.FailingPairs, g.Worst, g.KeyPresence)
	}
	if !(by["holey"].Total < by["classic"].Total && by["classic"].Total < by["api"].Total) {
		t.Errorf("total cost ranking holey %.0f < classic-gt %.0f < api %.0f does not hold",
			by["holey"].Total, by["classic"].Total, by["api"].Total)
	}
	for g, want := range map[string]float64{"holey": 50, "api": 36, "classic": 29} {
		if got := by[g].KeyPresence; math.Abs(got-want) > 5 {
			t.Errorf("%s key presence %.1f%%, paper %.0f%% (±5 points)", g, got, want)
		}
	}
}

func TestKeyPresenceDecidesTheReadingOfTheClassicGenerator(t *testing.T) {
	t.Parallel()
	rows, err := keyPresenceReadings(20000, 5)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]float64{}
	for _, r := range rows {
		got[r.Generator] = r.Presence
	}
	// The readings that reproduce the paper's 29% and 48.4% ...
	if math.Abs(got["classic"]-29) > 2 || math.Abs(got["tuned-classic"]-48.4) > 2 {
		t.Errorf("classic %.1f%% (paper 29), tuned-classic %.1f%% (paper 48.4)", got["classic"], got["tuned-classic"])
	}
	// ... and the literal page-2 code, which cannot (18.5% and 34% exactly).
	if got["classic-page2"] > 22 || got["tuned-classic-page2"] > 40 {
		t.Errorf("classic-page2 %.1f%%, tuned-classic-page2 %.1f%%: the page-2 leaf condition should keep them low", got["classic-page2"], got["tuned-classic-page2"])
	}
}

func TestExplainChangesOneThingPerReading(t *testing.T) {
	t.Parallel()
	e, _ := ExperimentByName("fig13")
	cell := func(m, p, g string, mean float64) propsuite.Cell {
		c := propsuite.Cell{Mutant: "named:" + m, Property: p, Generator: g, Fails: mean > 0}
		c.Summary.Mean = mean
		return c
	}
	main := &propsuite.Result{Cells: []propsuite.Cell{
		cell("bug1", "InsertPost", "api", 10), cell("bug2", "ArbitraryValid", "api", 5), cell("bug2", "InsertPost", "api", 7),
		cell("bug1", "ShrinkValid", "api", 100), // never fails in truth; here it shows the drop
		cell("bug1", "InsertPost", "holey", 4),
	}}
	extra := &propsuite.Result{Cells: []propsuite.Cell{
		cell("bug2", "ArbitraryValid", "api+valid", 0), cell("bug2", "InsertPost", "api+valid", 9),
		cell("bug1", "UnionInsert", "api", 3), cell("bug1", "UnionInsert", "holey", 2),
		cell("bug1", "InsertPost", pageTwoGenerator, 20), cell("bug2", "InsertPost", "api-correct", 6),
	}}
	x, err := buildExplanation(e, []string{"api", "holey"}, main, extra)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]map[string]Totals{
		"api": {
			"default":         {Total: 122, Worst: 100, Pairs: 4, MinPerBug: 2, MaxPerBug: 2},
			"bug2-valid":      {Total: 119, Worst: 100, Pairs: 3, MinPerBug: 1, MaxPerBug: 2},
			"bug2-correct":    {Total: 116, Worst: 100, Pairs: 3, MinPerBug: 1, MaxPerBug: 2},
			"unioninsert":     {Total: 25, Worst: 10, Pairs: 4, MinPerBug: 2, MaxPerBug: 2},
			"bug2-valid+ui":   {Total: 22, Worst: 10, Pairs: 3, MinPerBug: 1, MaxPerBug: 2},
			"bug2-correct+ui": {Total: 19, Worst: 10, Pairs: 3, MinPerBug: 1, MaxPerBug: 2},
		},
		"holey":          {"default": {Total: 4, Worst: 4, Pairs: 1, MinPerBug: 0, MaxPerBug: 1}, "bug2-valid+ui": {Total: 6, Worst: 4, Pairs: 2, MinPerBug: 0, MaxPerBug: 2}},
		pageTwoGenerator: {"default": {Total: 20, Worst: 20, Pairs: 1, MinPerBug: 0, MaxPerBug: 1}},
	}
	for g, rs := range want {
		for r, tot := range rs {
			if got := x.Readings[g][r]; got != tot {
				t.Errorf("%s %s: %+v, want %+v", g, r, got, tot)
			}
		}
	}
	for _, d := range x.Drops {
		if d.Property == "UnionInsert" && d.Generator == "api" && (d.Pairs != 1 || d.Cost != 3) {
			t.Errorf("UnionInsert drop row %+v", d)
		}
	}
}
