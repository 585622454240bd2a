// Package coverage says which tests reach a mutant: the source ranges a
// mutant changes (MutantSpans), the blocks a coverage profile says ran
// (ParseProfile, go test -coverprofile: overlay mode), and what a
// schemata binary's own recording wrote (ParseProbeFile: the guarded
// sites that ran and the mutants a test infected). AtInit tells the
// mutants of code that runs as the package initializes, which every test
// reaches.
package coverage
