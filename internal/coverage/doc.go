// Package coverage says which tests reach a mutant: the source ranges a
// mutant changes (MutantSpans), the blocks a coverage profile says ran
// (ParseProfile, go test -coverprofile: overlay mode), and what a
// schemata binary's own recording wrote (ParseProbeFile: the guarded
// sites that ran and the mutants a test infected).
package coverage
