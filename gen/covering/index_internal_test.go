package covering

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestTheKeyIndexFindsTheSameRowsAsTheScan generates models with the key
// index forced on and off: vertical growth must put every tuple in the
// same row, so the arrays are identical.
func TestTheKeyIndexFindsTheSameRowsAsTheScan(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	gen := func(m Model, minLeft, minOpen int) [][]int {
		t.Helper()
		indexMinLeft, indexMinOpen = minLeft, minOpen
		defer func() { indexMinLeft, indexMinOpen = 64, 4096 }()
		rows, err := Generate(context.Background(), m, &Options{Seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		if err := Check(m, rows); err != nil {
			t.Fatal(err)
		}
		return rows
	}
	indexed := 0
	for k := range 40 {
		n := 4 + rng.IntN(5)
		ps := make([]Param, n)
		for j := range ps {
			ps[j] = Param{Size: 2 + rng.IntN(7)}
		}
		m := Uniform(ps, 2+rng.IntN(2))
		if k%3 == 0 {
			m.Relations = append(m.Relations, Relation{Params: []int{0, 1, 2}, Strength: 3})
			m.Constraints = []Constraint{Bound("bound", []int{0, 1, 2}, 8, 50+rng.IntN(200))}
		}
		scan, index := gen(m, 1<<30, 1<<30), gen(m, 1, 1)
		if !slices.EqualFunc(scan, index, slices.Equal[[]int]) {
			t.Fatalf("model %d %+v: the key index gives %d rows, the scan %d, or other rows", k, m.Params, len(index), len(scan))
		}
		if len(scan) > 50 {
			indexed++
		}
	}
	if indexed < 10 {
		t.Errorf("only %d models large enough to exercise vertical growth", indexed)
	}
}
