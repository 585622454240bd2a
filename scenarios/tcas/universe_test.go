package tcas

import (
	"context"
	"testing"
)

func TestTheUniversePlanHas1578WellFormedLinesOf1608(t *testing.T) {
	t.Parallel()
	u, err := loadUniverse()
	if err != nil {
		t.Fatal(err)
	}
	if u.Lines != 1608 || u.WellFormed != 1578 || u.BadLayer != 33 || len(u.Tests) != 1545 || len(u.Line) != 1545 {
		t.Errorf("lines %d, well-formed %d, bad layer %d, tests %d; want 1608, 1578, 33, 1545", u.Lines, u.WellFormed, u.BadLayer, len(u.Tests))
	}
	if got := values(u.Tests[0]); got != [12]int{958, 1, 1, 2597, 574, 4253, 0, 399, 400, 0, 0, 1} {
		t.Errorf("first test %v", got)
	}
}

func TestParseUniverseRejectsNonIntegers(t *testing.T) {
	t.Parallel()
	if _, err := parseUniverse("1 2 3 4 5 6 7 8 9 10 11 x\n"); err == nil {
		t.Error("a non-integer field was accepted")
	}
}

// knobs parameterize the closed form by the constants the constant-fault
// versions change.
type knobs struct {
	thresh             [4]int
	olev, maxAltDiff   int
	inhibit, downValue int
	layer0             bool // ALIM = thresh[0] whatever the layer (v37)
}

var originalKnobs = knobs{thresh: [4]int{400, 500, 640, 740}, olev: 600, maxAltDiff: 600, inhibit: 100, downValue: 2}

// closedForm is reference with knobs: an independent model of the
// constant-fault versions (MINSEP is dead, so it does not appear).
func closedForm(in input, k knobs) int {
	layer := in.AltLayerValue
	if k.layer0 {
		layer = 0
	}
	a := k.thresh[layer]
	enabled := in.HighConfidence != 0 && in.OwnTrackedAltRate <= k.olev && in.CurVerticalSep > k.maxAltDiff
	if !enabled || (in.OtherCapability == 1 && !(in.TwoOfThreeReportsValid != 0 && in.OtherRAC == 0)) {
		return 0
	}
	inh := in.UpSeparation
	if in.ClimbInhibit != 0 {
		inh += k.inhibit
	}
	switch {
	case inh > in.DownSeparation && in.OwnTrackedAlt < in.OtherTrackedAlt && in.DownSeparation < a:
		return 1
	case inh <= in.DownSeparation && in.OwnTrackedAlt > in.OtherTrackedAlt && in.UpSeparation >= a:
		return k.downValue
	}
	return 0
}

// universeTTF are the measured tests to first failure of every scored
// version on the universe plan (1,545 tests, file order), differential
// oracle. Every scored version is killed.
var universeTTF = map[int]int{
	1: 1, 2: 30, 3: 15, 4: 5, 5: 151, 6: 554, 7: 298, 8: 471, 9: 25, 10: 554,
	11: 554, 12: 7, 13: 65, 14: 213, 15: 151, 16: 1, 17: 298, 18: 10, 19: 339, 20: 201,
	21: 201, 22: 146, 23: 25, 24: 208, 25: 165, 26: 65, 27: 151, 28: 25, 29: 146, 30: 25,
	31: 554, 32: 854, 33: 19, 34: 7, 35: 25, 36: 10, 37: 19, 39: 165, 40: 10, 41: 5,
}

// universePropertyTTF: the same with the safety properties that hold (P1a,
// P1b, P2a, P3b, P5a) as the only oracle; the other versions survive.
var universePropertyTTF = map[int]int{1: 1, 4: 5, 7: 424, 10: 868, 11: 868, 16: 1, 17: 424, 18: 647, 19: 437, 41: 5}

func TestTheUniverseSuiteKillsEveryScoredVersionAtTheMeasuredTest(t *testing.T) {
	t.Parallel()
	vs, err := versions()
	if err != nil {
		t.Fatal(err)
	}
	u, err := loadUniverse()
	if err != nil {
		t.Fatal(err)
	}
	set := rowsSet(u.Tests)
	sample := &inputSet{Kind: "sample", Domain: domainStep10, N: 20000, Seed: 4}
	ev, err := evaluate(context.Background(), testLauncher(t), vs, []*inputSet{set, sample}, 2)
	if err != nil {
		t.Fatal(err)
	}
	// gateOpen's claim: where the original's decision logic does not run,
	// only the versions that change the gate differ from the original.
	gate := map[int]bool{3: true, 5: true, 12: true, 13: true, 14: true, 15: true, 26: true, 27: true, 34: true}
	for s, st := range []*inputSet{set, sample} {
		ins, err := st.materialize()
		if err != nil {
			t.Fatal(err)
		}
		closed, seenGate := 0, map[int]bool{}
		for i, in := range ins {
			if gateOpen(in) {
				continue
			}
			closed++
			for _, v := range vs {
				if ev.out[v.Schema][s][i] != ev.out[0][s][i] {
					if !gate[v.Number] {
						t.Fatalf("v%d differs from the original on %v, where the gate is closed", v.Number, values(in))
					}
					seenGate[v.Number] = true
				}
			}
		}
		if closed < len(ins)/4 || len(seenGate) < 5 {
			t.Errorf("set %d: gate closed on %d of %d inputs; gate versions seen differing there: %v", s, closed, len(ins), seenGate)
		}
	}
	var scored []version
	for _, v := range vs {
		if v.NotPortable {
			// v38 runs (it is in the copy) and, modelled as the original,
			// no universe test separates it: it is excluded, not killed.
			if string(ev.out[v.Schema][0]) != string(ev.out[0][0]) {
				t.Error("v38 differs from the original on the universe")
			}
			continue
		}
		scored = append(scored, v)
	}
	diff, err := scoreSet(ev, 0, scored, []property{differential})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range diff {
		if !f.Killed || f.TestsToFailure != universeTTF[f.Version] {
			t.Errorf("v%d: killed %v after %d tests, want killed after %d", f.Version, f.Killed, f.TestsToFailure, universeTTF[f.Version])
		}
	}
	var holds []property
	for _, p := range safety {
		switch p.Name {
		case "P1a", "P1b", "P2a", "P3b", "P5a":
			holds = append(holds, p)
		}
	}
	props, err := scoreSet(ev, 0, scored, holds)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range props {
		if want := universePropertyTTF[f.Version]; f.TestsToFailure != want {
			t.Errorf("v%d under the properties: first failure %d, want %d", f.Version, f.TestsToFailure, want)
		}
	}

	// Cross-check by reasoning: the constant-fault versions are the closed
	// form with one constant changed, so their first failure follows from
	// the closed form alone, without running them.
	model := map[int]func(*knobs){
		2:  func(k *knobs) { k.inhibit = 300 },
		7:  func(k *knobs) { k.thresh[1] = 550 },
		8:  func(k *knobs) { k.thresh[3] = 700 },
		13: func(k *knobs) { k.olev = 700 },
		14: func(k *knobs) { k.maxAltDiff = 650 },
		16: func(k *knobs) { k.thresh[0] = 401 },
		17: func(k *knobs) { k.thresh[1] = 501 },
		18: func(k *knobs) { k.thresh[2] = 690 },
		19: func(k *knobs) { k.thresh[3] = 760 },
		33: func(k *knobs) { k.thresh = [4]int{0, 400, 500, 640} },
		36: func(k *knobs) { k.downValue = 1 },
		37: func(k *knobs) { k.layer0 = true },
	}
	for v, change := range model {
		k := originalKnobs
		change(&k)
		first := 0
		for i, in := range u.Tests {
			if closedForm(in, k) != closedForm(in, originalKnobs) {
				first = i + 1
				break
			}
		}
		if first != universeTTF[v] {
			t.Errorf("v%d: the closed form first differs at test %d, the harness measured %d", v, first, universeTTF[v])
		}
	}
	// Semantic duplicates agree on every universe test.
	for _, dup := range [][2]int{{5, 27}, {5, 15}, {25, 39}, {4, 41}, {28, 35}} {
		a, b := ev.out[vs[dup[0]-1].Schema][0], ev.out[vs[dup[1]-1].Schema][0]
		if string(a) != string(b) {
			t.Errorf("v%d and v%d differ on the universe", dup[0], dup[1])
		}
	}
}
