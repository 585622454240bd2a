package propsuite

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/mutprop/mutprop/outcome"
)

func TestTrialCountsTestsUpToAndIncludingTheFailingOne(t *testing.T) {
	t.Parallel()
	var sizes []int
	fails := Test(func(r *rand.Rand, size int) CaseResult {
		sizes = append(sizes, size)
		if len(sizes) == 7 {
			return Fail
		}
		return Pass
	})
	res := RunTrial(context.Background(), fails, 1, nil)
	if res.Outcome != outcome.Killed || res.TestsToFailure != 7 {
		t.Fatalf("got %+v, want killed after 7 tests", res)
	}
	for i, s := range sizes {
		if s != i {
			t.Fatalf("test %d ran at size %d, want %d", i, s, i)
		}
	}
}

func TestDiscardedTestsAreNotCountedButGrowTheSize(t *testing.T) {
	t.Parallel()
	calls := 0
	var sizes []int
	test := Test(func(r *rand.Rand, size int) CaseResult {
		calls++
		sizes = append(sizes, size)
		switch {
		case calls <= 20:
			return Discard
		case calls == 21:
			return Fail
		}
		return Pass
	})
	res := RunTrial(context.Background(), test, 1, nil)
	if res.Outcome != outcome.Killed || res.TestsToFailure != 1 || res.Discards != 20 {
		t.Fatalf("got %+v, want killed at the first counted test after 20 discards", res)
	}
	if sizes[20] != 2 {
		t.Fatalf("size after 20 discards = %d, want 2 (discards/10)", sizes[20])
	}
}

func TestTooManyDiscardsGiveUp(t *testing.T) {
	t.Parallel()
	res := RunTrial(context.Background(), func(*rand.Rand, int) CaseResult { return Discard }, 1, &TrialConfig{MaxTests: 100})
	if res.Outcome != outcome.GaveUp || res.Discards != 1000 {
		t.Fatalf("got %+v, want gave-up after 1000 discards", res)
	}
}

func TestAPassingPropertySurvivesTheWholeBudget(t *testing.T) {
	t.Parallel()
	res := RunTrial(context.Background(), ForAll(IntSized(), func(int) bool { return true }), 1, &TrialConfig{MaxTests: 300})
	if res.Outcome != outcome.Survived || res.Tests != 300 {
		t.Fatalf("got %+v, want survived after 300 tests", res)
	}
}

func TestAPanickingSubjectIsCrashedNotAHarnessCrash(t *testing.T) {
	t.Parallel()
	subject := func(xs []int) int { return xs[len(xs)] } // index out of range
	res := RunTrial(context.Background(), ForAll(SliceOf(IntSized()), func(xs []int) bool { return subject(xs) >= 0 }), 1, nil)
	if res.Outcome != outcome.Crashed || !strings.Contains(res.Crash, "index out of range") {
		t.Fatalf("got %+v, want crashed with the panic message", res)
	}
}

func TestMeanTestsToFailureOfAOneInTenPropertyIsTen(t *testing.T) {
	t.Parallel()
	// Each test fails with probability 0.1, so tests-to-failure is
	// geometric with mean 10. The measured 95% CI must contain 10.
	p := Test(func(r *rand.Rand, _ int) CaseResult { return Check(r.Float64() >= 0.1) })
	s := &Suite{Name: "geometric", Mutants: []Mutant{{}}, Properties: []string{"p"}, Generators: []string{"g"},
		Test: func(Mutant, string, string) (Test, error) { return p, nil }}
	res, err := Run(context.Background(), s, &Options{Seed: 42, Protocol: &Protocol{Trials: 2000}})
	if err != nil {
		t.Fatal(err)
	}
	sum := res.Cells[0].Summary
	if sum.N != 2001 || sum.CILow > 10 || sum.CIHigh < 10 {
		t.Fatalf("mean %.2f, 95%% CI [%.2f, %.2f] over %d runs: want a CI that contains 10", sum.Mean, sum.CILow, sum.CIHigh, sum.N)
	}
}

func TestTheSameSeedGivesTheSameTrialAndAnotherSeedUsuallyNot(t *testing.T) {
	t.Parallel()
	p := ForAll(IntRange(0, 1000), func(x int) bool { return x != 17 })
	a := RunTrial(context.Background(), p, TrialSeed(1, "m", "p", "g", 0), &TrialConfig{MaxTests: 100000})
	b := RunTrial(context.Background(), p, TrialSeed(1, "m", "p", "g", 0), &TrialConfig{MaxTests: 100000})
	c := RunTrial(context.Background(), p, TrialSeed(1, "m", "p", "g", 1), &TrialConfig{MaxTests: 100000})
	if a != b {
		t.Fatalf("same seed, different results: %+v vs %+v", a, b)
	}
	if a == c {
		t.Fatalf("trial 0 and trial 1 gave identical results %+v: seeds are not independent", a)
	}
}

func TestScoreCountsEveryFailingTestCase(t *testing.T) {
	t.Parallel()
	p := Test(func(r *rand.Rand, _ int) CaseResult { return Check(r.IntN(4) != 0) })
	res, err := RunScore(context.Background(), p, 7, 4000, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Tests != 4000 || res.Fraction() < 0.22 || res.Fraction() > 0.28 {
		t.Fatalf("got %+v (fraction %.3f), want about 0.25 of 4000", res, res.Fraction())
	}
}
