// Package propsuite runs properties against generators and mutants and measures
// the result: the trial core, the experiment matrix, and the worker pool.
// It is the suites' host of mutprop's one engine (package engine); the
// outcomes of its trials and cells are package outcome's.
//
// The files, one concept each:
//
//   - generator.go: Generator[T], a value from a seeded source and a size,
//     and its combinators (IntRange, SliceOf, Frequency, Sized, ...).
//   - property.go: Test, the type-erased "generate one input and check
//     it" unit, built with ForAll and ForAllV, and CaseResult, what one
//     test case concluded (pass, fail or discard).
//   - size.go: QuickCheck's size schedule (computeSize), exactly.
//   - trial.go: RunTrial, one trial to the first failure or the budget, and
//     RunScore, Duregård's per-test-case score. Panics become Crashed.
//   - seed.go: TrialSeed, which derives every trial's seed from the
//     experiment seed and the trial's coordinates, so results do not depend
//     on worker count or order.
//   - suite.go: Mutant, Suite (what a scenario or a test binary offers the
//     harness), Protocol (mttf, trials, score) and Cell (one measurement).
//   - measure.go: the protocol of one cell, run in the current process.
//   - experiment.go: Run, the matrix of mutants × properties × generators,
//     scheduled by engine.Run in-process or on worker Processes, with a
//     cell log, shards, phases (several runs of one experiment over one
//     log) and progress.
//   - journal.go: CellLog, the engine's append-only log of cells
//     (engine.Log), which makes runs resumable.
//   - worker.go, processes.go: the worker protocol. A worker is any program that
//     calls Serve on the same suite (the mutprop binary re-executing itself
//     for the case studies); the pool starts one process per schemata
//     mutant (MUTPROP_ACTIVE is fixed for a process's life; engine.Pool,
//     through proc.Start), sends it JSON jobs on stdin and reads JSON cells
//     from stdout, and kills the whole process group of a worker that
//     hangs, dies or passes its memory cap.
//   - hosted.go: suites hosted by a Go package's test binary (package
//     mutproptest): the environment contract, SuiteInfo, HostedProtocol,
//     HostedTest (white-box mutants run the suite's test of the original).
//   - hostedresult.go: HostedResult, what a hosted suite measured, per
//     property (PropertyKills, Kills) and per mutant (MutantStatus):
//     internal/suitehost fills it, mutprop run's reports render it.
//
// Why processes, and why one schemata mutant per process: a Go program
// cannot recover from a stack overflow or stop a goroutine that loops, so
// a mutant that does either must be contained by a process boundary. The
// schemata switch is read once per process, which keeps the generated code
// free of synchronization and lets the same compiled program run every
// mutant.
package propsuite
