package bst

import (
	"math/rand/v2"
	"slices"
	"sort"

	"github.com/mutprop/mutprop/runner"
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

// Published returns the published figures of the experiment's paper.
func Published(experiment string) Paper {
	switch experiment {
	case "fig13":
		return Paper{Fig13: map[string]PaperGenerator{
			"api":           {Total: 1607, Worst: 193, FailingPairs: 122, KeyPresence: 36},
			"classic":       {Total: 1345, Worst: 135, FailingPairs: 126, KeyPresence: 29},
			"holey":         {Total: 1075, Worst: 103, KeyPresence: 50},
			"tuned-api":     {Total: 1260, Worst: 155, KeyPresence: 50},
			"tuned-classic": {Total: 1006, Worst: 96, KeyPresence: 48.4},
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
	Error     string  `json:"error,omitempty"`
}

// Study is the analysed result of an experiment.
type Study struct {
	Experiment string            `json:"experiment"`
	Seed       uint64            `json:"seed"`
	Trials     int               `json:"trials"`
	Cells      []CellResult      `json:"cells"`
	Generators []GeneratorResult `json:"generators"`
	// FailingByBug lists, per bug and generator, the failing properties.
	FailingByBug map[string]map[string][]string `json:"failing_by_bug"`
	// KindStats: per generator and kind, the spread of the means (Fig. 9).
	KindStats map[string]map[Kind]KindStats `json:"kind_stats"`
	Paper     Paper                         `json:"paper"`
}

// Analyze turns the runner's cells into the study's tables. The key
// presence and distributions are measured in this process, on the subject
// it runs (the original when MUTPROP_ACTIVE is unset).
func Analyze(e Experiment, res *runner.Result, generators []string, presenceSamples int) (*Study, error) {
	cfg, err := ConfigByName(e.Config)
	if err != nil {
		return nil, err
	}
	s := &Study{Experiment: e.Name, Seed: res.Seed, Trials: res.Protocol.Trials,
		FailingByBug: map[string]map[string][]string{}, KindStats: map[string]map[Kind]KindStats{}, Paper: Published(e.Name)}
	kinds := map[string]Kind{}
	for _, p := range Properties() {
		kinds[p.Name] = p.Kind
	}
	for _, c := range res.Cells {
		if c.Mutant == "" {
			continue
		}
		cr := CellResult{Bug: c.Mutant, Property: c.Property, Generator: c.Generator, Kind: kinds[c.Property],
			Fails: c.Fails, Trials: c.Trials(), Error: c.Error}
		if c.Fails {
			cr.Mean, cr.Median, cr.CILow, cr.CIHigh = c.Summary.Mean, c.Summary.Median, c.Summary.CILow, c.Summary.CIHigh
			if s.FailingByBug[c.Mutant] == nil {
				s.FailingByBug[c.Mutant] = map[string][]string{}
			}
			s.FailingByBug[c.Mutant][c.Generator] = append(s.FailingByBug[c.Mutant][c.Generator], c.Property)
		}
		s.Cells = append(s.Cells, cr)
	}
	for gi, g := range generators {
		gr := GeneratorResult{Generator: g}
		byKind := map[Kind][]float64{}
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
			if c.Bug != "named:bug2" {
				byKind[c.Kind] = append(byKind[c.Kind], c.Mean)
			}
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
		dist, err := MeasureDistribution(g, cfg, presenceSamples, res.Seed+uint64(gi))
		if err != nil {
			return nil, err
		}
		gr.KeyPresence, gr.Sizes, gr.Depths = dist.KeyPresence, dist.Sizes, dist.Depths
		s.Generators = append(s.Generators, gr)
	}
	return s, nil
}

func mean(xs []float64) float64 {
	t := 0.0
	for _, x := range xs {
		t += x
	}
	return t / float64(len(xs))
}

// Distribution describes what a generator produces over the QuickCheck
// size schedule (sizes 0..99, each equally often).
type Distribution struct {
	// KeyPresence is the percentage of (tree, key) draws in which the key,
	// drawn like the properties' keys, is in the tree.
	KeyPresence float64
	// Sizes[i] and Depths[i] count the trees of size (depth) i.
	Sizes, Depths []int
	MeanSize      float64
}

// MeasureDistribution draws samples trees (sizes cycling 0..99) from the
// generator under cfg, with the subject this process runs.
func MeasureDistribution(generator string, cfg Config, samples int, seed uint64) (Distribution, error) {
	g, err := newTreeGen(generator, cfg)
	if err != nil {
		return Distribution{}, err
	}
	r := rand.New(rand.NewPCG(seed, seed^0x5eed))
	var d Distribution
	present, total := 0, 0
	for i := 0; i < samples; i++ {
		n := runner.Size(i, 0, 100)
		t := g.tree(r, n)
		sz, dp := size(t), depth(t)
		for len(d.Sizes) <= sz {
			d.Sizes = append(d.Sizes, 0)
		}
		for len(d.Depths) <= dp {
			d.Depths = append(d.Depths, 0)
		}
		d.Sizes[sz]++
		d.Depths[dp]++
		d.MeanSize += float64(sz)
		if _, ok := find(g.key(r, n), t); ok {
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
