package runreport

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/mutprop/mutprop/gotest"
	"github.com/mutprop/mutprop/internal/progress"
	"github.com/mutprop/mutprop/outcome"
)

// Progress shows a run's mutants as they finish, on W: a progress bar per
// package and, with Verbose, one line per mutant (its outcome, ID,
// description, duration and killer). Multi names the package in the bar.
type Progress struct {
	W              io.Writer
	Verbose, Multi bool
	bar            *progress.Bar
	start          time.Time
	detected       int
	eta            etaModel
}

// etaModel estimates the time left from what the mutants left must run
// and what the finished ones cost. A mutant meets its tests quickest
// first and stops at the first that fails, so its expected cost is a
// process start, the baseline of its quickest test, and etaRest of the
// baselines of its other tests: a kill (most mutants) seldom runs them, a
// survivor runs them all. The finished mutants that ended in a verdict
// give the ratio of their worker time to their expected cost, which
// calibrates that guess on the run itself. The time left is, over the
// workers: the ratio x the expected cost of the mutants left, plus the
// timeouts still to come. Timeouts come in clusters (a loop in one
// function times out whatever its mutant), so the mutants left are
// grouped by the tests they run: a group's timeout rate is its own
// record shrunk towards the run's rate (timeoutPrior finished mutants'
// worth), at the group's mean timeout cost (the run's before it has one).
// A mutant whose tests are slow costs what they cost, even when the quick
// ones finished first.
type etaModel struct {
	workers  int
	expected map[string]time.Duration // by mutant ID, of the mutants left
	left     time.Duration            // the sum of expected
	group    map[string]string        // by mutant ID: its tests, joined
	groups   map[string]*etaGroup     // by group

	ended, timedOut      int
	endedCost, endedTime time.Duration // expected cost and worker time of those that ended
	timedOutTime         time.Duration
}

// etaGroup is what the ETA knows of the mutants that run the same tests.
type etaGroup struct {
	left, finished, timedOut int
	timedOutTime             time.Duration
}

// timeoutPrior is how many finished mutants' worth of the run's timeout
// rate a group's own record is shrunk towards.
const timeoutPrior = 2

// newETAModel reads the expected costs of pr's mutants left to run.
func newETAModel(pr *gotest.PackageResult) etaModel {
	base := map[string]time.Duration{}
	for _, t := range pr.Tests {
		base[t.Name] = t.Baseline
	}
	e := etaModel{workers: pr.Workers, expected: map[string]time.Duration{}, group: map[string]string{}, groups: map[string]*etaGroup{}}
	for _, m := range pr.Mutants {
		if m.Outcome != "" {
			continue
		}
		g := strings.Join(m.Tests(), "\x00")
		e.group[m.Mutant.ID] = g
		if e.groups[g] == nil {
			e.groups[g] = &etaGroup{}
		}
		e.groups[g].left++
		c := expectedCost(m.Tests(), base)
		e.expected[m.Mutant.ID] = c
		e.left += c
	}
	return e
}

// processCost is what the ETA counts for a test process's start.
const processCost = 20 * time.Millisecond

// etaRest is the share of a mutant's tests after its quickest that the
// ETA expects it to run. With all of them (1), a mutant that a quick test
// kills but a slow one also covers counted that slow test whole, and
// cockroachdb/apd's ETA was 2 to 3 times the time left for half its run
// (bench/README.md, "An ETA that expects kills").
const etaRest = 1.0 / 3

// expectedCost is what a mutant whose tests are these is expected to
// cost, from each test's baseline.
func expectedCost(tests []string, base map[string]time.Duration) time.Duration {
	var quickest, all time.Duration
	for i, t := range tests {
		if i == 0 || base[t] < quickest {
			quickest = base[t]
		}
		all += base[t]
	}
	return processCost + quickest + time.Duration(etaRest*float64(all-quickest))
}

// add counts a finished mutant.
func (e *etaModel) add(m gotest.MutantResult) {
	c, ok := e.expected[m.Mutant.ID]
	if ok {
		delete(e.expected, m.Mutant.ID)
		e.left -= c
	}
	if g := e.groups[e.group[m.Mutant.ID]]; g != nil && ok {
		g.left--
		g.finished++
		if m.Outcome == outcome.Timeout {
			g.timedOut++
			g.timedOutTime += m.Duration
		}
	}
	if m.Outcome == outcome.Timeout {
		e.timedOut++
		e.timedOutTime += m.Duration
		return
	}
	e.ended++
	e.endedTime += m.Duration
	if ok {
		e.endedCost += c
	} else {
		e.endedCost += m.Duration
	}
}

// etaEvidence is how many mutants must finish in this run before the
// ETA shows: rapid's first mutant, a kill in 18 ms, made the time left
// 2m41s, and 13 more made it 41m.
const etaEvidence = 10

// eta estimates the wall time of the n mutants left; ok false before
// etaEvidence finished, or all of them when fewer were left.
func (e *etaModel) eta(n int) (time.Duration, bool) {
	ran := e.ended + e.timedOut
	if ran == 0 || ran < etaEvidence && n > 0 {
		return 0, false
	}
	var work float64 // worker time
	if e.ended > 0 && e.endedCost > 0 {
		ratio := float64(e.endedTime) / float64(e.endedCost)
		left := e.left
		if len(e.expected) < n { // mutants without an expected cost: the mean
			left += time.Duration(n-len(e.expected)) * (e.endedCost / time.Duration(e.ended))
		}
		work += ratio * float64(left)
	}
	if e.timedOut > 0 {
		rate := float64(e.timedOut) / float64(ran)
		cost := float64(e.timedOutTime) / float64(e.timedOut)
		grouped := 0
		for _, g := range e.groups {
			if g.left == 0 {
				continue
			}
			grouped += g.left
			r := (float64(g.timedOut) + timeoutPrior*rate) / (float64(g.finished) + timeoutPrior)
			c := cost
			if g.timedOut > 0 {
				c = float64(g.timedOutTime) / float64(g.timedOut)
			}
			work += float64(g.left) * r * c
		}
		if n > grouped { // mutants the model did not read: the run's rate
			work += float64(n-grouped) * rate * cost
		}
	}
	return time.Duration(work / float64(max(e.workers, 1))), true
}

// Ready starts the bar of a package whose baseline passed; its mutants
// already finished (from a journal) count as done.
func (p *Progress) Ready(pr *gotest.PackageResult) {
	label := "mutants"
	if p.Multi {
		label = "mutants of " + pr.Path
	}
	p.bar = progress.New(p.W, label)
	p.detected = 0
	done := 0
	for _, m := range pr.Mutants {
		if m.Outcome != "" {
			done++
		}
		if m.Outcome.Detected() {
			p.detected++
		}
	}
	p.bar.Resumed = done
	p.bar.Counted = "detected"
	p.eta = newETAModel(pr)
	p.bar.Estimate = func(done, total int, _ time.Duration) (time.Duration, bool) { return p.eta.eta(total - done) }
	p.start = time.Now()
	p.bar.Update(done, len(pr.Mutants), p.detected, 0)
}

// Mutant reports that m finished, done of total.
func (p *Progress) Mutant(done, total int, m gotest.MutantResult) {
	if p.bar == nil {
		return
	}
	if m.Outcome.Detected() {
		p.detected++
	}
	p.eta.add(m)
	if p.Verbose {
		p.bar.Finish()
		fmt.Fprintf(p.W, "%-10s %s %s (%v)%s%s\n", m.Outcome, m.Mutant.ID, m.Mutant.Description, m.Duration.Round(time.Millisecond), killedNote(m), confirmNote(m))
	}
	p.bar.Update(done, total, p.detected, time.Since(p.start))
}

// Finish ends the bar.
func (p *Progress) Finish() {
	if p.bar != nil {
		p.bar.Finish()
	}
}

func killedNote(m gotest.MutantResult) string {
	if len(m.KilledBy) == 0 {
		if m.Reason != "" {
			return ": " + m.Reason
		}
		return ""
	}
	s := " by " + strings.Join(m.KilledBy, ", ")
	if n, ok := m.TestsToFailure[m.KilledBy[0]]; ok {
		s += fmt.Sprintf(" after %d tests", n)
	}
	return s
}

// confirmNote is what -v's line of m adds on the kills that did not
// count, when its reason does not say it already (a killed mutant's line
// shows no reason).
func confirmNote(m gotest.MutantResult) string {
	if len(m.KilledBy) == 0 && m.Reason != "" {
		return ""
	}
	var parts []string
	if m.Unstable != "" {
		parts = append(parts, "unstable: "+m.Unstable)
	}
	for _, f := range m.Flaky {
		parts = append(parts, "flaky: "+f.Test+" "+f.Evidence)
	}
	if len(parts) == 0 {
		return ""
	}
	return " (" + strings.Join(parts, "; ") + ")"
}
