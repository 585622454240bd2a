// Package hostile is mutprop's hostile fixture: a package whose named
// variants misbehave in every way a mutant can, to check that "mutprop run"
// classifies them, finishes, leaves no process behind and writes nothing
// outside its scratch directories. gotest/hostile_test.go runs it.
//
// It lives under internal/testdata so that ./... (go test, go vet) skips it:
// its variants only run under mutprop.
//
// Files:
//
//	hostile.go       the subject: Double and Triangle, with the variants of
//	                 Double, one per kind of misbehaviour
//	hostile_test.go  the tests of Double and Triangle (a small stack, so
//	                 the overflowing variant crashes fast), and TestReserve,
//	                 which reserves 8 GiB it never touches and must pass the
//	                 baseline under a 1 GiB cap of resident memory
//	testdata/        victim.txt and keep.txt, files of the package directory
//	                 that variants overwrite and remove
//
// Expected outcomes (see gotest/hostile_test.go for the reasons checked):
//
//	named:loop      loops forever                         timeout
//	named:sleep     sleeps for an hour                    timeout
//	named:overflow  recurses until the stack overflows    crashed
//	named:exit0     os.Exit(0) (-test.paniconexit0 makes
//	                it a panic that fails the test)       killed
//	named:exit1     os.Exit(1)                            crashed
//	named:goexit    runtime.Goexit in the test goroutine  killed
//	named:deadlock  locks a mutex twice                   timeout (the runtime's
//	                                                      deadlock, or the
//	                                                      deadline's)
//	named:alloc     allocates without bound               crashed (memory cap:
//	                                                      the reason names the
//	                                                      resident memory and
//	                                                      TestDouble)
//	named:noisy     writes 12 KB lines without end        crashed (output budget,
//	                                                      256 MiB: reached in
//	                                                      well under a second,
//	                                                      long before the
//	                                                      timeout)
//	named:orphan    leaves "sleep 1000" in its group      survived
//	named:escape    leaves "sleep 1000" in a new session
//	                and in a new process group            survived (reason names them)
//	named:writecwd  writes into its working and temporary
//	                directories (the scratch: harmless)   survived
//	named:writepkg  writes into the package directory     survived (reason names the files)
//	named:rmpkg     removes a file of the package         survived (reason names the file)
//
// The operator mutants of Double are killed; Triangle's loop mutants include
// non-terminating ones (timeout).
//
// Two environment variables, set by the test that runs the fixture, make
// the variants observable: HOSTILE_LOG names a directory where each variant
// appends the pids and process groups of itself and its children (so the
// test can check that they are gone), and HOSTILE_PKG_DIR is this
// package's directory, which writepkg and rmpkg write into: a real mutant
// could know it from a hard-coded path. runtime.Caller does not give it
// away, since mutprop builds in a copy of the module: it names the copy.
package hostile
