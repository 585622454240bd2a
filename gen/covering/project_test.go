package covering_test

import (
	"math"
	"strings"
	"testing"

	"github.com/mutprop/mutprop/gen/covering"
)

func TestProjectCountsByHand(t *testing.T) {
	t.Parallel()
	m := covering.Uniform([]covering.Param{{Name: "a", Size: 3}, {Name: "b", Size: 2}, {Name: "c", Size: 2}}, 2)
	p, err := covering.Project(m)
	if err != nil {
		t.Fatal(err)
	}
	// Pairs: 3 subsets, 3*2 + 3*2 + 2*2 = 16 tuples; no array has fewer
	// than 3*2 rows.
	want := covering.Projection{LowerBound: 6, GreedyBound: 6 * (1 + math.Log(3)), Subsets: 3, Tuples: 16, CoverageBytes: 2, RowsBytes: 6 * 3 * 8}
	if p != want {
		t.Fatalf("Project = %+v, want %+v", p, want)
	}
	if got := p.String(); got != "at least 6 rows (greedy bound 13), 3 subsets, 16 tuples, coverage map 2 B, rows 144 B" {
		t.Errorf("String = %q", got)
	}
	// A second, stronger relation over a and b: the lower bound is the
	// largest over relations; subsets and tuples add up.
	m.Relations = append(m.Relations, covering.Relation{Params: []int{0, 1}, Strength: 2})
	m.Relations[0].Strength = 1
	p, err = covering.Project(m)
	if err != nil {
		t.Fatal(err)
	}
	if p.LowerBound != 6 || p.Subsets != 4 || p.Tuples != 3+2+2+6 {
		t.Errorf("two relations: %+v, want lower bound 6, 4 subsets, 13 tuples", p)
	}
	// Ten binary parameters at strength 4: C(10,4) = 210 subsets of 16
	// tuples each.
	ten := make([]covering.Param, 10)
	for i := range ten {
		ten[i] = covering.Param{Size: 2}
	}
	if p, _ := covering.Project(covering.Uniform(ten, 4)); p.Subsets != 210 || p.Tuples != 210*16 || p.LowerBound != 16 {
		t.Errorf("10 binary at t=4: %+v", p)
	}
}

func TestTooLargeErrorsSizeTheirBytesReadably(t *testing.T) {
	t.Parallel()
	cases := []struct {
		bytes float64
		want  string
	}{
		{1023, "1023 B"},
		{1024, "1.0 KiB"},
		{1536, "1.5 KiB"},
		{1 << 20, "1.0 MiB"},
		{3 << 30, "3.0 GiB"},
	}
	for _, c := range cases {
		e := &covering.TooLargeError{Projection: covering.Projection{CoverageBytes: c.bytes}, Limit: 1 << 30}
		if msg := e.Error(); !strings.HasPrefix(msg, "covering: model is infeasible: coverage map and rows need "+c.want+", over the limit of 1.0 GiB;") {
			t.Errorf("%v bytes: %q", c.bytes, msg)
		}
	}
}

func TestValidateNamesTheFirstStructuralError(t *testing.T) {
	t.Parallel()
	two := []covering.Param{{Name: "a", Size: 2}, {Name: "b", Size: 2}}
	allow := func([]int) bool { return true }
	cases := []struct {
		m    covering.Model
		want string
	}{
		{covering.Model{}, "covering: model has no parameters"},
		{covering.Model{Params: []covering.Param{{Name: "a", Size: 0}}}, "covering: parameter 0 (a) has size 0, want >= 1"},
		{covering.Model{Params: two}, "covering: model has no relations"},
		{covering.Model{Params: two, Relations: []covering.Relation{{Params: []int{0, 1}, Strength: 0}}}, "covering: relation 0: strength 0 not in 1..2"},
		{covering.Model{Params: two, Relations: []covering.Relation{{Params: []int{0, 1}, Strength: 3}}}, "covering: relation 0: strength 3 not in 1..2"},
		{covering.Model{Params: two, Relations: []covering.Relation{{Params: []int{0, 2}, Strength: 1}}}, "covering: relation 0: parameter index 2 out of range 0..1"},
		{covering.Model{Params: two, Relations: []covering.Relation{{Params: []int{1, 1}, Strength: 1}}}, "covering: relation 0: parameter index 1 repeated"},
		{covering.Model{Params: two, Relations: []covering.Relation{{Params: []int{0, 1}, Strength: 2}},
			Constraints: []covering.Constraint{{Name: "c", Params: []int{0}}}}, "covering: constraint 0 (c) has no Allow function"},
		{covering.Model{Params: two, Relations: []covering.Relation{{Params: []int{0, 1}, Strength: 2}},
			Constraints: []covering.Constraint{{Name: "c", Params: []int{-1}, Allow: allow}}}, "covering: constraint 0 (c): parameter index -1 out of range 0..1"},
	}
	for _, c := range cases {
		if err := covering.Check(c.m, nil); err == nil || err.Error() != c.want {
			t.Errorf("Check(%+v) = %v, want %q", c.m, err, c.want)
		}
	}
	ok := covering.Model{Params: two, Relations: []covering.Relation{{Params: []int{0, 1}, Strength: 1}}}
	if err := covering.Check(ok, [][]int{{0, 1}, {1, 0}}); err != nil {
		t.Errorf("a strength-1 model covered by two rows: %v", err)
	}
}
