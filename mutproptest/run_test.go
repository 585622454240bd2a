package mutproptest_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/mutprop/mutprop/mutproptest"
	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/propsuite"
)

// cellRecorder is a suite whose property passes and records, per cell
// ("property/generator"), how many tests ran and the first random number
// each trial drew.
type cellRecorder struct {
	mu    sync.Mutex
	tests map[string]int
	first map[string]uint64
}

func (c *cellRecorder) suite(name string, gens ...string) *propsuite.Suite {
	c.tests, c.first = map[string]int{}, map[string]uint64{}
	return &propsuite.Suite{
		Name:       name,
		Mutants:    []propsuite.Mutant{{}},
		Properties: []string{"a", "b"},
		Generators: gens,
		Test: func(_ propsuite.Mutant, p, g string) (propsuite.Test, error) {
			cell := p + "/" + g
			return func(r *rand.Rand, _ int) propsuite.CaseResult {
				c.mu.Lock()
				defer c.mu.Unlock()
				if c.tests[cell] == 0 {
					c.first[cell] = r.Uint64()
				}
				c.tests[cell]++
				return propsuite.Pass
			}, nil
		},
	}
}

func TestRunChecksEveryCellWithTheGivenNumberOfTests(t *testing.T) {
	var c cellRecorder
	for _, tc := range []struct {
		gens  []string
		cells []string
	}{
		{[]string{"g1", "g2"}, []string{"a/g1", "a/g2", "b/g1", "b/g2"}},
		{[]string{"only"}, []string{"a/only", "b/only"}},
	} {
		s := c.suite("rec", tc.gens...)
		t.Run(strings.Join(tc.gens, "+"), func(t *testing.T) {
			// A nil option is ignored; Tests sets the budget.
			mutproptest.Run(t, s, nil, mutproptest.Tests(7))
		})
		var got []string
		for cell, n := range c.tests {
			got = append(got, cell)
			if n != 7 {
				t.Errorf("generators %v: cell %s ran %d tests, want 7", tc.gens, cell, n)
			}
		}
		slices.Sort(got)
		if !slices.Equal(got, tc.cells) {
			t.Errorf("generators %v: cells checked %v, want %v", tc.gens, got, tc.cells)
		}
	}
	// Without options, a cell runs DefaultTests tests.
	s := c.suite("rec", "g")
	t.Run("default", func(t *testing.T) { mutproptest.Run(t, s) })
	if c.tests["a/g"] != mutproptest.DefaultTests {
		t.Errorf("default budget: %d tests, want %d", c.tests["a/g"], mutproptest.DefaultTests)
	}
}

func TestGoTestRunsTheTrialThatTheDocumentedSeedGives(t *testing.T) {
	// The failure message names "-mutprop.seed=1, trial seed N": N must be
	// the seed of trial 0 of the cell on the original, so that
	// propsuite.RunTrial with it replays what go test ran.
	var c cellRecorder
	s := c.suite("seeded", "g")
	t.Run("run", func(t *testing.T) { mutproptest.Run(t, s, mutproptest.Tests(3)) })
	for _, p := range []string{"a", "b"} {
		var first uint64
		seen := false
		replay := func(r *rand.Rand, size int) propsuite.CaseResult {
			if !seen {
				first, seen = r.Uint64(), true
			}
			return propsuite.Pass
		}
		propsuite.RunTrial(context.Background(), replay, propsuite.TrialSeed(1, "", p, "g", 0), &propsuite.TrialConfig{MaxTests: 1})
		if got := c.first[p+"/g"]; !seen || got != first {
			t.Errorf("property %s: go test drew %d first, the documented trial seed gives %d", p, got, first)
		}
	}
}

func TestFuncSuiteListsItsMutantsAndRefusesUnknownCells(t *testing.T) {
	id := func(f func(int) int) func(int) int { return f }
	prop := mutproptest.Property[func(int) int]{Name: "p", Test: func(f func(int) int) propsuite.Test {
		return propsuite.ForAll(propsuite.IntSized(), func(x int) bool { return f(x) == x+1 })
	}}
	for _, tc := range []struct {
		mutants, want int
		gen, wantGen  string
	}{{0, mutproptest.DefaultMutants, "", mutproptest.DefaultGenerator}, {-1, mutproptest.DefaultMutants, "ints", "ints"}, {1, 1, "", mutproptest.DefaultGenerator}, {3, 3, "", mutproptest.DefaultGenerator}} {
		s := mutproptest.Func[func(int) int]{Name: "inc", Subject: id(func(x int) int { return x + 1 }),
			Properties: []mutproptest.Property[func(int) int]{prop, {Name: "nil"}}, Mutants: tc.mutants, Generator: tc.gen}.Suite()
		if len(s.Mutants) != tc.want+1 || s.Mutants[0].ID != "" {
			t.Fatalf("Mutants %d: suite has %d mutants, want the original and %d", tc.mutants, len(s.Mutants), tc.want)
		}
		for k, m := range s.Mutants[1:] {
			wantID := fmt.Sprintf("blackbox:inc:%d", k+1)
			if m.ID != wantID || m.ID != mutproptest.MutantID("inc", k+1) || m.Origin != "blackbox" ||
				!strings.Contains(m.Description, "inc") || !strings.Contains(m.Description, fmt.Sprintf("seed %d", k+1)) {
				t.Errorf("mutant %d = %+v, want ID %s, origin blackbox, a description naming inc and seed %d", k+1, m, wantID, k+1)
			}
		}
		if !slices.Equal(s.Generators, []string{tc.wantGen}) || !slices.Equal(s.Properties, []string{"p", "nil"}) {
			t.Errorf("generators %v, properties %v", s.Generators, s.Properties)
		}
		for _, cell := range [][3]string{{"", "q", tc.wantGen}, {"", "p", "other"}, {"", "nil", tc.wantGen}, {"blackbox:inc:999", "p", tc.wantGen}} {
			if _, err := s.Test(propsuite.Mutant{ID: cell[0]}, cell[1], cell[2]); err == nil || !strings.Contains(err.Error(), "suite inc") {
				t.Errorf("cell %q: err = %v, want an error naming the suite", cell, err)
			}
		}
		// The original passes, every mutant is caught at once.
		for _, m := range s.Mutants {
			test, err := s.Test(m, "p", tc.wantGen)
			if err != nil {
				t.Fatalf("%s: %v", m.ID, err)
			}
			r := propsuite.RunTrial(context.Background(), test, 1, &propsuite.TrialConfig{MaxTests: 50})
			if killed := r.Outcome == outcome.Killed; killed != (m.ID != "") {
				t.Errorf("mutant %q: outcome %v", m.ID, r.Outcome)
			}
		}
	}
}

func TestAnUnmutableSubjectNamesTheSuiteInItsError(t *testing.T) {
	s := mutproptest.Func[func(int)]{Name: "noresult", Subject: func(int) {},
		Properties: []mutproptest.Property[func(int)]{{Name: "p", Test: func(func(int)) propsuite.Test {
			return propsuite.ForAll(propsuite.IntSized(), func(int) bool { return true })
		}}}}.Suite()
	if _, err := s.Test(propsuite.Mutant{}, "p", mutproptest.DefaultGenerator); err == nil || !strings.HasPrefix(err.Error(), "suite noresult: ") {
		t.Errorf("err = %v, want it to start with the suite's name", err)
	}
}
