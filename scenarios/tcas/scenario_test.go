package tcas

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/mutprop/mutprop/internal/testfix"
)

func TestRunAllOnStep10EndToEndAtReducedScale(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	rep, err := Run(context.Background(), Config{
		Experiment: expAll, Domains: []string{domainStep10}, Ts: []int{2}, Seed: 1,
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
	firstFills, replicas := 0, 0
	for _, r := range rep.Rows {
		if r.Fill == fillFirst {
			firstFills++
		}
		if isReplica(r.Fill) {
			replicas++
		}
		if !isMain(r.Fill) {
			continue
		}
		seen[r.Experiment+"/"+r.Domain+"/"+r.Method+"/"+r.Oracle] = r
	}
	// The three arrays (plain, radix in decimal digits, radix with the
	// smallest base) are also scored with their don't-cares set to the
	// first values (two oracles each).
	if firstFills != 6 || replicas != 12 {
		t.Errorf("%d rows with don't-cares filled by first values, %d replica rows; want 6 and 12 (3 arrays x 2 oracles (x 2 replicas))", firstFills, replicas)
	}
	for _, k := range []string{"universe/sir/universe/differential", "random/step10/uniform/differential", "covering/step10/covering/differential", "radix/step10/radix/differential", "radix/step10/radix-smallest/differential"} {
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
		if m.Property == differentialName && m.Version == 34 && (!m.Fails || m.Summary.N != 6 || m.Summary.CILow > m.Summary.Mean) {
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
			if r.Origin == "blackbox-1pt" && (r.Total != 100 || r.Oracle == differentialName && r.Killed != r.Total || r.Oracle != differentialName && r.Killed >= r.Total) {
				t.Errorf("single-point black-box mutants: %+v", r)
			}
		}
	}
	var buf bytes.Buffer
	if err := rep.WriteText(&buf); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"P2b", "{v5 v15 v27}", "45.6 s / 9", "Per-version tests to first failure", "Tables 4 (int1001) and 5 (step10)", "| step10 | 2 | radix", "| P2b      | false |"} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("report lacks %q", want)
		}
	}
	// The per-version matrix is plain (no grid), its figures right-aligned
	// under their column numbers; no line ends in blanks.
	_, matrix, _ := strings.Cut(buf.String(), "Per-version tests to first failure")
	lines := strings.Split(matrix, "\n")
	if len(lines) < 3 || !strings.HasPrefix(lines[1], "v  ") || !strings.Contains(lines[1], "class") || strings.ContainsAny(lines[1]+lines[2], "|+") ||
		!strings.HasPrefix(lines[2], "v1 ") || len(lines[1]) != len(lines[2]) {
		t.Errorf("per-version matrix is not a plain right-aligned table:\n%s", matrix)
	}
	for _, l := range strings.Split(buf.String(), "\n") {
		if l != strings.TrimRight(l, " ") {
			t.Errorf("trailing blanks in %q", l)
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

// TestTable5ShapeOnStep10 checks seed 000's Table 5 at the strengths CI
// can afford: on {0, 10, ..., 1000}, Radix Coverage in decimal digits at
// t=3 finds about what the plain array finds at t=2 (seed: 30 and 17; the
// seed's "effective drop of 1 in interaction strength") from a quarter of
// its rows, and at t=2 far less; with the smallest base (3) its t=3 array
// is twenty times smaller and finds far less than the plain t=2 array.
func TestTable5ShapeOnStep10(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	rep, err := Run(context.Background(), Config{
		Experiment: "covering,radix", Domains: []string{domainStep10}, Ts: []int{2, 3}, Seed: 1,
		MaxRows: 2e5, // plain t=3 (1.5M rows) is reported, not built
		Workers: 2, Launch: testLauncher(t), Samples: 20000, Trials: 2,
	})
	if err != nil {
		t.Fatal(err)
	}
	bugs := map[string]Row{}
	for _, r := range rep.Rows {
		if r.Oracle == differentialName && isMain(r.Fill) {
			bugs[fmt.Sprintf("%s/t=%d", r.Method, r.T)] = r
		}
	}
	plain2, rad2, rad3, min3 := bugs["covering/t=2"], bugs["radix/t=2"], bugs["radix/t=3"], bugs["radix-smallest/t=3"]
	if p3 := bugs["covering/t=3"]; p3.Skipped == "" {
		t.Errorf("plain t=3 built (%d rows) despite MaxRows", p3.Rows)
	}
	for name, r := range map[string]Row{"plain t=2": plain2, "radix t=2": rad2, "radix t=3": rad3, "radix-smallest t=3": min3} {
		if !r.Verified || r.Rows == 0 {
			t.Fatalf("%s: %d rows, verified %v", name, r.Rows, r.Verified)
		}
	}
	t.Logf("bugs of 38: plain t=2 %d (%d rows); radix t=2 %d (%d), t=3 %d (%d); radix-smallest t=3 %d (%d)",
		plain2.Seed38Killed, plain2.Rows, rad2.Seed38Killed, rad2.Rows, rad3.Seed38Killed, rad3.Rows, min3.Seed38Killed, min3.Rows)
	if d := rad3.Seed38Killed - plain2.Seed38Killed; d < -4 || d > 4 || rad3.Rows*3 > plain2.Rows {
		t.Errorf("radix t=3: %d bugs in %d rows, plain t=2: %d in %d; want within 4 bugs from under a third of the rows",
			rad3.Seed38Killed, rad3.Rows, plain2.Seed38Killed, plain2.Rows)
	}
	if rad2.Seed38Killed*2 > plain2.Seed38Killed || min3.Seed38Killed*3 > plain2.Seed38Killed*2 || min3.Rows*10 > rad3.Rows {
		t.Errorf("radix t=2 %d bugs, radix-smallest t=3 %d bugs in %d rows; plain t=2 %d", rad2.Seed38Killed, min3.Seed38Killed, min3.Rows, plain2.Seed38Killed)
	}
}

// TestConstantFillsSpanTheFirstValueFills scores the step-10 Radix arrays
// at t=2 with the 192 constant fills of the small inputs: the first-value
// fills (flags false, and ACTS's order) are two of them, so the bugs they
// find must be among the spread's counts.
func TestConstantFillsSpanTheFirstValueFills(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	rep, err := Run(context.Background(), Config{
		Experiment: expRadix, Domains: []string{domainStep10}, Ts: []int{2}, Seed: 1, ConstFills: true,
		Workers: 2, Launch: testLauncher(t), Samples: 5000, Trials: 2,
	})
	if err != nil {
		t.Fatal(err)
	}
	byFill := map[string]map[string]Row{}
	for _, r := range rep.Rows {
		if r.Oracle != differentialName {
			continue
		}
		if isConst(r.Fill) {
			t.Fatalf("constant fill %s reported as a row", r.Fill)
		}
		if byFill[r.Method] == nil {
			byFill[r.Method] = map[string]Row{}
		}
		byFill[r.Method][r.Fill] = r
	}
	for _, m := range []string{methodRadix, methodRadixSmallest} {
		main, first, acts := byFill[m][fillRandom], byFill[m][fillFirst], byFill[m][fillACTS]
		c := main.ConstFills
		if c == nil || c.Fills != 192 {
			t.Fatalf("%s: constant fills %+v, want 192", m, c)
		}
		n := 0
		for _, k := range c.Counts {
			n += k
		}
		if n != 192 || c.Counts[first.Seed38Killed] == 0 || c.Counts[acts.Seed38Killed] == 0 ||
			float64(c.Min) > c.Median || c.Median > float64(c.Max) || c.Min == c.Max {
			t.Errorf("%s: spread %+v; first %d, acts %d", m, c, first.Seed38Killed, acts.Seed38Killed)
		}
		if first.ConstFills != nil || acts.ConstFills != nil {
			t.Errorf("%s: spread on a sensitivity row", m)
		}
	}
}

func TestConstantFillNamesRoundTrip(t *testing.T) {
	t.Parallel()
	fills, err := constFills()
	if err != nil {
		t.Fatal(err)
	}
	if len(fills) != 192 || fills[0] != "const=0,0,0,0,1,0" || fills[191] != "const=1,1,3,2,2,1" {
		t.Fatalf("%d fills, first %q, last %q", len(fills), fills[0], fills[len(fills)-1])
	}
	v, err := constValues("const=1,1,0,0,1,1")
	if err != nil || v != actsFirst {
		t.Errorf("ACTS's first values: %v (%v), want %v", v, err, actsFirst)
	}
	for _, bad := range []string{"const=1,1", "const=1,1,0,0,1,x"} {
		if _, err := constValues(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
