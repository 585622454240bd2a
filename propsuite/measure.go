package propsuite

import (
	"context"

	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/stats"
)

// job is one cell to measure, as sent to a worker.
type job struct {
	Mutant    Mutant   `json:"mutant"`
	Property  string   `json:"property"`
	Generator string   `json:"generator"`
	Seed      uint64   `json:"seed"`
	Protocol  Protocol `json:"protocol"`
}

// measure runs one cell's protocol in this process.
func measure(ctx context.Context, s *Suite, j job) Cell {
	c := Cell{Mutant: j.Mutant.ID, Property: j.Property, Generator: j.Generator, Outcomes: map[outcome.Outcome]int{}}
	t, err := s.Test(j.Mutant, j.Property, j.Generator)
	if err != nil {
		c.Error = err.Error()
		return c
	}
	p := j.Protocol
	seedProperty := j.Property
	if p.CommonSeeds {
		seedProperty = ""
	}
	seed := func(trial int) uint64 { return TrialSeed(j.Seed, j.Mutant.ID, seedProperty, j.Generator, trial) }
	record := func(r TrialResult) {
		c.Outcomes[r.Outcome]++
		if r.Outcome == outcome.Killed {
			c.Counts = append(c.Counts, r.TestsToFailure)
		}
		if r.Outcome.Detected() {
			c.Fails = true
		}
		if r.Crash != "" && c.Crash == "" {
			c.Crash = r.Crash
		}
	}
	switch p.Kind {
	case "score":
		sr, err := RunScore(ctx, t, seed(0), p.Tests, &TrialConfig{MaxDiscardRatio: p.MaxDiscardRatio})
		if err != nil {
			c.Error = err.Error()
			return c
		}
		c.Score = &sr
		c.Fails = sr.Failed+sr.Crashed > 0
		if sr.Crash != "" {
			c.Crash = sr.Crash
		}
	case "trials":
		for i := 0; i < p.Trials && ctx.Err() == nil; i++ {
			record(RunTrial(ctx, t, seed(i), &TrialConfig{MaxTests: p.DecideBudget, MaxDiscardRatio: p.MaxDiscardRatio}))
		}
	default: // mttf
		first := RunTrial(ctx, t, seed(0), &TrialConfig{MaxTests: p.DecideBudget, MaxDiscardRatio: p.MaxDiscardRatio})
		record(first)
		if first.Outcome == outcome.Killed {
			for i := 1; i <= p.Trials && ctx.Err() == nil; i++ {
				r := RunTrial(ctx, t, seed(i), &TrialConfig{MaxTests: p.FailBudget, MaxDiscardRatio: p.MaxDiscardRatio})
				record(r)
				if r.Outcome == outcome.Crashed {
					break // a crashing cell will crash again; do not spin
				}
			}
		}
	}
	c.Summary = stats.SummarizeInts(c.Counts)
	return c
}
