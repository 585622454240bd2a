package testjson

import (
	"regexp"
	"sort"
	"strconv"
)

// ttfPatterns read tests-to-failure from the failure messages of the
// property-based testing libraries. Each count includes the failing test,
// as in QuickCheck: rapid and gopter print the tests that passed before it.
var ttfPatterns = []struct {
	lib    string
	re     *regexp.Regexp
	passed bool // the number counts the passing tests only
}{
	{"rapid", regexp.MustCompile(`\[rapid\] (?:failed|panic) after (\d+) tests`), true},
	{"mutprop", regexp.MustCompile(`\[mutprop\] (?:failed|panic) after (\d+) tests`), false}, // mutproptest.Run
	{"gopter", regexp.MustCompile(`Falsified after (\d+) passed tests`), true},
	{"gopter", regexp.MustCompile(`Error on property (?:evaluation )?after (\d+) passed tests`), true},
	{"quick", regexp.MustCompile(`#(\d+): failed on input`), false},
}

// TestsToFailure extracts the number of generated tests up to and including
// the failing one from a failing test's output: rapid's "failed after N
// tests" (N+1), mutproptest's "[mutprop] failed after N tests" (N),
// gopter's "Falsified after N passed tests" and "Error on property
// evaluation after N passed tests" (N+1) and testing/quick's "#N: failed
// on input" (N, CheckError.Count). It returns the library's name, or ok
// false when the output has no such message.
func TestsToFailure(output string) (n int, lib string, ok bool) {
	for _, p := range ttfPatterns {
		m := p.re.FindStringSubmatch(output)
		if m == nil {
			continue
		}
		v, err := strconv.Atoi(m[1])
		if err != nil {
			continue
		}
		if p.passed {
			v++
		}
		return v, p.lib, true
	}
	return 0, "", false
}

// The lines testing/quick prints, built over testbin.QuickSeedOverlay, in
// a trial (testbin.QuickCountEnv), with the count in place of %d:
// QuickRanLine when a check ends, however it ends; QuickCaseLine before
// each case, in a traced run.
const (
	QuickRanLine  = "mutprop-quick: ran %d tests"
	QuickCaseLine = "mutprop-quick: test #%d"
)

// countKind is what a line of a test's output says of its cases.
type countKind int

const (
	countFailed countKind = iota // a failure at the case counted
	countPassed                  // a check that passed this many cases
	countRan                     // a check that ran this many cases, however it ended (testing/quick)
	countStart                   // a traced case starts (-rapid.log, QuickCaseLine)
)

// countPatterns are the lines Cases reads besides ttfPatterns.
var countPatterns = []struct {
	lib  string
	kind countKind
	re   *regexp.Regexp
}{
	{"rapid", countPassed, regexp.MustCompile(`\[rapid\] OK, passed (\d+) tests`)},
	{"gopter", countPassed, regexp.MustCompile(`: OK, passed (\d+) tests\.`)},
	{"mutprop", countPassed, regexp.MustCompile(`\[mutprop\] OK, passed (\d+) tests`)},
	{"quick", countRan, regexp.MustCompile(`mutprop-quick: ran (\d+) tests`)},
	{"rapid", countStart, regexp.MustCompile(`\[rapid\] test #(\d+) start`)},
	{"quick", countStart, regexp.MustCompile(`mutprop-quick: test #(\d+)\n`)},
}

// Count is what a test's output says of the cases it ran.
type Count struct {
	// Cases is the number of generated cases the test ran: every case of
	// the checks that passed before its failure, and the failing check's
	// up to and including the failing case; all of them when it passed.
	Cases int
	// Lib names the library that printed the count: rapid, quick,
	// gopter or mutprop.
	Lib string
	// Failed: a library's line says a check failed (Cases ends there).
	Failed bool
	// Traced: the count ends with a case a trace saw start and no line
	// saw end (the process died in it, or was killed).
	Traced bool
}

// Cases reads from a test's output how many generated cases it ran. It
// adds up, in the order printed: the checks that passed (rapid's "[rapid]
// OK, passed N tests", gopter's "OK, passed N tests.", mutproptest's
// "[mutprop] OK, passed N tests"), testing/quick's QuickRanLine, and the
// first failure (TestsToFailure's lines), where it stops. testing/quick's
// "#N: failed on input" counts only without QuickRanLine, which already
// counts that check. A traced case (rapid's -rapid.log "[rapid] test #N
// start", QuickCaseLine) that no later line ends counts N more: the test
// ended in that case. ok is false when no line says anything of the
// cases (a plain test, an example).
func Cases(output string) (c Count, ok bool) {
	type hit struct {
		at, n int
		kind  countKind
		lib   string
	}
	var hits []hit
	ran := false
	add := func(re *regexp.Regexp, kind countKind, lib string, passed bool) {
		for _, m := range re.FindAllStringSubmatchIndex(output, -1) {
			n, err := strconv.Atoi(output[m[2]:m[3]])
			if err != nil {
				continue
			}
			if passed {
				n++
			}
			hits = append(hits, hit{at: m[0], n: n, kind: kind, lib: lib})
			ran = ran || kind == countRan
		}
	}
	for _, p := range countPatterns {
		add(p.re, p.kind, p.lib, false)
	}
	for _, p := range ttfPatterns {
		if p.lib == "quick" && ran {
			continue
		}
		add(p.re, countFailed, p.lib, p.passed)
	}
	if len(hits) == 0 {
		return Count{}, false
	}
	sort.SliceStable(hits, func(i, j int) bool { return hits[i].at < hits[j].at })
	open := 0 // the case a trace saw start, in the check under way
	for _, h := range hits {
		if c.Lib == "" || h.kind != countStart {
			c.Lib = h.lib
		}
		switch h.kind {
		case countStart:
			open = h.n
			continue
		case countFailed:
			c.Cases += h.n
			c.Failed = true
			return c, true
		default:
			c.Cases += h.n
		}
		open = 0
	}
	if open > 0 {
		c.Cases += open
		c.Traced = true
	}
	return c, true
}
