// Package tcas is the TCAS scenario (Siemens suite / SIR; seed 000 §5.1):
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
// ("mutprop worker tcas MODE", ServeWorker), or this package's test binary
// in tests, started and scheduled by package engine (engine.Pool,
// engine.Run). Worker modes: "eval" runs the version on batches of inputs
// and returns its outputs (deterministic suites, equivalence),
// "eval-operators" the same with the operator copy, and "mttf:..." serves
// propsuite cells (mean tests-to-failure under random generation). Only
// those cells are journaled (Config.Journal, Config.Shard, MTTFHeader):
// an evaluation's product is every version's output on every input, which
// the equivalence classes, the fault partition and the first failures are
// computed from (hundreds of megabytes with the million-row arrays), and
// it is cheaper to evaluate again than to journal.
//
// Tables 4 and 5 (seed 000 §5.1) are reproduced side by side: for each
// black-box domain and strength, the Radix Coverage array and the plain
// covering array of the same model (IPOG, whose NIST TCAS sizes are within
// 0.4% of ACTS's). Plain arrays whose lower bound (product of the t largest
// domains) exceeds DefaultMaxRows are not built and are reported with that
// bound and their coverage map: t=3 over [0..1000] (at least 1001^3 rows)
// and t=4 over the step-10 range (101^4). The million-row arrays the seed
// ran for days (t=2 over [0..1000], t=3 over the step-10 range) are built
// in minutes (1.2M rows in 114 s and 1.5M rows in 23 s on two heavily
// loaded cores). The Radix construction follows §4: digits over 0..b-1,
// one relation over each parameter's digits at strength p (their count),
// the bound Σ d_i·b^i <= k-1, and index i to value range[i]; the flags and
// the enumerations (Alt_Layer_Value, Other_RAC, Other_Capability) are small
// parameters kept whole, with the same values in every domain. §4 admits
// two bases (package radix): decimal digits, raised only past a million
// values (methodRadix: 3 digits on step-10, 4 on [0..1000]), and the
// smallest base giving at most 6 digits (methodRadixSmallest: base 3 and
// base 4, 5 digits each). Both are measured; decimal digits reproduce the
// seed's Radix columns (step-10 t=2..4: 9, 31, 38 bugs against 9, 30, 35;
// [0..1000] t=2, 3: 27, 30 against 26, 28), the smallest base gives arrays
// 2 to 76 times smaller that find 13, 14, 26 on step-10.
//
// What a suite can find is bounded by its rows on which the original's
// decision logic runs at all ("gate": enabled and not an equipped intruder
// with known intent, about 7% of uniform inputs); the report counts them,
// the faults found by a uniform random suite of the same size, the share of
// don't-care cells IPOG left, and the faults found when the don't-cares
// are filled with each input's first value instead of at random, and with
// other random seeds. Half the cells of the plain t=2 arrays are
// don't-cares (the small parameters, once their pairs are covered), so
// what a plain array finds depends on how they are filled: at random it
// finds what random testing of its million rows finds (all 38 on
// [0..1000]), with constant first values 6 (flags false) or 28 (flags
// true, ACTS's order); the seed's 18 lies between, and how its harness
// filled ACTS's don't-cares is not published.
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
//     on a batch of input sets (engine.Pool workers, engine.Run).
//   - score.go: tests to first failure, which properties hold, equivalence
//     classes.
//   - arrays.go: covering arrays and Radix Coverage arrays of a domain,
//     verified with covering.Check, with time and heap measurements, their
//     don't-care share and fills; the gate of the decision logic.
//   - tables45.go: the side-by-side Tables 4 and 5 and their comparisons.
//   - mttf.go: the random-generation propsuite.Suite, its journal header
//     (MTTFHeader) and ServeWorker.
//   - generic.go: operator mutants (mutate) and black-box mutants
//     (blackbox) of the decision function, scored by the same suites.
//   - paper.go: the seed's published figures.
//   - scenario.go: Config, Run and the Report; run.go: the steps of Run.
//   - text.go, plots.go: the report as tables and faults-vs-tests plots.
//   - rusage_{linux,other}.go: the peak resident memory of this process
//     and of its largest worker, which the report gives.
//   - usage.go: Doc, the help text of mutprop scenario tcas.
//   - command.go: Scenario, the command that mutprop scenario tcas runs
//     (its flags) and its worker side.
package tcas
