// Package mutate makes mutants of a Go package: white-box operator mutants
// (AST rewrites checked with go/types), named variants declared in the
// source with //mutprop:variant, and the schemata and overlays that build
// them.
//
// The stages, one file each:
//
//	load.go       Load: go/packages with types and syntax; non-test files only
//	operator.go   Operator (and its pass, edit and validate): operators are values
//	operators.go  Operators: the default operator slice, listed explicitly
//	traverse.go   the one traversal per file shared by every operator
//	enumerate.go  Enumerate: runs the operators, applies //mutprop:ignore,
//	              skips variant functions, generated files and known
//	              equivalent sites, and numbers nothing (Schema stays 0)
//	typecheck.go  every operator mutant is type-checked against the loaded
//	              package (shared importer, bounded workers); ill-typed
//	              mutants are counted in Stats and dropped. A check parses
//	              only the mutated declaration, checks the mutants of
//	              function bodies in batches (renamed copies beside the
//	              package's declarations, other bodies empty), and skips
//	              the elements of package-level tables (a generated table
//	              costs nothing per mutant); a binary operator swap the
//	              package's types prove well-typed is not checked
//	named.go      //mutprop:variant directives: parsing and checking
//	mutant.go     Mutant, TextEdit, Stats, Options: mutants are data
//	apply.go      Apply (one mutant's sources) and WriteOverlay (go build -overlay)
//	schemata.go   SchemataWith: every mutant in one copy of each file, guarded
//	              by the package variable mutpropActive
//	generate.go   Generate: a schematized copy of a package as an ordinary
//	              package, for go generate (mutprop schemata)
//	diff.go       Diff: a unified diff of one mutant
//	listing.go    List, Find: the listings mutprop mutants and mutprop show
//	              print (WriteListingsJSON, WriteMutant)
//
// # Mutants
//
// A Mutant is plain data: a stable ID, an origin ("operator" or "named"), a
// location, a description and a list of TextEdits (file, byte range,
// replacement). Operator mutant IDs read
// "operator:<file>:<line>:<col>:<operator>:<label>", for example
// "operator:tree.go:42:7:relational:<="; named mutants are "named:<name>".
// Everything else (schemata, overlays, diffs) is derived from a Mutant and
// the loaded Package, so a Mutant survives a JSON round trip.
//
// # Schemata
//
// SchemataWith writes every mutant into one copy of each changed file. The
// generated file mutprop_active.go (standard library only) declares
//
//	var mutpropActive = mutpropReadActive()
//
// which reads the environment variable MUTPROP_ACTIVE once: unset or empty
// runs the original; a schema number runs that mutant; anything else
// (not a non-negative integer) panics at package initialisation with a
// message naming the value, because silently running the original would
// score the mutant as survived.
//
// Guards keep the evaluation order of the single-mutant build:
//
//   - an expression site becomes an immediately called closure,
//     func() T { switch mutpropActive { case N: return mutated }; return original }(),
//     so side effects and short-circuit evaluation happen exactly as in the
//     single-mutant build. A mutation inside a constant expression guards
//     the whole (maximal) constant expression, so constant arithmetic keeps
//     its meaning;
//   - a statement site (or a list of statements, such as an emptied body)
//     becomes if mutpropActive == N { mutated } else if ... { } else { original };
//     an if chain, not a switch, so break and continue keep their targets.
//     A statement in a for, if or switch header becomes a called closure
//     func() { if ... }();
//   - a named variant becomes if mutpropActive == N { return variant(params...) }
//     at the start of each target (methods pass their receiver, variadic
//     parameters are passed with ...; unnamed parameters are named).
//
// With SchemataOptions.Probes (probe.go), an expression site grows to the
// largest pure expression of boolean, integer or string type around the
// mutation that is an operation or a call (never an operand that may be
// assigned to), and after the original value is computed it evaluates
// every mutated expression too when MUTPROP_PROBE names a file, appending
// the schema number of each mutant whose value differs (or whose
// evaluation panics) to that file, once. A test whose run infects no
// mutant of a site cannot kill them: mutprop run skips such tests
// (weak mutation used as a filter for strong mutation).
//
// With SchemataOptions.Coverage, each guarded site also records, when
// MUTPROP_PROBE names a file and no mutant is active, its first run: a line
// "r" and its mutants' schema numbers. A run of one test so tells which
// mutants it can reach, from the binary that runs them (mutprop run needs
// no coverage build); with SchemataOptions.Copies the recording run goes
// through the guarded copies.
//
// SchemataWith type-checks its output. A guard that does not type-check (a type
// that cannot be named in the file, say) is removed and its mutants keep
// Schema 0: they run only in overlay mode (Apply). This is rare and is
// reported by SchemataWith's caller through the zero Schema.
//
// # Language versions
//
// The go command compiles a package at its module's language version (the
// go line; go1.16 when go.mod has none), which a file's //go:build go1.N
// line changes for that file (to at least go1.21), and the generated code
// is compiled with it. ActiveFile and the probes are fixed text written in
// Go 1.0 (a 0644 literal, sync/atomic functions rather than types,
// os.OpenFile, strconv), so they are valid at every version. Everything
// else (operator mutants, guards, variant calls) is type-checked with
// types.Config.GoVersion set to the package's version and the files'
// build lines: a mutant that needs a newer language is dropped as
// ill-typed, a guard that does is disabled. A guarded constant shift count
// is typed uint, not int, because a signed count needs go1.13.
// goversion_test.go checks every generated file at go1.0 to the current
// version, standard library calls included (against $GOROOT/api).
//
// # Known equivalent sites
//
// Mutants entirely inside a make capacity (make([]T, n, CAP)) or a map size
// hint (make(map[K]V, HINT)) are equivalent and counted in
// Stats.Equivalent. Other known sources of equivalent mutants, not yet
// filtered: the midpoint of a binary search (lo+(hi-lo)/2 against
// (lo+hi)/2), capacity arguments of strings.Builder.Grow and bytes.Buffer.Grow,
// boundary mutants of loop conditions over values that never reach the
// boundary, and x+0 / x*1 shapes. Mark them with //mutprop:ignore.
//
// # Directives
//
//	//mutprop:ignore                          at the end of a line, or in a
//	                                          function's doc comment
//	//mutprop:variant target name "description" in a function's doc comment
//
// Variant functions and files with a "// Code generated ... DO NOT EDIT."
// header are never operator-mutated. _test.go files are never loaded: the
// tests are what kill.
package mutate
