package gotest

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/mutprop/mutprop/internal/testjson"
)

// baselineEvery is how often a package's baseline says what it is doing:
// a test blocked for ever, or a long search for flaky tests, must not
// look like a hang.
const baselineEvery = 10 * time.Second

// baselineProgress is what a session's baseline is doing: its stage, the
// runs of test binaries so far, and the tests that were running when a
// run was stopped (by the baseline's deadline).
type baselineProgress struct {
	mu      sync.Mutex
	start   time.Time
	stage   string
	runs    int
	running []string
}

// set starts a stage.
func (p *baselineProgress) set(stage string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.stage = stage
}

// ran counts a run of a test binary.
func (p *baselineProgress) ran() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.runs++
}

// stopped records the tests st shows running when the run was stopped.
func (p *baselineProgress) stopped(st *testjson.Stream) {
	if st == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, name := range st.Order {
		if t := st.Tests[name]; testjson.TopLevel(name) && t.Status == testjson.StatusRunning && !slices.Contains(p.running, name) {
			p.running = append(p.running, name)
		}
	}
}

// follow says, through cfg's log, every baselineEvery what the baseline of
// pkg is doing, until the returned function is called.
func (p *baselineProgress) follow(cfg *Config, pkg string) (stop func()) {
	p.mu.Lock()
	p.start = time.Now()
	p.mu.Unlock()
	done := make(chan struct{})
	go func() {
		t := time.NewTicker(baselineEvery)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				cfg.logf("%s: baseline, %s", pkg, p.line())
			}
		}
	}()
	return func() { close(done) }
}

// line describes the baseline now: the time so far, the stage, the runs.
func (p *baselineProgress) line() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return fmt.Sprintf("%v so far: %s (%d runs of the test binary done)", time.Since(p.start).Round(time.Second), p.stage, p.runs)
}

// expired is the error of a baseline of pkg that passed its deadline d.
func (p *baselineProgress) expired(pkg string, d time.Duration) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	running := "no test was running (the process was outside its tests)"
	switch len(p.running) {
	case 0:
	case 1:
		running = p.running[0] + " was running"
	default:
		slices.Sort(p.running)
		running = strings.Join(p.running, ", ") + " were running"
	}
	return fmt.Errorf("baseline of %s: no result within the baseline's deadline of %v (--baseline-timeout), while %s: %s; refusing to score it",
		pkg, d, p.stage, running)
}
