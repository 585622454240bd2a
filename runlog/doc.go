// Package runlog is the record of a `mutprop run`: what its journal holds
// (a description of each scored package, written after its baseline, one
// record per finished mutant, and what the run measured besides when it
// ends), and the records of a run gathered per package, as its reports
// and CI outputs read them whether they come from a live run or from the
// journals of its shards. A mutant's record is gotest's result itself
// (Mutant is gotest.MutantResult), stored whole: nothing is converted
// back and forth.
//
// The files, one concept each:
//
//   - record.go: Record, PackageInfo, Ended and Package, the records;
//     NewMutant, a finished mutant as the journal keeps it; and
//     Package.Report, the conversion into report's model.
//   - journal.go: Journal, the run's journal (an engine.Log of Records,
//     behind the header of the run's runsettings.Settings and the
//     records' version): written as mutants finish, read back to resume
//     (gotest.Config's Prior, Ready and Finished hooks), but the verdicts
//     whose inputs changed since; a journal an older mutprop wrote is
//     refused.
//   - inputs.go: Tree, what verdicts depend on in the user's tree as a
//     run starts (package runcache hashes it); Inputs, a package's part
//     of it as the journal records it; DependsOn, the test packages a
//     verdict depends on; Changes, what changed since a journal.
//   - gather.go: Live, a finished run's records; Merge, the journals of a
//     run's shards combined, every mutant checked present, the shards'
//     strength and suites joined.
//   - lastrun.go: LastRun, the mutant records of the journals in a
//     results directory, read by the journal's parser for mutprop show.
//   - resultsdir.go: EnsureResultsDir, the results directory (.mutprop)
//     that holds the journal and the outcome cache, ignored by git.
//
// The records are JSON with stable field names: they are the lines of the
// journal and the verdicts of the outcome cache (package runcache), so a
// field is never renamed.
//
// On --resume, a journaled verdict is reused only while what it depends on
// is unchanged: the mutated package's code and, for a kill, its killer's
// test package, for any other verdict every test package that counts for
// it (their files, the code they link, what their tests read: the test
// log). Each mutant record is stamped with a hash of that part of the
// package's inputs record (Inputs.Stamp), so a verdict recorded before an
// earlier resume changed the record stays stale.
package runlog
