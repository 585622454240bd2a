package propsuite

import (
	"time"

	"github.com/mutprop/mutprop/outcome"
)

// HostedResult is what a hosted suite (registered in a package's tests)
// measured: its black-box mutants and the package's white-box mutants,
// against each of its properties and generators, in the package's own test
// binary. Its host (internal/suitehost) fills it; mutprop run's reports
// render it.
type HostedResult struct {
	Package string `json:"package"` // import path
	Name    string `json:"name"`
	// Test registers the suite; "" for TestMain (mutproptest.Main).
	Test     string   `json:"test,omitempty"`
	Seed     uint64   `json:"seed"`
	Protocol Protocol `json:"protocol"`
	// Properties summarize each (property, generator), in suite order.
	Properties []PropertyKills `json:"properties"`
	// Mutants are the mutants measured (not the original), suite mutants
	// first, then white-box mutants in package order.
	Mutants []MutantStatus `json:"mutants"`
	// Cells are the measurements, in suite order (the original's first).
	Cells []Cell `json:"cells"`
	// NotCovered counts the white-box mutants left out because the test
	// that registers the suite does not execute their code; NotInSchemata
	// those without a schemata switch (every one in overlay mode).
	NotCovered    int `json:"not_covered,omitempty"`
	NotInSchemata int `json:"not_in_schemata,omitempty"`
	// CellTimeout is the deadline of one deciding cell (a worker that
	// passes it is killed and the cell is a timeout).
	CellTimeout time.Duration `json:"cell_timeout_ns"`
	Duration    time.Duration `json:"duration_ns"`
	// Err says why the suite could not be measured, or not completely.
	Err string `json:"error,omitempty"`
}

// Kills is what one (property, generator) did to the mutants of one
// origin (black-box, or white-box: operator and named).
type Kills struct {
	Total int `json:"total"` // mutants measured
	// Detected = Killed + Crashed + Timeout: a test failed, the property
	// or the subject panicked or the worker died, the worker hung.
	Detected int `json:"detected"`
	Killed   int `json:"killed"`
	Crashed  int `json:"crashed"`
	Timeout  int `json:"timeout"`
	// MeanTestsToFailure is the mean, over the killed mutants, of each
	// mutant's mean tests-to-failure (non-discarded tests up to and
	// including the failing one); 0 when none was killed.
	MeanTestsToFailure float64 `json:"mean_tests_to_failure,omitempty"`
}

// PropertyKills is one (property, generator) of a suite.
type PropertyKills struct {
	Property  string `json:"property"`
	Generator string `json:"generator"`
	// Original is the status on the original code: survived, or the
	// property fails there and its mutants were not run.
	Original outcome.Outcome `json:"original"`
	BlackBox Kills           `json:"blackbox"`
	WhiteBox Kills           `json:"whitebox"`
}

// MutantStatus is one mutant of a suite and what the suite did to it.
type MutantStatus struct {
	ID          string `json:"id"`
	Origin      string `json:"origin"`
	Description string `json:"description,omitempty"`
	// Status is the strongest of its cells: killed, crashed, timeout,
	// gave-up, survived (or error).
	Status outcome.Outcome `json:"status"`
	// KilledBy lists the properties ("property" or "property/generator")
	// whose tests failed on it.
	KilledBy []string `json:"killedBy,omitempty"`
}

// Label is how reports name the suite: "name (Test)".
func (r *HostedResult) Label() string {
	if r.Test == "" {
		return r.Name + " (TestMain)"
	}
	return r.Name + " (" + r.Test + ")"
}
