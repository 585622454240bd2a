package stats

import (
	"math"
	"testing"
)

// The exact references enumerate every split of the pooled values into
// two samples of the same sizes (Python 3.11, fractions.Fraction, itertools.combinations),
// with U counting ties as 1/2: mid-p = P(U' < U) + P(U' = U)/2.
func TestMannWhitneyOneSidedMidPMatchesAnEnumeration(t *testing.T) {
	t.Parallel()
	cases := []struct {
		a, b    []float64
		u, midp float64
	}{
		{[]float64{1, 2, 3}, []float64{4, 5, 6}, 0, 1.0 / 40}, // P(U=0) = 1/20, halved
		{[]float64{1, 1, 2}, []float64{1, 2, 2}, 3, 11.0 / 40},
		{[]float64{1, 1, 1, 2, 5}, []float64{1, 2, 2, 3, 3, 9}, 8.5, 5.0 / 42},
		{[]float64{3, 1, 2, 2}, []float64{1, 1, 1, 1}, 14, 27.0 / 28},
	}
	for _, c := range cases {
		r, ok, err := MannWhitneyOneSided(c.a, c.b)
		if err != nil || !ok {
			t.Fatalf("MannWhitneyOneSided(%v, %v): ok %v, %v", c.a, c.b, ok, err)
		}
		if !r.Exact || r.U != c.u || math.Abs(r.MidP-c.midp) > 1e-12 {
			t.Errorf("MannWhitneyOneSided(%v, %v) = U %v, mid-p %v (exact %v), want U %v, mid-p %v", c.a, c.b, r.U, r.MidP, r.Exact, c.u, c.midp)
		}
		if want := NormalQuantile(1 - c.midp); math.Abs(r.Z-want) > 1e-9 {
			t.Errorf("%v vs %v: z %v, want %v", c.a, c.b, r.Z, want)
		}
	}
}

func TestMannWhitneyOneSidedIsSymmetric(t *testing.T) {
	t.Parallel()
	a, b := []float64{1, 1, 1, 2, 5}, []float64{1, 2, 2, 3, 3, 9}
	ab, _, _ := MannWhitneyOneSided(a, b)
	ba, _, _ := MannWhitneyOneSided(b, a)
	if math.Abs(ab.MidP+ba.MidP-1) > 1e-12 || math.Abs(ab.Z+ba.Z) > 1e-9 {
		t.Errorf("a vs b: mid-p %v z %v; b vs a: mid-p %v z %v; want mid-p summing to 1 and opposite z", ab.MidP, ab.Z, ba.MidP, ba.Z)
	}
}

// The large samples of TestMannWhitneyUsesTieCorrectedNormalApproximation:
// U = 1737, computed by hand from mid-ranks, the tie correction sum(t^3-t)
// and no continuity correction (Python: z = (n1*n2/2 - U) / sigma,
// erfc(z/sqrt(2))/2).
func TestMannWhitneyOneSidedNormalApproximation(t *testing.T) {
	t.Parallel()
	a := make([]float64, 60)
	for i := range a {
		a[i] = float64((i*7)%13 + 1)
	}
	b := make([]float64, 70)
	for i := range b {
		b[i] = float64((i*5)%11 + 3)
	}
	r, ok, err := MannWhitneyOneSided(a, b)
	if err != nil || !ok {
		t.Fatal(ok, err)
	}
	const wantZ, wantP = 1.7009091279640305, 0.044480026162966896
	if r.Exact || r.U != 1737 || math.Abs(r.Z-wantZ) > 1e-9 || math.Abs(r.MidP-wantP) > 1e-9 {
		t.Errorf("got %+v, want U 1737, z %v, mid-p %v from the normal approximation", r, wantZ, wantP)
	}
}

func TestMannWhitneyOneSidedOfConstantSamplesHasNoInformation(t *testing.T) {
	t.Parallel()
	if _, ok, err := MannWhitneyOneSided([]float64{1, 1}, []float64{1, 1, 1}); ok || err != nil {
		t.Errorf("ok %v, err %v; want no information and no error", ok, err)
	}
	if _, _, err := MannWhitneyOneSided(nil, []float64{1}); err == nil {
		t.Error("an empty sample: want an error")
	}
}

func TestNormalQuantileKnownValues(t *testing.T) {
	t.Parallel()
	// R: qnorm(0.975) = 1.959964, qnorm(1e-10) = -6.361341.
	for _, c := range []struct{ p, z float64 }{{0.975, 1.959964}, {0.5, 0}, {1e-10, -6.361341}} {
		if got := NormalQuantile(c.p); math.Abs(got-c.z) > 1e-6 {
			t.Errorf("NormalQuantile(%v) = %v, want %v", c.p, got, c.z)
		}
	}
}

// Stouffer by hand: z = (2, 1, 0) gives Z = 3/sqrt(3) = 1.7320508 and a
// two-sided p of erfc(Z/sqrt(2)) = 0.0832645 (Python's math.erfc). Issue
// 31's pair: three mutants at z = 6.1 outweigh seven near 0 (Z = 5.755,
// p = 8.65e-9, Python again), where a sign test over the ten gave p = 1.
func TestStoufferByHand(t *testing.T) {
	t.Parallel()
	cases := []struct {
		z    []float64
		Z, p float64
	}{
		{[]float64{2, 1, 0}, 1.7320508075688772, 0.08326451666355039},
		{[]float64{6.1, 6.1, 6.1, 0.3, -0.2, 0.1, -0.4, 0, 0.2, -0.1}, 5.75534534150645, 8.646485099844066e-09},
		{nil, 0, 1},
	}
	for _, c := range cases {
		Z, p := Stouffer(c.z)
		if math.Abs(Z-c.Z) > 1e-6 || math.Abs(p-c.p) > 1e-3*c.p {
			t.Errorf("Stouffer(%v) = %v, %v; want %v, %v", c.z, Z, p, c.Z, c.p)
		}
	}
}

// Holm by hand (R: p.adjust(c(0.01, 0.04, 0.03, 0.005), "holm") gives
// 0.03 0.06 0.06 0.02): sorted, 4 x 0.005 = 0.02, 3 x 0.01 = 0.03,
// 2 x 0.03 = 0.06, then 1 x 0.04 = 0.04 raised to the running 0.06.
func TestHolmByHand(t *testing.T) {
	t.Parallel()
	cases := []struct{ p, want []float64 }{
		{[]float64{0.01, 0.04, 0.03, 0.005}, []float64{0.03, 0.06, 0.06, 0.02}},
		{[]float64{0.02, 0.5}, []float64{0.04, 0.5}},
		{[]float64{0.6, 0.7}, []float64{1, 1}},
		{[]float64{0.2}, []float64{0.2}},
		{nil, []float64{}},
	}
	for _, c := range cases {
		got := Holm(c.p)
		if len(got) != len(c.want) {
			t.Fatalf("Holm(%v) = %v, want %v", c.p, got, c.want)
		}
		for i := range got {
			if math.Abs(got[i]-c.want[i]) > 1e-12 {
				t.Errorf("Holm(%v) = %v, want %v", c.p, got, c.want)
				break
			}
		}
	}
}
