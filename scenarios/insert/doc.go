// Package insert is the scenario of Duregård's black-box insert study
// (his thesis Automating Black-Box Property Based Testing, seed 001, paper
// IV, Fig. 4.1): six properties of a sorted insert, from vacuous to complete, and
// two sort properties, scored by black-box mutants (package blackbox) next
// to the percentages the paper printed.
//
// Execution path: the subject is never mutated in source, so every mutant
// is a black-box one and runs in any process. Run measures two propsuite
// experiments over one journal, their cells told apart by their mutants:
// Duregård's per-test-case score (protocol score: a fresh mutant for every
// test case) and the classic per-mutant kill rate over a fixed set of
// mutants (protocol trials). Cells run in worker processes, the mutprop
// binary re-executing itself as "mutprop worker insert ARGS"
// (ServeWorker), or with --in-process in mutprop itself.
//
// Files:
//   - subject.go: insert and sort, the subjects.
//   - properties.go: the properties of Fig. 4.1 and the sort properties,
//     with the paper's figures.
//   - mutants.go: the black-box mutants and how they perturb a list
//     (ListMutator: builtin or constructor).
//   - scenario.go: Config, suite, Run and the Report, with each property's
//     black-box data coverage.
//   - worker.go: WorkerArgs and ServeWorker, the worker side.
//   - text.go: the console tables (WriteText).
//   - usage.go: Doc, the help text of mutprop scenario insert.
//   - command.go: Scenario, the command that mutprop scenario insert runs
//     (its flags) and its worker side.
package insert
