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
	g := &genericRun{seed: cfg.Seed, names: names, sets: sets, oracles: oraclesOf(holds), ev: ev,
		rep: &GenericReport{Operators: len(ops), Blackbox: nBlackbox}}
	if err := g.operatorRows(ops, schemas); err != nil {
		return nil, err
	}
	if err := g.blackboxRows(nBlackbox); err != nil {
		return nil, err
	}
	if err := g.onePointRows(nBlackbox); err != nil {
		return nil, err
	}
	return g.rep, nil
}

// genericRun is the state of the generic experiment: the suites, the
// outputs of the original and the operator mutants on them, and the
// report it fills.
type genericRun struct {
	seed    uint64
	names   []string
	sets    []*inputSet
	oracles []oracle
	ev      *evaluation // ev.out[0] is the original's
	rep     *GenericReport
}

// separated reports whether the outputs out differ from the original's
// on some set.
func (g *genericRun) separated(out [][]byte) bool {
	for s := range g.sets {
		if string(out[s]) != string(g.ev.out[0][s]) {
			return true
		}
	}
	return false
}

// operatorRows scores the operator mutants (their schemas) with every
// suite and oracle.
func (g *genericRun) operatorRows(ops []operatorMutant, schemas []int) error {
	for s := range g.sets {
		ins, err := g.sets[s].materialize()
		if err != nil {
			return err
		}
		want := g.ev.out[0][s]
		for _, o := range g.oracles {
			row := GenericRow{Origin: "operator", Suite: g.names[s], Oracle: o.name}
			for k, sc := range schemas {
				out := g.ev.out[sc]
				if !g.separated(out) {
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
					g.rep.Survivors = append(g.rep.Survivors, ops[k].ID+" "+ops[k].Description)
				}
			}
			g.rep.Rows = append(g.rep.Rows, row)
		}
	}
	return nil
}

// blackboxRows scores n black-box mutants with every suite and oracle.
// They run in this process: they wrap the closed form, which equals the
// original (checked by the tests). Every output is perturbed, so each is
// separable by construction, and a suite is run only up to its first
// failure.
func (g *genericRun) blackboxRows(n int) error {
	bb := make([]func(input) int, n)
	for k := range bb {
		m, err := blackbox.MutateFunc(reference, blackbox.Seed(g.seed*1000+uint64(k)), blackbox.EveryPoint(), blackbox.WithMutator(reflect.TypeOf(0), advisoryMutator{}))
		if err != nil {
			return fmt.Errorf("black-box mutant %d: %w", k, err)
		}
		bb[k] = m
	}
	for s := range g.sets {
		ins, err := g.sets[s].materialize()
		if err != nil {
			return err
		}
		want := g.ev.out[0][s]
		for _, o := range g.oracles {
			row := GenericRow{Origin: "blackbox", Suite: g.names[s], Oracle: o.name, Total: len(bb)}
			for _, m := range bb {
				for i, in := range ins {
					if failsAny(o.props, in, m(in), int(want[i])) {
						row.Killed++
						break
					}
				}
			}
			g.rep.Rows = append(g.rep.Rows, row)
		}
	}
	return nil
}

// onePointRows scores n single-point black-box mutants per suite: each
// perturbs the output at one input of the suite (AtInputs), drawn
// uniformly from it. The suite holds that input, so the differential
// oracle kills every one; how many the properties kill measures their
// strength against an arbitrary wrong answer at one point. Equal inputs
// get the same answer, so checking the mutant at its point decides the
// kill.
func (g *genericRun) onePointRows(n int) error {
	for s := range g.sets {
		ins, err := g.sets[s].materialize()
		if err != nil {
			return err
		}
		if len(ins) == 0 {
			continue
		}
		want := g.ev.out[0][s]
		rng := rand.New(rand.NewPCG(g.seed, 0x1b7+uint64(s)))
		killed := make([]int, len(g.oracles))
		for k := range n {
			i := rng.IntN(len(ins))
			m, err := blackbox.MutateFunc(reference, blackbox.Seed(g.seed*1000+uint64(k)),
				blackbox.AtInputs(blackbox.Hash(reflect.ValueOf(ins[i]))), blackbox.WithMutator(reflect.TypeOf(0), advisoryMutator{}))
			if err != nil {
				return fmt.Errorf("single-point black-box mutant %d: %w", k, err)
			}
			got := m(ins[i])
			if got == int(want[i]) {
				return fmt.Errorf("single-point black-box mutant %d does not change the output at its point", k)
			}
			for j, o := range g.oracles {
				if failsAny(o.props, ins[i], got, int(want[i])) {
					killed[j]++
				}
			}
		}
		for j, o := range g.oracles {
			g.rep.Rows = append(g.rep.Rows, GenericRow{Origin: "blackbox-1pt", Suite: g.names[s], Oracle: o.name, Killed: killed[j], Total: n})
		}
	}
	return nil
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
