package gotest

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/mutprop/mutprop/mutate"
	"github.com/mutprop/mutprop/outcome"
)

// applyProbes runs once more, with the schemata's infection probes on
// (mutate.SchemataOptions.Probes), every test that covers a probed mutant
// among jobs, and sets each probed mutant's InfectedBy: its covering tests
// whose run infected it. A probed mutant that no test infects cannot be
// killed by them (their runs would be the original's): it is Survived
// without running; applyProbes returns those mutants' indices.
//
// A probe run that does not pass (a flaky test, a timeout) or whose probe
// file cannot be read tells nothing: the test counts as infecting every
// mutant it covers.
func (rs *runState) applyProbes(ctx context.Context, jobs []job) ([]job, error) {
	need := map[testRef]bool{}
	for _, j := range jobs {
		if r := j.result(); r.Mutant.Probed {
			j.t.pr.Probed++
			for _, name := range r.CoveredBy {
				need[j.t.refs[name]] = true
			}
		}
	}
	var tests []testRef
	for ref := range need {
		tests = append(tests, ref)
	}
	sort.Slice(tests, func(i, j int) bool {
		if a, b := tests[i].s.pkg.Path, tests[j].s.pkg.Path; a != b {
			return a < b
		}
		return tests[i].name < tests[j].name
	})
	infected := make(map[testRef]map[int]bool, len(tests))
	var mu sync.Mutex
	err := rs.forEach(ctx, len(tests), func(w, i int) error {
		ref := tests[i]
		inf, err := ref.s.probeOne(ctx, ref.s.scratch(w), ref.name, filepath.Join(rs.tmp, fmt.Sprintf("probe-%d.out", i)))
		mu.Lock()
		infected[ref] = inf
		mu.Unlock()
		return err
	})
	if err != nil {
		return nil, err
	}
	var uninfected []job
	for _, j := range jobs {
		r := j.result()
		if !r.Mutant.Probed {
			continue
		}
		r.InfectedBy = []string{}
		for _, name := range r.CoveredBy {
			if inf := infected[j.t.refs[name]]; inf == nil || inf[r.Mutant.Schema] {
				r.InfectedBy = append(r.InfectedBy, name)
			}
		}
		if len(r.InfectedBy) == 0 {
			r.Outcome = outcome.Survived
			r.Reason = fmt.Sprintf("not run: no covering test infects it (in the runs of its %d covering tests, its expression always had the original's value)", len(r.CoveredBy))
			uninfected = append(uninfected, j)
			j.t.pr.Uninfected++
		}
	}
	return uninfected, nil
}

// probeOne runs test alone with the probes writing to file and returns the
// schema numbers it infected; nil when the run tells nothing.
func (s *session) probeOne(ctx context.Context, sc *scratch, test, file string) (map[int]bool, error) {
	if err := sc.reset(); err != nil {
		return nil, err
	}
	st, res, err := s.bin.runTests(ctx, runSpec{Tests: []string{test}, Dir: sc.workDir(), TempDir: sc.tempDir(), Seed: s.cfg.seed(), Memory: s.cfg.memory(),
		Timeout: s.measureTimeout(test), Probe: file})
	if err != nil {
		return nil, err
	}
	if res.Canceled {
		return nil, ctx.Err()
	}
	if v := classify(st, res); v.Outcome != outcome.Survived {
		s.cfg.logf("%s: the probe run of %s did not pass (%s %s): it counts as infecting every mutant it covers", s.pkg.Path, test, v.Outcome, v.Reason)
		return nil, nil
	}
	b, err := os.ReadFile(file)
	if err != nil {
		s.cfg.logf("%s: no probe file from %s (%v): it counts as infecting every mutant it covers", s.pkg.Path, test, err)
		return nil, nil
	}
	return parseProbeFile(b)
}

// parseProbeFile reads the schema numbers the probes wrote, one per line.
func parseProbeFile(b []byte) (map[int]bool, error) {
	out := map[int]bool{}
	for _, l := range strings.Fields(string(b)) {
		n, err := strconv.Atoi(l)
		if err != nil || n <= 0 {
			return nil, fmt.Errorf("probe file: bad line %q (want a schema number of %s)", l, mutate.ActiveFile)
		}
		out[n] = true
	}
	return out, nil
}
