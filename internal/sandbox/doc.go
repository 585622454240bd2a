// Package sandbox is where mutprop runs a user's test binaries: a
// disposable copy of the module, and a guard of the package directory in
// the user's tree.
//
//   - Template (module.go) is a copy of the whole module, made once per
//     run: its files, go.mod with local replace directives made absolute,
//     testdata, golden and embedded files. It leaves out .git, .mutprop,
//     nested modules (except fixture modules under testdata) and rapid's
//     fail files (testdata/rapid).
//   - Scratch (scratch.go) is a worker's copy of a Template, with a
//     TMPDIR beside it. Reset brings it back to the template before every
//     run, so a file a mutant writes never reaches the next run.
//     A root reached through a symbolic link is copied from the
//     directory it names; a module of a go.work workspace gets a go.work
//     in its copy that uses the copy and the other modules where they lie
//     (workspace.go).
//   - LockResults (results.go) holds a results directory's lock for a
//     run's life: a second run there waits for the first.
//   - Guard (guard.go) watches the package directory in the user's tree
//     while mutants run. It detects writes into it, names the mutant that
//     makes them again when rerun alone, and restores the files.
//
// A Scratch and a Guard compare a tree with one snapshot, diff and restore
// (snapshot.go). On Linux an inotify watch (inode_linux.go) says whether
// anything changed since the last look: most runs write nothing, and then
// neither walks its tree.
package sandbox
