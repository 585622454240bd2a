package suitehost

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/proc"
	"github.com/mutprop/mutprop/propsuite"
	"github.com/mutprop/mutprop/stats"
)

// Host is what measuring a suite needs of the test binary that registers
// it: the run's settings, and the command of a worker process.
type Host struct {
	Package  string // the package's import path
	Seed     uint64
	Workers  int
	Timeouts proc.Timeouts
	// Worker returns the command of the n-th worker process started for
	// the suite info (n counts from 1): the test binary serving it
	// (propsuite.SuiteWorkerEnv), in a directory of its own.
	Worker func(info propsuite.SuiteInfo, n int64) (proc.Spec, error)
}

// Measure measures the suite info against its own (black-box) mutants and
// the white-box mutants given, in worker processes of the test binary.
// The original's cells run first, alone, to time them and to leave out the
// properties that fail on the original. With the mttf protocol, every
// mutant's cell is then decided by its first trial under a deadline of
// Timeouts.For(the slowest original cell), and only the killed cells run
// their remaining trials, under a deadline scaled by their larger budget:
// the cells are exactly those of one mttf run (same seeds), but a mutant
// that hangs costs one short deadline per cell. Problems are reported in
// HostedResult.Err.
func Measure(ctx context.Context, h Host, info propsuite.SuiteInfo, white []propsuite.Mutant) propsuite.HostedResult {
	proto := propsuite.HostedProtocol(info.Protocol)
	r := propsuite.HostedResult{Package: h.Package, Name: info.Name, Test: info.Test, Seed: h.Seed, Protocol: proto}
	suite := &propsuite.Suite{
		Name: info.Name, Mutants: suiteMutants(info, white), Properties: info.Properties, Generators: info.Generators,
		Test: func(propsuite.Mutant, string, string) (propsuite.Test, error) {
			return nil, errors.New("the cells of a registered suite run in its test binary")
		},
	}
	if err := suite.Validate(); err != nil {
		r.Err = err.Error()
		return r
	}
	decide := proto
	if proto.Kind == "mttf" {
		decide = propsuite.Protocol{Kind: "trials", Trials: 1, DecideBudget: proto.DecideBudget,
			MaxDiscardRatio: proto.MaxDiscardRatio, CommonSeeds: proto.CommonSeeds}
	}
	var starts atomic.Int64
	run := func(p propsuite.Protocol, workers int, timeout time.Duration, sel func(propsuite.Mutant, string, string) bool, progress func(propsuite.Progress)) (*propsuite.Result, error) {
		pool := &propsuite.Processes{CellTimeout: timeout, Command: func() (proc.Spec, error) { return h.Worker(info, starts.Add(1)) }}
		return propsuite.Run(ctx, suite, &propsuite.Options{Seed: r.Seed, Protocol: &p, Workers: workers,
			Processes: pool, Select: sel, Progress: progress})
	}

	// The original, one cell at a time, timed.
	var slowest, last time.Duration
	var mu sync.Mutex
	orig, err := run(decide, 1, 10*time.Minute, func(m propsuite.Mutant, _, _ string) bool { return m.ID == "" }, func(p propsuite.Progress) {
		mu.Lock()
		defer mu.Unlock()
		slowest = max(slowest, p.Elapsed-last)
		last = p.Elapsed
	})
	if err != nil {
		r.Err = fmt.Sprintf("original: %v", err)
		return r
	}
	cells := map[string]propsuite.Cell{}
	ok := map[string]bool{} // property/generator pairs that hold on the original
	for _, c := range orig.Cells {
		cells[c.Key()] = c
		ok[c.Property+"\x1f"+c.Generator] = cellStatus(c) == outcome.Survived
	}
	r.CellTimeout = h.Timeouts.For(slowest)
	decided, err := run(decide, h.Workers, r.CellTimeout, func(m propsuite.Mutant, p, g string) bool {
		return m.ID != "" && ok[p+"\x1f"+g]
	}, nil)
	keep(cells, decided)
	if err == nil && proto.Kind == "mttf" {
		killed := map[string]bool{}
		for _, c := range decided.Cells {
			if c.Outcomes[outcome.Killed] > 0 {
				killed[c.Key()] = true
			}
		}
		scale := 1 + float64(proto.Trials)*float64(proto.FailBudget)/float64(proto.DecideBudget)
		var full *propsuite.Result
		full, err = run(proto, h.Workers, h.Timeouts.For(time.Duration(scale*float64(slowest))), func(m propsuite.Mutant, p, g string) bool {
			return killed[(&propsuite.Cell{Mutant: m.ID, Property: p, Generator: g}).Key()]
		}, nil)
		keep(cells, full)
	}
	if err != nil {
		r.Err = err.Error()
	}
	summarize(&r, suite, cells)
	return r
}

// suiteMutants lists a suite's mutants: the original first, then the
// suite's own (black-box: not in the schemata), then white.
func suiteMutants(info propsuite.SuiteInfo, white []propsuite.Mutant) []propsuite.Mutant {
	muts := []propsuite.Mutant{{}}
	for _, m := range info.Mutants {
		if m.ID == "" {
			continue
		}
		m.Schema = 0 // a suite's own mutants are not in the schemata
		if m.Origin == "" {
			m.Origin = "blackbox"
		}
		muts = append(muts, m)
	}
	return append(muts, white...)
}

// keep records the cells of res (nil: none) by key.
func keep(cells map[string]propsuite.Cell, res *propsuite.Result) {
	if res == nil {
		return
	}
	for _, c := range res.Cells {
		cells[c.Key()] = c
	}
}

// cellStatus is a cell's status: killed if a trial's test failed, else
// crashed, timeout, gave-up, survived; error if it could not run.
func cellStatus(c propsuite.Cell) outcome.Outcome {
	switch {
	case c.Error != "":
		return outcome.Error
	case c.Score != nil:
		if c.Score.Failed > 0 {
			return outcome.Killed
		}
		if c.Score.Crashed > 0 {
			return outcome.Crashed
		}
		if c.Score.GaveUp {
			return outcome.GaveUp
		}
		return outcome.Survived
	case c.Outcomes[outcome.Killed] > 0:
		return outcome.Killed
	case c.Outcomes[outcome.Crashed] > 0:
		return outcome.Crashed
	case c.Outcomes[outcome.Timeout] > 0:
		return outcome.Timeout
	case c.Outcomes[outcome.GaveUp] > 0:
		return outcome.GaveUp
	}
	return outcome.Survived
}

var statusRank = map[outcome.Outcome]int{outcome.Error: -1, outcome.Survived: 0, outcome.GaveUp: 1, outcome.Timeout: 2, outcome.Crashed: 3, outcome.Killed: 4}

// summarize fills the cells, mutants and properties of r.
func summarize(r *propsuite.HostedResult, suite *propsuite.Suite, cells map[string]propsuite.Cell) {
	label := func(p, g string) string {
		if len(suite.Generators) > 1 {
			return p + "/" + g
		}
		return p
	}
	key := func(m, p, g string) string { return (&propsuite.Cell{Mutant: m, Property: p, Generator: g}).Key() }
	var props []*propsuite.PropertyKills
	means := map[*propsuite.Kills][]float64{} // each killed mutant's mean tests-to-failure
	byKey := map[string]*propsuite.PropertyKills{}
	for _, p := range suite.Properties {
		for _, g := range suite.Generators {
			sp := &propsuite.PropertyKills{Property: p, Generator: g}
			if c, ok := cells[key("", p, g)]; ok {
				sp.Original = cellStatus(c)
			}
			props = append(props, sp)
			byKey[key("", p, g)] = sp
		}
	}
	for _, m := range suite.Mutants {
		for _, p := range suite.Properties {
			for _, g := range suite.Generators {
				if c, ok := cells[key(m.ID, p, g)]; ok {
					r.Cells = append(r.Cells, c)
				}
			}
		}
	}
	for _, m := range suite.Mutants[1:] {
		sm := propsuite.MutantStatus{ID: m.ID, Origin: m.Origin, Description: m.Description}
		for _, p := range suite.Properties {
			for _, g := range suite.Generators {
				sp := byKey[key("", p, g)]
				c, ok := cells[key(m.ID, p, g)]
				if !ok || sp.Original != outcome.Survived {
					continue
				}
				st := cellStatus(c)
				if sm.Status == "" || statusRank[st] > statusRank[sm.Status] {
					sm.Status = st
				}
				k := &sp.WhiteBox
				if m.Schema == 0 {
					k = &sp.BlackBox
				}
				k.Total++
				switch st {
				case outcome.Killed:
					k.Detected++
					k.Killed++
					sm.KilledBy = append(sm.KilledBy, label(p, g))
					if len(c.Counts) > 0 {
						means[k] = append(means[k], stats.SummarizeInts(c.Counts).Mean)
					}
				case outcome.Crashed:
					k.Detected++
					k.Crashed++
				case outcome.Timeout:
					k.Detected++
					k.Timeout++
				}
			}
		}
		if sm.Status != "" {
			r.Mutants = append(r.Mutants, sm)
		}
	}
	for _, sp := range props {
		for _, k := range []*propsuite.Kills{&sp.BlackBox, &sp.WhiteBox} {
			if xs := means[k]; len(xs) > 0 {
				sum := 0.0
				for _, x := range xs {
					sum += x
				}
				k.MeanTestsToFailure = sum / float64(len(xs))
			}
		}
		r.Properties = append(r.Properties, *sp)
	}
}
