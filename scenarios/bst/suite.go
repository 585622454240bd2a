package bst

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/mutprop/mutprop/propsuite"
)

// Experiment is a named configuration of the scenario: which keys and
// values, which properties, which mutants and which generators.
type Experiment struct {
	Name        string
	Doc         string
	Config      string   // key/value configuration
	PropertySet string   // named property set
	Mutants     []string // named-variant names
	Generators  []string // default generators
	// Guard discards tests whose generated trees are invalid (Etna's isBST).
	Guard bool
}

var hughesBugs = []string{"bug1", "bug2", "bug3", "bug4", "bug5", "bug6", "bug7", "bug8"}

// experiments lists the configurations selectable by name.
func experiments() []Experiment {
	return []Experiment{
		{Name: "fig13", Doc: "Holey Generators §5, Fig. 13: keys 0..size, holey57, bugs 1-8, five generators",
			Config: "holey", PropertySet: "holey57", Mutants: hughesBugs,
			Generators: []string{"api", "classic", "holey", "tuned-api", "tuned-classic"}},
		{Name: "hughes", Doc: "How to Specify It! Figs. 8-9: Int keys and values on [-size, size], 48 hand-written properties, API-based generator",
			Config: "hughes", PropertySet: "hughes", Mutants: hughesBugs, Generators: []string{"api"}},
		{Name: "etna", Doc: "Etna's BST workload: Key Int, Val Bool, 18 properties guarded by isBST, Etna's 8 mutants",
			Config: "etna", PropertySet: "etna18", Guard: true,
			Mutants:    []string{"bug1", "etna_insert2", "bug3", "bug4", "bug5", "bug6", "bug7", "bug8"},
			Generators: []string{"api-correct", "etna-size", "holey", "enum"}},
	}
}

// ExperimentByName returns the named experiment.
func ExperimentByName(name string) (Experiment, error) {
	for _, e := range experiments() {
		if e.Name == name {
			return e, nil
		}
	}
	return Experiment{}, fmt.Errorf("unknown configuration %q (known: fig13, hughes, etna, mutants)", name)
}

// Mutants returns the experiment's mutants as the schematized subject
// declares them (ID named:<name>, its schemata switch).
func (e Experiment) mutants() ([]propsuite.Mutant, error) {
	known := subjectMutants()
	var out []propsuite.Mutant
	for _, name := range e.Mutants {
		i := slices.IndexFunc(known, func(m mutantInfo) bool { return m.ID == "named:"+name })
		if i < 0 {
			return nil, fmt.Errorf("experiment %s: the subject declares no variant %q", e.Name, name)
		}
		m := known[i]
		out = append(out, propsuite.Mutant{ID: m.ID, Origin: m.Origin, Description: m.Description, Schema: m.Schema})
	}
	return out, nil
}

// Suite returns the experiment as a propsuite.Suite over the given generators
// (nil: the experiment's defaults). withOriginal adds the original subject
// (mutant ID "") as a baseline.
func (e Experiment) Suite(generators []string, withOriginal bool) (*propsuite.Suite, error) {
	cfg, err := configByName(e.Config)
	if err != nil {
		return nil, err
	}
	props, err := propertySet(e.PropertySet)
	if err != nil {
		return nil, err
	}
	if generators == nil {
		generators = e.Generators
	}
	for _, g := range generators {
		if _, err := newTreeGen(g, cfg, namedOps); err != nil {
			return nil, fmt.Errorf("experiment %s: %w", e.Name, err)
		}
	}
	ms, err := e.mutants()
	if err != nil {
		return nil, err
	}
	if withOriginal {
		ms = append([]propsuite.Mutant{{}}, ms...)
	}
	names := make([]string, len(props))
	for i, p := range props {
		names[i] = p.Name
	}
	guard := e.Guard
	return &propsuite.Suite{
		Name:       "bst-" + e.Name,
		Mutants:    ms,
		Properties: names,
		Generators: generators,
		Test: func(_ propsuite.Mutant, property, generator string) (propsuite.Test, error) {
			return newTest(property, generator, cfg, guard)
		},
	}, nil
}

// newTest returns the test of one property with one generator under a
// key/value configuration. The subject is whatever mutant this process
// runs (MUTPROP_ACTIVE). guard discards tests on invalid generated trees,
// as does a generator named with validOnlySuffix.
func newTest(property, generator string, cfg config, guard bool) (propsuite.Test, error) {
	return newTestOps(property, generator, cfg, guard, namedOps)
}

// newTestOps is newTest against the subject as o presents it.
func newTestOps(property, generator string, cfg config, guard bool, o *ops) (propsuite.Test, error) {
	p, ok := propertyByName(property)
	if !ok {
		return nil, fmt.Errorf("unknown property %q", property)
	}
	g, err := newTreeGen(generator, cfg, o)
	if err != nil {
		return nil, err
	}
	_, validOnly := splitGenerator(generator)
	w := &world{gen: g, o: o, guard: guard || validOnly}
	if !w.guard {
		return func(r *rand.Rand, n int) propsuite.CaseResult {
			g.reset()
			return p.check(w, r, n)
		}, nil
	}
	return func(r *rand.Rand, n int) (v propsuite.CaseResult) {
		g.reset()
		w.invalid = false
		defer func() {
			if w.invalid {
				if x := recover(); x != nil {
					if _, ok := x.(discardTest); !ok {
						panic(x)
					}
				}
				v = propsuite.Discard
			}
		}()
		return p.check(w, r, n)
	}, nil
}
