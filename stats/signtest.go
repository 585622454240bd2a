package stats

import "math"

// SignTest is the two-sided exact sign test of the null hypothesis that
// positive and negative differences are equally likely, given the number
// of each (ties are left out before, as the test prescribes). It returns
// the p-value: twice the probability of a split at least as uneven under
// Binomial(plus+minus, 1/2), at most 1. No differences give P = 1.
func SignTest(plus, minus int) float64 {
	n := plus + minus
	if n == 0 {
		return 1
	}
	k := min(plus, minus)
	// P(X <= k) for X ~ Binomial(n, 1/2), summed in log space so that n in
	// the thousands does not underflow term by term.
	tail := 0.0
	for i := 0; i <= k; i++ {
		tail += math.Exp(logChoose(n, i) - float64(n)*math.Ln2)
	}
	return math.Min(1, 2*tail)
}

// logChoose is log(n choose k).
func logChoose(n, k int) float64 {
	a, _ := math.Lgamma(float64(n + 1))
	b, _ := math.Lgamma(float64(k + 1))
	c, _ := math.Lgamma(float64(n - k + 1))
	return a - b - c
}
