package bst

import (
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/propsuite"
)

// Paper holds the published figures a configuration is compared with.
type Paper struct {
	// Fig13 (Holey Generators): per generator, total cost, worst property,
	// failing pairs (0 when the paper does not say) and key presence (0
	// when unknown).
	Fig13 map[string]PaperGenerator `json:"fig13,omitempty"`
	// Fig8 (How to Specify It!): failing hand-written properties per bug.
	Fig8 map[string]int `json:"fig8,omitempty"`
	// Fig9: mean tests-to-failure by kind over bugs 1 and 3-8.
	Fig9 map[Kind]KindStats `json:"fig9,omitempty"`
	// Tasks (Etna, tool/benchtool/Tasks.py): per mutant, the properties
	// that should fail.
	Tasks map[string][]string `json:"tasks,omitempty"`
}

// PaperGenerator is one row of Fig. 13.
type PaperGenerator struct {
	Total, Worst float64
	FailingPairs int
	KeyPresence  float64 // percent
}

// KindStats summarizes the per-(bug, property) means of one property kind.
type KindStats struct {
	Min, Max, Mean float64
	N              int
}

// published returns the published figures of the experiment's paper.
func published(experiment string) Paper {
	switch experiment {
	case "fig13":
		return Paper{Fig13: map[string]PaperGenerator{
			"api":           {Total: 1607, Worst: 193, FailingPairs: 122, KeyPresence: 36},
			"classic":       {Total: 1345, Worst: 135, FailingPairs: 126, KeyPresence: 29},
			"holey":         {Total: 1075, Worst: 103, KeyPresence: 50},
			"tuned-api":     {Total: 1260, Worst: 155, KeyPresence: 50},
			"tuned-classic": {Total: 1006, Worst: 96, KeyPresence: 48.4},
		}}
	case "etna":
		insert1 := []string{"InsertPost", "InsertModel", "DeleteInsert", "InsertInsert", "InsertUnion", "UnionDeleteInsert"}
		delete4 := []string{"DeleteModel", "DeletePost", "DeleteDelete", "DeleteInsert", "DeleteUnion", "InsertDelete", "UnionDeleteInsert"}
		union6 := []string{"UnionValid", "UnionPost", "UnionModel", "DeleteUnion", "InsertUnion", "UnionDeleteInsert", "UnionUnionAssoc", "UnionUnionIdem"}
		return Paper{Tasks: map[string][]string{
			"named:bug1":         insert1,
			"named:etna_insert2": append(slices.Clone(insert1), "InsertDelete"),
			"named:bug3":         {"InsertPost", "InsertModel", "InsertDelete", "InsertInsert", "InsertUnion", "UnionDeleteInsert"},
			"named:bug4":         delete4,
			"named:bug5":         slices.Delete(slices.Clone(delete4), 5, 6), // minus InsertDelete
			"named:bug6":         union6,
			"named:bug7":         union6[:7:7],
			"named:bug8":         slices.Delete(slices.Clone(union6[:7]), 0, 1),
		}}
	case "hughes":
		return Paper{
			Fig8: map[string]int{"named:bug1": 12, "named:bug2": 17, "named:bug3": 8, "named:bug4": 12,
				"named:bug5": 9, "named:bug6": 10, "named:bug7": 10, "named:bug8": 8},
			Fig9: map[Kind]KindStats{
				Postcondition: {Min: 7.1, Max: 245, Mean: 77},
				Metamorphic:   {Min: 2.4, Max: 714, Mean: 56},
				Model:         {Min: 3.1, Max: 9.8, Mean: 5.8},
			},
		}
	}
	return Paper{}
}

// GeneratorResult aggregates one generator's cells (Fig. 13's columns).
type GeneratorResult struct {
	Generator    string  `json:"generator"`
	Total        float64 `json:"total"`
	Worst        float64 `json:"worst"`
	WorstCell    string  `json:"worst_cell"`
	FailingPairs int     `json:"failing_pairs"`
	KeyPresence  float64 `json:"key_presence"` // percent
	// Hardest lists the failing (bug, property) pairs by decreasing mean.
	Hardest []CellResult `json:"hardest"`
	// Sizes and Depths are the tree-size and depth histograms over the
	// QuickCheck size schedule (index: size or depth; value: count).
	Sizes  []int `json:"sizes,omitempty"`
	Depths []int `json:"depths,omitempty"`
}

// CellResult is one (bug, property, generator) measurement.
type CellResult struct {
	Bug       string  `json:"bug"`
	Property  string  `json:"property"`
	Generator string  `json:"generator"`
	Kind      Kind    `json:"kind"`
	Fails     bool    `json:"fails"`
	Mean      float64 `json:"mean"`
	Median    float64 `json:"median"`
	CILow     float64 `json:"ci_low"`
	CIHigh    float64 `json:"ci_high"`
	Trials    int     `json:"trials"`
	// Within100 is the share of the failing trials that failed within 100
	// tests: the chance that one default QuickCheck run (100 tests) finds
	// the failure.
	Within100 float64 `json:"within_100"`
	Error     string  `json:"error,omitempty"`
}

// Report is the analysed result of an experiment.
type Report struct {
	Experiment string `json:"experiment"`
	Seed       uint64 `json:"seed"`
	Trials     int    `json:"trials"`
	// Tests counts the tests the cells ran, discarded ones left out: the
	// tests to failure of every failing trial and the whole budget of
	// every trial that passed it.
	Tests      int64             `json:"tests"`
	Cells      []CellResult      `json:"cells"`
	Generators []GeneratorResult `json:"generators"`
	// FailingByBug lists, per bug and generator, the failing properties.
	FailingByBug map[string]map[string][]string `json:"failing_by_bug"`
	// KindStats: per generator and kind, the spread of the means over bugs
	// 1 and 3-8, weak properties left out (Fig. 9). With the hughes
	// figures, only the rows of Fig. 8 count and the postconditions leave
	// out InsertDeleteComplete (Fig9Note).
	KindStats map[string]map[Kind]KindStats `json:"kind_stats"`
	// Fig8 (hughes): per generator and bug, the failing properties among
	// all measured, among the rows of Fig. 8, and the expected number of
	// rows a single 100-test QuickCheck run would find failing.
	Fig8 map[string]map[string]Fig8Count `json:"fig8,omitempty"`
	// Fig9Note (hughes): the postcondition statistics with
	// InsertDeleteComplete, which Fig. 9 leaves out.
	Fig9Note map[string]KindStats `json:"fig9_with_insert_delete_complete,omitempty"`
	Paper    Paper                `json:"paper"`
	// PresenceReadings (fig13) is the key presence of the two readings of
	// the classic generators; Explanation, when asked for, the readings
	// table (explain.go).
	PresenceReadings []PresenceRow `json:"presence_readings,omitempty"`
	Explanation      *Explanation  `json:"explanation,omitempty"`
	// Elapsed is the time the main cells took (Run), for the heading.
	Elapsed time.Duration `json:"-"`
}

// Fig8Count is one bug's failing properties under three counts.
type Fig8Count struct {
	All, Rows   int
	Rows100     float64
	RowsFailing []string
}

// analyze turns propsuite's cells into the report's tables. The key
// presence and distributions are measured in this process, on the subject
// it runs (the original when MUTPROP_ACTIVE is unset).
func analyze(e Experiment, res *propsuite.Result, generators []string, presenceSamples int) (*Report, error) {
	cfg, err := configByName(e.Config)
	if err != nil {
		return nil, err
	}
	s := &Report{Experiment: e.Name, Seed: res.Seed, Trials: res.Protocol.Trials,
		FailingByBug: map[string]map[string][]string{}, KindStats: map[string]map[Kind]KindStats{}, Paper: published(e.Name)}
	kinds := map[string]Kind{}
	for _, p := range properties() {
		kinds[p.Name] = p.Kind
	}
	for _, c := range res.Cells {
		if c.Mutant == "" {
			continue
		}
		cr := cellResult(c, kinds)
		if c.Fails {
			if s.FailingByBug[c.Mutant] == nil {
				s.FailingByBug[c.Mutant] = map[string][]string{}
			}
			s.FailingByBug[c.Mutant][c.Generator] = append(s.FailingByBug[c.Mutant][c.Generator], c.Property)
		}
		s.Cells = append(s.Cells, cr)
		for _, n := range c.Counts {
			s.Tests += int64(n)
		}
		s.Tests += int64(c.Outcomes[outcome.Survived]) * int64(res.Protocol.DecideBudget)
	}
	fig9 := s.Paper.Fig9 != nil
	if fig9 {
		s.Fig8, s.Fig9Note = map[string]map[string]Fig8Count{}, map[string]KindStats{}
	}
	for gi, g := range generators {
		gr := GeneratorResult{Generator: g}
		byKind := map[Kind][]float64{}
		var withIDC []float64
		for _, c := range s.Cells {
			if c.Generator != g || !c.Fails {
				continue
			}
			gr.FailingPairs++
			gr.Total += c.Mean
			if c.Mean > gr.Worst {
				gr.Worst, gr.WorstCell = c.Mean, c.Bug+" "+c.Property
			}
			gr.Hardest = append(gr.Hardest, c)
			if fig9 {
				if s.Fig8[g] == nil {
					s.Fig8[g] = map[string]Fig8Count{}
				}
				f := s.Fig8[g][c.Bug]
				f.All++
				if fig8Row(c.Property) {
					f.Rows++
					f.Rows100 += c.Within100
					f.RowsFailing = append(f.RowsFailing, c.Property)
				}
				s.Fig8[g][c.Bug] = f
			}
			// Fig. 9: bugs 1 and 3-8, "every failing postcondition,
			// (non-weak) metamorphic property, and model-based property".
			// With the paper's figures: the rows of Fig. 8, and no
			// InsertDeleteComplete (under bug 4 it fails in 3.3 tests,
			// below Fig. 9's postcondition minimum of 7.1, which is
			// FindPostPresent under bug 3).
			if c.Bug == "named:bug2" || strings.HasSuffix(c.Property, "Weak") || fig9 && !fig8Row(c.Property) {
				continue
			}
			if fig9 && c.Kind == Postcondition {
				withIDC = append(withIDC, c.Mean)
				if c.Property == "InsertDeleteComplete" {
					continue
				}
			}
			byKind[c.Kind] = append(byKind[c.Kind], c.Mean)
		}
		if len(withIDC) > 0 {
			s.Fig9Note[g] = KindStats{Min: slices.Min(withIDC), Max: slices.Max(withIDC), Mean: mean(withIDC), N: len(withIDC)}
		}
		sort.SliceStable(gr.Hardest, func(i, j int) bool { return gr.Hardest[i].Mean > gr.Hardest[j].Mean })
		if len(gr.Hardest) > 10 {
			gr.Hardest = gr.Hardest[:10]
		}
		ks := map[Kind]KindStats{}
		for k, ms := range byKind {
			ks[k] = KindStats{Min: slices.Min(ms), Max: slices.Max(ms), Mean: mean(ms), N: len(ms)}
		}
		s.KindStats[g] = ks
		dist, err := measureDistribution(g, cfg, presenceSamples, res.Seed+uint64(gi))
		if err != nil {
			return nil, err
		}
		gr.KeyPresence, gr.Sizes, gr.Depths = dist.KeyPresence, dist.Sizes, dist.Depths
		s.Generators = append(s.Generators, gr)
	}
	return s, nil
}

// cellResult is one propsuite cell as the report shows it.
func cellResult(c propsuite.Cell, kinds map[string]Kind) CellResult {
	cr := CellResult{Bug: c.Mutant, Property: c.Property, Generator: c.Generator, Kind: kinds[c.Property],
		Fails: c.Fails, Trials: c.Trials(), Error: c.Error}
	if c.Fails {
		cr.Mean, cr.Median, cr.CILow, cr.CIHigh = c.Summary.Mean, c.Summary.Median, c.Summary.CILow, c.Summary.CIHigh
		within := 0
		for _, n := range c.Counts {
			if n <= 100 {
				within++
			}
		}
		if len(c.Counts) > 0 {
			cr.Within100 = float64(within) / float64(len(c.Counts))
		}
	}
	return cr
}

// propertyKinds maps every property to its kind.
func propertyKinds() map[string]Kind {
	kinds := map[string]Kind{}
	for _, p := range properties() {
		kinds[p.Name] = p.Kind
	}
	return kinds
}

func mean(xs []float64) float64 {
	t := 0.0
	for _, x := range xs {
		t += x
	}
	return t / float64(len(xs))
}

// distribution describes what a generator produces over the QuickCheck
// size schedule (sizes 0..99, each equally often).
type distribution struct {
	// KeyPresence is the percentage of (tree, key) draws in which the key,
	// drawn like the properties' keys, is in the tree.
	KeyPresence float64
	// Sizes[i] and Depths[i] count the trees of size (depth) i.
	Sizes, Depths []int
	MeanSize      float64
}

// measureDistribution draws samples trees (sizes cycling 0..99) from the
// generator under cfg, with the subject this process runs.
func measureDistribution(generator string, cfg config, samples int, seed uint64) (distribution, error) {
	o := namedOps
	g, err := newTreeGen(generator, cfg, o)
	if err != nil {
		return distribution{}, err
	}
	r := rand.New(rand.NewPCG(seed, seed^0x5eed))
	var d distribution
	present, total := 0, 0
	for i := 0; i < samples; i++ {
		n := propsuite.Size(i, 0, 100)
		g.reset()
		t := g.tree(r, n)
		sz, dp := o.size(t), depth(t)
		for len(d.Sizes) <= sz {
			d.Sizes = append(d.Sizes, 0)
		}
		for len(d.Depths) <= dp {
			d.Depths = append(d.Depths, 0)
		}
		d.Sizes[sz]++
		d.Depths[dp]++
		d.MeanSize += float64(sz)
		if _, ok := o.find(g.key(r, n), t); ok {
			present++
		}
		total++
	}
	if total > 0 {
		d.KeyPresence = 100 * float64(present) / float64(total)
		d.MeanSize /= float64(total)
	}
	return d, nil
}
