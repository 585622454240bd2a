package stats

import (
	"errors"
	"fmt"
	"math"
	"sort"

	mstats "github.com/aclements/go-moremath/stats"
)

// defaultAlpha is the significance level Beats uses when given alpha <= 0.
const defaultAlpha = 0.05

// UTest is the result of a two-sided Mann-Whitney U test between samples A
// and B.
type UTest struct {
	NA, NB int
	// U is the U statistic of A: the number of pairs (a, b) with a > b,
	// plus half the number of ties. U < NA*NB/2 means A tends to be smaller.
	U float64
	// P is the two-sided p-value. Samples of at most 50 values (25 with
	// ties) use the exact U distribution; larger ones the normal
	// approximation with tie and continuity corrections.
	P float64
}

// ASmaller reports whether A tends to take smaller values than B: its
// mean rank is lower.
func (u UTest) ASmaller() bool { return u.U < float64(u.NA*u.NB)/2 }

// MannWhitney runs a two-sided Mann-Whitney U test of the null hypothesis
// that a and b come from the same distribution. Two samples whose values
// are all equal give P = 1. An empty sample is an error.
func MannWhitney(a, b []float64) (UTest, error) {
	if len(a) == 0 || len(b) == 0 {
		return UTest{}, errEmpty(len(a), len(b))
	}
	r, err := mstats.MannWhitneyUTest(a, b, mstats.LocationDiffers)
	if errors.Is(err, mstats.ErrSamplesEqual) {
		return UTest{NA: len(a), NB: len(b), U: float64(len(a)*len(b)) / 2, P: 1}, nil
	}
	if err != nil {
		return UTest{}, fmt.Errorf("mann-whitney: %w", err)
	}
	return UTest{NA: r.N1, NB: r.N2, U: r.U, P: math.Min(1, r.P)}, nil
}

// errEmpty is the error of a Mann-Whitney test given an empty sample.
func errEmpty(na, nb int) error {
	return fmt.Errorf("mann-whitney: empty sample (len %d and %d)", na, nb)
}

// Beats is an Etna-style pairwise comparison of generators: Wins[i][j] is
// the number of tasks on which Generators[i] beats Generators[j].
type Beats struct {
	Generators []string
	Tasks      []string
	Alpha      float64
	Wins       [][]int
}

// BeatsMatrix compares every pair of generators over every task.
// counts[generator][task] holds the tests-to-failure of each failing trial
// of that generator on that task; a missing or empty entry means the
// generator never failed it (the task is unsolved).
//
// On a task, A beats B when A solves it and B does not, or when both solve
// it and A needs significantly fewer tests to failure: a two-sided
// Mann-Whitney U test with p < alpha (0.05 when alpha <= 0) and a
// lower mean rank for A. Generators and tasks are sorted by name.
func BeatsMatrix(counts map[string]map[string][]float64, alpha float64) (Beats, error) {
	if alpha <= 0 {
		alpha = defaultAlpha
	}
	gens := make([]string, 0, len(counts))
	taskSet := map[string]bool{}
	for g, tasks := range counts {
		gens = append(gens, g)
		for t := range tasks {
			taskSet[t] = true
		}
	}
	sort.Strings(gens)
	tasks := make([]string, 0, len(taskSet))
	for t := range taskSet {
		tasks = append(tasks, t)
	}
	sort.Strings(tasks)
	b := Beats{Generators: gens, Tasks: tasks, Alpha: alpha, Wins: make([][]int, len(gens))}
	for i := range gens {
		b.Wins[i] = make([]int, len(gens))
	}
	for _, task := range tasks {
		for i, gi := range gens {
			for j := i + 1; j < len(gens); j++ {
				gj := gens[j]
				w, err := winner(counts[gi][task], counts[gj][task], alpha)
				if err != nil {
					return Beats{}, fmt.Errorf("task %s, %s vs %s: %w", task, gi, gj, err)
				}
				switch w {
				case 1:
					b.Wins[i][j]++
				case -1:
					b.Wins[j][i]++
				}
			}
		}
	}
	return b, nil
}

// winner returns 1 when a beats b, -1 when b beats a, 0 otherwise.
func winner(a, b []float64, alpha float64) (int, error) {
	switch {
	case len(a) == 0 && len(b) == 0:
		return 0, nil
	case len(b) == 0:
		return 1, nil
	case len(a) == 0:
		return -1, nil
	}
	u, err := MannWhitney(a, b)
	if err != nil {
		return 0, err
	}
	if u.P >= alpha {
		return 0, nil
	}
	if u.ASmaller() {
		return 1, nil
	}
	return -1, nil
}
