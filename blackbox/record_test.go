package blackbox_test

import (
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/mutprop/mutprop/blackbox"
)

// propSingleSort is Duregård's prop_singlesort: sort [x] == [x].
func propSingleSort(sort func([]int) []int, x int) bool {
	return slices.Equal(sort([]int{x}), []int{x})
}

// propSortModel compares sort with a model on a whole list.
func propSortModel(sort func([]int) []int, xs []int) bool {
	return slices.Equal(sort(xs), sorted(xs))
}

func TestCoverageShowsPropSingleSortOnlySortsSingletons(t *testing.T) {
	t.Parallel()
	single, err := blackbox.Record(sorted)
	if err != nil {
		t.Fatal(err)
	}
	model, err := blackbox.Record(sorted)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 2))
	killed := 0
	for i := range 100 {
		x := r.IntN(41) - 20
		xs := make([]int, r.IntN(i%20+1))
		for j := range xs {
			xs[j] = r.IntN(41) - 20
		}
		if !propSingleSort(single.Func(), x) || !propSortModel(model.Func(), xs) {
			t.Fatalf("a property fails on the original")
		}
		// prop_singlesort has full strength on what it covers: the
		// single-point mutant of each test case is killed.
		tc, err := blackbox.Record(sorted)
		if err != nil {
			t.Fatal(err)
		}
		propSingleSort(tc.Func(), x)
		m := mustMutate(t, sorted, blackbox.Seed(uint64(i)), blackbox.SinglePoint(tc.Applications()))
		if !propSingleSort(m, x) {
			killed++
		}
	}
	if killed != 100 {
		t.Errorf("prop_singlesort killed %d of 100 single-point mutants, want all", killed)
	}
	c := single.Coverage()
	if c.Applications != 100 || c.MaxSize() != 1 || c.Sizes[1] != 100 || len(c.Sizes) != 1 {
		t.Errorf("prop_singlesort coverage %v, want 100 applications all of size 1", c)
	}
	if c.Distinct > 41 {
		t.Errorf("%d distinct singletons from 41 values", c.Distinct)
	}
	if mc := model.Coverage(); mc.MaxSize() < 10 || len(mc.Sizes) < 10 {
		t.Errorf("model property coverage %v, want many sizes", mc)
	}
}

func TestCoverageCountsSizesPerArgumentAndInTotal(t *testing.T) {
	t.Parallel()
	rec, err := blackbox.Record(insert)
	if err != nil {
		t.Fatal(err)
	}
	f := rec.Func()
	f(-3, []int{1, 2})
	f(-3, []int{1, 2})
	f(0, nil)
	c := rec.Coverage()
	if c.Applications != 3 || c.Distinct != 2 {
		t.Fatalf("coverage %v", c)
	}
	if !reflect.DeepEqual(c.Sizes, map[int]int{5: 2, 0: 1}) {
		t.Errorf("Sizes = %v", c.Sizes)
	}
	if !reflect.DeepEqual(c.ArgSizes, []map[int]int{{3: 2, 0: 1}, {2: 2, 0: 1}}) {
		t.Errorf("ArgSizes = %v", c.ArgSizes)
	}
	if s := c.String(); s != "3 applications, 2 distinct inputs, sizes 0:1 5:2" {
		t.Errorf("String() = %q", s)
	}
	// The snapshot is a copy.
	c.Sizes[99] = 1
	if rec.Coverage().Sizes[99] != 0 {
		t.Errorf("Coverage() shares its histogram with the recorder")
	}
}

func TestRecordedInputsAreDescribedBeforeTheFunctionCanChangeThem(t *testing.T) {
	t.Parallel()
	sortInPlace := func(xs []int) { slices.Sort(xs) }
	rec, err := blackbox.Record(sortInPlace)
	if err != nil {
		t.Fatal(err)
	}
	xs := []int{3, 1, 2}
	rec.Func()(xs)
	if got := rec.Applications()[0].Input; got != "[3 1 2]" {
		t.Errorf("recorded input %q, want [3 1 2]", got)
	}
	if xs[0] != 1 {
		t.Errorf("the recorder did not call the function")
	}
}

func TestSizeFollowsTheDocumentedRules(t *testing.T) {
	t.Parallel()
	x := -4
	for _, tc := range []struct {
		v    any
		want int
	}{
		{"abc", 3},
		{[]string{"long", "strings"}, 2},
		{map[int]int{1: 1}, 1},
		{-7, 7},
		{uint8(200), 200},
		{-2.9, 2},
		{math.NaN(), 0},
		{math.Inf(-1), math.MaxInt},
		{int64(math.MinInt64), math.MaxInt},
		{true, 0},
		{&x, 4},
		{(*int)(nil), 0},
		{[2]int{-1, 2}, 3},
		{struct {
			A string
			b []int
		}{"xy", []int{1}}, 3},
	} {
		if got := blackbox.Size(reflect.ValueOf(tc.v)); got != tc.want {
			t.Errorf("Size(%#v) = %d, want %d", tc.v, got, tc.want)
		}
	}
}
