// Package runlog is the record of a `mutprop run`: what its journal holds
// (a description of each scored package, written after its baseline, and
// one record per finished mutant), the conversions between those records
// and gotest's results, and the records of a run gathered per package, as
// its reports and CI outputs read them whether they come from a live run
// or from the journals of its shards.
//
// The files, one concept each:
//
//   - record.go: Record, PackageInfo, Mutant and Package, the records, and
//     their conversions from and to gotest's results and report's model.
//   - journal.go: Journal, the run's journal (an engine.Log of Records):
//     written as mutants finish, read back to resume (gotest.Config's
//     Prior, Ready and Finished hooks).
//   - gather.go: Live, a finished run's records; Merge, the journals of a
//     run's shards combined, every mutant checked present.
//   - lastrun.go: LastRun, the mutant records of the journals in a
//     results directory, read by the journal's parser for mutprop show.
//   - resultsdir.go: EnsureResultsDir, the results directory (.mutprop)
//     that holds the journal and the outcome cache, ignored by git.
//
// The records are JSON with stable field names: they are the lines of the
// journal and the verdicts of the outcome cache (package runcache), so a
// field is never renamed.
package runlog
