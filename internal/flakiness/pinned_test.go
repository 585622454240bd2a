package flakiness

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestDecideSetsAsideAFailureOnlyForThePinnedSeed: a test that fails
// every time under go test's build with rapid's seed pinned is set aside
// when it passes without the pin, refused as failing (seen under go test)
// when it fails without the pin too, and refused, never set aside, when
// nothing pins its seed. Its outcomes without the pin never make it flaky.
func TestDecideSetsAsideAFailureOnlyForThePinnedSeed(t *testing.T) {
	t.Parallel()
	pinnedOnly := [NConditions]float64{1, 1, 1, 1, 0, 1}
	always := [NConditions]float64{1, 1, 1, 1, 1, 1}
	seedDependent := [NConditions]float64{1, 1, 1, 1, 0.5, 1}
	for seed := range uint64(20) {
		sim := func(fail [NConditions]float64, pin string) (Decision, *Observations) {
			r := &simRunner{rng: rand.New(rand.NewPCG(seed, 2)), tests: []string{"TestA", "TestX"},
				fail: map[string][NConditions]float64{"TestX": fail}, pinned: pin}
			return simulateBaseline(t, r, MinRepeats, false)
		}
		v, o := sim(pinnedOnly, "-rapid.seed=1")
		if len(v.Failing)+len(v.Flaky) > 0 || len(v.Aside) != 1 || v.Aside[0].Test != "TestX" ||
			!strings.Contains(v.Aside[0].Reason, "fails with its seed pinned (-rapid.seed=1, from --seed)") ||
			!strings.Contains(v.Aside[0].Reason, "passes as go test runs it") {
			t.Errorf("seed %d, failing only pinned: %+v (%s), want TestX set aside for its pinned seed", seed, v, o.Record("TestX"))
		}
		if n := o.get("TestX")[PlainUnpinned]; n.pass != unpinnedRuns {
			t.Errorf("seed %d: %d runs without the pin, want %d", seed, n.runs(), unpinnedRuns)
		}
		if rec := o.Record("TestX"); !strings.Contains(rec, "under go test -rapid.seed=1") || !strings.Contains(rec, "without a pinned seed") {
			t.Errorf("seed %d: record %q does not name the pinned and unpinned conditions", seed, rec)
		}
		for _, fail := range [][NConditions]float64{always, seedDependent} {
			v, o := sim(fail, "-rapid.seed=1")
			if !slices.Equal(v.Failing, []string{"TestX"}) && !(fail == seedDependent && len(v.Aside) == 1) || len(v.Flaky) > 0 {
				t.Errorf("seed %d, %v: %+v (%s), want TestX failing", seed, fail, v, o.Record("TestX"))
			}
			if slices.Contains(v.Failing, "TestX") != o.seenFailingUnderGoTest("TestX") {
				t.Errorf("seed %d, %v: failing %v but seen failing without the pin %t (%s)", seed, fail, v.Failing,
					o.seenFailingUnderGoTest("TestX"), o.Record("TestX"))
			}
		}
		v, o = sim(pinnedOnly, "")
		if !slices.Equal(v.Failing, []string{"TestX"}) || o.get("TestX")[PlainUnpinned].runs() > 0 || !o.seenFailingUnderGoTest("TestX") {
			t.Errorf("seed %d, nothing pinned: %+v (%s), want TestX failing, no run without a pin", seed, v, o.Record("TestX"))
		}
	}
}

// TestUnpinnedTimeoutIsAFewSeconds: a run without the pinned seed stops
// within unpinnedCap whatever the test's baseline (a looping test's is
// huge), and gets at least unpinnedFloor.
func TestUnpinnedTimeoutIsAFewSeconds(t *testing.T) {
	t.Parallel()
	for _, d := range []time.Duration{0, time.Millisecond, 3 * time.Second, time.Hour} {
		got := UnpinnedTimeout(d)
		if got < unpinnedFloor || got > unpinnedCap || d >= unpinnedFloor && d <= unpinnedCap && got != d {
			t.Errorf("UnpinnedTimeout(%v) = %v, want %v clamped to [%v, %v]", d, got, d, unpinnedFloor, unpinnedCap)
		}
	}
}

// TestSkipHintNamesTheTestsToLeaveOut: a refusal's hint is the --skip
// that leaves out exactly the tests it names, quoted for the regexp, each
// once; a failure outside any test cannot be left out that way.
func TestSkipHintNamesTheTestsToLeaveOut(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		tests []string
		want  string
	}{
		{nil, ""},
		{[]string{OutsideTests}, ""},
		{[]string{"TestStackTrace"}, "; --skip '^TestStackTrace$' leaves it out and scores the other tests"},
		{[]string{"TestA", "TestB", "TestA", OutsideTests}, "; --skip '^(TestA|TestB)$' leaves them out and scores the other tests"},
		{[]string{"TestÄ.x"}, `; --skip '^TestÄ\.x$' leaves it out and scores the other tests`},
	} {
		if got := SkipHint(c.tests); got != c.want {
			t.Errorf("SkipHint(%q) = %q, want %q", c.tests, got, c.want)
		}
	}
}
