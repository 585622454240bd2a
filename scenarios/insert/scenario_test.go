package insert

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/mutprop/mutprop/internal/testfix"
	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/propsuite"
)

func TestInsertKeepsTheListOrderedAndAddsX(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(1, 2))
	for range 1000 {
		xs := propsuite.SliceOf(propsuite.IntSized())(r, 30)
		slices.Sort(xs)
		x := propsuite.IntSized()(r, 30)
		before := slices.Clone(xs)
		out := insert(x, xs)
		want := slices.Sorted(slices.Values(append(slices.Clone(xs), x)))
		if !slices.Equal(out, want) || !slices.Equal(xs, before) {
			t.Fatalf("Insert(%d, %v) = %v (input now %v), want %v", x, before, out, xs, want)
		}
	}
}

func TestEveryPropertyHoldsOnTheOriginal(t *testing.T) {
	t.Parallel()
	for _, p := range properties() {
		test, err := test(p, "", BuiltinLists)
		if err != nil {
			t.Fatal(err)
		}
		if res := propsuite.RunTrial(context.Background(), test, 1, &propsuite.TrialConfig{MaxTests: 2000}); res.Outcome != outcome.Survived {
			t.Errorf("%s on the original: %+v", p.Name, res)
		}
	}
}

// TestTheStudyReproducesFigure41 checks the acceptance criteria of the
// insert scenario on the paper's own scale (1,000 test cases per property).
func TestTheStudyReproducesFigure41(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	for _, seed := range []uint64{1, 2} {
		st, err := Run(context.Background(), Config{}, propsuite.Options{Seed: seed, Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		byName := map[string]Row{}
		for _, r := range st.Properties {
			byName[r.Name] = r
			if !r.BaselinePasses {
				t.Errorf("seed %d: %s fails on the original", seed, r.Name)
			}
		}
		prev := -1.0
		for i := 0; i <= 5; i++ {
			r := byName[properties()[i].Name]
			if r.KilledPct < prev {
				t.Errorf("seed %d: %s kills %.1f%%, less than the weaker property before it (%.1f%%)", seed, r.Name, r.KilledPct, prev)
			}
			prev = r.KilledPct
			if math.Abs(r.GapPoints) > 15 {
				t.Errorf("seed %d: %s kills %.1f%%, paper %.0f%%: more than 15 points apart", seed, r.Name, r.KilledPct, r.PaperKilledPct)
			}
		}
		if r := byName["prop_insert5"]; r.KilledPct != 100 {
			t.Errorf("seed %d: the complete specification kills %.1f%%, want 100%%", seed, r.KilledPct)
		}
		if r := byName["prop_insert0"]; r.KilledPct > 10 {
			t.Errorf("seed %d: prop_insert0 kills %.1f%%, want at most 10%%", seed, r.KilledPct)
		}
		if r := byName["prop_sort_tautology"]; r.KilledPct != 0 || r.Classic.Successes != 0 {
			t.Errorf("seed %d: the tautology kills %.1f%% (classic %d): want 0", seed, r.KilledPct, r.Classic.Successes)
		}
		single := byName["prop_singlesort"]
		if single.KilledPct != 100 || single.Coverage.MaxLength != 1 || single.Coverage.Warning == "" {
			t.Errorf("seed %d: prop_singlesort: killed %.1f%%, max length %d, warning %q; want 100%%, 1 and a warning",
				seed, single.KilledPct, single.Coverage.MaxLength, single.Coverage.Warning)
		}
		if byName["prop_insert1"].Coverage.Warning != "" {
			t.Errorf("seed %d: prop_insert1 has a coverage warning although it exercises long lists", seed)
		}
	}
}

// BenchmarkInsertStudyTrials measures test cases per second of the
// per-test-case protocol on the complete property (a fresh mutant per test).
func BenchmarkInsertStudyTrials(b *testing.B) {
	p := properties()[5]
	test, err := test(p, freshMutant, BuiltinLists)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := range b.N {
		if _, err := propsuite.RunScore(context.Background(), test, uint64(i), 1000, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N*1000)/b.Elapsed().Seconds(), "tests/s")
}
