package propsuite

import (
	"fmt"

	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/stats"
)

// Mutant names one changed subject that a Suite can run. The zero Mutant
// (ID "") is the original subject: the baseline shares the execution path.
type Mutant struct {
	ID          string `json:"id"`
	Origin      string `json:"origin,omitempty"` // "operator", "named" or "blackbox"
	Description string `json:"description,omitempty"`
	// Schema is the schemata switch the worker process must run with
	// (environment MUTPROP_ACTIVE); 0 for the original and for black-box
	// mutants, which are wrapped in-process.
	Schema int `json:"schema,omitempty"`
}

// Suite is what a scenario, or a user's test binary, offers the harness:
// mutants, properties and generators, and a way to build the test of one
// (mutant, property, generator) cell.
type Suite struct {
	Name       string
	Mutants    []Mutant
	Properties []string
	Generators []string
	// Test returns the test for one cell. It runs in a process whose
	// schemata switch is already set to m.Schema; black-box mutants are
	// wrapped here. An error means the cell cannot run (misuse), and is
	// recorded in the cell, not fatal to the experiment.
	Test func(m Mutant, property, generator string) (Test, error)
}

// Validate reports a suite that cannot be run: no test function, duplicate
// or empty names.
func (s *Suite) Validate() error {
	if s == nil || s.Test == nil {
		return fmt.Errorf("suite has no Test function")
	}
	seen := map[string]bool{}
	for _, m := range s.Mutants {
		if seen["m:"+m.ID] {
			return fmt.Errorf("suite %s: duplicate mutant %q", s.Name, m.ID)
		}
		seen["m:"+m.ID] = true
	}
	for _, p := range s.Properties {
		if p == "" || seen["p:"+p] {
			return fmt.Errorf("suite %s: empty or duplicate property %q", s.Name, p)
		}
		seen["p:"+p] = true
	}
	for _, g := range s.Generators {
		if g == "" || seen["g:"+g] {
			return fmt.Errorf("suite %s: empty or duplicate generator %q", s.Name, g)
		}
		seen["g:"+g] = true
	}
	return nil
}

// Protocol says how one cell is measured.
type Protocol struct {
	// Kind is "mttf" (the default), "trials" or "score".
	//   mttf: one trial of DecideBudget tests decides whether the cell fails
	//     at all; if it does, Trials more trials with FailBudget tests each
	//     (the How to Specify It! / Holey Generators protocol).
	//   trials: Trials independent trials of DecideBudget tests each (the
	//     classic kill rate over seeds).
	//   score: one run of Tests test cases, counting every failure
	//     (Duregård's per-test-case score).
	Kind            string `json:"kind,omitempty"`
	Trials          int    `json:"trials,omitempty"`
	DecideBudget    int    `json:"decide_budget,omitempty"`
	FailBudget      int    `json:"fail_budget,omitempty"`
	Tests           int    `json:"tests,omitempty"`
	MaxDiscardRatio int    `json:"max_discard_ratio,omitempty"`
	// CommonSeeds leaves the property out of the trial seeds, so that every
	// property of a (mutant, generator) draws the same random stream: with
	// properties that generate their inputs alike, they are compared on the
	// same inputs and mutants (common random numbers), and a property that
	// implies another never scores lower by chance.
	CommonSeeds bool `json:"common_seeds,omitempty"`
}

// withDefaults fills unset fields: mttf, 1,000 trials, 10,000 then 10^6 tests.
func (p *Protocol) withDefaults() Protocol {
	q := Protocol{}
	if p != nil {
		q = *p
	}
	if q.Kind == "" {
		q.Kind = "mttf"
	}
	if q.Trials == 0 {
		q.Trials = 1000
	}
	if q.DecideBudget == 0 {
		q.DecideBudget = 10000
	}
	if q.FailBudget == 0 {
		q.FailBudget = 1000000
	}
	if q.Tests == 0 {
		q.Tests = 1000
	}
	return q
}

// Cell is the measurement of one (mutant, property, generator).
type Cell struct {
	Mutant    string `json:"mutant"`
	Property  string `json:"property"`
	Generator string `json:"generator"`
	// Fails reports whether any trial falsified the property (or crashed or
	// timed out).
	Fails bool `json:"fails"`
	// Counts holds the tests-to-failure of every killed trial, in trial order.
	Counts []int `json:"counts,omitempty"`
	// Summary summarizes Counts.
	Summary stats.Summary `json:"summary"`
	// Outcomes counts the trials by outcome.
	Outcomes map[outcome.Outcome]int `json:"outcomes"`
	// Score is set by the score protocol.
	Score *ScoreResult `json:"score,omitempty"`
	// Crash is the first crash message, if any trial crashed.
	Crash string `json:"crash,omitempty"`
	// Error is set when the cell could not run at all (misuse).
	Error string `json:"error,omitempty"`
	// Phase is the phase of the experiment that measured the cell
	// (Options.Phase; "" for a single phase): part of its key, so that
	// the phases of one experiment share a journal without taking each
	// other's cells.
	Phase string `json:"phase,omitempty"`
}

// Key identifies the cell in journals and shards.
func (c *Cell) Key() string { return cellKey(c.Phase, c.Mutant, c.Property, c.Generator) }

// cellKey is the key of the cell of mutant m, property p and generator g
// in a phase: "m\x1fp\x1fg", prefixed with "phase\x1f" for a named phase.
func cellKey(phase, m, p, g string) string {
	k := m + "\x1f" + p + "\x1f" + g
	if phase != "" {
		k = phase + "\x1f" + k
	}
	return k
}

// Trials is the number of trials the cell ran.
func (c *Cell) Trials() int {
	n := 0
	for _, k := range c.Outcomes {
		n += k
	}
	return n
}
