package gotest

import (
	"context"

	"github.com/mutprop/mutprop/internal/suitehost"
	"github.com/mutprop/mutprop/internal/testbin"
	"github.com/mutprop/mutprop/propsuite"
)

// SuiteResult is what a suite registered in the package's tests measured
// (propsuite.HostedResult, which internal/suitehost fills).
type SuiteResult = propsuite.HostedResult

// runSuites measures the suites the package's tests register
// (suitehost.Run) on the session's schemata binary. It runs after the
// white-box mutants: the per-test coverage of the baseline decides which
// white-box mutants a suite's test can reach.
func (s *session) runSuites(ctx context.Context, pr *PackageResult) []SuiteResult {
	p := suitehost.Package{Path: s.pkg.Path, Dir: s.pkg.Dir, Tests: s.tests, Binary: s.bin,
		Template: s.tmpl, Scratch: s.scratch(0), Work: s.work, Memory: s.cfg.memory(), Env: testbin.BaseEnv(),
		Describe: s.timeout(s.tests), Logf: s.cfg.logf,
		Host: suitehost.Host{Seed: s.cfg.seed(), Workers: s.cfg.workers(), Timeouts: s.cfg.Timeouts}}
	return suitehost.Run(ctx, p, func(info propsuite.SuiteInfo) ([]propsuite.Mutant, int, int) { return s.suiteWhiteBox(pr, info) })
}

// suiteWhiteBox returns the package's mutants a suite runs against: those
// in the schemata whose code the suite's test executes (all of them for
// TestMain's suite, whose coverage is unknown), and how many were left
// out for each reason.
func (s *session) suiteWhiteBox(pr *PackageResult, info propsuite.SuiteInfo) (white []propsuite.Mutant, notCovered, notInSchemata int) {
	for _, mr := range pr.Mutants {
		m := mr.Mutant
		switch {
		case m.Schema == 0 || s.cfg.mode().overlay():
			notInSchemata++
		case info.Test != "" && !s.covers(info.Test, s.pkg, m):
			notCovered++
		default:
			white = append(white, propsuite.Mutant{ID: m.ID, Origin: m.Origin, Description: m.Description, Schema: m.Schema})
		}
	}
	return white, notCovered, notInSchemata
}
