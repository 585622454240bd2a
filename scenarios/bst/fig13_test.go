package bst

import (
	"context"
	"math"
	"slices"
	"testing"

	"github.com/mutprop/mutprop/runner"
)

// fig13Reduced runs the delete bugs (the hardest pairs of Fig. 13) on the
// delete-heavy properties, with few failing trials.
func fig13Reduced(t testing.TB, pool *runner.Pool, gens []string, trials int) *Study {
	e, err := ExperimentByName("fig13")
	if err != nil {
		t.Fatal(err)
	}
	s, err := e.Suite(gens, false)
	if err != nil {
		t.Fatal(err)
	}
	props := []string{"DeleteDelete", "DeletePost", "DeleteModel", "qs_24", "qs_27", "qs_30", "FindPostAbsent", "InsertDelete"}
	res, err := runner.Run(context.Background(), s, &runner.Options{Seed: 11, Workers: 2, Pool: pool,
		Protocol: &runner.Protocol{Kind: "mttf", Trials: trials},
		Select: func(m runner.Mutant, p, g string) bool {
			return (m.ID == "named:bug4" || m.ID == "named:bug5") && slices.Contains(props, p)
		}})
	if err != nil {
		t.Fatal(err)
	}
	st, err := Analyze(e, res, gens, 20000)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func TestReducedFig13RanksHoleyBeforeClassicBeforeAPIAndMatchesKeyPresence(t *testing.T) {
	t.Parallel()
	gens := []string{"api", "classic-gt", "holey"}
	st := fig13Reduced(t, testPool(t, "fig13", gens), gens, 100)
	by := map[string]GeneratorResult{}
	for _, g := range st.Generators {
		by[g.Generator] = g
		t.Logf("%s: total %.1f over %d pairs, worst %.1f, key presence %.1f%%", g.Generator, g.Total, g.FailingPairs, g.Worst, g.KeyPresence)
	}
	if !(by["holey"].Total < by["classic-gt"].Total && by["classic-gt"].Total < by["api"].Total) {
		t.Errorf("total cost ranking holey %.0f < classic-gt %.0f < api %.0f does not hold",
			by["holey"].Total, by["classic-gt"].Total, by["api"].Total)
	}
	for g, want := range map[string]float64{"holey": 50, "api": 36, "classic-gt": 29} {
		if got := by[g].KeyPresence; math.Abs(got-want) > 5 {
			t.Errorf("%s key presence %.1f%%, paper %.0f%% (±5 points)", g, got, want)
		}
	}
}
