package covering_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/mutprop/mutprop/gen/covering"
)

func TestCheckRejectsValuesOutOfRangeAtBothEnds(t *testing.T) {
	t.Parallel()
	m := covering.Uniform([]covering.Param{{Name: "a", Size: 2}, {Name: "b", Size: 3}}, 2)
	cases := []struct {
		rows [][]int
		want string
	}{
		{[][]int{{0, 0}, {1, 3}}, "covering: row 1: b=3 out of range 0..2"},
		{[][]int{{-1, 0}}, "covering: row 0: a=-1 out of range 0..1"},
		{[][]int{{0, 0, 0}}, "covering: row 0 has 3 values, want 2"},
	}
	for _, c := range cases {
		if err := covering.Check(m, c.rows); err == nil || err.Error() != c.want {
			t.Errorf("Check(%v) = %v, want %q", c.rows, err, c.want)
		}
	}
}

// allPairs returns every row of a and b values.
func allPairs(a, b int) [][]int {
	var rows [][]int
	for i := range a {
		for j := range b {
			rows = append(rows, []int{i, j})
		}
	}
	return rows
}

func TestCheckReportsTheLexicographicallyFirstMissingTuple(t *testing.T) {
	t.Parallel()
	m := covering.Uniform([]covering.Param{{Name: "a", Size: 2}, {Name: "b", Size: 3}}, 2)
	if err := covering.Check(m, allPairs(2, 3)); err != nil {
		t.Fatalf("every pair present: %v", err)
	}
	for _, missing := range [][][]int{{{0, 1}, {1, 2}}, {{1, 2}}, {{0, 0}}, {{1, 0}, {0, 2}}} {
		rows := slices.DeleteFunc(allPairs(2, 3), func(r []int) bool {
			return slices.ContainsFunc(missing, func(x []int) bool { return slices.Equal(x, r) })
		})
		err := covering.Check(m, rows)
		var me *covering.MissingError
		if !errors.As(err, &me) {
			t.Fatalf("missing %v: error %v, want a *MissingError", missing, err)
		}
		first := slices.MinFunc(missing, slices.Compare[[]int])
		if !slices.Equal(me.Values, first) || !slices.Equal(me.Params, []int{0, 1}) || me.Relation != 0 ||
			!slices.Equal(me.Names, []string{"a", "b"}) {
			t.Errorf("missing %v: reported %+v, want values %v", missing, me, first)
		}
	}
	err := covering.Check(m, [][]int{{0, 0}, {0, 2}, {1, 0}, {1, 1}, {1, 2}})
	if err == nil || err.Error() != "covering: relation 0: required tuple (a=0, b=1) is not covered" {
		t.Errorf("message %v", err)
	}
}

func TestCheckJudgesEachTupleOnItsOwnParameters(t *testing.T) {
	t.Parallel()
	// a, b, c binary, pairwise; a and c are not both 1. The rows cover
	// every allowed (a,b) and (a,c) pair but not (b,c) = (1,1), which is
	// allowed (with a = 0): the check of (b,c) must not see the a = 1 of
	// the (a,c) tuple checked before it.
	notBoth := covering.Constraint{Name: "not a=c=1", Params: []int{0, 2}, Allow: func(row []int) bool {
		return !(row[0] == 1 && row[2] == 1)
	}}
	m := covering.Uniform([]covering.Param{{Name: "a", Size: 2}, {Name: "b", Size: 2}, {Name: "c", Size: 2}}, 2)
	m.Constraints = []covering.Constraint{notBoth}
	rows := [][]int{{0, 0, 0}, {0, 1, 0}, {1, 0, 0}, {1, 1, 0}, {0, 0, 1}}
	var me *covering.MissingError
	if err := covering.Check(m, rows); !errors.As(err, &me) || !slices.Equal(me.Params, []int{1, 2}) || !slices.Equal(me.Values, []int{1, 1}) {
		t.Fatalf("Check = %v, want (b=1, c=1) missing", err)
	}
	if err := covering.Check(m, append(rows, []int{0, 1, 1})); err != nil {
		t.Errorf("with (b=1, c=1) added: %v", err)
	}
	if err := covering.Check(m, append(rows, []int{1, 1, 1})); err == nil || err.Error() != `covering: row 5 violates constraint "not a=c=1"` {
		t.Errorf("a row that violates the constraint: %v", err)
	}
}
