package stats

import (
	"math"
	"slices"
	"testing"
)

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b)) }

func TestSummarizeEvenSampleByHand(t *testing.T) {
	t.Parallel()
	xs := []float64{4, 1, 3, 2}
	s := Summarize(xs)
	// mean 2.5; squared deviations 2.25+0.25+0.25+2.25 = 5, s = sqrt(5/3);
	// the CI half-width is 1.96*s/sqrt(4).
	sd := math.Sqrt(5.0 / 3)
	half := 1.96 * sd / 2
	want := Summary{N: 4, Mean: 2.5, Median: 2.5, StdDev: sd, CILow: 2.5 - half, CIHigh: 2.5 + half, Min: 1, Max: 4}
	if s.N != want.N || !near(s.Mean, want.Mean) || !near(s.Median, want.Median) || !near(s.StdDev, want.StdDev) ||
		!near(s.CILow, want.CILow) || !near(s.CIHigh, want.CIHigh) || s.Min != want.Min || s.Max != want.Max {
		t.Fatalf("Summarize(%v) = %+v, want %+v", xs, s, want)
	}
	if !slices.Equal(xs, []float64{4, 1, 3, 2}) {
		t.Errorf("Summarize sorted its argument in place: %v", xs)
	}
}

func TestSummarizeOddSampleTakesTheMiddleValue(t *testing.T) {
	t.Parallel()
	s := Summarize([]float64{10, -2, 5})
	// mean 13/3; deviations 17/3, -19/3, 2/3 give s^2 = (289+361+4)/9/2.
	sd := math.Sqrt(654.0 / 18)
	if s.N != 3 || s.Median != 5 || !near(s.Mean, 13.0/3) || !near(s.StdDev, sd) || s.Min != -2 || s.Max != 10 {
		t.Fatalf("Summarize = %+v, want n 3, median 5, mean 13/3, sd %v, min -2, max 10", s, sd)
	}
	if !near(s.CIHigh-s.CILow, 2*1.96*sd/math.Sqrt(3)) {
		t.Errorf("CI [%v, %v] has width %v, want 2*1.96*s/sqrt(3)", s.CILow, s.CIHigh, s.CIHigh-s.CILow)
	}
}

func TestSummarizeMediansAndSpreadOfSmallSamples(t *testing.T) {
	t.Parallel()
	if s := Summarize([]float64{9, 1, 7, 3, 5}); s.Median != 5 || s.Mean != 5 {
		t.Errorf("median of 1,3,5,7,9 = %v, mean %v; want 5 and 5", s.Median, s.Mean)
	}
	// Two values: the sample standard deviation divides by n-1 = 1.
	if s := Summarize([]float64{1, 3}); s.StdDev != math.Sqrt(2) || s.Median != 2 || s.CILow >= s.CIHigh {
		t.Errorf("Summarize(1, 3) = %+v, want s = sqrt(2), median 2 and a CI", s)
	}
}

func TestSummarizeOfOneValueHasNoSpread(t *testing.T) {
	t.Parallel()
	s := Summarize([]float64{7})
	want := Summary{N: 1, Mean: 7, Median: 7, CILow: 7, CIHigh: 7, Min: 7, Max: 7}
	if s != want {
		t.Fatalf("Summarize([7]) = %+v, want %+v", s, want)
	}
	if got := Summarize(nil); got != (Summary{}) {
		t.Errorf("Summarize(nil) = %+v, want the zero Summary", got)
	}
}

func TestSummarizeIntsMatchesSummarize(t *testing.T) {
	t.Parallel()
	got := SummarizeInts([]int{3, 9, 1, 1})
	want := Summarize([]float64{3, 9, 1, 1})
	if got != want {
		t.Fatalf("SummarizeInts = %+v, want %+v", got, want)
	}
	if got.Median != 2 || got.Mean != 3.5 {
		t.Errorf("median %v mean %v, want 2 and 3.5", got.Median, got.Mean)
	}
}

func TestWilsonMatchesPublishedIntervals(t *testing.T) {
	t.Parallel()
	// 95% Wilson score intervals (Newcombe 1998, method 3; R's
	// prop.test(x, n, correct = FALSE)$conf.int). They use z = 1.959964,
	// Wilson z = 1.96: the two differ by less than 1e-5 here.
	cases := []struct {
		k, n      int
		low, high float64
	}{
		{0, 10, 0, 0.2775327998},
		{5, 10, 0.2365931, 0.7634069},
		{10, 10, 0.7224672002, 1},
		{81, 263, 0.2553, 0.3662},
	}
	for _, c := range cases {
		p := Wilson(c.k, c.n)
		tol := 2e-5
		if c.n == 263 {
			tol = 1e-4 // published to four places
		}
		if p.Successes != c.k || p.N != c.n || !near(p.P, float64(c.k)/float64(c.n)) ||
			math.Abs(p.Low-c.low) > tol || math.Abs(p.High-c.high) > tol {
			t.Errorf("Wilson(%d, %d) = %+v, want [%v, %v]", c.k, c.n, p, c.low, c.high)
		}
	}
	// The interval is clamped to [0, 1] exactly at the extremes.
	if p := Wilson(0, 7); p.Low != 0 || p.High <= 0 {
		t.Errorf("Wilson(0, 7) = %+v, want low exactly 0", p)
	}
	if p := Wilson(7, 7); p.High != 1 || p.Low >= 1 {
		t.Errorf("Wilson(7, 7) = %+v, want high exactly 1", p)
	}
	if got := Wilson(0, 0); got != (Proportion{}) {
		t.Errorf("Wilson(0, 0) = %+v, want the zero Proportion", got)
	}
}
