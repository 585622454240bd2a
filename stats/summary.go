package stats

import (
	"math"
	"sort"
)

// Summary describes a sample of measurements, typically tests-to-failure.
type Summary struct {
	N      int     `json:"n"`
	Mean   float64 `json:"mean"`
	Median float64 `json:"median"`
	StdDev float64 `json:"stddev"`
	// CILow and CIHigh bound the 95% confidence interval of the mean
	// (normal approximation, mean ± 1.96·s/√n). Equal to Mean when N < 2.
	CILow  float64 `json:"ci_low"`
	CIHigh float64 `json:"ci_high"`
	Min    float64 `json:"min"`
	Max    float64 `json:"max"`
}

// Summarize returns the summary of xs. It does not modify xs. An empty
// sample gives the zero Summary.
func Summarize(xs []float64) Summary {
	n := len(xs)
	if n == 0 {
		return Summary{}
	}
	sorted := append([]float64(nil), xs...)
	sort.Float64s(sorted)
	var sum float64
	for _, x := range sorted {
		sum += x
	}
	mean := sum / float64(n)
	var ss float64
	for _, x := range sorted {
		ss += (x - mean) * (x - mean)
	}
	s := Summary{N: n, Mean: mean, Min: sorted[0], Max: sorted[n-1], CILow: mean, CIHigh: mean}
	if n%2 == 1 {
		s.Median = sorted[n/2]
	} else {
		s.Median = (sorted[n/2-1] + sorted[n/2]) / 2
	}
	if n > 1 {
		s.StdDev = math.Sqrt(ss / float64(n-1))
		half := 1.96 * s.StdDev / math.Sqrt(float64(n))
		s.CILow, s.CIHigh = mean-half, mean+half
	}
	return s
}

// SummarizeInts is Summarize for integer counts.
func SummarizeInts(xs []int) Summary {
	fs := make([]float64, len(xs))
	for i, x := range xs {
		fs[i] = float64(x)
	}
	return Summarize(fs)
}

// Proportion is an estimated probability with its 95% Wilson score interval.
type Proportion struct {
	Successes int     `json:"successes"`
	N         int     `json:"n"`
	P         float64 `json:"p"`
	Low       float64 `json:"low"`
	High      float64 `json:"high"`
}

// Wilson returns the proportion successes/n with its 95% Wilson interval,
// which stays inside [0, 1] and behaves well at 0% and 100%.
func Wilson(successes, n int) Proportion {
	if n == 0 {
		return Proportion{}
	}
	const z = 1.96
	p := float64(successes) / float64(n)
	nf := float64(n)
	den := 1 + z*z/nf
	centre := (p + z*z/(2*nf)) / den
	half := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / den
	low, high := math.Max(0, centre-half), math.Min(1, centre+half)
	// At 0% and 100% the bound is exactly 0 or 1; centre-half (centre+half)
	// rounds to a few ulps away from it.
	if successes == 0 {
		low = 0
	}
	if successes == n {
		high = 1
	}
	return Proportion{Successes: successes, N: n, P: p, Low: low, High: high}
}
