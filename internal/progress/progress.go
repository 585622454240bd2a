// Package progress draws the progress of long work on a terminal (a bar
// redrawn in place) or in a log (a line every ten seconds, and one as
// soon as the first ETA is known): done/total, failures so far, elapsed
// time and an ETA.
package progress

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"golang.org/x/term"
)

// Bar renders done/total, failures so far and an ETA: as a bar
// redrawn in place on a terminal, or as one line every interval otherwise
// (CI logs), so long runs always show they are alive; a log gets its
// first line with an ETA as soon as there is one.
type Bar struct {
	mu       sync.Mutex
	w        io.Writer
	label    string
	tty      bool
	interval time.Duration
	last     time.Time
	drawn    bool
	// estimated: a line with an ETA was printed.
	estimated bool
	// Resumed counts the units finished before this run (taken from a
	// journal): they count as done but not in the rate behind the ETA.
	Resumed int
	// Counted names what failing counts ("failing" when "").
	Counted string
	// Estimate, when set, gives the ETA of the units left (ok false: "?")
	// in place of the rate of those finished so far.
	Estimate func(done, total int, elapsed time.Duration) (eta time.Duration, ok bool)
}

// New returns a progress bar writing to w, which is treated as a terminal
// when it is one.
func New(w io.Writer, label string) *Bar {
	tty := false
	if f, ok := w.(*os.File); ok {
		tty = term.IsTerminal(int(f.Fd()))
	}
	interval := 10 * time.Second
	if tty {
		interval = 200 * time.Millisecond
	}
	return &Bar{w: w, label: label, tty: tty, interval: interval}
}

// Update reports that done of total units are finished, failing of them
// found their mutant (or property) failing, after elapsed.
func (p *Bar) Update(done, total, failing int, elapsed time.Duration) {
	p.mu.Lock()
	defer p.mu.Unlock()
	now := time.Now()
	due := done == total || now.Sub(p.last) >= p.interval
	if !due && (p.tty || p.estimated) {
		return
	}
	eta := p.eta(done, total, elapsed)
	if !due && eta == "?" {
		return // a log's first estimate comes as soon as it is known
	}
	p.last = now
	p.estimated = p.estimated || eta != "?"
	pct := 0.0
	if total > 0 {
		pct = 100 * float64(done) / float64(total)
	}
	counted := p.Counted
	if counted == "" {
		counted = "failing"
	}
	if p.tty {
		const width = 30
		filled := int(pct / 100 * width)
		bar := strings.Repeat("=", filled) + strings.Repeat(" ", width-filled)
		fmt.Fprintf(p.w, "\r%s [%s] %d/%d (%.0f%%) %s %d, ETA %s ", p.label, bar, done, total, pct, counted, failing, eta)
		p.drawn = true
		if done == total {
			fmt.Fprintln(p.w)
			p.drawn = false
		}
		return
	}
	fmt.Fprintf(p.w, "%s: %d/%d (%.0f%%) %s %d, elapsed %s, ETA %s\n", p.label, done, total, pct, counted, failing, elapsed.Round(time.Second), eta)
}

// eta is the time left as the bar prints it, "?" while unknown.
func (p *Bar) eta(done, total int, elapsed time.Duration) string {
	switch {
	case done == total:
		return "0s"
	case p.Estimate != nil:
		if d, ok := p.Estimate(done, total, elapsed); ok {
			return d.Round(time.Second).String()
		}
	case done > p.Resumed:
		return (time.Duration(float64(elapsed) / float64(done-p.Resumed) * float64(total-done))).Round(time.Second).String()
	}
	return "?"
}

// Finish ends an in-place bar so that later output starts on a new line.
func (p *Bar) Finish() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.drawn {
		fmt.Fprintln(p.w)
		p.drawn = false
	}
}

// Phases draws the progress of a run of several phases, one bar (or line
// series) per phase label, on W.
type Phases struct {
	W     io.Writer
	label string
	bar   *Bar
}

// Update reports done, total and failing after elapsed in the phase called
// label; a new label ends the previous phase's bar.
func (ph *Phases) Update(label string, done, total, failing int, elapsed time.Duration) {
	if ph.bar == nil || label != ph.label {
		ph.Finish()
		ph.label, ph.bar = label, New(ph.W, label)
	}
	ph.bar.Update(done, total, failing, elapsed)
}

// Finish ends the current phase's bar.
func (ph *Phases) Finish() {
	if ph.bar != nil {
		ph.bar.Finish()
	}
}
