// Package engine is mutprop's one execution engine: it schedules jobs on
// workers, runs worker processes, keeps the journal that makes a run
// resumable, splits runs into shards and merges the shards' journals. The
// hosts are drivers over it, the way go/analysis drivers are over an
// Analyzer: package gotest turns a user's Go test packages into jobs (a
// mutant against its covering tests, in a test process), package propsuite
// turns a suite (the bst, tcas and insert case studies, suites registered
// in a package's tests) into jobs (a mutant x property x generator cell,
// in a worker process), package scenarios/tcas its evaluations (every
// version on lists of inputs, a worker process per version), and each
// reads its verdicts back.
//
// The files, one concept each:
//
//   - schedule.go: Run, the scheduler: jobs to a fixed number of workers,
//     one at a time or grouped by the worker process they need (a
//     schemata switch), stopping at cancellation or the first error.
//   - workers.go: Pool and Worker, worker processes started by
//     proc.Start (each in its own process group, under its memory cap)
//     that answer one JSON line per request line (Call) or requests in a
//     framing of the host's (Exchange: TCAS's packed rows), killed with
//     the group on a deadline, a death or a cap (ErrTimeout, DiedError).
//   - journal.go: Log, the append-only JSON-lines journal: a header that
//     identifies the run, one record per finished job, torn tails repaired;
//     resume reads it back.
//   - pilot.go: Pilot and PilotFirst, a sample of a stage's jobs spread
//     over it and run first, whose cost predicts the stage's.
//   - shard.go: Shard, a deterministic part of a run by a hash of each
//     job's key.
//   - merge.go: Merge and WriteLog, which combine the journals of a run's
//     shards (or of a run and its resumption) into one.
//
// Determinism is the hosts' part of the contract: a job's result may
// depend on its key and the run's seed, never on which worker ran it or
// when, so that the same seed gives the same results whatever the worker
// count, the shards or the resumptions.
package engine
