package covering_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/mutprop/mutprop/gen/covering"
)

// tcasParams is the NIST TCAS model in TCAS input order.
func tcasParams() []covering.Param {
	names := []string{"Cur_Vertical_Sep", "High_Confidence", "Two_of_Three_Reports_Valid",
		"Own_Tracked_Alt", "Other_Tracked_Alt", "Own_Tracked_Alt_Rate", "Alt_Layer_Value",
		"Up_Separation", "Down_Separation", "Other_RAC", "Other_Capability", "Climb_Inhibit"}
	sizes := []int{3, 2, 2, 2, 2, 2, 4, 10, 10, 3, 2, 2}
	ps := make([]covering.Param, len(sizes))
	for i := range ps {
		ps[i] = covering.Param{Name: names[i], Size: sizes[i]}
	}
	return ps
}

// actsRows are ACTS's (IPOG/FireEye) TCAS sizes for t = 2..6.
var actsRows = map[int]int{2: 100, 3: 400, 4: 1361, 5: 4219, 6: 10919}

func TestIPOGCoversTheNISTTCASModelWithin5PercentOfACTS(t *testing.T) {
	t.Parallel()
	type run struct {
		alg covering.Algorithm
		t   int
	}
	var runs []run
	for strength := 2; strength <= 6; strength++ {
		runs = append(runs, run{covering.Default, strength})
	}
	// IPOG-F is about 9 times slower at t=6; t=2..4 here, all five in
	// BenchmarkNISTTCAS.
	for strength := 2; strength <= 4; strength++ {
		runs = append(runs, run{covering.IPOGF, strength})
	}
	for _, r := range runs {
		t.Run(fmt.Sprintf("%s/t=%d", algName(r.alg), r.t), func(t *testing.T) {
			t.Parallel()
			m := covering.Uniform(tcasParams(), r.t)
			rows, err := covering.Generate(context.Background(), m, &covering.Options{Algorithm: r.alg})
			if err != nil {
				t.Fatal(err)
			}
			if err := covering.Check(m, rows); err != nil {
				t.Fatal(err)
			}
			acts := float64(actsRows[r.t])
			if d := float64(len(rows))/acts - 1; d > 0.05 || d < -0.05 {
				t.Errorf("%d rows, ACTS %.0f: %+.1f%%, want within 5%%", len(rows), acts, 100*d)
			}
			t.Logf("t=%d: %d rows (ACTS %.0f)", r.t, len(rows), acts)
		})
	}
}

func TestEveryTieBreakCoversAndTheDefaultMatchesACTSAtT3(t *testing.T) {
	t.Parallel()
	m := covering.Uniform(tcasParams(), 3)
	sizes := map[covering.TieBreak]int{}
	for _, ties := range []covering.TieBreak{covering.TieLeastUsed, covering.TieFirst, covering.TieCyclic} {
		rows, err := covering.Generate(context.Background(), m, &covering.Options{Ties: ties})
		if err != nil {
			t.Fatal(err)
		}
		if err := covering.Check(m, rows); err != nil {
			t.Fatalf("ties %d: %v", ties, err)
		}
		sizes[ties] = len(rows)
	}
	// ACTS: 400 rows, the lower bound (10·10·4).
	if sizes[covering.TieLeastUsed] != 400 {
		t.Errorf("TieLeastUsed: %d rows, want ACTS's 400", sizes[covering.TieLeastUsed])
	}
	t.Logf("rows by tie-break (least used, first, cyclic): %v", sizes)
}

func TestFillFirstAndFillDontCares(t *testing.T) {
	t.Parallel()
	// Two 5-value parameters and two booleans: after the 25 rows of the
	// first two, the booleans' pairs are covered early and most of their
	// cells are don't-cares.
	m := covering.Uniform([]covering.Param{{"a", 5}, {"b", 5}, {"c", 2}, {"d", 2}}, 2)
	ctx := context.Background()
	raw, err := covering.Generate(ctx, m, &covering.Options{Fill: covering.FillNone})
	if err != nil {
		t.Fatal(err)
	}
	dc := 0
	for _, r := range raw {
		for _, x := range r {
			if x < 0 {
				dc++
			}
		}
	}
	if dc == 0 {
		t.Fatal("no don't-cares left")
	}
	if err := covering.Check(m, raw); err == nil {
		t.Error("Check accepted rows with don't-cares")
	}
	clone := func() [][]int {
		out := make([][]int, len(raw))
		for i, r := range raw {
			out[i] = slices.Clone(r)
		}
		return out
	}
	first, random := clone(), clone()
	if err := covering.FillDontCares(ctx, m, first, covering.FillFirst, 0); err != nil {
		t.Fatal(err)
	}
	if err := covering.FillDontCares(ctx, m, random, covering.FillRandom, 9); err != nil {
		t.Fatal(err)
	}
	for _, rows := range [][][]int{first, random} {
		if err := covering.Check(m, rows); err != nil {
			t.Fatal(err)
		}
	}
	for i, r := range raw {
		for j, x := range r {
			if x < 0 && first[i][j] != 0 {
				t.Fatalf("row %d: FillFirst put %d in a don't-care", i, first[i][j])
			}
			if x >= 0 && (first[i][j] != x || random[i][j] != x) {
				t.Fatalf("row %d: a filled value changed", i)
			}
		}
	}
	// Generate with FillRandom and the same seed fills the same way.
	direct, err := covering.Generate(ctx, m, &covering.Options{Seed: 9})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.EqualFunc(direct, random, slices.Equal[[]int]) {
		t.Error("FillDontCares(FillRandom, seed) differs from Generate with the same seed")
	}
}
