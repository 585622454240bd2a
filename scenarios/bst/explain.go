package bst

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mutprop/mutprop/propsuite"
)

// This file isolates the causes of the gaps between a fig13 run and the
// published Fig. 13. Each reading changes one thing against the default
// run (holey57 as the case file documents it, no guard on generated
// trees), so its effect on every figure can be read off one table:
//
//   - classic-page2: the seed's page-2 genBST taken literally, against the
//     classic reading that reproduces the paper's key presence;
//   - bug 2's invalid trees: under bug 2 the api generators build invalid
//     trees with the faulty insert, and 17 more properties fail on them
//     than on the classic and holey generators' valid trees; the paper's
//     "the classic generator finds 4 more failures (bug 1)" needs them not
//     to count. Two ways to take them out: discard the tests whose trees
//     are invalid (validOnlySuffix, as Etna's isBST guards do), or build
//     bug 2's api trees with a correct insert (api-correct,
//     tuned-api-correct);
//   - UnionInsert for ShrinkValid: holey57 with the duplicate UnionInsert
//     kept and a property that never fails (ShrinkValid) dropped instead;
//   - each bug-2 reading with UnionInsert.
//
// The drops table shows what each of holey57's five last drops would add.

// explainedDrops are holey57's five last drops, measured by buildExplanation.
var explainedDrops = holeyInferredDrops

// reading names one way of reading the paper.
type reading struct {
	Name, Doc string
	// Bug2 is how bug 2's api cells are measured: "" (as in the run),
	// "valid" (validOnlySuffix) or "correct" (the -correct generator).
	Bug2 string
	// UnionInsert: holey57 with UnionInsert in place of ShrinkValid.
	UnionInsert bool
}

// readings are the rows of the explanation, in order.
var readings = []reading{
	{Name: "default", Doc: "holey57 as documented, no guard"},
	{Name: "bug2-valid", Doc: "bug 2, api generators: tests with an invalid generated tree discarded", Bug2: "valid"},
	{Name: "bug2-correct", Doc: "bug 2, api generators: trees built with a correct insert", Bug2: "correct"},
	{Name: "unioninsert", Doc: "holey57 with UnionInsert kept, ShrinkValid (never fails) dropped", UnionInsert: true},
	{Name: "bug2-valid+ui", Doc: "bug2-valid and unioninsert", Bug2: "valid", UnionInsert: true},
	{Name: "bug2-correct+ui", Doc: "bug2-correct and unioninsert", Bug2: "correct", UnionInsert: true},
}

// Totals summarizes one generator's failing pairs under one reading.
type Totals struct {
	Total     float64 `json:"total"`
	Worst     float64 `json:"worst"`
	Pairs     int     `json:"pairs"`
	MinPerBug int     `json:"min_per_bug"`
	MaxPerBug int     `json:"max_per_bug"`
}

// DropRow is what one dropped property adds to a generator.
type DropRow struct {
	Property  string         `json:"property"`
	Generator string         `json:"generator"`
	Pairs     int            `json:"pairs"`
	Cost      float64        `json:"cost"`
	Bugs      []string       `json:"bugs"`
	ByBug     map[string]int `json:"-"`
}

// Explanation is the table of readings (generator -> reading -> totals)
// and the drops table.
type Explanation struct {
	Generators []string                     `json:"generators"`
	Readings   map[string]map[string]Totals `json:"readings"`
	Drops      []DropRow                    `json:"drops"`
	// Cells are the extra run's cells.
	Cells []CellResult `json:"cells"`
}

// pageTwoGenerator is the literal reading of the classic generator that the
// explanation measures next to the default ones.
const pageTwoGenerator = "classic-page2"

// apiFamily reports whether a generator builds its trees with the
// subject's insert (and so makes invalid trees under bug 2).
func apiFamily(g string) bool { return g == "api" || g == "tuned-api" }

// explainSuite returns the suite of the extra cells the explanation needs,
// and the selection of its cells: every bug over holey62 for
// classic-page2; every bug over the five drops for the run's generators;
// bug 2 over holey62 for the api generators' -correct twins; bug 2 with
// validOnlySuffix for the api generators, over the properties that
// failed in the main run and the five drops (a property that passed
// 10,000 unguarded tests is taken not to fail guarded: the guard only
// removes tests, and measuring those cells costs minutes of discards).
// main is the main run.
func explainSuite(e Experiment, gens []string, main *propsuite.Result) (*propsuite.Suite, func(propsuite.Mutant, string, string) bool, error) {
	failed := map[string]bool{}
	for _, c := range main.Cells {
		if c.Fails {
			failed[c.Mutant+" "+c.Property+" "+c.Generator] = true
		}
	}
	extra := slices.Clone(gens)
	if !slices.Contains(extra, pageTwoGenerator) {
		extra = append(extra, pageTwoGenerator)
	}
	for _, g := range gens {
		if apiFamily(g) {
			extra = append(extra, g+validOnlySuffix, g+"-correct")
		}
	}
	e.PropertySet = "holey62"
	s, err := e.Suite(extra, false)
	if err != nil {
		return nil, nil, err
	}
	sel := func(m propsuite.Mutant, p, g string) bool {
		drop := slices.Contains(explainedDrops, p)
		switch base, valid := splitGenerator(g); {
		case g == pageTwoGenerator:
			return drop || !slices.Contains(gens, g)
		case valid:
			return m.ID == "named:bug2" && (drop || failed[m.ID+" "+p+" "+base])
		case strings.HasSuffix(g, "-correct"):
			return m.ID == "named:bug2"
		default:
			return drop
		}
	}
	return s, sel, nil
}

// buildExplanation combines the main run (holey57) and the extra run of
// explainSuite into the readings and drops tables.
func buildExplanation(e Experiment, gens []string, main, extra *propsuite.Result) (*Explanation, error) {
	type key struct{ bug, prop, gen string }
	cells := map[key]propsuite.Cell{}
	var bugs []string
	for _, res := range []*propsuite.Result{main, extra} {
		for _, c := range res.Cells {
			if c.Error != "" {
				return nil, fmt.Errorf("cell %s %s %s: %s", c.Mutant, c.Property, c.Generator, c.Error)
			}
			cells[key{c.Mutant, c.Property, c.Generator}] = c
			if !slices.Contains(bugs, c.Mutant) {
				bugs = append(bugs, c.Mutant)
			}
		}
	}
	h57, err := propertySet("holey57")
	if err != nil {
		return nil, err
	}
	var base []string
	for _, p := range h57 {
		base = append(base, p.Name)
	}
	alt := append(slices.DeleteFunc(slices.Clone(base), func(p string) bool { return p == "ShrinkValid" }), "UnionInsert")
	rowGens := slices.Clone(gens)
	if !slices.Contains(rowGens, pageTwoGenerator) {
		rowGens = append(rowGens, pageTwoGenerator)
	}
	ex := &Explanation{Generators: rowGens, Readings: map[string]map[string]Totals{}}
	kinds := propertyKinds()
	for _, c := range extra.Cells {
		ex.Cells = append(ex.Cells, cellResult(c, kinds))
	}
	for _, g := range rowGens {
		ex.Readings[g] = map[string]Totals{}
		for _, rd := range readings {
			props := base
			if rd.UnionInsert {
				props = alt
			}
			var t Totals
			perBug := map[string]int{}
			for _, b := range bugs {
				for _, p := range props {
					k := key{b, p, g}
					if b == "named:bug2" && apiFamily(g) {
						switch rd.Bug2 {
						case "valid":
							k.gen = g + validOnlySuffix
						case "correct":
							k.gen = g + "-correct"
						}
					}
					c, ok := cells[k]
					if !ok || !c.Fails {
						continue
					}
					t.Pairs++
					t.Total += c.Summary.Mean
					t.Worst = max(t.Worst, c.Summary.Mean)
					perBug[b]++
				}
			}
			t.MinPerBug, t.MaxPerBug = -1, 0
			for _, b := range bugs {
				n := perBug[b]
				if t.MinPerBug < 0 || n < t.MinPerBug {
					t.MinPerBug = n
				}
				t.MaxPerBug = max(t.MaxPerBug, n)
			}
			ex.Readings[g][rd.Name] = t
		}
	}
	for _, p := range explainedDrops {
		for _, g := range rowGens {
			d := DropRow{Property: p, Generator: g}
			for _, b := range bugs {
				if c, ok := cells[key{b, p, g}]; ok && c.Fails {
					d.Pairs++
					d.Cost += c.Summary.Mean
					d.Bugs = append(d.Bugs, strings.TrimPrefix(b, "named:"))
				}
			}
			ex.Drops = append(ex.Drops, d)
		}
	}
	return ex, nil
}

// PresenceRow is the key presence of one reading of the classic
// generators.
type PresenceRow struct {
	Generator string  `json:"generator"`
	Reading   string  `json:"reading"`
	Presence  float64 `json:"presence"`
	Paper     float64 `json:"paper,omitempty"`
}

// keyPresenceReadings measures the key presence of the two readings of the
// classic and tuned classic generators (the leaf conditions lo > hi, size
// <= 0 and the page-2 lo >= hi, size <= 1) over the QuickCheck size
// schedule, next to the paper's 29% and 48.4%.
func keyPresenceReadings(samples int, seed uint64) ([]PresenceRow, error) {
	cfg, err := configByName("holey")
	if err != nil {
		return nil, err
	}
	rows := []PresenceRow{
		{Generator: "classic", Reading: "Leaf when lo > hi or size <= 0", Paper: 29},
		{Generator: "classic-page2", Reading: "Leaf when lo >= hi or size <= 1 (page 2)"},
		{Generator: "tuned-classic", Reading: "Leaf when lo > hi, no size bound, 7:1", Paper: 48.4},
		{Generator: "tuned-classic-page2", Reading: "Leaf when lo >= hi, no size bound, 7:1"},
	}
	for i := range rows {
		d, err := measureDistribution(rows[i].Generator, cfg, samples, seed+uint64(i))
		if err != nil {
			return nil, err
		}
		rows[i].Presence = d.KeyPresence
	}
	return rows, nil
}
