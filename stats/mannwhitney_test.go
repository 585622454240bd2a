package stats

import (
	"math"
	"testing"
)

func TestMannWhitneyMatchesKnownExactValues(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		a, b []float64
		u, p float64
	}{
		// R: wilcox.test(1:5, 6:10) gives W = 0, p-value = 0.007937 (2/252).
		{"separated samples", []float64{1, 2, 3, 4, 5}, []float64{6, 7, 8, 9, 10}, 0, 2.0 / 252},
		// SciPy's mannwhitneyu documentation example: U = 17, p = 0.1111.
		{"scipy example", []float64{19, 22, 16, 29, 24}, []float64{20, 11, 17, 12}, 17, 0.1111111111111111},
	}
	for _, c := range cases {
		u, err := MannWhitney(c.a, c.b)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if u.U != c.u || math.Abs(u.P-c.p) > 1e-9 {
			t.Errorf("%s: got U=%v p=%v, want U=%v p=%v", c.name, u.U, u.P, c.u, c.p)
		}
	}
}

func TestMannWhitneyUsesTieCorrectedNormalApproximationForLargeSamples(t *testing.T) {
	t.Parallel()
	a := make([]float64, 60)
	for i := range a {
		a[i] = float64((i*7)%13 + 1)
	}
	b := make([]float64, 70)
	for i := range b {
		b[i] = float64((i*5)%11 + 3)
	}
	u, err := MannWhitney(a, b)
	if err != nil {
		t.Fatal(err)
	}
	// Computed independently from mid-ranks, the tie correction
	// sum(t^3-t) and the continuity correction.
	const wantU, wantP = 1737.0, 0.08940093481816366
	if u.U != wantU || math.Abs(u.P-wantP) > 1e-9 {
		t.Fatalf("got U=%v p=%v, want U=%v p=%v", u.U, u.P, wantU, wantP)
	}
	if !u.ASmaller() {
		t.Errorf("a has the lower mean rank, ASmaller() = false")
	}
}

func TestMannWhitneyGivesPOneForIdenticalConstantSamples(t *testing.T) {
	t.Parallel()
	u, err := MannWhitney([]float64{3, 3, 3}, []float64{3, 3})
	if err != nil {
		t.Fatal(err)
	}
	if u.P != 1 || u.ASmaller() {
		t.Errorf("got %+v, want P=1 and no direction", u)
	}
}

func TestMannWhitneyRejectsAnEmptySample(t *testing.T) {
	t.Parallel()
	if _, err := MannWhitney(nil, []float64{1}); err == nil {
		t.Fatal("want an error for an empty sample")
	}
}

func TestBeatsMatrixCountsSignificantWinsAndUnsolvedTasks(t *testing.T) {
	t.Parallel()
	fast := []float64{1, 2, 2, 3, 1, 2, 4, 1, 3, 2}
	slow := []float64{40, 55, 31, 70, 48, 90, 35, 62, 44, 51}
	slowish := []float64{2, 3, 1, 2, 3, 4, 2, 1, 2, 3} // not significantly different from fast
	counts := map[string]map[string][]float64{
		"bespoke": {"bug1/prop": fast, "bug2/prop": fast, "bug3/prop": fast},
		"naive":   {"bug1/prop": slow, "bug2/prop": slowish},
		// "never" solves nothing: it appears with no counts at all.
		"never": {},
	}
	b, err := BeatsMatrix(counts, 0)
	if err != nil {
		t.Fatal(err)
	}
	if b.Alpha != defaultAlpha {
		t.Errorf("alpha = %v, want default %v", b.Alpha, defaultAlpha)
	}
	wantGens := []string{"bespoke", "naive", "never"}
	for i, g := range wantGens {
		if b.Generators[i] != g {
			t.Fatalf("generators = %v, want %v", b.Generators, wantGens)
		}
	}
	if len(b.Tasks) != 3 {
		t.Fatalf("tasks = %v, want 3", b.Tasks)
	}
	want := [][]int{
		{0, 2, 3}, // bespoke: bug1 significantly faster, bug3 unsolved by naive; all vs never
		{0, 0, 2}, // naive solves 2 tasks never solves
		{0, 0, 0},
	}
	for i := range want {
		for j := range want[i] {
			if b.Wins[i][j] != want[i][j] {
				t.Errorf("Wins[%s][%s] = %d, want %d", b.Generators[i], b.Generators[j], b.Wins[i][j], want[i][j])
			}
		}
	}
}
