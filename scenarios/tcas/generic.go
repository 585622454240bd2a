package tcas

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"

	"github.com/mutprop/mutprop/blackbox"
)

// Generic mutants: the operator mutants of the subject (package mutate,
// run from the operator copy) and black-box mutants of the decision
// function (package blackbox), scored by the same suites as the faulty
// versions.

// GenericRow is how many generic mutants of one origin a suite kills.
type GenericRow struct {
	Origin string `json:"origin"` // "operator", "blackbox" or "blackbox-1pt"
	Suite  string `json:"suite"`  // the input set
	Oracle string `json:"oracle"`
	Killed int    `json:"killed"`
	// Total excludes the mutants that no evaluated input separates from
	// the original (Equivalent).
	Total      int `json:"total"`
	Equivalent int `json:"equivalent"`
	Crashed    int `json:"crashed,omitempty"` // mutants that panicked on some input
}

// GenericReport is the generic-mutant experiment.
type GenericReport struct {
	Operators int          `json:"operators"` // operator mutants in the copy
	Blackbox  int          `json:"blackbox"`
	Rows      []GenericRow `json:"rows"`
	// Survivors are the operator mutants that some input separates from
	// the original but the universe (differential) does not kill.
	Survivors []string `json:"universe_survivors,omitempty"`
}

// advisoryMutator perturbs an advisory to another advisory in 0..2, so that
// a black-box mutant stays in the output domain of TCAS.
type advisoryMutator struct{}

// Mutate implements blackbox.Mutator.
func (advisoryMutator) Mutate(r *rand.Rand, v reflect.Value) (reflect.Value, error) {
	x := int(v.Int())
	if x < 0 || x > 2 {
		return reflect.Value{}, fmt.Errorf("advisory %d outside 0..2", x)
	}
	return reflect.ValueOf((x + 1 + r.IntN(2)) % 3), nil
}

// generic runs the generic-mutant experiment on named input sets (set 0
// is the universe). nBlackbox black-box mutants perturb every output of the
// original (Duregård's mutateFun) within 0..2, and nBlackbox more per suite
// perturb one output at an input of that suite ("blackbox-1pt").
func generic(ctx context.Context, cfg Config, names []string, sets []*inputSet, holds []property, nBlackbox int) (*GenericReport, error) {
	ops := operatorMutants()
	schemas := make([]int, len(ops))
	for i, m := range ops {
		schemas[i] = m.Schema
	}
	ev, err := evaluateSchemas(ctx, cfg.Launch, workerEvalOperators, schemas, sets, cfg.Workers)
	if err != nil {
		return nil, fmt.Errorf("operator mutants: %w", err)
	}
	rep := &GenericReport{Operators: len(ops), Blackbox: nBlackbox}
	// Black-box mutants run in this process: they wrap the closed form,
	// which equals the original (checked by the tests). Every output is
	// perturbed, so each is separable by construction, and a suite is run
	// only up to its first failure.
	bb := make([]func(input) int, nBlackbox)
	for k := range bb {
		m, err := blackbox.MutateFunc(reference, blackbox.Seed(cfg.Seed*1000+uint64(k)), blackbox.EveryPoint(), blackbox.WithMutator(reflect.TypeOf(0), advisoryMutator{}))
		if err != nil {
			return nil, fmt.Errorf("black-box mutant %d: %w", k, err)
		}
		bb[k] = m
	}
	separated := func(out [][]byte) bool {
		for s := range sets {
			if string(out[s]) != string(ev.out[0][s]) {
				return true
			}
		}
		return false
	}
	oracles := []struct {
		name  string
		props []property
	}{{differentialName, []property{differential}}, {"properties", holds}}
	for s := range sets {
		ins, err := sets[s].materialize()
		if err != nil {
			return nil, err
		}
		want := ev.out[0][s]
		for _, o := range oracles {
			row := GenericRow{Origin: "operator", Suite: names[s], Oracle: o.name}
			for k, sc := range schemas {
				out := ev.out[sc]
				if !separated(out) {
					row.Equivalent++
					continue
				}
				row.Total++
				if n := firstFailure(ins, out[s], want, o.props); n > 0 {
					row.Killed++
					if out[s][n-1] == crashed {
						row.Crashed++
					}
				} else if s == 0 && o.name == differentialName {
					rep.Survivors = append(rep.Survivors, ops[k].ID+" "+ops[k].Description)
				}
			}
			rep.Rows = append(rep.Rows, row)
		}
	}
	for s := range sets {
		ins, err := sets[s].materialize()
		if err != nil {
			return nil, err
		}
		want := ev.out[0][s]
		for _, o := range oracles {
			row := GenericRow{Origin: "blackbox", Suite: names[s], Oracle: o.name, Total: len(bb)}
			for _, m := range bb {
				for i, in := range ins {
					if failsAny(o.props, in, m(in), int(want[i])) {
						row.Killed++
						break
					}
				}
			}
			rep.Rows = append(rep.Rows, row)
		}
	}
	// Single-point black-box mutants: each perturbs the output at one input
	// of the suite (AtInputs), drawn uniformly from it. The suite holds
	// that input, so the differential oracle kills every one; how many the
	// properties kill measures their strength against an arbitrary wrong
	// answer at one point. Equal inputs get the same answer, so checking
	// the mutant at its point decides the kill.
	for s := range sets {
		ins, err := sets[s].materialize()
		if err != nil {
			return nil, err
		}
		if len(ins) == 0 {
			continue
		}
		want := ev.out[0][s]
		rng := rand.New(rand.NewPCG(cfg.Seed, 0x1b7+uint64(s)))
		killed := make([]int, len(oracles))
		for k := range nBlackbox {
			i := rng.IntN(len(ins))
			m, err := blackbox.MutateFunc(reference, blackbox.Seed(cfg.Seed*1000+uint64(k)),
				blackbox.AtInputs(blackbox.Hash(reflect.ValueOf(ins[i]))), blackbox.WithMutator(reflect.TypeOf(0), advisoryMutator{}))
			if err != nil {
				return nil, fmt.Errorf("single-point black-box mutant %d: %w", k, err)
			}
			got := m(ins[i])
			if got == int(want[i]) {
				return nil, fmt.Errorf("single-point black-box mutant %d does not change the output at its point", k)
			}
			for j, o := range oracles {
				if failsAny(o.props, ins[i], got, int(want[i])) {
					killed[j]++
				}
			}
		}
		for j, o := range oracles {
			rep.Rows = append(rep.Rows, GenericRow{Origin: "blackbox-1pt", Suite: names[s], Oracle: o.name, Killed: killed[j], Total: nBlackbox})
		}
	}
	return rep, nil
}

// failsAny reports whether one of props rejects out.
func failsAny(props []property, in input, out, want int) bool {
	for _, p := range props {
		if !p.Check(in, out, want) {
			return true
		}
	}
	return false
}
