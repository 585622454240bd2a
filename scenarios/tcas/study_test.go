package tcas

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
)

func TestRunAllOnStep10EndToEndAtReducedScale(t *testing.T) {
	t.Parallel()
	rep, err := Run(context.Background(), Config{
		Experiment: ExpAll, Domains: []string{DomainStep10}, Ts: []int{2}, Seed: 1,
		Workers: 2, Launch: testLauncher(t), Samples: 50000, Trials: 5, Replicas: 2,
	})
	if err != nil {
		t.Fatal(err)
	}
	// The known semantic duplicates are found on every domain.
	var merged []string
	for _, f := range rep.Faults {
		if len(f) > 1 {
			merged = append(merged, fmt.Sprint(f))
		}
	}
	for _, want := range []string{"[5 15 27]", "[4 41]", "[28 35]"} {
		if !slices.Contains(merged, want) {
			t.Errorf("distinct faults %v: no class %q", merged, want)
		}
	}
	if n := len(rep.Faults); n < 34 || n > 35 {
		t.Errorf("%d distinct faults, want 35 (34 if v25 and v39 are not separated by the samples)", n)
	}
	seen := map[string]Row{}
	fillFirst, replicas := 0, 0
	for _, r := range rep.Rows {
		if r.Fill == FillFirst {
			fillFirst++
		}
		if isReplica(r.Fill) {
			replicas++
		}
		if !isMain(r.Fill) {
			continue
		}
		seen[r.Experiment+"/"+r.Domain+"/"+r.Method+"/"+r.Oracle] = r
	}
	// Both arrays are also scored with their don't-cares set to the first
	// values (two oracles each).
	if fillFirst != 4 || replicas != 8 {
		t.Errorf("%d rows with don't-cares filled by first values, %d replica rows; want 4 and 8 (2 arrays x 2 oracles (x 2 replicas))", fillFirst, replicas)
	}
	for _, k := range []string{"universe/sir/universe/differential", "random/step10/uniform/differential", "covering/step10/covering/differential", "radix/step10/radix/differential"} {
		r, ok := seen[k]
		if !ok {
			t.Errorf("no row %s", k)
			continue
		}
		if len(r.Faults) != 40 || r.FaultsTotal != len(rep.Faults) {
			t.Errorf("%s: %d faults scored, total %d", k, len(r.Faults), r.FaultsTotal)
		}
	}
	if r := seen["universe/sir/universe/differential"]; r.VersionsKilled != 40 || r.Seed38Killed != 38 {
		t.Errorf("universe kills %d versions (%d of the seed's 38), want all", r.VersionsKilled, r.Seed38Killed)
	}
	// Table 5's shape at t=2: Radix Coverage has about 1% of the plain
	// array's rows, and the plain array finds at least as many faults.
	rad, plain := seen["radix/step10/radix/differential"], seen["covering/step10/covering/differential"]
	if rad.Rows*50 > plain.Rows || rad.FaultsFound > plain.FaultsFound || rad.Paper == nil || plain.Paper == nil || !rad.Verified || !plain.Verified {
		t.Errorf("radix %d rows / %d faults, plain %d rows / %d faults", rad.Rows, rad.FaultsFound, plain.Rows, plain.FaultsFound)
	}
	// The rows reaching the decision logic are counted, and the random
	// baseline of the same size is measured (the sample has 50,000 tests).
	if rad.GateOpen == 0 || rad.GateOpen >= rad.Rows || plain.RandomSeed38 <= 0 || rad.RandomSeed38 < 0 {
		t.Errorf("radix: %d gate-open rows of %d, random same n %d; plain random same n %d", rad.GateOpen, rad.Rows, rad.RandomSeed38, plain.RandomSeed38)
	}
	// Random generation: one cell per version, oracle and domain.
	if len(rep.MTTF) != 40*6 {
		t.Errorf("%d random cells, want 240 (40 versions x differential and 5 properties)", len(rep.MTTF))
	}
	for _, m := range rep.MTTF {
		if m.Property == Differential && m.Version == 34 && (!m.Fails || m.Summary.N != 6 || m.Summary.CILow > m.Summary.Mean) {
			t.Errorf("v34 differential: %+v", m)
		}
	}
	if g := rep.Generic; g == nil || g.Operators < 150 || len(g.Rows) != 3*2*2 {
		t.Errorf("generic mutants: %+v", g)
	} else {
		if r := g.Rows[0]; r.Suite != "universe" || r.Killed == 0 || r.Killed > r.Total {
			t.Errorf("operator mutants on the universe: %+v", r)
		}
		for _, r := range g.Rows {
			// A single-point mutant differs at an input of its suite: the
			// differential oracle kills it, the properties only some.
			if r.Origin == "blackbox-1pt" && (r.Total != 100 || r.Oracle == Differential && r.Killed != r.Total || r.Oracle != Differential && r.Killed >= r.Total) {
				t.Errorf("single-point black-box mutants: %+v", r)
			}
		}
	}
	var buf bytes.Buffer
	if err := rep.WriteText(&buf); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"P2b", "{v5 v15 v27}", "45.6 s / 9", "Per-version tests to first failure", "Tables 4 (int1001) and 5 (step10)", "step10  2  radix"} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("report lacks %q", want)
		}
	}
	b, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{`"experiment"`, `"domain"`, `"method"`, `"t"`, `"rows"`, `"gen_seconds"`, `"faults_found"`, `"faults_total"`, `"version"`, `"killed"`, `"tests_to_failure"`} {
		if !bytes.Contains(b, []byte(key)) {
			t.Errorf("JSON lacks %s", key)
		}
	}
}
