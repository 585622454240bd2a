package stats

import (
	"math"
	"testing"
)

// closeRel reports whether got is within rel of want (relative), or both
// are infinite with the same sign.
func closeRel(got, want, rel float64) bool {
	if math.IsInf(want, 0) {
		return got == want
	}
	return math.Abs(got-want) <= rel*math.Max(math.Abs(want), 1e-300)
}

// The references come from two sources. R's binom.test documentation
// example, binom.test(682, 925, p = 0.75), prints "95 percent confidence
// interval: 0.7076683 0.7654066". The others come from an independent
// implementation, exact binomial sums in 60-digit decimals (Python 3.11):
//
//	getcontext().prec = 60
//	cdf = lambda k, n, p: sum(D(comb(n, i)) * p**i * (1-p)**(n-i) for i in range(k+1))
//	low = bisect(lambda p: 1 - cdf(x-1, n, p) < D("0.025"))  # 200 halvings of [0, 1]
//	high = bisect(lambda p: cdf(x, n, p) > D("0.025"))
//
// The closed forms agree: for x = 0, high = 1 - 0.025^(1/n); for x = n,
// low = 0.025^(1/n).
func TestClopperPearsonMatchesRAndAnExactReference(t *testing.T) {
	t.Parallel()
	cases := []struct {
		x, n      int
		low, high float64
	}{
		{682, 925, 0.7076682641, 0.7654065582}, // R: 0.7076683 0.7654066
		{0, 10, 0, 0.3084971078},               // 1 - 0.025^(1/10)
		{10, 10, 0.6915028922, 1},              // 0.025^(1/10)
		{6, 1660, 0.001327561924, 0.007850434736},
		{0, 2000, 0, 0.001842739793},
		{3, 25, 0.02546539665, 0.3121903073},
		{1, 1, 0.025, 1},
	}
	for _, c := range cases {
		got := ClopperPearson(c.x, c.n, 0.95)
		if !closeRel(got.Low, c.low, 1e-8) || !closeRel(got.High, c.high, 1e-8) {
			t.Errorf("ClopperPearson(%d, %d) = [%.10g, %.10g], want [%.10g, %.10g]", c.x, c.n, got.Low, got.High, c.low, c.high)
		}
	}
}

// The geometric estimate of issue 31's example: TestRemoveWide found
// first-only in 6 of 20 trials of 100 cases. The 14 censored trials count
// their 100 cases: 1,660 cases over 6 failures, a mean of 276.7, where
// the mean over the failing trials alone was 43.3. Its interval inverts
// the Clopper-Pearson interval of 6 out of 1,660 above.
func TestGeometricMeanCountsCensoredTrials(t *testing.T) {
	t.Parallel()
	cases := []struct {
		failures, cases int
		mean, low, high float64
	}{
		{6, 1660, 1660.0 / 6, 127.3814806, 753.2605309},
		// Never found in 20 trials of 100: no mean, but at least 542.7.
		{0, 2000, math.Inf(1), 542.6702151, math.Inf(1)},
		// Found at the first case in every trial: exactly 1, never below.
		{20, 20, 1, 1, 1.202549604},
		{682, 925, 925.0 / 682, 1.306495207, 1.413091488},
	}
	for _, c := range cases {
		g := GeometricMean(c.failures, c.cases)
		if !closeRel(g.Mean, c.mean, 1e-9) || !closeRel(g.CI95.Low, c.low, 1e-8) || !closeRel(g.CI95.High, c.high, 1e-8) {
			t.Errorf("GeometricMean(%d, %d) = %.10g [%.10g, %.10g], want %.10g [%.10g, %.10g]",
				c.failures, c.cases, g.Mean, g.CI95.Low, g.CI95.High, c.mean, c.low, c.high)
		}
	}
}

func TestGeometricIntervalNeverGoesBelowOne(t *testing.T) {
	t.Parallel()
	for failures := 1; failures <= 40; failures++ {
		for cases := failures; cases <= failures+30; cases++ {
			g := GeometricMean(failures, cases)
			if g.CI95.Low < 1 || g.Mean < g.CI95.Low || g.Mean > g.CI95.High {
				t.Fatalf("GeometricMean(%d, %d) = %g [%g, %g]: want 1 <= low <= mean <= high", failures, cases, g.Mean, g.CI95.Low, g.CI95.High)
			}
		}
	}
}

func TestGeometricMeanOfNothingIsUnbounded(t *testing.T) {
	t.Parallel()
	g := GeometricMean(0, 0)
	if !math.IsInf(g.Mean, 1) || g.CI95.Low != 1 || !math.IsInf(g.CI95.High, 1) {
		t.Errorf("GeometricMean(0, 0) = %+v, want +Inf in [1, +Inf]", g)
	}
}
