package covering_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mutprop/mutprop/gen/covering"
)

// notBothZero forbids a=0 together with b=0; it is exact on partial rows.
func notBothZero(a, b int) covering.Constraint {
	return covering.Constraint{Name: "not both zero", Params: []int{a, b}, Allow: func(row []int) bool {
		return row[a] != 0 || row[b] != 0
	}}
}

func TestConstrainedArraysOnlyRequireAndOnlyContainValidTuples(t *testing.T) {
	t.Parallel()
	ps := []covering.Param{{"a", 3}, {"b", 3}, {"c", 3}, {"d", 2}}
	m := covering.Uniform(ps, 2)
	m.Constraints = []covering.Constraint{notBothZero(0, 1)}
	rows, err := covering.Generate(context.Background(), m, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := covering.Check(m, rows); err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if r[0] == 0 && r[1] == 0 {
			t.Fatalf("row %v holds the forbidden pair a=0, b=0", r)
		}
	}
	// 8 valid (a,b) pairs need 8 rows.
	if len(rows) < 8 || len(rows) > 10 {
		t.Errorf("%d rows, want 8..10", len(rows))
	}
}

func TestBoundKeepsTheRecombinedIndexInRangeAndCoversEveryIndex(t *testing.T) {
	t.Parallel()
	// Three base-4 digits (0..63) bounded by 40, related at strength 3.
	ps := []covering.Param{{"d0", 4}, {"d1", 4}, {"d2", 4}, {"flag", 2}}
	m := covering.Model{
		Params:      ps,
		Relations:   []covering.Relation{{Params: []int{0, 1, 2, 3}, Strength: 2}, {Params: []int{0, 1, 2}, Strength: 3}},
		Constraints: []covering.Constraint{covering.Bound("index <= 40", []int{0, 1, 2}, 4, 40)},
	}
	rows, err := covering.Generate(context.Background(), m, &covering.Options{Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	if err := covering.Check(m, rows); err != nil {
		t.Fatal(err)
	}
	seen := make(map[int]bool)
	for _, r := range rows {
		x := r[0] + 4*r[1] + 16*r[2]
		if x > 40 {
			t.Fatalf("row %v recombines to %d > 40", r, x)
		}
		seen[x] = true
	}
	if len(seen) != 41 {
		t.Errorf("%d distinct indexes, want all 41", len(seen))
	}
	if len(rows) > 45 {
		t.Errorf("%d rows, want about 41", len(rows))
	}
}

func TestCheckReportsTheFirstMissingTuple(t *testing.T) {
	t.Parallel()
	m := covering.Uniform([]covering.Param{{"x", 2}, {"y", 2}, {"z", 2}}, 2)
	rows := [][]int{{0, 0, 0}, {0, 1, 1}, {1, 0, 1}, {1, 1, 0}}
	if err := covering.Check(m, rows); err != nil {
		t.Fatalf("a complete array: %v", err)
	}
	err := covering.Check(m, rows[1:])
	var miss *covering.MissingError
	if !errors.As(err, &miss) {
		t.Fatalf("got %v, want a *MissingError", err)
	}
	if !slices.Equal(miss.Params, []int{0, 1}) || !slices.Equal(miss.Values, []int{0, 0}) {
		t.Errorf("missing %v=%v, want x,y = 0,0", miss.Params, miss.Values)
	}
	if !strings.Contains(err.Error(), "x=0, y=0") {
		t.Errorf("error %q does not name the tuple", err)
	}
}

func TestCheckRejectsRowsThatViolateAConstraint(t *testing.T) {
	t.Parallel()
	m := covering.Uniform([]covering.Param{{"x", 2}, {"y", 2}}, 1)
	m.Constraints = []covering.Constraint{notBothZero(0, 1)}
	if err := covering.Check(m, [][]int{{0, 0}, {1, 1}}); err == nil || !strings.Contains(err.Error(), "violates") {
		t.Errorf("got %v, want a constraint violation", err)
	}
	if err := covering.Check(m, [][]int{{0, 1}, {1, 0}}); err != nil {
		t.Errorf("valid array: %v", err)
	}
}

func TestGenerateRefusesModelsWhoseCoverageMapExceedsTheLimit(t *testing.T) {
	t.Parallel()
	ps := make([]covering.Param, 12)
	for i := range ps {
		ps[i] = covering.Param{Size: 2}
	}
	for i := range 6 {
		ps[i].Size = 1001
	}
	_, err := covering.Generate(context.Background(), covering.Uniform(ps, 3), nil)
	var tl *covering.TooLargeError
	if !errors.As(err, &tl) {
		t.Fatalf("got %v, want a *TooLargeError", err)
	}
	if tl.Projection.LowerBound != 1001*1001*1001 {
		t.Errorf("lower bound %.0f, want 1001^3", tl.Projection.LowerBound)
	}
	if tl.Projection.CoverageBytes < 1<<31 {
		t.Errorf("coverage map %.0f bytes, want > 2 GiB", tl.Projection.CoverageBytes)
	}
	t.Log(err)
}

func TestGenerateStopsWhenTheContextIsCancelled(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := covering.Generate(ctx, covering.Uniform(tcasParams(), 3), nil)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("got %v, want context.Canceled", err)
	}
}

func TestGenerateStopsWhenTheContextExpiresMidRun(t *testing.T) {
	t.Parallel()
	// t=6 takes about 0.6 s; had Generate ignored the deadline it would
	// return rows and no error.
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	_, err := covering.Generate(ctx, covering.Uniform(tcasParams(), 6), nil)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("got %v, want context.DeadlineExceeded", err)
	}
}

func TestOverlappingConstraintScopesAreRejected(t *testing.T) {
	t.Parallel()
	m := covering.Uniform([]covering.Param{{"x", 2}, {"y", 2}, {"z", 2}}, 2)
	m.Constraints = []covering.Constraint{notBothZero(0, 1), notBothZero(1, 2)}
	if _, err := covering.Generate(context.Background(), m, nil); err == nil {
		t.Error("overlapping scopes accepted")
	}
}

func TestTheFinalFillIsDeterministicInTheSeed(t *testing.T) {
	t.Parallel()
	m := covering.Uniform(tcasParams(), 2)
	gen := func(seed uint64) [][]int {
		rows, err := covering.Generate(context.Background(), m, &covering.Options{Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		return rows
	}
	a, b, c := gen(1), gen(1), gen(2)
	eq := slices.EqualFunc(a, b, slices.Equal[[]int])
	if !eq {
		t.Error("same seed, different rows")
	}
	if slices.EqualFunc(a, c, slices.Equal[[]int]) {
		t.Error("different seeds, same rows (the fill ignores the seed)")
	}
}

func TestRandomMixedStrengthConstrainedModelsAreCoveredCompletely(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(42, 1))
	for i := range 300 {
		n := 2 + rng.IntN(6)
		ps := make([]covering.Param, n)
		for j := range ps {
			ps[j] = covering.Param{Size: 1 + rng.IntN(4)}
		}
		m := covering.Uniform(ps, 1+rng.IntN(min(n, 3)))
		for range rng.IntN(3) {
			perm := rng.Perm(n)[:1+rng.IntN(n)]
			m.Relations = append(m.Relations, covering.Relation{Params: perm, Strength: 1 + rng.IntN(len(perm))})
		}
		if n >= 3 && rng.IntN(2) == 0 {
			m.Constraints = []covering.Constraint{covering.Bound("bound", []int{0, 1, 2}, 4, rng.IntN(30))}
		}
		alg := covering.IPOG + covering.Algorithm(rng.IntN(2))
		rows, err := covering.Generate(context.Background(), m, &covering.Options{Algorithm: alg, Seed: uint64(i)})
		if err != nil {
			t.Fatalf("model %d %+v: %v", i, m, err)
		}
		if err := covering.Check(m, rows); err != nil {
			t.Fatalf("model %d %+v (alg %d): %v", i, m, alg, err)
		}
	}
}

func TestNilOptionsAreTheZeroOptions(t *testing.T) {
	t.Parallel()
	m := covering.Uniform(tcasParams(), 3)
	a, err := covering.Generate(context.Background(), m, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := covering.Generate(context.Background(), m, &covering.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.EqualFunc(a, b, slices.Equal) {
		t.Errorf("nil options: %d rows, zero options: %d rows, or the rows differ", len(a), len(b))
	}
}
