package gotest_test

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/mutprop/mutprop/gotest"
	"github.com/mutprop/mutprop/mutate"
)

// evenShard keeps the mutants whose ID ends in an even digit, after a
// filter (keep, or none when nil).
type evenShard struct {
	gotest.AllMutants
	keep func(mutate.Mutant) bool
}

func (p evenShard) Filter(*mutate.Package) (func(mutate.Mutant) bool, error) { return p.keep, nil }
func (evenShard) Shard(_ string, m mutate.Mutant) bool                       { return (m.ID[len(m.ID)-1]-'0')%2 == 0 }

// failingPlan's Filter fails.
type failingPlan struct{ gotest.AllMutants }

func (failingPlan) Filter(*mutate.Package) (func(mutate.Mutant) bool, error) {
	return nil, errors.New("no such revision")
}

// TestAPlanSelectsMutantsAsTheHookFieldsDid: Filter, then Shard; a nil
// predicate keeps every mutant and scores the package even without any;
// a predicate that keeps none leaves the package unscored; Index and
// Universe count what Filter kept, the same in every shard.
func TestAPlanSelectsMutantsAsTheHookFieldsDid(t *testing.T) {
	t.Parallel()
	pkg := &mutate.Package{Path: "example.com/p"}
	var muts []mutate.Mutant
	for i := range 6 {
		m := mutate.Mutant{ID: fmt.Sprint("m", i)}
		if i == 4 {
			m.Origin = mutate.OriginBlackbox
		}
		muts = append(muts, m)
	}
	notFirst := func(m mutate.Mutant) bool { return m.ID != "m0" }
	for _, c := range []struct {
		name               string
		plan               gotest.Plan
		muts               []mutate.Mutant
		ids                []string
		index              []int
		universe, blackbox int
		live               bool
	}{
		{"no plan: every mutant", nil, muts, []string{"m0", "m1", "m2", "m3", "m4", "m5"}, []int{0, 1, 2, 3, 4, 5}, 6, 1, true},
		{"no plan, no mutants: scored", nil, nil, nil, nil, 0, 0, true},
		{"a nil predicate, no mutants: scored", gotest.AllMutants{}, nil, nil, nil, 0, 0, true},
		{"a predicate that keeps none: not scored", keepPlan(func(mutate.Mutant) bool { return false }), muts, nil, nil, 0, 0, false},
		{"a shard alone", evenShard{}, muts, []string{"m0", "m2", "m4"}, []int{0, 2, 4}, 6, 1, true},
		{"a filter then a shard: indexes among what the filter kept", evenShard{keep: notFirst}, muts, []string{"m2", "m4"}, []int{1, 3}, 5, 1, true},
	} {
		cfg := gotest.Config{Plan: c.plan}
		sel, err := cfg.SelectMutants(pkg, c.muts)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		var ids []string
		for _, m := range sel.Mutants {
			ids = append(ids, m.ID)
		}
		if !slices.Equal(ids, c.ids) || !slices.Equal(sel.Index, c.index) || sel.Universe != c.universe || sel.Blackbox != c.blackbox || sel.Live != c.live {
			t.Errorf("%s: %v at %v, universe %d (%d black-box), live %v; want %v at %v, %d (%d), %v",
				c.name, ids, sel.Index, sel.Universe, sel.Blackbox, sel.Live, c.ids, c.index, c.universe, c.blackbox, c.live)
		}
	}
	cfg := gotest.Config{Plan: failingPlan{}}
	if _, err := cfg.SelectMutants(pkg, muts); err == nil {
		t.Error("a Filter's error was dropped")
	}
}
