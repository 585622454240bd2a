package runreport

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/mutprop/mutprop/gotest"
	"github.com/mutprop/mutprop/internal/progress"
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
	if p.Verbose {
		p.bar.Finish()
		fmt.Fprintf(p.W, "%-10s %s %s (%v)%s\n", m.Outcome, m.Mutant.ID, m.Mutant.Description, m.Duration.Round(time.Millisecond), killedNote(m))
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
