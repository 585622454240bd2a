package stats

import "math"

// Interval is a two-sided confidence interval; High may be +Inf.
type Interval struct {
	Low, High float64
}

// ClopperPearson returns the exact two-sided confidence interval, at
// confidence level conf (0.95 for 95%), of a binomial proportion with
// successes out of n (Clopper and Pearson 1934; R's binom.test). Its
// bounds solve P(X >= successes | p = Low) = (1-conf)/2 and P(X <=
// successes | p = High) = (1-conf)/2 for X ~ Binomial(n, p); Low is 0 when
// successes is 0 and High is 1 when successes is n. The tails are summed
// term by term in log space, so n in the millions costs successes+1 terms
// per step of a bisection. n = 0 gives [0, 1].
func ClopperPearson(successes, n int, conf float64) Interval {
	if n <= 0 {
		return Interval{0, 1}
	}
	successes = min(max(successes, 0), n)
	tail := (1 - conf) / 2
	lc := make([]float64, successes+1) // log C(n, i), which p does not change
	for i := range lc {
		lc[i] = logChoose(n, i)
	}
	out := Interval{Low: 0, High: 1}
	if successes > 0 {
		// P(X >= k) grows with p: the p where it reaches the tail.
		out.Low = bisect(func(p float64) bool { return 1-binomCDF(lc[:successes], n, p) < tail })
	}
	if successes < n {
		// P(X <= k) falls with p: the p where it falls to the tail.
		out.High = bisect(func(p float64) bool { return binomCDF(lc, n, p) > tail })
	}
	return out
}

// bisect returns the p in [0, 1] where below(p) turns from true to false,
// to about 1e-36 (the p of a rare event can be 1e-7 and less).
func bisect(below func(p float64) bool) float64 {
	lo, hi := 0.0, 1.0
	for range 120 {
		mid := (lo + hi) / 2
		if below(mid) {
			lo = mid
		} else {
			hi = mid
		}
	}
	return (lo + hi) / 2
}

// binomCDF is P(X <= k) for X ~ Binomial(n, p), k = len(lc)-1, given
// lc[i] = log C(n, i).
func binomCDF(lc []float64, n int, p float64) float64 {
	k := len(lc) - 1
	switch {
	case k < 0:
		return 0
	case k >= n || p <= 0:
		return 1
	case p >= 1:
		return 0
	}
	lp, lq := math.Log(p), math.Log1p(-p)
	sum := 0.0
	for i, c := range lc {
		sum += math.Exp(c + float64(i)*lp + float64(n-i)*lq)
	}
	return math.Min(1, sum)
}

// Geometric is the estimate of the mean number of cases up to and
// including the first failure, when each case fails independently with
// the same probability p: a trial is a run of cases that stops at its
// first failure, or passes its budget (censored). Failures counts the
// trials that failed; Cases every case run, the failing trials' counts
// and the censored trials' budgets.
type Geometric struct {
	Failures int `json:"failures"`
	Cases    int `json:"cases"`
	// Mean is Cases/Failures, the maximum-likelihood estimate of 1/p
	// under censoring (each failing trial contributes p(1-p)^(k-1), each
	// censored one (1-p)^n, so the likelihood is maximal at p =
	// Failures/Cases); +Inf without a failure.
	Mean float64 `json:"mean"`
	// CI95 is the exact 95% interval of the mean: the Clopper-Pearson
	// interval of p for Failures out of Cases, inverted. Since p <= 1,
	// its low end is at least 1; without a failure its high end is +Inf.
	CI95 Interval `json:"ci95"`
}

// GeometricMean estimates the mean cases to the first failure from
// failures out of cases (Geometric). cases < failures is taken as
// failures: a failing trial runs at least its failing case.
func GeometricMean(failures, cases int) Geometric {
	failures = max(failures, 0)
	cases = max(cases, failures)
	g := Geometric{Failures: failures, Cases: cases, Mean: math.Inf(1), CI95: Interval{Low: 1, High: math.Inf(1)}}
	if cases == 0 {
		return g
	}
	p := ClopperPearson(failures, cases, 0.95)
	g.CI95.Low = 1 / p.High
	if failures > 0 {
		g.Mean = float64(cases) / float64(failures)
		g.CI95.High = 1 / p.Low
	}
	return g
}
