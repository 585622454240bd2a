package radix_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/mutprop/mutprop/gen/radix"
)

func plan(t *testing.T, params []radix.Param, strength int, opts *radix.Options) *radix.Plan {
	t.Helper()
	pl, err := radix.NewPlan(params, strength, opts)
	if err != nil {
		t.Fatal(err)
	}
	return pl
}

func values(n int) radix.Range {
	return intRange("x", 0, n-1, 1)
}

func TestParametersUpToMaxDirectSizeStayWhole(t *testing.T) {
	t.Parallel()
	cases := []struct {
		opts  *radix.Options
		k     int
		whole bool
	}{
		{nil, 10, true},
		{nil, 11, false},
		{&radix.Options{MaxDirectSize: -1}, 10, true}, // <= 0: the default 10
		{&radix.Options{MaxDirectSize: -1}, 11, false},
		{&radix.Options{MaxDirectSize: 3}, 3, true},
		{&radix.Options{MaxDirectSize: 3}, 4, false},
		{&radix.Options{MaxDirectSize: 1}, 2, false},
		{nil, 1, true}, // one value is a parameter too
	}
	for _, c := range cases {
		pl := plan(t, []radix.Param{values(c.k), radix.Small{Name: "b", Size: 2}}, 2, c.opts)
		sp := pl.Splits[0]
		if whole := sp.Base == 0 && len(sp.Columns) == 1; whole != c.whole {
			t.Errorf("opts %+v, %d values: split %+v, want whole=%v", c.opts, c.k, sp, c.whole)
		}
		if sp.Size != c.k || sp.Name != "x" || pl.Splits[1].Name != "b" {
			t.Errorf("splits %+v, want x of size %d then b", pl.Splits, c.k)
		}
	}
}

func TestTheBaseAndDigitsFollowMaxDigitsAndBase(t *testing.T) {
	t.Parallel()
	cases := []struct {
		opts         *radix.Options
		k            int
		base, digits int
	}{
		{nil, 1000, 4, 5}, // 3^6 = 729 < 1000 <= 4^5
		{&radix.Options{MaxDigits: -3}, 1000, 4, 5},       // <= 0: the default 6
		{&radix.Options{MaxDigits: 2}, 1000, 32, 2},       // 31^2 = 961 < 1000
		{&radix.Options{MaxDigits: 1}, 50, 50, 1},         // one digit: the range itself
		{&radix.Options{Base: 10}, 1000, 10, 3},           // exactly 10^3
		{&radix.Options{Base: 2}, 11, 2, 4},               // 2^4 = 16 >= 11
		{&radix.Options{Base: 2, MaxDigits: 2}, 11, 2, 4}, // Base wins over MaxDigits
		{&radix.Options{MinBase: 10}, 101, 10, 3},         // decimal digits: the seed's step-10 range
		{&radix.Options{MinBase: 10}, 1001, 10, 4},        // and [0..1000]
		{&radix.Options{MinBase: 10}, 1_500_000, 11, 6},   // 10^6 < 1.5e6 <= 11^6: the base rises
		{&radix.Options{MinBase: 1}, 101, 3, 5},           // below 2: the smallest base
		{&radix.Options{MinBase: 10, Base: 3}, 101, 3, 5}, // Base wins over MinBase
	}
	for _, c := range cases {
		sp := plan(t, []radix.Param{values(c.k)}, 1, c.opts).Splits[0]
		if sp.Base != c.base || len(sp.Columns) != c.digits {
			t.Errorf("opts %+v, %d values: base %d with %d digits, want %d with %d", c.opts, c.k, sp.Base, len(sp.Columns), c.base, c.digits)
		}
	}
	if _, err := radix.NewPlan([]radix.Param{values(100)}, 1, &radix.Options{Base: 1}); err == nil || err.Error() != "radix: parameter x: base 1, want >= 2" {
		t.Errorf("Base 1: error %v, want one saying base >= 2", err)
	}
}

func TestDigitSubparametersAreNamedAndBoundedOnlyWhenNeeded(t *testing.T) {
	t.Parallel()
	pl := plan(t, []radix.Param{radix.Range{Values: make([]int, 20)}, radix.Small{Size: 3}, intRange("", 0, 15, 1)}, 2,
		&radix.Options{Base: 4})
	var names []string
	for _, p := range pl.Model.Params {
		names = append(names, fmt.Sprintf("%s/%d", p.Name, p.Size))
	}
	want := []string{"p0.d0/4", "p0.d1/4", "p0.d2/4", "p1/3", "p2.d0/4", "p2.d1/4"}
	if !slices.Equal(names, want) {
		t.Errorf("model parameters %v, want %v", names, want)
	}
	// 20 values need 3 base-4 digits (64 > 20): a bound; 16 values fill 2
	// digits exactly: none.
	if len(pl.Model.Constraints) != 1 || pl.Model.Constraints[0].Name != "p0 index <= 19" ||
		!slices.Equal(pl.Model.Constraints[0].Params, []int{0, 1, 2}) {
		t.Fatalf("constraints %+v, want one bound p0 index <= 19 on columns 0..2", pl.Model.Constraints)
	}
	allow := pl.Model.Constraints[0].Allow
	for idx := range 64 {
		row := []int{idx % 4, idx / 4 % 4, idx / 16, 0, 0, 0}
		if allow(row) != (idx <= 19) {
			t.Errorf("the bound allows index %d: %v", idx, allow(row))
		}
	}
}

func TestTheStrengthMustBeBetweenOneAndTheSubparameterCount(t *testing.T) {
	t.Parallel()
	params := []radix.Param{radix.Small{Name: "a", Size: 2}, radix.Small{Name: "b", Size: 2}}
	for _, tt := range []int{0, -1, 3} {
		_, err := radix.NewPlan(params, tt, nil)
		if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("strength %d not in 1..2", tt)) {
			t.Errorf("strength %d: error %v", tt, err)
		}
	}
	for _, tt := range []int{1, 2} {
		pl := plan(t, params, tt, nil)
		if r := pl.Model.Relations[0]; r.Strength != tt || !slices.Equal(r.Params, []int{0, 1}) {
			t.Errorf("strength %d: global relation %+v", tt, r)
		}
	}
}

func TestDigitRelationStrengths(t *testing.T) {
	t.Parallel()
	// 1000 values in base 10: 3 digits.
	cases := []struct {
		digitStrength int
		want          []int // strengths of the relations after the global one
	}{
		{0, []int{3}},
		{1, []int{1}},
		{2, []int{2}},
		{3, []int{3}},
		{9, []int{3}},
		{-1, nil},
	}
	for _, c := range cases {
		pl := plan(t, []radix.Param{values(1000), radix.Small{Name: "b", Size: 2}}, 2, &radix.Options{Base: 10, DigitStrength: c.digitStrength})
		var got []int
		for _, r := range pl.Model.Relations[1:] {
			got = append(got, r.Strength)
			if !slices.Equal(r.Params, []int{0, 1, 2}) {
				t.Errorf("digit relation over %v, want the digits 0..2", r.Params)
			}
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("DigitStrength %d: digit relations of strength %v, want %v", c.digitStrength, got, c.want)
		}
	}
}

func TestNewPlanRejectsEmptyInput(t *testing.T) {
	t.Parallel()
	cases := []struct {
		params []radix.Param
		want   string
	}{
		{nil, "radix: no parameters"},
		{[]radix.Param{radix.Small{Name: "a", Size: 2}, radix.Small{Size: 0}}, "radix: parameter p1 has 0 values"},
		{[]radix.Param{intRange("r", 5, 1, 1)}, "radix: parameter r has 0 values"},
	}
	for _, c := range cases {
		if _, err := radix.NewPlan(c.params, 1, nil); err == nil || err.Error() != c.want {
			t.Errorf("NewPlan(%v): error %v, want %q", c.params, err, c.want)
		}
	}
}

func TestIndexAndDecodeReadTheDigitsLeastSignificantFirst(t *testing.T) {
	t.Parallel()
	r := intRange("r", 100, 199, 1)
	pl := plan(t, []radix.Param{radix.Small{Name: "s", Size: 3}, r}, 1, &radix.Options{Base: 10})
	row := []int{2, 7, 4} // s = 2; r's digits 7 (units) and 4 (tens)
	if got := pl.Index(row, 1); got != 47 {
		t.Errorf("Index = %d, want 47", got)
	}
	if got := pl.Decode(row); !slices.Equal(got, []int{2, 147}) {
		t.Errorf("Decode = %v, want [2 147]", got)
	}
}
