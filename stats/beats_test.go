package stats

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
)

func TestMannWhitneyNamesAnEmptySampleOnEitherSide(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ a, b []float64 }{{nil, []float64{1}}, {[]float64{1, 2}, nil}, {nil, nil}} {
		_, err := MannWhitney(c.a, c.b)
		want := fmt.Sprintf("empty sample (len %d and %d)", len(c.a), len(c.b))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("MannWhitney(%v, %v) error %v, want one saying %q", c.a, c.b, err, want)
		}
	}
}

func TestMannWhitneyOfConstantSamplesPutsUAtItsMean(t *testing.T) {
	t.Parallel()
	u, err := MannWhitney([]float64{3, 3, 3}, []float64{3, 3})
	if err != nil {
		t.Fatal(err)
	}
	if u.NA != 3 || u.NB != 2 || u.U != 3 {
		t.Fatalf("got %+v, want NA 3, NB 2 and U = 3*2/2", u)
	}
}

func TestMannWhitneyPValueNeverExceedsOne(t *testing.T) {
	t.Parallel()
	// Two identical samples of 30 distinct values: the normal
	// approximation with continuity correction puts U on its mean, where
	// the uncorrected two-sided p is above 1.
	a := make([]float64, 30)
	for i := range a {
		a[i] = float64(i)
	}
	u, err := MannWhitney(a, slices.Clone(a))
	if err != nil {
		t.Fatal(err)
	}
	if u.P != 1 || u.U != 450 {
		t.Fatalf("got %+v, want U 450 and P exactly 1", u)
	}
}

// scipyA and scipyB are SciPy's mannwhitneyu example: U(A) = 17, p = 1/9,
// B tends to be smaller.
var scipyA, scipyB = []float64{19, 22, 16, 29, 24}, []float64{20, 11, 17, 12}

func TestBeatsMatrixUsesTheGivenAlpha(t *testing.T) {
	t.Parallel()
	counts := map[string]map[string][]float64{"a": {"t": scipyA}, "b": {"t": scipyB}}
	// p = 0.111: not significant at the default 0.05, significant at 0.2,
	// where b (the later generator) beats a.
	def, err := BeatsMatrix(counts, 0)
	if err != nil {
		t.Fatal(err)
	}
	if def.Wins[0][1] != 0 || def.Wins[1][0] != 0 {
		t.Errorf("alpha 0.05: wins %v, want none", def.Wins)
	}
	loose, err := BeatsMatrix(counts, 0.2)
	if err != nil {
		t.Fatal(err)
	}
	if loose.Alpha != 0.2 {
		t.Errorf("Alpha = %v, want 0.2", loose.Alpha)
	}
	if loose.Wins[1][0] != 1 || loose.Wins[0][1] != 0 {
		t.Errorf("alpha 0.2: wins %v, want b over a once", loose.Wins)
	}
}

func TestBeatsMatrixNeedsPStrictlyBelowAlpha(t *testing.T) {
	t.Parallel()
	u, err := MannWhitney(scipyA, scipyB)
	if err != nil {
		t.Fatal(err)
	}
	counts := map[string]map[string][]float64{"a": {"t": scipyA}, "b": {"t": scipyB}}
	at, err := BeatsMatrix(counts, u.P)
	if err != nil {
		t.Fatal(err)
	}
	if at.Wins[1][0] != 0 {
		t.Errorf("alpha = p = %v: b wins, want no significant difference", u.P)
	}
	above, err := BeatsMatrix(counts, math.Nextafter(u.P, 1))
	if err != nil {
		t.Fatal(err)
	}
	if above.Wins[1][0] != 1 {
		t.Errorf("alpha just above p: wins %v, want b over a", above.Wins)
	}
}

func TestBeatsMatrixDecidesEachTaskOnItsOwn(t *testing.T) {
	t.Parallel()
	fast := []float64{1, 2, 2, 3, 1, 2, 4, 1, 3, 2}
	slow := []float64{40, 55, 31, 70, 48, 90, 35, 62, 44, 51}
	cases := []struct {
		name   string
		x, y   []float64 // generator "x" and "y" on one task
		xy, yx int       // Wins[x][y], Wins[y][x]
	}{
		{"x faster", fast, slow, 1, 0},
		{"y faster", slow, fast, 0, 1},
		{"only y solves", nil, fast, 0, 1},
		{"only x solves", slow, nil, 1, 0},
		{"neither solves", nil, nil, 0, 0},
		{"alike", fast, fast, 0, 0},
	}
	for _, c := range cases {
		counts := map[string]map[string][]float64{"x": {}, "y": {}}
		if c.x != nil {
			counts["x"]["t"] = c.x
		}
		if c.y != nil {
			counts["y"]["t"] = c.y
		} else if c.x == nil {
			counts["y"]["t"] = []float64{} // the task exists, unsolved by both
		}
		b, err := BeatsMatrix(counts, 0)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if len(b.Tasks) != 1 || b.Wins[0][1] != c.xy || b.Wins[1][0] != c.yx || b.Wins[0][0] != 0 || b.Wins[1][1] != 0 {
			t.Errorf("%s: tasks %v wins %v, want [x][y]=%d [y][x]=%d", c.name, b.Tasks, b.Wins, c.xy, c.yx)
		}
	}
}

func TestBeatsMatrixSortsGeneratorsAndTasks(t *testing.T) {
	t.Parallel()
	counts := map[string]map[string][]float64{}
	var wantTasks []string
	for i := 20; i > 0; i-- {
		task := fmt.Sprintf("task%02d", i)
		wantTasks = append(wantTasks, task)
		g := fmt.Sprintf("gen%02d", i%7)
		if counts[g] == nil {
			counts[g] = map[string][]float64{}
		}
		counts[g][task] = []float64{float64(i)}
	}
	slices.Sort(wantTasks)
	b, err := BeatsMatrix(counts, 0)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(b.Tasks, wantTasks) {
		t.Errorf("tasks %v, want %v", b.Tasks, wantTasks)
	}
	if !slices.IsSorted(b.Generators) || len(b.Generators) != 7 {
		t.Errorf("generators %v, want 7 sorted names", b.Generators)
	}
	if len(b.Wins) != 7 {
		t.Fatalf("%d rows of wins, want 7", len(b.Wins))
	}
	for i, row := range b.Wins {
		if len(row) != 7 {
			t.Fatalf("row %d has %d columns, want 7", i, len(row))
		}
	}
}
