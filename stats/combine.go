package stats

import (
	"math"
	"sort"

	mstats "github.com/aclements/go-moremath/stats"
)

// OneSided is a one-sided Mann-Whitney comparison of samples A and B,
// as a mid-p value and its z score, for combining with others (Stouffer).
type OneSided struct {
	NA, NB int
	// U is the U statistic of A: the pairs (a, b) with a > b, plus half
	// the ties.
	U float64
	// MidP is the one-sided mid-p value of "A tends to be smaller than
	// B": P(U' < U) + P(U' = U)/2 under the null hypothesis (Lancaster
	// 1961). A discrete test's ordinary p-value P(U' <= U) is above
	// uniform under the null, so that a sum of z scores of tied samples
	// would drift; the mid-p's mean is 1/2.
	MidP float64
	// Z is the standard normal score of 1-MidP: positive when A tends to
	// be smaller, 0 at no difference, symmetric when A and B swap.
	Z float64
	// Exact: MidP comes from the exact distribution of U given the
	// ties (samples of at most 50 values, 25 with ties, as MannWhitney);
	// otherwise from the normal approximation with the tie correction,
	// without continuity correction (the mid-p's counterpart).
	Exact bool
}

// MannWhitneyOneSided compares a and b one-sidedly (OneSided). ok is
// false when every value of both samples is the same: they carry no
// information on which is smaller. An empty sample is an error.
func MannWhitneyOneSided(a, b []float64) (r OneSided, ok bool, err error) {
	r.NA, r.NB = len(a), len(b)
	if len(a) == 0 || len(b) == 0 {
		return r, false, errEmpty(len(a), len(b))
	}
	type v struct {
		x     float64
		fromA bool
	}
	all := make([]v, 0, len(a)+len(b))
	for _, x := range a {
		all = append(all, v{x, true})
	}
	for _, x := range b {
		all = append(all, v{x, false})
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].x < all[j].x })
	var ranksA float64
	var ties []int
	hasTies := false
	for i := 0; i < len(all); {
		j := i
		for j < len(all) && all[j].x == all[i].x {
			j++
		}
		rank := float64(i+1+j) / 2 // mid-rank of positions i+1..j
		for k := i; k < j; k++ {
			if all[k].fromA {
				ranksA += rank
			}
		}
		ties = append(ties, j-i)
		hasTies = hasTies || j-i > 1
		i = j
	}
	if len(ties) == 1 {
		return r, false, nil
	}
	na, nb := len(a), len(b)
	r.U = ranksA - float64(na*(na+1))/2
	if !hasTies && na <= mstats.MannWhitneyExactLimit && nb <= mstats.MannWhitneyExactLimit ||
		hasTies && na <= mstats.MannWhitneyTiesExactLimit && nb <= mstats.MannWhitneyTiesExactLimit {
		d := mstats.UDist{N1: na, N2: nb, T: ties}
		r.Exact = true
		r.MidP = d.CDF(r.U) - d.PMF(r.U)/2
		r.Z = NormalQuantile(1 - r.MidP)
		if r.MidP < 0.5 {
			r.Z = -NormalQuantile(r.MidP) // the accurate tail
		}
		return r, true, nil
	}
	n := float64(na + nb)
	t := 0.0
	for _, k := range ties {
		t += float64(k*k*k - k)
	}
	sigma := math.Sqrt(float64(na*nb) * ((n + 1) - t/(n*(n-1))) / 12)
	r.Z = (float64(na*nb)/2 - r.U) / sigma
	r.MidP = math.Erfc(r.Z/math.Sqrt2) / 2
	return r, true, nil
}

// NormalQuantile is the inverse of the standard normal distribution
// function: the z with P(Z <= z) = p; -Inf at 0, +Inf at 1.
func NormalQuantile(p float64) float64 {
	switch {
	case p <= 0:
		return math.Inf(-1)
	case p >= 1:
		return math.Inf(1)
	}
	return -math.Sqrt2 * math.Erfcinv(2*p)
}

// Stouffer combines independent z scores of one hypothesis (Stouffer et
// al. 1949): Z = sum(z) / sqrt(k). P is two-sided, P(|N(0,1)| >= |Z|). A
// score far from 0 weighs more than one near it, and scores of opposite
// signs cancel: the sign of Z says which side the evidence favours. No
// score gives Z = 0 and P = 1.
func Stouffer(z []float64) (Z, P float64) {
	if len(z) == 0 {
		return 0, 1
	}
	sum := 0.0
	for _, v := range z {
		sum += v
	}
	Z = sum / math.Sqrt(float64(len(z)))
	return Z, math.Min(1, math.Erfc(math.Abs(Z)/math.Sqrt2))
}

// Holm adjusts p-values for multiple comparisons by Holm's step-down
// method (Holm 1979; R's p.adjust(p, "holm")): sorted ascending, the i-th
// smallest (from 0) becomes max over j <= i of min(1, (m-j) p_(j)). A
// hypothesis is rejected at level alpha when its adjusted p-value is
// below alpha, which holds the family-wise error rate at alpha. The
// result is in the order of p.
func Holm(p []float64) []float64 {
	m := len(p)
	order := make([]int, m)
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(i, j int) bool { return p[order[i]] < p[order[j]] })
	out := make([]float64, m)
	running := 0.0
	for k, i := range order {
		running = math.Max(running, math.Min(1, float64(m-k)*p[i]))
		out[i] = running
	}
	return out
}
