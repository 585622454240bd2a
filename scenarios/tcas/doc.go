// Package tcas is the TCAS case study (Siemens suite / SIR; seed 000 §5.1):
// the 41 faulty versions of tcas.c scored by SIR's universe test plan, by
// the differential oracle and by the safety properties P1a..P5b that hold
// on the original, over uniform random generation, the NIST grid, plain
// covering arrays (gen/covering, IPOG) and Radix Coverage (gen/radix), next
// to the seed's Tables 4 and 5.
//
// Execution path: the subject lives in ./subject with its faulty versions
// as //mutprop:variant functions; ./internal/mutated is its schematized
// copy (go generate ./scenarios/tcas/subject), and the harness imports only
// that copy (ops.go). Every version therefore runs in a worker process of
// its own, with its MUTPROP_ACTIVE: the mutprop binary re-executing itself
// ("mutprop scenario tcas --serve-worker MODE"), or this package's test
// binary in tests. Worker modes: "eval" runs the version on batches of
// inputs and returns its outputs (deterministic suites, equivalence),
// "eval-operators" the same with the operator copy, and
// "mttf:..." serves runner cells (mean tests-to-failure under random
// generation).
//
// Files:
//   - ops.go: the one import of the subject (the schematized copies: named
//     versions in internal/mutated, operator mutants in internal/operators)
//     and the lists of versions and operator mutants.
//   - categories.go: the fault category of each version; v38 not portable.
//   - input.go: the closed form of the original (the oracle inside
//     workers), the domains nist, int1001 and step10, the NIST grid and
//     uniform sampling.
//   - universe.go: the embedded universe test plan and its parser.
//   - properties.go: P1a..P5b and the differential oracle.
//   - eval.go: the eval worker protocol and the evaluation of every version
//     on a batch of input sets.
//   - score.go: tests to first failure, which properties hold, equivalence
//     classes.
//   - arrays.go: covering arrays and Radix Coverage arrays of a domain,
//     verified with covering.Check, with time and heap measurements.
//   - mttf.go: the random-generation runner suite and ServeWorker.
//   - generic.go: operator mutants (mutate) and black-box mutants
//     (blackbox) of the decision function, scored by the same suites.
//   - paper.go: the seed's published figures.
//   - study.go: Config, Run and the Report.
//   - text.go, plots.go: the report as tables and faults-vs-tests plots.
package tcas
