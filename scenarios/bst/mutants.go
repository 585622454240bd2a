package bst

import (
	_ "embed" // the subject's source, for the mutation report
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/mutprop/mutprop/blackbox"
	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/propsuite"
	"github.com/mutprop/mutprop/report"
)

// This file scores the property suite rather than the generators (issue
// item 7): the subject's operator mutants (internal/operators) and
// black-box mutants of insert, delete, union and find (package blackbox,
// every-point: the function's result is wrong at every input, the same
// wrong answer for the same input) run against a property set, one trial
// of a fixed number of tests per (mutant, property). The result is the
// kill matrix and what it says about the properties: kill rate per
// property and per kind, the properties that kill nothing no other kills
// (redundant), and a small set that kills everything the suite kills.

//go:embed subject/bst.go
var subjectSource string

// subjectFile is the path of the subject's source in mutation reports.
const subjectFile = "bst.go"

// MutantOptions configure the suite-scoring experiment.
type MutantOptions struct {
	// Generator makes the trees; default holey.
	Generator string
	// PropertySet is scored; default holey57.
	PropertySet string
	// BlackBoxSeeds is the number of black-box mutants per function
	// (seeds 1..BlackBoxSeeds); default 10, negative for none.
	BlackBoxSeeds int
	// Bugs adds the eight named bugs as mutants.
	Bugs bool
}

func (o MutantOptions) withDefaults() MutantOptions {
	if o.Generator == "" {
		o.Generator = "holey"
	}
	if o.PropertySet == "" {
		o.PropertySet = "holey57"
	}
	if o.BlackBoxSeeds == 0 {
		o.BlackBoxSeeds = 10
	}
	return o
}

// blackBoxFunctions are the functions that get black-box mutants.
var blackBoxFunctions = []string{"insert", "delete", "union", "find"}

// blackBoxID names a black-box mutant.
func blackBoxID(fn string, seed int) string { return fmt.Sprintf("blackbox:%s:%d", fn, seed) }

// MutantSuite returns the suite-scoring experiment: the original (a
// baseline every property must pass), every operator mutant, the
// black-box mutants, and optionally the eight bugs, against the
// properties of the set with one generator (holey keys and values).
func MutantSuite(o MutantOptions) (*propsuite.Suite, error) {
	o = o.withDefaults()
	cfg, err := configByName("holey")
	if err != nil {
		return nil, err
	}
	props, err := propertySet(o.PropertySet)
	if err != nil {
		return nil, err
	}
	if _, err := newTreeGen(o.Generator, cfg, namedOps); err != nil {
		return nil, err
	}
	ms := []propsuite.Mutant{{}}
	if o.Bugs {
		for _, m := range subjectMutants() {
			if slices.Contains(hughesBugs, strings.TrimPrefix(m.ID, "named:")) {
				ms = append(ms, propsuite.Mutant{ID: m.ID, Origin: m.Origin, Description: m.Description, Schema: m.Schema})
			}
		}
	}
	for _, m := range operatorMutants() {
		ms = append(ms, propsuite.Mutant{ID: m.ID, Origin: m.Origin, Description: m.Description, Schema: m.Schema})
	}
	for _, fn := range blackBoxFunctions {
		for seed := 1; seed <= o.BlackBoxSeeds; seed++ {
			ms = append(ms, propsuite.Mutant{ID: blackBoxID(fn, seed), Origin: "blackbox",
				Description: fmt.Sprintf("%s returns a wrong answer at every input (seed %d)", fn, seed)})
		}
	}
	names := make([]string, len(props))
	for i, p := range props {
		names[i] = p.Name
	}
	return &propsuite.Suite{
		Name:       "bst-mutants",
		Mutants:    ms,
		Properties: names,
		Generators: []string{o.Generator},
		Test: func(m propsuite.Mutant, property, generator string) (propsuite.Test, error) {
			ops, err := mutantOps(m.ID)
			if err != nil {
				return nil, err
			}
			return newTestOps(property, generator, cfg, false, ops)
		},
	}, nil
}

// mutantOps returns the subject as a mutant presents it: the operator
// copy for operator mutants, a black-box wrapper of one function of the
// named copy for black-box mutants, the named copy otherwise (the
// original, or a bug, as MUTPROP_ACTIVE says).
func mutantOps(id string) (*ops, error) {
	switch {
	case strings.HasPrefix(id, "operator:"):
		return operatorOps, nil
	case strings.HasPrefix(id, "blackbox:"):
		parts := strings.Split(id, ":")
		seed, err := strconv.Atoi(parts[len(parts)-1])
		if len(parts) != 3 || err != nil {
			return nil, fmt.Errorf("malformed black-box mutant %q", id)
		}
		return blackBoxOps(parts[1], uint64(seed))
	default:
		return namedOps, nil
	}
}

// blackBoxOps is the named copy with one function replaced by its
// every-point black-box mutant.
func blackBoxOps(fn string, seed uint64) (*ops, error) {
	o := *namedOps
	opts := []blackbox.Option{blackbox.Seed(seed), blackbox.Name(fn)}
	var err error
	switch fn {
	case "insert":
		o.insert, err = blackbox.MutateFunc(namedOps.insert, opts...)
	case "delete":
		o.del, err = blackbox.MutateFunc(namedOps.del, opts...)
	case "union":
		o.union, err = blackbox.MutateFunc(namedOps.union, opts...)
	case "find":
		o.find, err = blackbox.MutateFunc(namedOps.find, opts...)
	default:
		return nil, fmt.Errorf("no black-box mutants of %q (known: %v)", fn, blackBoxFunctions)
	}
	if err != nil {
		return nil, fmt.Errorf("black-box mutant of %s: %w", fn, err)
	}
	return &o, nil
}

// MutantScore is one mutant's outcome over the properties.
type MutantScore struct {
	ID          string          `json:"id"`
	Origin      string          `json:"origin"`
	Operator    string          `json:"operator,omitempty"`
	Line        int             `json:"line,omitempty"`
	Description string          `json:"description"`
	Status      outcome.Outcome `json:"status"` // killed, crashed, timeout or survived
	KilledBy    []string        `json:"killed_by,omitempty"`
}

// PropertyScore is one property's kills.
type PropertyScore struct {
	Property string  `json:"property"`
	Kind     Kind    `json:"kind"`
	Kills    int     `json:"kills"`
	Only     int     `json:"only"` // mutants no other property kills
	Rate     float64 `json:"rate"` // percent of all mutants
}

// GroupScore is the score of a group of mutants (per origin) or of
// properties (per kind: the mutants at least one property of the kind
// kills, and the mean kill rate of its properties).
type GroupScore struct {
	Name     string  `json:"name"`
	Members  int     `json:"members"`
	Killed   int     `json:"killed"`
	Of       int     `json:"of"`
	Rate     float64 `json:"rate"`
	MeanRate float64 `json:"mean_rate,omitempty"`
}

// MutantReport is the scored suite.
type MutantReport struct {
	Generator  string          `json:"generator"`
	Tests      int             `json:"tests"`
	Seed       uint64          `json:"seed"`
	Mutants    []MutantScore   `json:"mutants"`
	Properties []PropertyScore `json:"properties"`
	Kinds      []GroupScore    `json:"kinds"`
	Origins    []GroupScore    `json:"origins"`
	// Redundant properties kill no mutant that no other property kills.
	Redundant []string `json:"redundant"`
	// Subsumed maps a property to another whose kills include all of its
	// own (strictly more, or the same set and earlier in the suite): a
	// finer redundancy than Redundant, which with overlapping properties
	// often lists nearly all of them.
	Subsumed map[string]string `json:"subsumed"`
	// Minimal kills every mutant the suite kills (greedy: most new kills
	// first, ties in suite order).
	Minimal []string `json:"minimal"`
	// Matrix[i][j]: property i detected mutant j.
	Matrix [][]bool `json:"matrix"`
	// Measured and Elapsed are the cells measured and the time they and
	// the scoring took (RunMutants), for the heading.
	Measured int           `json:"-"`
	Elapsed  time.Duration `json:"-"`
}

// scoreMutants analyses a run of MutantSuite. It fails if a property fails
// on the original or a cell could not run.
func scoreMutants(s *propsuite.Suite, res *propsuite.Result) (*MutantReport, error) {
	cells := map[cellKey]propsuite.Cell{}
	for _, c := range res.Cells {
		if c.Error != "" {
			return nil, fmt.Errorf("cell %s %s: %s", c.Mutant, c.Property, c.Error)
		}
		if c.Mutant == "" && c.Fails {
			return nil, fmt.Errorf("property %s fails on the original subject", c.Property)
		}
		cells[cellKey{c.Mutant, c.Property}] = c
	}
	st := &MutantReport{Generator: s.Generators[0], Tests: res.Protocol.DecideBudget, Seed: res.Seed}
	var ms []propsuite.Mutant
	for _, m := range s.Mutants {
		if m.ID != "" {
			ms = append(ms, m)
		}
	}
	km, err := st.fillMatrix(s.Properties, ms, cells)
	if err != nil {
		return nil, err
	}
	st.addMutantScores(s.Properties, ms, cells)
	killers := km.Killers()
	st.addPropertyScores(s.Properties, len(ms), killers)
	st.Redundant, st.Subsumed = km.Redundant(), km.Subsumed()
	st.addKindScores(len(ms))
	st.addOriginScores(killers)
	st.Minimal = km.Minimal()
	return st, nil
}

// cellKey is a cell of a mutant run: mutant and property.
type cellKey struct{ m, p string }

// fillMatrix fills st.Matrix from the cells and returns it as a kill
// matrix. It fails if a cell was not measured.
func (st *MutantReport) fillMatrix(props []string, ms []propsuite.Mutant, cells map[cellKey]propsuite.Cell) (report.KillMatrix, error) {
	st.Matrix = make([][]bool, len(props))
	km := report.KillMatrix{Tests: props, Cells: make([][]report.KillCell, len(props))}
	for _, m := range ms {
		km.Mutants = append(km.Mutants, m.ID)
	}
	for i, p := range props {
		st.Matrix[i] = make([]bool, len(ms))
		km.Cells[i] = make([]report.KillCell, len(ms))
		for j, m := range ms {
			c, ok := cells[cellKey{m.ID, p}]
			if !ok {
				return km, fmt.Errorf("mutant %s, property %s: not measured", m.ID, p)
			}
			if c.Fails {
				st.Matrix[i][j] = true
				km.Cells[i][j] = report.KilledHere
			}
		}
	}
	return km, nil
}

// addMutantScores adds each mutant's score: the properties that kill it and
// its status (killed beats timeout beats crashed).
func (st *MutantReport) addMutantScores(props []string, ms []propsuite.Mutant, cells map[cellKey]propsuite.Cell) {
	info := map[string]mutantInfo{}
	for _, m := range operatorMutants() {
		info[m.ID] = m
	}
	for j, m := range ms {
		sc := MutantScore{ID: m.ID, Origin: m.Origin, Description: m.Description, Status: outcome.Survived}
		if in, ok := info[m.ID]; ok {
			sc.Operator, sc.Line = in.Operator, in.Line
		}
		for i, p := range props {
			if !st.Matrix[i][j] {
				continue
			}
			sc.KilledBy = append(sc.KilledBy, p)
			c := cells[cellKey{m.ID, p}]
			switch {
			case c.Outcomes[outcome.Killed] > 0:
				sc.Status = outcome.Killed
			case sc.Status == outcome.Survived && c.Outcomes[outcome.Timeout] > 0:
				sc.Status = outcome.Timeout
			case sc.Status == outcome.Survived:
				sc.Status = outcome.Crashed
			}
		}
		st.Mutants = append(st.Mutants, sc)
	}
}

// addPropertyScores adds each property's score over n mutants; killers[j]
// counts the properties that kill mutant j.
func (st *MutantReport) addPropertyScores(props []string, n int, killers []int) {
	kinds := map[string]Kind{}
	for _, p := range properties() {
		kinds[p.Name] = p.Kind
	}
	for i, p := range props {
		ps := PropertyScore{Property: p, Kind: kinds[p]}
		for j := range n {
			if st.Matrix[i][j] {
				ps.Kills++
				if killers[j] == 1 {
					ps.Only++
				}
			}
		}
		ps.Rate = percentOf(ps.Kills, n)
		st.Properties = append(st.Properties, ps)
	}
}

// addKindScores adds the score per kind of property over n mutants: the
// union of its properties' kills.
func (st *MutantReport) addKindScores(n int) {
	var kindOrder []Kind
	for _, p := range st.Properties {
		if !slices.Contains(kindOrder, p.Kind) {
			kindOrder = append(kindOrder, p.Kind)
		}
	}
	for _, k := range kindOrder {
		g := GroupScore{Name: string(k), Of: n}
		rates := 0.0
		for j := range n {
			for i, p := range st.Properties {
				if p.Kind == k && st.Matrix[i][j] {
					g.Killed++
					break
				}
			}
		}
		for _, p := range st.Properties {
			if p.Kind == k {
				g.Members++
				rates += p.Rate
			}
		}
		g.Rate, g.MeanRate = percentOf(g.Killed, n), rates/float64(g.Members)
		st.Kinds = append(st.Kinds, g)
	}
}

// addOriginScores adds the score per origin of mutant (and, for black-box
// mutants, per function); killers[j] counts the properties that kill
// mutant j.
func (st *MutantReport) addOriginScores(killers []int) {
	groups := map[string]*GroupScore{}
	var groupOrder []string
	add := func(name string, killed bool) {
		g, ok := groups[name]
		if !ok {
			g = &GroupScore{Name: name}
			groups[name] = g
			groupOrder = append(groupOrder, name)
		}
		g.Of++
		if killed {
			g.Killed++
		}
	}
	for j, m := range st.Mutants {
		killed := killers[j] > 0
		add(m.Origin, killed)
		if m.Origin == "blackbox" {
			add("blackbox "+strings.Split(m.ID, ":")[1], killed)
		}
	}
	for _, name := range groupOrder {
		g := groups[name]
		g.Members, g.Rate = g.Of, percentOf(g.Killed, g.Of)
		st.Origins = append(st.Origins, *g)
	}
}

func percentOf(n, d int) float64 {
	if d == 0 {
		return 0
	}
	return 100 * float64(n) / float64(d)
}

// survivors lists the mutants no property killed, by origin.
func (st *MutantReport) survivors() []MutantScore {
	var out []MutantScore
	for _, m := range st.Mutants {
		if m.Status == outcome.Survived {
			out = append(out, m)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Origin < out[j].Origin })
	return out
}

// Report returns the scored suite as a mutation report (report.Run): the
// subject's source, every mutant with its status and killing properties,
// and the properties as tests; report.JSON writes it in the
// mutation-testing-report-schema format.
func (st *MutantReport) Report() report.Run {
	r := report.Run{Name: "scenarios/bst/subject (" + st.Generator + ")",
		Files: []report.File{{Path: subjectFile, Source: subjectSource}}}
	for _, p := range st.Properties {
		r.Tests = append(r.Tests, report.Test{ID: p.Property, Name: p.Property + " (" + string(p.Kind) + ")"})
	}
	for _, m := range st.Mutants {
		rm := report.Mutant{ID: m.ID, Origin: m.Origin, Operator: m.Operator, Description: m.Description,
			Status: m.Status, KilledBy: m.KilledBy}
		if m.Origin == "operator" {
			rm.File, rm.Line = subjectFile, m.Line
		}
		r.Mutants = append(r.Mutants, rm)
	}
	return r
}
