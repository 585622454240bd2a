package mutate

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A batch runs several mutants in one test process: the test binary runs
// with -test.count=N, and at the start of each top-level test the switch
// package sets the active mutant (and the seeds) of the iteration the test
// belongs to. Iterations of a -test.count run are sequential: each one's
// tests, parallel ones included, end before the next one's start. So
// iteration k runs under step k of the schedule, and its tests' events
// are iteration k's in the stream.
//
// Three pieces make a batch build, beside the schemata:
//
//   - the switch package (SwitchSource): a package of the standard
//     library for the build, import path SwitchDir, through an overlay
//     entry under GOROOT/src (never written there), so that the go
//     command's cache keeps its compiled form from one run to the next;
//     or, where GOROOT is unknown, written into mutprop's copy of the
//     module at SwitchDir under the module's root, import path
//     MODULE/SwitchDir;
//   - each mutated package's ActiveFile registers a setter of its
//     mutpropActive with it (SchemataOptions.Switch), which also re-reads
//     what was computed from mutpropActive (the black-box wrappers'
//     switches);
//   - every _test.go file that declares tests calls the switch first
//     thing in each (RewriteTests), and defers what it returns. Fuzz
//     targets are left out, and examples run once per process, whatever
//     -test.count says: they are never batched.
//
// The schedule is a file that ScheduleEnv names, one step per line
// (FormatSchedule). Without it the switch does nothing: the binary runs
// as a schemata binary does, its mutant from ActiveEnv.

// SwitchDir is the directory, under GOROOT/src or the module's root, of
// the switch package, and the last element of its import path.
const SwitchDir = "mutpropswitch"

// ScheduleEnv is the environment variable that names a batch run's
// schedule file.
const ScheduleEnv = "MUTPROP_SCHEDULE"

// StateEnv is the environment variable that names the file to which a
// batch build's switch appends, before the first test ("-1 HASH") and
// after each test ("ITERATION HASH"), a hash of the package-level
// variables of the mutated packages and the test packages. A value that
// differs between two runs of the tests in one process is state a test
// leaves behind; one that the first run changes is state made lazily,
// which a batch's first mutant would make for all the others.
const StateEnv = "MUTPROP_STATE"

// TimesEnv is the environment variable that names the file to which a
// batch build's switch appends, at each top-level test's last cleanup,
// "NAME NANOSECONDS": the test's time from its start, measured in the
// process, where the printed one is rounded to 10 ms. It works without
// a schedule.
const TimesEnv = "MUTPROP_TIMES"

// ConfirmTimesEnv is the environment variable that names the file to
// which a batch's switch appends "NAME NANOSECONDS" at the last cleanup
// of each top-level test that ran in a step confirming a kill
// (Step.Confirm): what the kills' reruns cost, measured in the process,
// where the stream's lines may be read in one piece.
const ConfirmTimesEnv = "MUTPROP_CONFIRM_TIMES"

// RestoreEnv is the environment variable that, set to 1, makes a batch
// build's switch put the package-level variables of the mutated packages
// and the test packages back, at the start of each iteration after the
// first, to their values before the first test: a shallow copy of each,
// taken then. The state hash must then equal the one taken before the
// first test (with the working directory's names): an iteration starts
// from the state a process of its own starts from. Where it does not,
// the process panics before the iteration's first test (a crash: the
// step runs again alone, and the rest in a fresh process); with
// StateEnv, it records "rITERATION HASH" instead and goes on.
const RestoreEnv = "MUTPROP_RESTORE"

// FailedFrame starts the framing line (after test2json's marker byte,
// then the test's name) that a batch build's switch prints, in a run of
// a mutant, when the one top-level test running has failed and goes on
// turning a loop of the package's test files (Tick): the test has failed
// for good, and mutprop reads its run up to there (testjson's
// FailedEvent). A test that checks 10,000 random cases with t.Errorf
// after the first failed then costs little more than that first one.
const FailedFrame = "=== MUTPROP-FAILED "

// tickEvery is the most turns of the test files' loops between two of
// the switch's looks at whether the running test has failed: the looks
// come at turns 1, 2, 4, ... up to tickEvery, then every tickEvery.
const tickEvery = 64

// eagerLooks is how many turns after the first look that saw the watched
// test failed, on another goroutine, look too: each reads the goroutine's
// number (about a microsecond), and the test's own loop ends the test at
// its first look.
const eagerLooks = 256

// idleLooks is the most turns between two looks, after the watched test
// failed, that end nothing: looks on other goroutines (parallel
// subtests that have not failed) back off from tickEvery, doubling,
// since each reads the goroutine's number. Forty parallel rows that go
// on checking after a failure ran ten times slower without it, and timed
// out.
const idleLooks = 4096

// switchName is the name a rewritten test file imports the switch
// package as.
const switchName = "mutpropswitch"

// Step is one iteration of a batch run.
type Step struct {
	// Active is the schema number of the iteration's mutant; 0 runs the
	// original.
	Active int
	// Seed, when not 0, seeds the iteration's tests: rapid's
	// -rapid.seed, testing/quick's default source (QuickSeedEnv, when
	// the binary was built over its seeding overlay) and, when
	// MutpropSeed is set, mutproptest's -mutprop.seed.
	Seed        uint64
	MutpropSeed bool
	// Checks, when positive, is rapid's -rapid.checks for the
	// iteration: its tests stop after that many generated cases (a kill
	// confirmed on the original needs only the cases up to the one that
	// failed on the mutant). 0 keeps the binary's own.
	Checks int
	// Tests lists the top-level tests that run in the iteration; the
	// others skip at once. Empty: every test the run selects.
	Tests []string
	// Confirm makes the step a rerun of the steps before it that confirms
	// a kill: a test runs in it only if it failed in each of them since
	// the last step that is no Confirm (the kill's); it skips otherwise,
	// so that a test that passed costs nothing more.
	Confirm bool
	// Ends makes a failure in the step end the batch once its Confirm
	// steps have run, unless the package-level variables and the working
	// directory are as the batch found them: then every later step skips
	// (a kill that left state behind ends a batch of operator mutants).
	Ends bool
	// Failfast makes a failure end the step's iteration, as
	// -test.failfast ends a run: the tests that start after it in the
	// iteration skip. The next steps run (-test.failfast would end
	// them too): a mutant's stage, then its kill's reruns (Confirm).
	Failfast bool
}

// FormatSchedule writes a schedule file's text: a line per step,
// "ACTIVE SEED FLAGS CHECKS TEST...", FLAGS adding 1 for MutpropSeed, 2
// for Confirm, 4 for Ends and 8 for Failfast.
func FormatSchedule(steps []Step) []byte {
	var b bytes.Buffer
	for _, s := range steps {
		flags := 0
		if s.MutpropSeed {
			flags |= 1
		}
		if s.Confirm {
			flags |= 2
		}
		if s.Ends {
			flags |= 4
		}
		if s.Failfast {
			flags |= 8
		}
		fmt.Fprintf(&b, "%d %d %d %d", s.Active, s.Seed, flags, s.Checks)
		for _, t := range s.Tests {
			b.WriteByte(' ')
			b.WriteString(t)
		}
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// QuickSeedEnv is the environment variable from which a test binary built
// over mutprop's seeding of testing/quick reads its seed
// (internal/testbin's QuickSeedOverlay); the switch sets it per step.
const QuickSeedEnv = "MUTPROP_QUICK_SEED"

// SwitchSource is the source of the switch package: standard library
// only, so that the user's module needs nothing new.
func SwitchSource() []byte {
	return []byte(`// Code generated by mutprop; DO NOT EDIT.

// Package mutpropswitch switches the active mutant of a mutprop schemata
// test binary between the iterations of a -test.count run: a batch of
// mutants in one process. Each test defers Begin(t)() first thing; the
// k-th call of a test starts iteration k, which runs under step k of the
// schedule that the file named by ` + ScheduleEnv + ` holds.
package mutpropswitch

import (
	"encoding/binary"
	"flag"
	"fmt"
	"io/ioutil"
	"math"
	"os"
	"reflect"
	"runtime"
	"runtime/debug"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
	"unsafe"
)

type step struct {
	active      int
	seed        uint64
	mutpropSeed bool
	confirm     bool
	ends        bool
	failfast    bool
	checks      string          // rapid's -rapid.checks; "0" keeps the default
	tests       map[string]bool // nil: every test
}

var (
	mu      sync.Mutex
	setters []func(int)
	loaded  bool
	steps   []step
	calls   = map[string]int{}
	current = -1
	started bool // a test started
	// checks is rapid's -rapid.checks as the binary started ("": no
	// rapid).
	checks string
)

// Register adds the setter of a package's active mutant.
func Register(set func(int)) {
	mu.Lock()
	defer mu.Unlock()
	setters = append(setters, set)
}

// TB is what Begin needs of a test or fuzz target.
type TB interface {
	Name() string
	SkipNow()
	Fail()
	Failed() bool
	FailNow()
	Cleanup(func())
}

func nothing() {}

// failing says, per test, whether it failed in each of its runs since
// its last step that is no confirm; a test absent from it (a fresh
// process) counts as failing.
var failing = map[string]bool{}

// ended is set when a test failed in a step that ends the batch, and
// the state is not the one the batch started from: every later step but
// the kill's confirms skips. pendingEnd is set at the failure, until the
// next step reads the state; ref is the state at the batch's start.
var (
	ended, pendingEnd bool
	ref               uint64
	anyEnds           bool // a step ends the batch: ref is needed
)

// failedIn is the last iteration in which a test failed: in a failfast
// step, the tests that start after it skip.
var failedIn = -1

// focus is, per test, the subtest that failed first in its last step
// that is no confirm: the kill's confirms run that subtest only, with its
// parents, as a kill's reruns in a process of their own run under a
// -test.run narrowed to it (a table's failing row, not the whole table).
var focus = map[string]string{}

var states []func() []interface{} // the package-level variables, by package

var stateNames []string // their names, in order

// restoring is set from ` + RestoreEnv + `; saved holds each registered
// variable's value (a copy) before the first test, in the order of
// states.
var (
	restoring bool
	saved     []reflect.Value
)

// times and confirmTimes are ` + TimesEnv + `'s and
// ` + ConfirmTimesEnv + `'s files, open for appending (nil: none): a
// record costs one write.
var times, confirmTimes *os.File

var starts []func(k int, name string) // what starts a test, by package

// RegisterStart adds what a package does at each test's start in a
// batch: its recording half marks the test in the probe file and forgets
// which sites it saw, so that a recording tells each test's sites, and
// each iteration's.
func RegisterStart(start func(k int, name string)) {
	mu.Lock()
	defer mu.Unlock()
	starts = append(starts, start)
}

// RegisterState adds a package's package-level variables (their
// addresses, named in names as PACKAGE.NAME) to the state that
// ` + StateEnv + ` records.
func RegisterState(names []string, vars func() []interface{}) {
	mu.Lock()
	defer mu.Unlock()
	states = append(states, vars)
	stateNames = append(stateNames, names...)
}

// Begin starts test t's next iteration: at the first test of an
// iteration, it activates the step's mutant and seeds. A test the step
// does not run skips. The test defers what Begin returns: in a failfast
// step, it ends a panic of the test's own goroutine as the failure of
// the test, where the process would have ended with it (recovered).
func Begin(t TB) func() {
	name := t.Name()
	mu.Lock()
	if !loaded {
		load()
	}
	if times != nil {
		start := time.Now()
		t.Cleanup(func() { times.WriteString(timeLine(name, time.Since(start))) })
	}
	if steps == nil {
		mu.Unlock()
		watch(t, activeEnv)
		return nothing
	}
	k := calls[name]
	calls[name]++
	if len(calls) == 1 && k == 0 {
		savePools()
		if restoring {
			save()
		}
		if anyEnds || restoring {
			ref = state() // before any test of the batch
		}
	}
	if path := os.Getenv("` + StateEnv + `"); path != "" {
		if !started {
			// The state before any test ran: "-1 HASH".
			started = true
			mu.Unlock()
			recordState(path, -1)
			mu.Lock()
		}
		t.Cleanup(func() { recordState(path, k) })
	}
	if k >= len(steps) {
		mu.Unlock()
		panic(fmt.Sprintf("mutprop: %s started %d times, the schedule has %d steps", name, k+1, len(steps)))
	}
	st := steps[k]
	if k != current {
		if current >= 0 {
			// Each mutant meets its pools as the batch's first did.
			putPools()
		}
		if restoring && current >= 0 {
			// The iteration starts from the state before the first test.
			put()
			same, path := state() == ref, os.Getenv("` + StateEnv + `")
			mu.Unlock()
			switch {
			case path != "":
				recordStateAs(path, "r"+strconv.Itoa(k))
			case !same:
				panic("mutprop: the package-level variables, put back, differ from their values before the first test")
			}
			mu.Lock()
		}
		current = k
		for _, set := range setters {
			set(st.active)
		}
		if st.seed != 0 {
			seed := strconv.FormatUint(st.seed, 10)
			if f := flag.Lookup("rapid.seed"); f != nil {
				f.Value.Set(seed)
			}
			if st.mutpropSeed {
				if f := flag.Lookup("mutprop.seed"); f != nil {
					f.Value.Set(seed)
				}
			}
			os.Setenv("` + QuickSeedEnv + `", strconv.FormatInt(int64(st.seed), 10))
		}
		if f := flag.Lookup("rapid.checks"); f != nil {
			if st.checks != "0" {
				f.Value.Set(st.checks)
			} else {
				f.Value.Set(checks)
			}
		}
	}
	skip := st.tests != nil && !st.tests[name]
	if !st.confirm {
		delete(focus, name)
	}
	if f, seen := failing[name]; st.confirm && seen && !f {
		skip = true // the kill it confirms did not happen, or did not recur
	}
	if pendingEnd && !st.confirm {
		// A kill's test failed, and its confirms ran: the batch goes on
		// only where the failure left the package-level variables and the
		// working directory as the batch found them.
		pendingEnd = false
		ended = state() != ref
	}
	if ended && !st.confirm {
		skip = true // a kill ended the batch
	}
	if st.failfast && failedIn == k {
		skip = true // a test of the iteration failed: -test.failfast
	}
	if skip && !st.confirm {
		// It did not run, so it did not fail: the step's confirms skip it.
		failing[name] = false
	}
	if !skip {
		for _, start := range starts {
			start(k, name)
		}
		confirm, ends := st.confirm, st.ends
		if confirm && confirmTimes != nil {
			start := time.Now()
			t.Cleanup(func() {
				confirmTimes.WriteString(timeLine(name, time.Since(start)))
			})
		}
		t.Cleanup(func() {
			mu.Lock()
			defer mu.Unlock()
			if confirm {
				failing[name] = failing[name] && t.Failed()
			} else {
				failing[name] = t.Failed()
			}
			if ends && t.Failed() {
				pendingEnd = true
			}
			if t.Failed() {
				failedIn = k
			}
		})
	}
	mu.Unlock()
	if skip {
		t.SkipNow()
	}
	watch(t, st.active)
	if !st.failfast {
		return nothing
	}
	return func() {
		if !alone(t) {
			return // it went parallel, or ran subtests
		}
		if r := recover(); r != nil || panickedNil() {
			failAt(t, r)
		}
	}
}

// failAt ends panic r of t's goroutine, recovered, as t's failure,
// printed as the runtime prints it (the reason mutprop reads), then the
// stack; the process goes on to the next step, where a failfast one
// ends the iteration here. A value the runtime prints its own way
// panics again.
func failAt(t TB, r interface{}) {
	if r == nil {
		// panic(nil), recovered as nil: testing prints "panic: nil".
		fmt.Printf("panic: nil [recovered]\n\n%s\n", debug.Stack())
		t.Fail()
		return
	}
	msg, ok := panicText(r)
	if !ok {
		panic(r)
	}
	fmt.Printf("panic: %s [recovered]\n\n%s\n", msg, debug.Stack())
	t.Fail()
}

// panickedNil reports whether the deferred function that calls it,
// having recovered nil, runs because its goroutine panicked with nil:
// where a module's go line is older than 1.21 (GODEBUG panicnil=1),
// recover reports panic(nil) as nil, as it does a return, and stops it.
// The runtime's panic then called the deferred function; a return or a
// runtime.Goexit (t.FailNow, t.SkipNow) did not.
func panickedNil() bool {
	var pc [1]uintptr
	// 0 is runtime.Callers, 1 panickedNil, 2 the deferred function, 3
	// what called it.
	if runtime.Callers(3, pc[:]) < 1 {
		return false
	}
	f := runtime.FuncForPC(pc[0] - 1)
	return f != nil && f.Name() == "runtime.gopanic"
}

// panicked is the iteration in which Sub ended a subtest's panic as its
// failure: the subtests that start after it in that iteration skip.
var panicked = -1

// Sub starts subtest t: each function literal given to a T's Run defers
// Sub(t)() first thing. In a failfast step, it ends a panic of the
// subtest's own goroutine as the subtest's failure, as Begin does a
// test's, when the subtest is not parallel and ran no subtest; the
// subtests that start after it in the iteration then skip, where the
// process would have ended with the panic.
//
// In a confirm step, a subtest off the path to the test's focus skips.
// In another step, the first subtest that fails becomes the focus.
func Sub(t TB) func() {
	name := t.Name()
	top := topName(name)
	mu.Lock()
	k := current
	batched := k >= 0 && k < len(steps)
	failfast := batched && steps[k].failfast
	confirm := batched && steps[k].confirm
	skip := failfast && panicked == k || confirm && !onPath(name, focus[top])
	mu.Unlock()
	if skip {
		t.SkipNow()
	}
	if batched && !confirm {
		t.Cleanup(func() {
			if t.Failed() {
				mu.Lock()
				if focus[top] == "" {
					focus[top] = name
				}
				mu.Unlock()
			}
		})
	}
	if !failfast {
		return nothing
	}
	return func() {
		if !alone(t) {
			return
		}
		if r := recover(); r != nil || panickedNil() {
			mu.Lock()
			panicked = k
			mu.Unlock()
			failAt(t, r)
		}
	}
}

// SubNamed starts a function of the test files that t.Run may run by
// name (its one parameter t): when t.Run runs it, as the testing
// package's tRunner's callee, in a failfast step, as Sub starts a
// subtest written in place, so that its panic fails the subtest and the
// process goes on, and in a confirm step narrowed to a focus (Sub). Called
// by a test or a helper, it does nothing: its panic is its caller's.
func SubNamed(t TB) func() {
	mu.Lock()
	k := current
	batched := k >= 0 && k < len(steps)
	narrowed := batched && steps[k].confirm && focus[topName(t.Name())] != ""
	failfast := batched && steps[k].failfast
	mu.Unlock()
	if !failfast && !narrowed || !byTRunner() {
		return nothing
	}
	return Sub(t)
}

// topName is the test of subtest name: its first element.
func topName(name string) string {
	if i := strings.Index(name, "/"); i >= 0 {
		return name[:i]
	}
	return name
}

// onPath reports whether subtest name runs when the run is narrowed to
// focus ("": not narrowed): focus itself, one of its parents, or one of
// its subtests.
func onPath(name, focus string) bool {
	return focus == "" || name == focus || strings.HasPrefix(focus, name+"/") || strings.HasPrefix(name, focus+"/")
}

// byTRunner reports whether SubNamed's caller was called by the testing
// package's tRunner: run by t.Run, not by a test or a helper.
func byTRunner() bool {
	funcs := stackCalls(4 << 10)
	for i, f := range funcs {
		if strings.Contains(f, ".SubNamed(") {
			return i+2 < len(funcs) && strings.HasPrefix(funcs[i+2], "testing.tRunner(")
		}
	}
	return false
}

// stackCalls returns the calls on the calling goroutine's stack, as its
// trace prints them ("pkg.f(0x...)"), innermost first, from the trace's
// first size bytes.
func stackCalls(size int) []string {
	buf := make([]byte, size)
	var calls []string
	for _, l := range strings.Split(string(buf[:runtime.Stack(buf, false)]), "\n") {
		if l != "" && !strings.HasPrefix(l, "\t") && !strings.HasPrefix(l, "goroutine ") {
			calls = append(calls, l)
		}
	}
	return calls
}

// activeEnv is the binary's mutant without a schedule (` + ActiveEnv + `).
var activeEnv int

// The cut at a test that failed and goes on: the loops of the test files
// call Tick at each turn, and now and then Tick looks at whether the one
// top-level test running, in an iteration that runs a mutant, has
// failed. The first time it has, it prints the framing line ` + "`" + FailedFrame + "`" + `
// and the test's name, where mutprop's reading of the run stops. When
// Tick runs on the test's own goroutine, the test then ends there, as at
// a t.FailNow: what it would do after its failure decides nothing, and a
// batch's next step need not wait for it.
var (
	tickMu   sync.Mutex
	running  int    // top-level tests begun and not yet ended
	watched  TB     // the test Tick looks at (nil: none)
	watchedG string // the goroutine that runs watched's function
	marked   bool   // watched's line was printed
	ticks    uint64
	nextTick uint64 = 1
	eager    int    // looks left at each turn, for watched's own goroutine
	idle     uint64 // turns to the next look once the eager ones ended nothing
)

// watch makes t, which runs the mutant active (0 or less: none), the test
// Tick looks at when no other top-level test runs beside it; t's
// cleanup ends it.
func watch(t TB, active int) {
	tickMu.Lock()
	running++
	watched, marked, ticks, nextTick, eager, idle = nil, false, 0, 1, 0, ` + strconv.Itoa(tickEvery) + `
	if active > 0 && running == 1 {
		watched, watchedG = t, goroutine()
	}
	tickMu.Unlock()
	t.Cleanup(func() {
		tickMu.Lock()
		running--
		if watched == t {
			watched = nil
		}
		tickMu.Unlock()
	})
}

// Tick is called at each turn of a loop of the test files. Its count is
// not synchronised: a loop in another goroutine only delays a look.
func Tick() {
	ticks++
	if ticks >= nextTick {
		look(nil)
	}
}

// TickT is Tick in a function of the test files whose parameter t is a
// *testing.T or a testing.TB (a subtest's function, a helper): a look
// that sees the watched test failed also ends t, as t.FailNow would,
// when t has failed itself and this is t's own goroutine. A table's
// subtest that failed and goes on checking its rows then ends at its
// next look, as the test does in its own loops.
func TickT(t TB) {
	ticks++
	if ticks >= nextTick {
		look(t)
	}
}

// look is Tick's look at the watched test. The first look that sees it
// failed prints its line; a look on its own goroutine ends it, and one
// on the goroutine of sub, a test under it that failed, ends sub. When
// the first one came from another goroutine (a subtest's loop), the next
// ` + strconv.Itoa(eagerLooks) + ` turns look too, so that the test's own loop ends it at its next
// turn; the looks then go on at the usual turns.
func look(sub TB) {
	tickMu.Lock()
	step := ticks
	if step > ` + strconv.Itoa(tickEvery) + ` {
		step = ` + strconv.Itoa(tickEvery) + `
	}
	nextTick = ticks + step
	if watched == nil || running != 1 || !watched.Failed() {
		tickMu.Unlock()
		return
	}
	t, own, first := watched, watchedG != "" && watchedG == goroutine(), !marked
	marked = true
	if !own {
		if first {
			eager = ` + strconv.Itoa(eagerLooks) + `
		}
		if eager > 0 {
			eager--
			nextTick = ticks + 1
		} else if sub == nil || !sub.Failed() {
			if idle < ` + strconv.Itoa(idleLooks) + ` {
				idle *= 2
			}
			nextTick = ticks + idle
		}
	}
	tickMu.Unlock()
	if first {
		os.Stdout.WriteString("\x16` + FailedFrame + `" + t.Name() + "\n")
	}
	if own {
		t.FailNow()
	}
	if sub != nil && sub != t && sub.Failed() && runsOn(sub) {
		sub.FailNow()
	}
}

// runsOn reports whether the calling goroutine is the one that runs test
// t's function: the testing package's tRunner at its base, called with t
// (its first argument, as the stack prints it, is t's address).
func runsOn(t TB) bool {
	calls := stackCalls(64 << 10)
	for i := len(calls) - 1; i >= 0; i-- {
		if strings.HasPrefix(calls[i], "testing.tRunner(") {
			arg := calls[i][len("testing.tRunner("):]
			if j := strings.IndexAny(arg, ",)"); j >= 0 {
				arg = arg[:j]
			}
			return arg == fmt.Sprintf("%p", t)
		}
	}
	return false
}

// goroutine is the number of the calling goroutine, as its stack's
// first line gives it ("goroutine 7 [running]:").
func goroutine() string {
	var buf [64]byte
	s := string(buf[:runtime.Stack(buf[:], false)])
	if !strings.HasPrefix(s, "goroutine ") {
		return ""
	}
	s = s[len("goroutine "):]
	if i := strings.Index(s, " "); i > 0 {
		return s[:i]
	}
	return ""
}

// alone reports whether t's own goroutine is all that would run on if
// t's process ended now, and the output printed now is t's: t is a test
// (not a fuzz target) that is not parallel and started no subtest (a
// parallel one waits for t to return, which a process that ended at a
// panic would never run).
func alone(t TB) bool {
	v := reflect.ValueOf(t)
	if v.Kind() != reflect.Ptr || v.Elem().Kind() != reflect.Struct || v.Elem().Type().String() != "testing.T" {
		return false
	}
	c := v.Elem().FieldByName("common")
	if !c.IsValid() {
		return false
	}
	return unset(c.FieldByName("isParallel")) && unset(c.FieldByName("hasSub"))
}

// unset reports whether v, a testing.common flag (a bool or an
// atomic.Bool), is known and unset: another Go's testing may name or
// type it otherwise.
func unset(v reflect.Value) bool {
	switch {
	case !v.IsValid():
		return false
	case v.Kind() == reflect.Bool:
		return !v.Bool()
	case v.Kind() == reflect.Struct && v.FieldByName("v").IsValid() && v.FieldByName("v").Kind() == reflect.Uint32:
		return v.FieldByName("v").Uint() == 0
	}
	return false
}

// panicText is the text the runtime prints for a panic's value r, when
// it is an error or a string on one line: the runtime indents the lines
// of others, and prints other values its own way.
func panicText(r interface{}) (string, bool) {
	var s string
	switch v := r.(type) {
	case error:
		s = v.Error()
	case string:
		s = v
	default:
		return "", false
	}
	return s, !strings.Contains(s, "\n")
}

// state hashes the registered variables and the names in the working
// directory: what a test that failed may have left behind. The caller
// holds mu.
func state() uint64 {
	h := newHasher()
	for _, v := range registered() {
		h.value(reflect.ValueOf(v), 0)
	}
	if d, err := os.Open("."); err == nil {
		names, _ := d.Readdirnames(-1)
		d.Close()
		sort.Strings(names)
		for _, n := range names {
			h.value(reflect.ValueOf(n), 0)
		}
	}
	return h.h
}

// openAppend opens the file at path for appending; nil when path is ""
// or the file cannot be opened: a file of times measures, and no
// verdict depends on it.
func openAppend(path string) *os.File {
	if path == "" {
		return nil
	}
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0644)
	if err != nil {
		return nil
	}
	return f
}

// timeLine is a test's time as a file of times holds it: "NAME
// NANOSECONDS".
func timeLine(name string, d time.Duration) string {
	return name + " " + strconv.FormatInt(int64(d), 10) + "\n"
}

// registered lists the registered variables' addresses, in the order
// of stateNames. The caller holds mu.
func registered() []interface{} {
	var out []interface{}
	for _, vars := range states {
		out = append(out, vars()...)
	}
	return out
}

// copies returns, reusing into, a copy of each registered variable whose
// type keep accepts, by position among them; an invalid Value for the
// others. The caller holds mu.
func copies(into []reflect.Value, keep func(reflect.Type) bool) []reflect.Value {
	into = into[:0]
	for _, v := range registered() {
		p := reflect.ValueOf(v)
		if p.Kind() != reflect.Ptr || p.IsNil() || !keep(p.Elem().Type()) {
			into = append(into, reflect.Value{})
			continue
		}
		c := reflect.New(p.Elem().Type()).Elem()
		c.Set(p.Elem())
		into = append(into, c)
	}
	return into
}

// assign assigns each registered variable its copy in vals, where
// copies took one. The caller holds mu.
func assign(vals []reflect.Value) {
	for i, v := range registered() {
		if i < len(vals) && vals[i].IsValid() {
			reflect.ValueOf(v).Elem().Set(vals[i])
		}
	}
}

// save copies each registered variable's value into saved. The caller
// holds mu.
func save() { saved = copies(saved, func(reflect.Type) bool { return true }) }

// isPool reports whether t is sync.Pool (named by its path: a user's
// go.mod may predate go 1.3).
func isPool(t reflect.Type) bool { return t.PkgPath() == "sync" && t.Name() == "Pool" }

// holdsPool reports whether a value of type t holds a sync.Pool itself,
// not behind a pointer: in a field, at any depth, or in an array.
func holdsPool(t reflect.Type, depth int) bool {
	if depth > 20 {
		return false
	}
	switch t.Kind() {
	case reflect.Struct:
		if isPool(t) {
			return true
		}
		for i := 0; i < t.NumField(); i++ {
			if holdsPool(t.Field(i).Type, depth+1) {
				return true
			}
		}
	case reflect.Array:
		return t.Len() > 0 && holdsPool(t.Elem(), depth+1)
	}
	return false
}

// pools holds, by position among the registered variables, a copy of
// each one that holds a sync.Pool, taken before the batch's first test;
// an invalid Value for the others.
var pools []reflect.Value

// savePools copies the registered variables that hold a pool. The state
// hash leaves pools out (their sizes move with each garbage collection),
// so a pool a mutant filled is no state that ends a batch: putPools
// empties it again before the next mutant, as a fresh process starts
// it. The caller holds mu.
func savePools() { pools = copies(pools, func(t reflect.Type) bool { return holdsPool(t, 0) }) }

// putPools assigns each variable savePools copied its copy. The caller
// holds mu.
func putPools() { assign(pools) }

// put assigns each registered variable the value save copied. The
// caller holds mu.
func put() { assign(saved) }

// recordState appends the hash of the registered variables, after a test
// of iteration k, to the file at path.
func recordState(path string, k int) { recordStateAs(path, strconv.Itoa(k)) }

// recordStateAs appends "LABEL HASH NAME=HASH...", a hash of the
// registered variables (of each one's hash, in order), then each one's,
// to the file at path: the names say which changed.
func recordStateAs(path, label string) {
	mu.Lock()
	defer mu.Unlock()
	h := newHasher()
	var each []string
	for i, v := range registered() {
		one := newHasher()
		one.value(reflect.ValueOf(v), 0)
		h.word(one.h)
		name := "?"
		if i < len(stateNames) {
			name = stateNames[i]
		}
		each = append(each, name+"="+strconv.FormatUint(one.h, 16))
	}
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0644)
	if err != nil {
		panic("mutprop: " + err.Error())
	}
	fmt.Fprintf(f, "%s %d %s\n", label, h.h, strings.Join(each, " "))
	f.Close()
}

// newHasher returns a hasher at FNV-1a's offset basis.
func newHasher() *hasher { return &hasher{h: 14695981039346656037} }

// hasher hashes values deeply (FNV-1a over their contents), pointers by
// what they point to, each at most once, maps by the sum of their
// entries' hashes, whatever their order; a budget of nodes bounds it.
type hasher struct {
	h     uint64
	seen  map[uintptr]bool
	nodes int
}

func (s *hasher) word(x uint64) {
	for i := 0; i < 8; i++ {
		s.h = (s.h ^ (x & 0xff)) * 1099511628211
		x >>= 8
	}
}

// memory hashes the n bytes at p, 8 at a time: any one word that
// differs changes the hash.
func (s *hasher) memory(p unsafe.Pointer, n uintptr) {
	s.nodes += int(n >> 12)
	for n > 0 {
		c := n
		if c > 1<<30 {
			c = 1 << 30
		}
		b := (*[1 << 30]byte)(p)[:c:c]
		for len(b) >= 8 {
			s.h = (s.h ^ binary.LittleEndian.Uint64(b)) * 1099511628211
			b = b[8:]
		}
		for _, x := range b {
			s.h = (s.h ^ uint64(x)) * 1099511628211
		}
		p, n = unsafe.Pointer(uintptr(p)+c), n-c
	}
}

// plain returns where the elements of v, a slice or an addressable
// array of plain bits (booleans and numbers: no pointers, no padding),
// lie in memory; nil for others, and for an empty one.
func plain(v reflect.Value) unsafe.Pointer {
	if v.Len() == 0 {
		return nil
	}
	switch v.Type().Elem().Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128:
	default:
		return nil
	}
	// Value.Pointer, not UnsafePointer: the user's go.mod may predate
	// go 1.18. v keeps the memory alive while it is read.
	switch {
	case v.Kind() == reflect.Slice:
		return unsafe.Pointer(v.Pointer())
	case v.CanAddr():
		return unsafe.Pointer(v.Addr().Pointer())
	}
	return nil
}

func (s *hasher) value(v reflect.Value, depth int) {
	s.nodes++
	if s.nodes > 1<<20 || depth > 100 || !v.IsValid() {
		return
	}
	s.word(uint64(v.Kind()))
	switch v.Kind() {
	case reflect.Bool:
		if v.Bool() {
			s.word(1)
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		s.word(uint64(v.Int()))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		s.word(v.Uint())
	case reflect.Float32, reflect.Float64:
		s.word(math.Float64bits(v.Float()))
	case reflect.Complex64, reflect.Complex128:
		s.word(math.Float64bits(real(v.Complex())))
		s.word(math.Float64bits(imag(v.Complex())))
	case reflect.String:
		str := v.String()
		s.word(uint64(len(str)))
		if len(str) > 0 {
			// A string's first word points to its bytes (unsafe.StringData
			// needs go 1.20 in the user's go.mod).
			s.memory(*(*unsafe.Pointer)(unsafe.Pointer(&str)), uintptr(len(str)))
		}
	case reflect.Slice, reflect.Array:
		s.word(uint64(v.Len()))
		if p := plain(v); p != nil {
			// Plain bits (bytes, numbers): read as memory, a table of
			// 64 KiB in microseconds.
			s.memory(p, uintptr(v.Len())*v.Type().Elem().Size())
			return
		}
		for i := 0; i < v.Len(); i++ {
			s.value(v.Index(i), depth+1)
		}
	case reflect.Struct:
		if isPool(v.Type()) {
			// A cache the collector empties at will: its sizes move with
			// each collection, and its contents lie behind unsafe
			// pointers. A batch empties it before each mutant (putPools).
			return
		}
		for i := 0; i < v.NumField(); i++ {
			s.value(v.Field(i), depth+1)
		}
	case reflect.Ptr:
		if v.IsNil() {
			return
		}
		if s.seen == nil {
			s.seen = map[uintptr]bool{}
		}
		if p := v.Pointer(); !s.seen[p] {
			s.seen[p] = true
			s.value(v.Elem(), depth+1)
		}
	case reflect.Interface:
		if !v.IsNil() {
			s.word(uint64(len(v.Elem().Type().String())))
			s.value(v.Elem(), depth+1)
		}
	case reflect.Map:
		s.word(uint64(v.Len()))
		var sum uint64
		for _, key := range v.MapKeys() {
			e := &hasher{h: 14695981039346656037, nodes: s.nodes}
			e.value(key, depth+1)
			e.value(v.MapIndex(key), depth+1)
			s.nodes = e.nodes
			sum += e.h
		}
		s.word(sum)
	case reflect.Chan:
		s.word(uint64(v.Len()))
	}
}

// load reads the schedule; a malformed one panics: running the original
// instead would score every mutant of the batch survived.
func load() {
	loaded = true
	restoring = os.Getenv("` + RestoreEnv + `") == "1"
	times, confirmTimes = openAppend(os.Getenv("` + TimesEnv + `")), openAppend(os.Getenv("` + ConfirmTimesEnv + `"))
	activeEnv, _ = strconv.Atoi(os.Getenv("` + ActiveEnv + `"))
	if f := flag.Lookup("rapid.checks"); f != nil {
		checks = f.Value.String()
	}
	path := os.Getenv("` + ScheduleEnv + `")
	if path == "" {
		return
	}
	b, err := ioutil.ReadFile(path)
	if err != nil {
		panic("mutprop: " + err.Error())
	}
	for _, line := range strings.Split(string(b), "\n") {
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		if len(fields) < 4 {
			panic(fmt.Sprintf("mutprop: schedule %s: malformed step %q", path, line))
		}
		active, err1 := strconv.Atoi(fields[0])
		seed, err2 := strconv.ParseUint(fields[1], 10, 64)
		n, err3 := strconv.Atoi(fields[3])
		if err1 != nil || err2 != nil || err3 != nil || active < 0 || n < 0 {
			panic(fmt.Sprintf("mutprop: schedule %s: malformed step %q", path, line))
		}
		flags, err4 := strconv.Atoi(fields[2])
		if err4 != nil {
			panic(fmt.Sprintf("mutprop: schedule %s: malformed step %q", path, line))
		}
		st := step{active: active, seed: seed, mutpropSeed: flags&1 != 0, confirm: flags&2 != 0, ends: flags&4 != 0, failfast: flags&8 != 0, checks: fields[3]}
		anyEnds = anyEnds || st.ends
		if len(fields) > 4 {
			st.tests = map[string]bool{}
			for _, t := range fields[4:] {
				st.tests[t] = true
			}
		}
		steps = append(steps, st)
	}
	if steps == nil {
		steps = []step{}
	}
}
`)
}

// registerState is the Go statement that registers the package-level
// variables vars of package pkg with the switch: RegisterState with
// their names, "pkg.name", and their addresses.
func registerState(pkg string, vars []string) string {
	q := make([]string, len(vars))
	for i, v := range vars {
		q[i] = strconv.Quote(pkg + "." + v)
	}
	return switchName + ".RegisterState([]string{" + strings.Join(q, ", ") + "}, func() []interface{} { return []interface{}{&" + strings.Join(vars, ", &") + "} })"
}

// RewriteTests returns src, a _test.go file, with a call of the switch
// package (import path switchPath) first thing in each test it declares
// (batchedTest), and their names; a file with nothing that calls the
// switch (no test, subtest, loop nor variable) is returned as it is. Line numbers do not move: the import joins the
// package clause's line and each call its function's opening brace, so
// failures print the lines the user wrote. A test whose parameter has no
// name, or is _, gets one.
func RewriteTests(filename string, src []byte, switchPath string) ([]byte, []string, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, filename, src, parser.SkipObjectResolution)
	if err != nil {
		return nil, nil, fmt.Errorf("rewrite tests: %w", err)
	}
	var names []string
	var edits []TextEdit
	insert := func(at int, text string) {
		edits = append(edits, TextEdit{File: filename, Start: at, End: at, NewText: text})
	}
	// named is the name of a test's parameter, which it gets when it has
	// none, or is _.
	named := func(param *ast.Field) string {
		const name = "mutpropT"
		switch {
		case len(param.Names) == 0:
			insert(fset.Position(param.Type.Pos()).Offset, name+" ")
		case param.Names[0].Name == "_":
			at := fset.Position(param.Names[0].Pos()).Offset
			edits = append(edits, TextEdit{File: filename, Start: at, End: at + 1, NewText: name})
		default:
			return param.Names[0].Name
		}
		return name
	}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Recv != nil || fd.Body == nil || !batchedTest(fd) {
			continue
		}
		name := named(fd.Type.Params.List[0])
		insert(fset.Position(fd.Body.Lbrace).Offset+1, " defer "+switchName+".Begin("+name+")();")
		names = append(names, fd.Name.Name)
	}
	// A file of helpers without a test is rewritten too: spf13/cast's
	// subtests are written in place in a generic helper of its own file
	// (cast_test.go), and without Sub there a kill's reruns in a batch
	// ran the whole table.
	testing := importName(f, "testing")
	// A function that t.Run may run by name (func(*testing.T), not a
	// test) defers the switch's SubNamed first, on its brace's line.
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Body != nil && !batchedTest(fd) && subtestFunc(fd.Type, testing) {
			name := named(fd.Type.Params.List[0])
			insert(fset.Position(fd.Body.Lbrace).Offset+1, " defer "+switchName+".SubNamed("+name+")();")
		}
	}
	// Each turn of a loop tells the switch (Tick), which cuts a test that
	// failed and goes on (FailedFrame); on the loop's line, so that line
	// numbers stay. Each subtest written in place, t.Run(name, func(t
	// *testing.T) {...}), defers the switch's Sub first, on its brace's
	// line.
	// A loop in a function whose parameter is a *testing.T or a
	// testing.TB (t, not declared again in the function) passes it:
	// TickT(t).
	var funcs []string // the innermost functions' T parameters, "" for none
	var stack []ast.Node
	ast.Inspect(f, func(n ast.Node) bool {
		if n == nil {
			switch stack[len(stack)-1].(type) {
			case *ast.FuncDecl, *ast.FuncLit:
				funcs = funcs[:len(funcs)-1]
			}
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		var body *ast.BlockStmt
		switch n := n.(type) {
		case *ast.FuncDecl:
			funcs = append(funcs, testParam(n.Type, n.Body, testing))
		case *ast.FuncLit:
			funcs = append(funcs, testParam(n.Type, n.Body, testing))
		case *ast.ForStmt:
			body = n.Body
		case *ast.RangeStmt:
			body = n.Body
		case *ast.CallExpr:
			if lit := subtestLiteral(n, testing); lit != nil {
				name := named(lit.Type.Params.List[0])
				insert(fset.Position(lit.Body.Lbrace).Offset+1, " defer "+switchName+".Sub("+name+")();")
			}
		}
		if body != nil {
			tick := "Tick()"
			if len(funcs) > 0 && funcs[len(funcs)-1] != "" {
				tick = "TickT(" + funcs[len(funcs)-1] + ")"
			}
			insert(fset.Position(body.Lbrace).Offset+1, " "+switchName+"."+tick+";")
		}
		return true
	})
	// The file's package-level variables join the state the switch
	// records, in a function after its last line.
	var vars []string
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.VAR {
			continue
		}
		for _, spec := range gd.Specs {
			for _, n := range spec.(*ast.ValueSpec).Names {
				if n.Name != "_" {
					vars = append(vars, n.Name)
				}
			}
		}
	}
	if len(vars) > 0 {
		tail := "\n\nfunc init() {\n\t" + registerState(f.Name.Name, vars) + "\n}\n"
		insert(len(src), tail)
	}
	if len(edits) == 0 {
		return src, nil, nil // nothing calls the switch
	}
	insert(fset.Position(f.Name.End()).Offset, "; import "+switchName+" "+strconv.Quote(switchPath))
	sort.SliceStable(edits, func(i, j int) bool { return edits[i].Start < edits[j].Start })
	var b bytes.Buffer
	last := 0
	for _, e := range edits {
		b.Write(src[last:e.Start])
		b.WriteString(e.NewText)
		last = e.End
	}
	b.Write(src[last:])
	return b.Bytes(), names, nil
}

// subtestLiteral is the function literal of call when call is
// X.Run(name, func(t *T) {...}), T being testing.T under the name testing
// (the file's name of package testing, "" when it imports none), and nil
// otherwise.
func subtestLiteral(call *ast.CallExpr, testing string) *ast.FuncLit {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Run" || len(call.Args) != 2 || testing == "" {
		return nil
	}
	lit, ok := call.Args[1].(*ast.FuncLit)
	if !ok || lit.Type.Params == nil || len(lit.Type.Params.List) != 1 || len(lit.Type.Params.List[0].Names) > 1 ||
		!testingType(lit.Type.Params.List[0].Type, testing, "T", true) {
		return nil
	}
	return lit
}

// testingType reports whether expr is the type name of the testing
// package (imported as testing), behind a pointer when star is set:
// *testing.T, testing.TB.
func testingType(expr ast.Expr, testing, name string, star bool) bool {
	if star {
		s, ok := expr.(*ast.StarExpr)
		if !ok {
			return false
		}
		expr = s.X
	}
	sel, ok := expr.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != name {
		return false
	}
	pkg, ok := sel.X.(*ast.Ident)
	return ok && pkg.Name == testing
}

// testParam is the name of the first parameter of a function (its type
// typ, its body) whose type is *T or TB of the testing package (imported
// as testing), when it is named and the body declares no other variable
// of that name: a loop anywhere in the body may pass it to TickT. "" when
// there is none.
func testParam(typ *ast.FuncType, body *ast.BlockStmt, testing string) string {
	if testing == "" || body == nil || typ.Params == nil {
		return ""
	}
	for _, field := range typ.Params.List {
		// *testing.T, or testing.TB (a helper's: TickT ends only a T).
		if !testingType(field.Type, testing, "T", true) && !testingType(field.Type, testing, "TB", false) {
			continue
		}
		if len(field.Names) != 1 {
			return ""
		}
		name := field.Names[0].Name
		if name == "_" || declares(body, name) {
			return ""
		}
		return name
	}
	return ""
}

// declares reports whether body declares name anywhere: in a := or a
// range's :=, a var or const, a type, or a function literal's parameters
// and results.
func declares(body *ast.BlockStmt, name string) bool {
	found := false
	has := func(ids ...ast.Expr) {
		for _, id := range ids {
			if id, ok := id.(*ast.Ident); ok && id.Name == name {
				found = true
			}
		}
	}
	fields := func(l *ast.FieldList) {
		if l == nil {
			return
		}
		for _, f := range l.List {
			for _, n := range f.Names {
				has(n)
			}
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Tok == token.DEFINE {
				has(n.Lhs...)
			}
		case *ast.RangeStmt:
			if n.Tok == token.DEFINE {
				has(n.Key, n.Value)
			}
		case *ast.ValueSpec:
			for _, id := range n.Names {
				has(id)
			}
		case *ast.TypeSpec:
			has(n.Name)
		case *ast.FuncLit:
			fields(n.Type.Params)
			fields(n.Type.Results)
		}
		return !found
	})
	return found
}

// subtestFunc reports whether a function of type typ could be given to
// a T's Run by name: no type parameters, one parameter of type *T of the
// testing package (imported as testing), no results.
func subtestFunc(typ *ast.FuncType, testing string) bool {
	return testing != "" && typ.TypeParams == nil && typ.Results == nil && typ.Params != nil &&
		len(typ.Params.List) == 1 && len(typ.Params.List[0].Names) <= 1 &&
		testingType(typ.Params.List[0].Type, testing, "T", true)
}

// importName is the name under which f imports the package of path
// ("" when it does not, or imports it as _ or .).
func importName(f *ast.File, path string) string {
	for _, im := range f.Imports {
		if p, err := strconv.Unquote(im.Path.Value); err != nil || p != path {
			continue
		}
		if im.Name == nil {
			return path[strings.LastIndex(path, "/")+1:]
		}
		if im.Name.Name == "_" || im.Name.Name == "." {
			return ""
		}
		return im.Name.Name
	}
	return ""
}

// batchedTest reports whether fd is a test that go test runs (TestXxx
// with one parameter: go vet and go test check its type), which a batch
// switches at its start. Fuzz targets are left out: a -test.count run
// runs them after every iteration of the tests, so their runs would not
// follow the schedule's order; examples run once per process, and
// benchmarks not at all.
func batchedTest(fd *ast.FuncDecl) bool {
	if fd.Type.TypeParams != nil || fd.Type.Params == nil || len(fd.Type.Params.List) != 1 || len(fd.Type.Params.List[0].Names) > 1 {
		return false
	}
	name := fd.Name.Name
	rest, ok := strings.CutPrefix(name, "Test")
	if !ok || name == "TestMain" {
		return false
	}
	if rest == "" {
		return true
	}
	r, _ := utf8.DecodeRuneInString(rest)
	return !unicode.IsLower(r)
}
