package gotest_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/mutprop/mutprop/gotest"
	"github.com/mutprop/mutprop/internal/testfix"
	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/proc"
)

const fixtureDir = "../internal/testdata/fixture"

// fixtureConfig scores the fixture with short deadlines: its looping
// mutants cost about a second each.
func fixtureConfig(t *testing.T, mode gotest.Mode) gotest.Config {
	return gotest.Config{
		Dir:      fixtureDir,
		Patterns: []string{"."},
		Workers:  2,
		Seed:     1,
		Timeouts: proc.Timeouts{Factor: 2, Const: time.Second, Floor: time.Second},
		Mode:     mode,
		TempDir:  t.TempDir(),
	}
}

// assertNothingLeft checks that the run's temporary directory is gone and
// that no process runs a binary from it.
func assertNothingLeft(t *testing.T, tmp string) {
	t.Helper()
	ents, err := os.ReadDir(tmp)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		t.Errorf("left behind in the temporary directory: %s", e.Name())
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		left := processesUnder(t, tmp)
		if len(left) == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Errorf("processes left running from %s: %v", tmp, left)
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// processesUnder lists live processes whose executable or working
// directory is under dir.
func processesUnder(t *testing.T, dir string) []string {
	ents, err := os.ReadDir("/proc")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range ents {
		if e.Name()[0] < '0' || e.Name()[0] > '9' {
			continue
		}
		stat, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil || strings.Contains(string(stat[strings.LastIndexByte(string(stat), ')')+1:]), " Z ") {
			continue
		}
		for _, link := range []string{"exe", "cwd"} {
			target, err := os.Readlink("/proc/" + e.Name() + "/" + link)
			if err == nil && strings.HasPrefix(target, dir) {
				out = append(out, e.Name()+" "+link+" "+target)
			}
		}
	}
	return out
}

func listing(res *gotest.Result) string {
	var lines []string
	for _, p := range res.Packages {
		lines = append(lines, fmt.Sprintf("# %s", p.Stats))
		for _, m := range p.Mutants {
			lines = append(lines, m.Mutant.ID+" "+string(m.Outcome))
		}
	}
	return strings.Join(lines, "\n") + "\n"
}

func outcomes(res *gotest.Result) map[string]outcome.Outcome {
	out := map[string]outcome.Outcome{}
	for _, p := range res.Packages {
		for _, m := range p.Mutants {
			out[m.Mutant.ID] = m.Outcome
		}
	}
	return out
}

func TestTheFixtureScoresAsTheGoldenListInBothModes(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	before := testfix.SnapshotTree(t, fixtureDir)
	cfg := fixtureConfig(t, gotest.ModeSchemata)
	res, err := gotest.Score(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	got := listing(res)
	testfix.Golden(t, filepath.Join("testdata", "fixture.golden"), []byte(got))
	seen := map[outcome.Outcome]bool{}
	for _, o := range outcomes(res) {
		seen[o] = true
	}
	if res.Packages[0].Stats.IllTyped == 0 {
		seen[outcome.NotViable] = false
	} else {
		seen[outcome.NotViable] = true
	}
	for _, o := range []outcome.Outcome{outcome.Killed, outcome.Survived, outcome.Timeout, outcome.Crashed, outcome.NotViable, outcome.NoCoverage} {
		if !seen[o] {
			t.Errorf("no fixture mutant is %s", o)
		}
	}
	for _, p := range res.Packages {
		for _, m := range p.Mutants {
			if m.Outcome == outcome.Killed && len(m.KilledBy) == 0 {
				t.Errorf("%s is killed by no test", m.Mutant.ID)
			}
		}
	}
	// The probes must filter something; the overlay cross-check below,
	// which runs every covering test, shows they skip nothing that kills.
	p, narrowed := res.Packages[0], 0
	for _, m := range p.Mutants {
		if len(m.InfectedBy) > 0 && len(m.InfectedBy) < len(m.CoveredBy) {
			narrowed++
		}
	}
	t.Logf("probes: %d mutants probed, %d infected by no test, %d run against fewer tests than cover them", p.Probed, p.Uninfected, narrowed)
	if p.Probed == 0 || narrowed == 0 {
		t.Errorf("probes: %d mutants probed, %d run against fewer tests than cover them: want both above zero", p.Probed, narrowed)
	}
	testfix.AssertTreeUnchanged(t, fixtureDir, before)
	assertNothingLeft(t, cfg.TempDir)

	ocfg := fixtureConfig(t, gotest.ModeOverlay)
	ores, err := gotest.Score(context.Background(), ocfg)
	if err != nil {
		t.Fatal(err)
	}
	schemata, overlay := outcomes(res), outcomes(ores)
	ids := make([]string, 0, len(schemata))
	for id := range schemata {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		if schemata[id] != overlay[id] {
			t.Errorf("%s: schemata says %s, overlay says %s", id, schemata[id], overlay[id])
		}
	}
	if len(overlay) != len(schemata) {
		t.Errorf("overlay scored %d mutants, schemata %d", len(overlay), len(schemata))
	}
	testfix.AssertTreeUnchanged(t, fixtureDir, before)
	assertNothingLeft(t, ocfg.TempDir)
}

func TestCancellingARunKeepsWhatFinishedAndLeavesNothingBehind(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	before := testfix.SnapshotTree(t, fixtureDir)
	cfg := fixtureConfig(t, gotest.ModeSchemata)
	cfg.Workers = 1
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	finished := 0
	cfg.Observer = observerFuncs{progress: func(done, total int, m gotest.MutantResult) {
		finished++
		if finished == 3 {
			cancel()
		}
	}}
	res, err := gotest.Score(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Interrupted {
		t.Fatal("the run was cancelled but not reported as interrupted")
	}
	ran, empty := 0, 0
	for _, m := range res.Packages[0].Mutants {
		switch m.Outcome {
		case "":
			empty++
		case outcome.Killed, outcome.Survived, outcome.Timeout, outcome.Crashed:
			ran++
		}
	}
	if ran < 3 || empty == 0 {
		t.Errorf("after cancelling at the third mutant: %d ran, %d unfinished", ran, empty)
	}
	testfix.AssertTreeUnchanged(t, fixtureDir, before)
	assertNothingLeft(t, cfg.TempDir)
}
