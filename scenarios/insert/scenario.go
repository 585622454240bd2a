package insert

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/propsuite"
	"github.com/mutprop/mutprop/stats"
)

// Config sets the size of the scenario. The zero Config is the paper's: 1,000
// test cases per property, plus a fixed set of 100 mutants for the classic
// kill rate.
type Config struct {
	// Tests is the number of test cases per property (the paper: 1,000).
	Tests int
	// FixedMutants is the size of the fixed mutant set of the classic
	// per-mutant kill rate.
	FixedMutants int
	// Lists chooses how mutants perturb lists; "" means BuiltinLists.
	Lists ListMutator
}

func (c Config) withDefaults() Config {
	if c.Tests <= 0 {
		c.Tests = 1000
	}
	if c.FixedMutants <= 0 {
		c.FixedMutants = 100
	}
	if c.Lists == "" {
		c.Lists = BuiltinLists
	}
	return c
}

// The mutant IDs of the scenario.
const (
	// freshMutant stands for Duregård's protocol: a fresh random mutant
	// for every test case, perturbing every point.
	freshMutant = "blackbox:fresh-per-test"
	// generatorName is the scenario's only generator: QuickCheck's arbitrary Int
	// and [Int] (or OrderedList Int), at QuickCheck's sizes.
	generatorName = "quickcheck"
)

// fixedMutantID names the k-th mutant of the fixed set.
func fixedMutantID(k int) string { return fmt.Sprintf("blackbox:seed-%03d", k) }

// suite returns the scenario as a propsuite.Suite: the original, the fresh
// mutant, and the fixed set, against the eight properties.
func suite(cfg Config) *propsuite.Suite {
	cfg = cfg.withDefaults()
	props := properties()
	mutants := []propsuite.Mutant{{}, {ID: freshMutant, Origin: "blackbox", Description: "a fresh every-point mutant for each test case, seeded by the test"}}
	for k := 1; k <= cfg.FixedMutants; k++ {
		mutants = append(mutants, propsuite.Mutant{ID: fixedMutantID(k), Origin: "blackbox", Description: fmt.Sprintf("every-point mutant with seed %d", k)})
	}
	var names []string
	for _, p := range props {
		names = append(names, p.Name)
	}
	return &propsuite.Suite{
		Name:       "insert",
		Mutants:    mutants,
		Properties: names,
		Generators: []string{generatorName},
		Test: func(m propsuite.Mutant, property, generator string) (propsuite.Test, error) {
			i := slices.IndexFunc(props, func(p insertProperty) bool { return p.Name == property })
			if i < 0 || generator != generatorName {
				return nil, fmt.Errorf("insert scenario has no cell (%s, %s)", property, generator)
			}
			return test(props[i], m.ID, cfg.Lists)
		},
	}
}

// inputs generates the property's inputs: x, and a list that is ordered
// when the property asks for an OrderedList.
func inputs(p insertProperty, r *rand.Rand, size int) (int, []int) {
	x := propsuite.IntSized()(r, size)
	xs := propsuite.SliceOf(propsuite.IntSized())(r, size)
	if p.OrderedInput {
		slices.Sort(xs)
	}
	return x, xs
}

// test builds the test of property p on the mutant with the given ID.
func test(p insertProperty, mutant string, lists ListMutator) (propsuite.Test, error) {
	var seedOf func(r *rand.Rand) uint64
	switch {
	case mutant == "":
		return func(r *rand.Rand, size int) propsuite.CaseResult {
			x, xs := inputs(p, r, size)
			return propsuite.Check(p.check(insert, sort, x, xs))
		}, nil
	case mutant == freshMutant:
		seedOf = func(r *rand.Rand) uint64 { return r.Uint64() }
	default:
		var k int
		if _, err := fmt.Sscanf(mutant, "blackbox:seed-%d", &k); err != nil {
			return nil, fmt.Errorf("insert scenario has no mutant %q", mutant)
		}
		seedOf = func(*rand.Rand) uint64 { return uint64(k) }
	}
	return func(r *rand.Rand, size int) propsuite.CaseResult {
		x, xs := inputs(p, r, size)
		seed := seedOf(r)
		ins, sort, err := mutants(seed, lists)
		if err != nil {
			panic(err) // a mutator that cannot perturb []int is a harness bug: crashed
		}
		return propsuite.Check(p.check(ins, sort, x, xs))
	}, nil
}

func (p insertProperty) check(ins insertFunc, sort sortFunc, x int, xs []int) bool {
	if p.Insert != nil {
		return p.Insert(ins, x, xs)
	}
	return p.Sort(sort, x, xs)
}

// Row is one property's line of the report.
type Row struct {
	Name string `json:"name"`
	// KilledPct is Duregård's per-test-case score: the percentage of test
	// cases in which a fresh mutant was detected.
	KilledPct      float64 `json:"killed_pct"`
	SurvivedPct    float64 `json:"survived_pct"`
	PaperKilledPct float64 `json:"paper_killed_pct"`
	// GapPoints is KilledPct - PaperKilledPct.
	GapPoints float64 `json:"gap_points"`
	Tests     int     `json:"tests"`
	// Classic is the per-mutant kill rate over the fixed mutant set, each
	// mutant run until the first failure or the test budget.
	Classic stats.Proportion `json:"classic_kill_rate"`
	// BaselinePasses: the property holds on the original for every test.
	BaselinePasses bool `json:"baseline_passes"`
	// Coverage describes the inputs the property applied the function to,
	// on the original: data coverage, kept apart from strength.
	Coverage Coverage `json:"coverage"`
	Note     string   `json:"note"`
}

// Coverage is the black-box data coverage of a property: which inputs it
// applies the function under test to.
type Coverage struct {
	Applications int `json:"applications"`
	// ListLengths counts the applications by the length of the list
	// argument.
	ListLengths map[int]int `json:"list_lengths"`
	MaxLength   int         `json:"max_length"`
	// Warning is set when the property only ever exercises a sliver of the
	// input space, such as singleton lists.
	Warning string `json:"warning,omitempty"`
}

// Report is the result of the insert scenario.
type Report struct {
	Seed         uint64 `json:"seed"`
	ListMutator  string `json:"list_mutator"`
	Tests        int    `json:"tests"`
	FixedMutants int    `json:"fixed_mutants"`
	Properties   []Row  `json:"properties"`
}

// Run measures the scenario. opts carries the seed, the worker count and an
// optional pool; its Protocol and Select are set here.
func Run(ctx context.Context, cfg Config, opts propsuite.Options) (*Report, error) {
	cfg = cfg.withDefaults()
	s := suite(cfg)
	if _, _, err := mutants(0, cfg.Lists); err != nil {
		return nil, err
	}
	st := &Report{Seed: opts.Seed, ListMutator: string(cfg.Lists), Tests: cfg.Tests, FixedMutants: cfg.FixedMutants}

	scoreOpts := opts
	scoreOpts.Protocol = &propsuite.Protocol{Kind: "score", Tests: cfg.Tests, CommonSeeds: true}
	scoreOpts.Select = func(m propsuite.Mutant, _, _ string) bool { return m.ID == freshMutant }
	scores, err := propsuite.Run(ctx, s, &scoreOpts)
	if err != nil {
		return nil, fmt.Errorf("per-test-case scores: %w", err)
	}
	classicOpts := opts
	classicOpts.Protocol = &propsuite.Protocol{Kind: "trials", Trials: 1, DecideBudget: cfg.Tests, CommonSeeds: true}
	classicOpts.Select = func(m propsuite.Mutant, _, _ string) bool { return m.ID != freshMutant }
	classic, err := propsuite.Run(ctx, s, &classicOpts)
	if err != nil {
		return nil, fmt.Errorf("classic kill rates: %w", err)
	}

	for _, p := range properties() {
		row := Row{Name: p.Name, PaperKilledPct: p.PaperKilledPct, Note: p.Note, Tests: cfg.Tests}
		for _, c := range scores.Cells {
			if c.Property != p.Name {
				continue
			}
			if c.Error != "" {
				return nil, fmt.Errorf("%s: %s", p.Name, c.Error)
			}
			row.KilledPct = 100 * c.Score.Fraction()
			row.SurvivedPct = 100 - row.KilledPct
			row.GapPoints = row.KilledPct - row.PaperKilledPct
		}
		killed, n := 0, 0
		for _, c := range classic.Cells {
			if c.Property != p.Name {
				continue
			}
			if c.Error != "" {
				return nil, fmt.Errorf("%s: %s", p.Name, c.Error)
			}
			if c.Mutant == "" {
				row.BaselinePasses = c.Outcomes[outcome.Survived] == 1
				continue
			}
			n++
			if c.Fails {
				killed++
			}
		}
		row.Classic = stats.Wilson(killed, n)
		row.Coverage = measureCoverage(p, opts.Seed, cfg.Tests)
		st.Properties = append(st.Properties, row)
	}
	return st, nil
}

// measureCoverage runs p on the original, recording the list length of
// every application of the function under test.
func measureCoverage(p insertProperty, seed uint64, tests int) Coverage {
	cov := Coverage{ListLengths: map[int]int{}}
	record := func(xs []int) {
		cov.Applications++
		cov.ListLengths[len(xs)]++
		cov.MaxLength = max(cov.MaxLength, len(xs))
	}
	ins := func(x int, xs []int) []int { record(xs); return insert(x, xs) }
	sort := func(xs []int) []int { record(xs); return sort(xs) }
	r := rand.New(rand.NewPCG(seed, uint64(len(p.Name))))
	for i := range tests {
		x, xs := inputs(p, r, propsuite.Size(i, 0, tests))
		p.check(ins, sort, x, xs)
	}
	if cov.MaxLength <= 1 && cov.Applications > 0 {
		cov.Warning = fmt.Sprintf("applies the function only to lists of length <= %d: a high score here says nothing about longer lists", cov.MaxLength)
	}
	return cov
}
