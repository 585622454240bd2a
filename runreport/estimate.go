package runreport

import (
	"fmt"
	"io"
	"math"
	"time"

	"github.com/mutprop/mutprop/engine"
	"github.com/mutprop/mutprop/gotest"
)

// Budget says, for a package whose mutants would take longer than a
// budget, how long its run will take and what sharding would make of it
// (mutprop run --budget). Before the mutant stage it prints bounds read
// from the baseline; once a pilot of mutants has finished it prints one
// estimate calibrated on them. Nothing is printed when the run fits.
type Budget struct {
	W io.Writer
	// Limit is the budget: the wall time a run (or a CI job) may take.
	Limit time.Duration
	// Note prints a line without breaking a progress bar (Progress.Note);
	// nil writes to W.
	Note func(string)

	pkg      string
	workers  int
	fixed    time.Duration // build, baseline and coverage: every shard pays them
	start    time.Time     // of the mutant stage
	expected map[string]time.Duration
	left     int
	pilot    int // mutants to finish before the calibrated estimate
	done     int
	cost     time.Duration // expected cost of the finished ones
	worked   time.Duration // their worker time
	over     bool          // the bounds passed the budget
	printed  bool
}

// Ready reads a package's mutants before their stage. The lower bound
// counts every mutant killed by its first covering test, the upper bound
// every mutant running all its covering tests; both add a process start
// per run and divide by the workers.
func (b *Budget) Ready(pr *gotest.PackageResult) {
	if b.Limit <= 0 {
		return
	}
	base := map[string]time.Duration{}
	for _, t := range pr.Tests {
		base[t.Name] = t.Baseline
	}
	*b = Budget{W: b.W, Limit: b.Limit, Note: b.Note, pkg: pr.Path, workers: max(pr.Workers, 1),
		fixed: pr.Build + pr.Baseline + pr.Coverage, expected: map[string]time.Duration{}, start: time.Now()}
	var low, high time.Duration
	for _, m := range pr.Mutants {
		if m.Outcome != "" {
			continue
		}
		tests := m.Tests()
		if len(tests) == 0 {
			continue
		}
		first := processCost + base[tests[0]]
		all := first
		for _, t := range tests[1:] {
			all += base[t]
		}
		if len(tests) > 1 {
			all += processCost // the other tests' process
		}
		b.expected[m.Mutant.ID] = expectedCost(tests, base) // as the ETA's
		low += first
		high += all
		b.left++
	}
	b.pilot = engine.Pilot(b.left)
	w := time.Duration(b.workers)
	low, high = low/w, high/w
	if b.fixed+low <= b.Limit {
		return // even the floor's share of the run fits: nothing to say
	}
	b.over = true
	b.say(fmt.Sprintf("%s: over the --budget of %v: %d mutants to run take between %v (each killed by its first test) and %v (each runs all its covering tests) on %d workers, after %v of build and baseline; %s; an estimate follows after %d mutants",
		b.pkg, b.Limit, b.left, round(low), round(high), b.workers, round(b.fixed), b.shards(high), b.pilot))
}

// Mutant counts a finished mutant, and prints the calibrated estimate once
// the pilot has finished.
func (b *Budget) Mutant(m gotest.MutantResult) {
	if !b.over || b.printed {
		return
	}
	c, ok := b.expected[m.Mutant.ID]
	if !ok {
		return
	}
	delete(b.expected, m.Mutant.ID)
	b.done++
	b.cost += c
	b.worked += m.Duration
	if b.done < b.pilot || m.Outcome == "" {
		return
	}
	b.printed = true
	elapsed := time.Since(b.start)
	var rest time.Duration
	for _, c := range b.expected {
		rest += c
	}
	// The pilot's worker time per unit of expected cost, applied to the
	// expected cost of the mutants left, over the workers. The pilot is a
	// sample spread over the stage (engine.Pilot, run first); its
	// wall time would count the mutants still running when it ended.
	ratio := float64(b.worked) / float64(b.cost)
	left := time.Duration(ratio * float64(rest) / float64(b.workers))
	total := b.fixed + elapsed + left
	b.say(fmt.Sprintf("%s: estimate after %d mutants: the run takes about %v (%v more); %s",
		b.pkg, b.done, round(total), round(left), b.shards(elapsed+left)))
}

// shards says what --shard N would make of a mutant stage of the given
// length: the least N whose shards fit the budget, each paying the build
// and baseline again.
func (b *Budget) shards(stage time.Duration) string {
	room := b.Limit - b.fixed
	if room <= 0 {
		return fmt.Sprintf("the build and baseline alone (%v) pass the budget: shards cannot help (docs/ci.md)", round(b.fixed))
	}
	n := int(math.Ceil(float64(stage) / float64(room)))
	if n <= 1 {
		return "it fits without shards"
	}
	return fmt.Sprintf("with --shard K/%d on CI (docs/ci.md) each shard takes about %v", n, round(b.fixed+stage/time.Duration(n)))
}

func (b *Budget) say(line string) {
	if b.Note != nil {
		b.Note(line)
		return
	}
	fmt.Fprintln(b.W, line)
}

// Note prints a line on the progress's writer, ending the bar's line
// first; the bar redraws at the next mutant.
func (p *Progress) Note(line string) {
	if p.bar != nil {
		p.bar.Finish()
	}
	fmt.Fprintln(p.W, line)
}

func round(d time.Duration) time.Duration {
	switch {
	case d >= time.Minute:
		return d.Round(time.Second)
	case d >= time.Second:
		return d.Round(100 * time.Millisecond)
	}
	return d.Round(time.Millisecond)
}
