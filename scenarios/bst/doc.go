// Package bst is the How to Specify It! binary search tree scenario and
// the Holey Generators evaluation (seed 004 §5, Fig. 13): the subject and
// its eight bugs, the 79 properties of BSTSpec.hs, nine tree generators,
// and the analysis that prints the published figures next to ours.
//
// Execution path: the subject lives in ./subject with its faults as
// //mutprop:variant functions; ./internal/mutated is its schematized copy
// with the named variants and ./internal/operators the one with every
// operator mutant (one runtime switch, MUTPROP_ACTIVE, read once per
// process; both copies share the Tree type of ./internal/tree). The
// harness reaches the subject only through an ops table (ops.go) of one
// copy, or of a black-box mutant of one of its functions. Every schemata
// mutant therefore runs in a worker process of its own — the mutprop
// binary re-executing itself as "mutprop worker bst SPEC" (ServeWorker),
// or this package's test binary in tests — and trials run in-process
// inside each worker. This lets a go-installed mutprop run the scenario without
// its source tree.
//
// Files:
//   - ops.go: the one import of the subject (its two schematized copies)
//     and the ops table the properties call it through.
//   - tree.go: a correct insert, structural equality, the generators' own
//     in-order traversal, and the list model.
//   - world.go: what a property draws its arguments from and calls the
//     subject through; the isBST guard.
//   - properties.go, quickspec.go: the 48 hand-written and 31 QuickSpec
//     properties, each with its kind; a property draws its own arguments
//     from a world (world.go) in the Haskell argument order.
//   - sets.go: the named property sets all79, hughes, fig8, holey57 (with
//     the documented inference about its five extra drops), holey62 and
//     etna18.
//   - shrink.go: filter valid . genericShrink, and the Equivs shrinker.
//   - generators.go: the key/value configurations (holey, hughes, etna)
//     and the generators api, api-correct, tuned-api, tuned-api-correct,
//     classic, tuned-classic (the reading of Holey's classic that gives its
//     key presence), classic-page2, tuned-classic-page2 (the seed's page-2
//     code taken literally), holey (gen/holey), etna-size, enum (gen/enum)
//     and exhaustive; the +valid suffix (discard tests on invalid trees).
//   - suite.go: the experiments fig13, hughes and etna as propsuite suites.
//   - analysis.go: Fig. 13 / Fig. 8 / Fig. 9 aggregation, the published
//     figures (and Etna's tasks), key presence and tree-size/depth
//     distributions.
//   - explain.go: the readings that isolate the causes of the gaps to
//     Fig. 13 (classic's leaf condition, bug 2's invalid api trees, the
//     inferred drops of holey57).
//   - mutants.go: the property suite scored with operator, black-box and
//     named mutants: kill matrix, kill rate per property and kind,
//     redundant and subsumed properties, a minimal killing set.
//   - watchdog.go: ends a worker whose mutant loops or grows the heap
//     without end, so that the pool records a crash at once;
//     cpu_{unix,other}.go: the processor time it reads.
//   - plots.go: distribution plots with gonum/plot.
//   - run.go: Run and RunMutants, the experiments as mutprop runs them
//     (worker processes, journal headers, shards, the explanation as a
//     second phase), and ServeWorker, the worker side.
//   - text.go: the console tables (WriteText).
//   - usage.go: Doc, the help text of mutprop scenario bst.
//   - command.go: Scenario, the command that mutprop scenario bst runs
//     (its flags) and its worker side.
package bst
