package propsuite

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/mutprop/mutprop/outcome"
)

// draws runs g n times at size from a fixed seed and returns the values.
func draws[T any](g Generator[T], size, n int) []T {
	r := rand.New(rand.NewPCG(1, 2))
	out := make([]T, n)
	for i := range out {
		out[i] = g(r, size)
	}
	return out
}

// seen returns the set of values in xs.
func seen(xs []int) map[int]bool {
	m := map[int]bool{}
	for _, x := range xs {
		m[x] = true
	}
	return m
}

// wantExactly fails unless the values of xs are exactly lo..hi.
func wantExactly(t *testing.T, what string, xs []int, lo, hi int) {
	t.Helper()
	s := seen(xs)
	for v := range s {
		if v < lo || v > hi {
			t.Fatalf("%s drew %d, outside [%d, %d]", what, v, lo, hi)
		}
	}
	for v := lo; v <= hi; v++ {
		if !s[v] {
			t.Fatalf("%s never drew %d in %d draws (want every value of [%d, %d])", what, v, len(xs), lo, hi)
		}
	}
}

func TestIntRangeDrawsEveryValueOfItsClosedRange(t *testing.T) {
	t.Parallel()
	wantExactly(t, "IntRange(-3, 4)", draws(IntRange(-3, 4), 0, 2000), -3, 4)
	wantExactly(t, "IntRange(5, 5)", draws(IntRange(5, 5), 50, 20), 5, 5)
	defer func() {
		if recover() == nil {
			t.Errorf("IntRange(2, 1) did not panic")
		}
	}()
	IntRange(2, 1)
}

func TestIntSizedAndNatSizedFollowTheSize(t *testing.T) {
	t.Parallel()
	wantExactly(t, "IntSized at 3", draws(IntSized(), 3, 2000), -3, 3)
	wantExactly(t, "IntSized at 0", draws(IntSized(), 0, 50), 0, 0)
	wantExactly(t, "IntSized at -4", draws(IntSized(), -4, 50), 0, 0)
	wantExactly(t, "NatSized at 4", draws(NatSized(), 4, 2000), 0, 4)
	wantExactly(t, "NatSized at -1", draws(NatSized(), -1, 50), 0, 0)
}

func TestBoolAndFloat64SizedStayInRange(t *testing.T) {
	t.Parallel()
	bs := draws(Bool(), 0, 200)
	if !slices.Contains(bs, true) || !slices.Contains(bs, false) {
		t.Errorf("Bool drew only one value in 200 draws")
	}
	fs := draws(Float64Sized(), 10, 2000)
	lo, hi := slices.Min(fs), slices.Max(fs)
	if lo < -10 || hi > 10 || lo > -9 || hi < 9 {
		t.Errorf("Float64Sized at 10 drew from [%v, %v], want nearly all of [-10, 10]", lo, hi)
	}
}

func TestSliceOfLengthIsUniformUpToTheSize(t *testing.T) {
	t.Parallel()
	xss := draws(SliceOf(Const(7)), 5, 2000)
	lens := make([]int, len(xss))
	for i, xs := range xss {
		lens[i] = len(xs)
		for _, x := range xs {
			if x != 7 {
				t.Fatalf("element %d, want the element generator's 7", x)
			}
		}
	}
	wantExactly(t, "len(SliceOf) at 5", lens, 0, 5)
	for _, xs := range draws(SliceOf(Const(1)), 0, 20) {
		if len(xs) != 0 {
			t.Fatalf("SliceOf at size 0 drew %v", xs)
		}
	}
	if got := draws(SliceN(3, IntRange(1, 1)), 0, 1)[0]; !slices.Equal(got, []int{1, 1, 1}) {
		t.Errorf("SliceN(3) drew %v", got)
	}
}

func TestMapOfHasAtMostSizeEntries(t *testing.T) {
	t.Parallel()
	ms := draws(MapOf(IntRange(0, 1000), Const("v")), 6, 500)
	var lens []int
	for _, m := range ms {
		lens = append(lens, len(m))
		for k, v := range m {
			if k < 0 || k > 1000 || v != "v" {
				t.Fatalf("entry %d: %q", k, v)
			}
		}
	}
	// With 1001 keys, collisions are rare: every length 0..6 shows up.
	wantExactly(t, "len(MapOf) at 6", lens, 0, 6)
	if m := draws(MapOf(IntSized(), Bool()), 0, 1)[0]; len(m) != 0 {
		t.Errorf("MapOf at size 0 drew %v", m)
	}
}

func TestCombinatorsPassTheSizeAndDrawInOrder(t *testing.T) {
	t.Parallel()
	size := func(_ *rand.Rand, s int) int { return s }
	if p := draws(Pair(size, Map(size, func(s int) int { return -s })), 9, 1)[0]; p.First != 9 || p.Second != -9 {
		t.Errorf("Pair = %+v, want {9 -9}", p)
	}
	if got := draws(Resize(size, 4), 100, 1)[0]; got != 4 {
		t.Errorf("Resize(4) ran at %d", got)
	}
	if got := draws(Scale(size, func(s int) int { return s * 3 }), 5, 1)[0]; got != 15 {
		t.Errorf("Scale(*3) ran at %d", got)
	}
	if got := draws(Sized(func(s int) Generator[int] { return Const(s + 1) }), 8, 1)[0]; got != 9 {
		t.Errorf("Sized got %d, want 9", got)
	}
	wantExactly(t, "OneOf", draws(OneOf(Const(1), Const(2), Const(3)), 0, 300), 1, 3)
}

func TestFrequencyFollowsTheWeights(t *testing.T) {
	t.Parallel()
	xs := draws(Frequency(Weighted[int]{1, Const(0)}, Weighted[int]{0, Const(1)}, Weighted[int]{3, Const(2)}), 0, 4000)
	n := map[int]int{}
	for _, x := range xs {
		n[x]++
	}
	if n[1] != 0 {
		t.Errorf("a zero weight was drawn %d times", n[1])
	}
	if n[0] < 850 || n[0] > 1150 || n[2] < 2850 || n[2] > 3150 {
		t.Errorf("weights 1:3 drew %d:%d in 4000", n[0], n[2])
	}
	for _, bad := range [][]Weighted[int]{{{-1, Const(0)}, {2, Const(1)}}, {{0, Const(0)}}, nil} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Frequency(%v) did not panic", bad)
				}
			}()
			Frequency(bad...)
		}()
	}
}

func TestFilterGrowsTheSizeEveryTenRejections(t *testing.T) {
	t.Parallel()
	var sizes []int
	g := Filter(func(_ *rand.Rand, s int) int { sizes = append(sizes, s); return s }, func(s int) bool { return s >= 3 })
	if got := draws(g, 1, 1)[0]; got != 3 {
		t.Fatalf("Filter returned %d, want the first accepted value 3", got)
	}
	if len(sizes) != 21 || sizes[9] != 1 || sizes[10] != 2 || sizes[20] != 3 {
		t.Errorf("sizes tried %v, want ten at 1, ten at 2, then 3", sizes)
	}
	defer func() {
		if recover() == nil {
			t.Errorf("an unsatisfiable Filter did not panic")
		}
	}()
	draws(Filter(Const(0), func(int) bool { return false }), 0, 1)
}

func TestShuffleReturnsAPermutedCopy(t *testing.T) {
	t.Parallel()
	xs := []int{1, 2, 3, 4, 5, 6, 7, 8}
	r := rand.New(rand.NewPCG(3, 4))
	moved := false
	for range 20 {
		ys := Shuffle(r, xs)
		if !slices.Equal(xs, []int{1, 2, 3, 4, 5, 6, 7, 8}) {
			t.Fatalf("Shuffle changed its argument: %v", xs)
		}
		if !slices.Equal(slices.Sorted(slices.Values(ys)), xs) {
			t.Fatalf("Shuffle(%v) = %v, not a permutation", xs, ys)
		}
		moved = moved || !slices.Equal(ys, xs)
	}
	if !moved {
		t.Errorf("20 shuffles of 8 values all kept the order")
	}
}

func TestOutcomesThatDetectAMutant(t *testing.T) {
	t.Parallel()
	want := map[outcome.Outcome]bool{outcome.Killed: true, outcome.Crashed: true, outcome.Timeout: true, outcome.Survived: false, outcome.NotViable: false, outcome.NoCoverage: false, outcome.GaveUp: false}
	for o, d := range want {
		if o.Detected() != d {
			t.Errorf("%s.Detected() = %v, want %v", o, o.Detected(), d)
		}
	}
}

func TestCaseResultsAndChecks(t *testing.T) {
	t.Parallel()
	for v, s := range map[CaseResult]string{Pass: "pass", Fail: "fail", Discard: "discard", CaseResult(9): "caseresult(?)"} {
		if v.String() != s {
			t.Errorf("CaseResult(%d).String() = %q, want %q", int(v), v.String(), s)
		}
	}
	if Check(true) != Pass || Check(false) != Fail {
		t.Errorf("Check: %v %v", Check(true), Check(false))
	}
	ok := func() bool { return true }
	if Implies(false, ok) != Discard || Implies(true, ok) != Pass || Implies(true, func() bool { return false }) != Fail {
		t.Errorf("Implies is not ==>")
	}
	g := IntRange(0, 9)
	even := ForAllV(g, func(x int) CaseResult { return Implies(x%2 == 0, func() bool { return x < 10 }) })
	vs := draws(Generator[CaseResult](even), 0, 200)
	if !slices.Contains(vs, Discard) || !slices.Contains(vs, Pass) || slices.Contains(vs, Fail) {
		t.Errorf("ForAllV with Implies gave %v", vs[:10])
	}
}
