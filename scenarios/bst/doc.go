// Package bst is the How to Specify It! binary search tree case study and
// the Holey Generators evaluation (seed 004 §5, Fig. 13): the subject and
// its eight bugs, the 79 properties of BSTSpec.hs, nine tree generators,
// and the analysis that prints the published figures next to ours.
//
// Execution path: the subject lives in ./subject with its faults as
// //mutprop:variant functions; ./internal/mutated is its schematized copy
// (one runtime switch, MUTPROP_ACTIVE, read once per process), and the
// harness imports only that copy (ops.go). Every mutant therefore runs in a
// worker process of its own — the mutprop binary re-executing itself as
// "mutprop scenario bst --serve-worker", or this package's test binary in
// tests — and trials run in-process inside each worker. This lets a
// go-installed mutprop run the case study without its source tree.
//
// Files:
//   - ops.go: the one import of the subject (the schematized copy).
//   - tree.go: a correct insert, structural and toList equality without
//     allocation in the steady state, and the list model.
//   - properties.go, quickspec.go: the 48 hand-written and 31 QuickSpec
//     properties, each with its kind; a property draws its own arguments
//     from a world (world.go) in the Haskell argument order.
//   - sets.go: the named property sets all79, hughes, holey57 (with the
//     documented inference about its five extra drops) and etna18.
//   - shrink.go: filter valid . genericShrink, and the Equivs shrinker.
//   - generators.go: the key/value configurations (holey, hughes, etna)
//     and the generators api, api-correct, tuned-api, classic, classic-gt,
//     tuned-classic, holey (gen/holey), etna-size, enum (gen/enum) and
//     exhaustive.
//   - suite.go: the experiments fig13, hughes and etna as runner suites.
//   - study.go: Fig. 13 / Fig. 8 / Fig. 9 aggregation, the published
//     figures, key presence and tree-size/depth distributions.
//   - plots.go: distribution plots with gonum/plot.
package bst
