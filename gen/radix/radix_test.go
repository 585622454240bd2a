package radix_test

import (
	"context"
	"testing"

	"github.com/mutprop/mutprop/gen/covering"
	"github.com/mutprop/mutprop/gen/radix"
)

func TestTheBaseIsTheSmallestWithAtMostSixDigits(t *testing.T) {
	t.Parallel()
	cases := []struct{ k, base, digits int }{{1001, 4, 5}, {101, 3, 5}, {1000, 4, 5}, {11, 2, 4}, {1000000, 10, 6}, {64, 2, 6}}
	for _, c := range cases {
		pl, err := radix.NewPlan([]radix.Param{intRange("x", 0, c.k-1, 1), radix.Small{Name: "b", Size: 2}}, 2, nil)
		if err != nil {
			t.Fatal(err)
		}
		sp := pl.Splits[0]
		if sp.Base != c.base || len(sp.Columns) != c.digits {
			t.Errorf("k=%d: base %d with %d digits, want base %d with %d", c.k, sp.Base, len(sp.Columns), c.base, c.digits)
		}
		if pl.Splits[1].Base != 0 {
			t.Errorf("k=%d: the boolean was split", c.k)
		}
	}
}

// intRange returns the Range lo, lo+step, ..., up to hi (step > 0).
func intRange(name string, lo, hi, step int) radix.Range {
	var vs []int
	for v := lo; v <= hi; v += step {
		vs = append(vs, v)
	}
	return radix.Range{Name: name, Values: vs}
}

// table3 is the seed's Table 3 illustration: 0..999 × Bool, pairwise.
func table3() []radix.Param {
	return []radix.Param{intRange("Int", 0, 999, 1), radix.Small{Name: "Bool", Size: 2}}
}

// build generates the plan's array, checks it with covering.Check and
// checks the decoded values respect the ranges.
func build(t *testing.T, params []radix.Param, strength int, opts *radix.Options) (*radix.Plan, [][]int) {
	t.Helper()
	return buildWith(t, params, strength, opts, nil)
}

// buildWith is build with options for covering.Generate.
func buildWith(t *testing.T, params []radix.Param, strength int, opts *radix.Options, co *covering.Options) (*radix.Plan, [][]int) {
	t.Helper()
	pl, err := radix.NewPlan(params, strength, opts)
	if err != nil {
		t.Fatal(err)
	}
	raw, err := covering.Generate(context.Background(), pl.Model, co)
	if err != nil {
		t.Fatal(err)
	}
	if err := covering.Check(pl.Model, raw); err != nil {
		t.Fatal(err)
	}
	out := make([][]int, len(raw))
	for i, r := range raw {
		out[i] = pl.Decode(r)
		for j, sp := range pl.Splits {
			if x := pl.Index(r, j); x < 0 || x >= sp.Size {
				t.Fatalf("row %v: %s index %d outside 0..%d", r, sp.Name, x, sp.Size-1)
			}
		}
	}
	return pl, out
}

func distinct(rows [][]int, col int) int {
	seen := make(map[int]bool)
	for _, r := range rows {
		seen[r[col]] = true
	}
	return len(seen)
}

func TestPlainPairwiseCoverageOfTable3Needs2000Rows(t *testing.T) {
	t.Parallel()
	m := covering.Uniform([]covering.Param{{Name: "Int", Size: 1000}, {Name: "Bool", Size: 2}}, 2)
	rows, err := covering.Generate(context.Background(), m, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := covering.Check(m, rows); err != nil {
		t.Fatal(err)
	}
	if len(rows) != 2000 {
		t.Errorf("%d rows, want 2000", len(rows))
	}
}

func TestRadixWithDigitsAtFullStrengthCoversTable3InAbout1000Rows(t *testing.T) {
	t.Parallel()
	for _, base := range []int{10, 0} { // the seed's decimal digits, then the automatic base 4
		_, rows := build(t, table3(), 2, &radix.Options{Base: base})
		if n := distinct(rows, 0); n != 1000 {
			t.Errorf("base %d: %d distinct values of Int, want all 1000", base, n)
		}
		if len(rows) < 1000 || len(rows) > 1010 {
			t.Errorf("base %d: %d rows, want about 1000", base, len(rows))
		}
		for _, r := range rows {
			if r[0] < 0 || r[0] > 999 {
				t.Fatalf("base %d: value %d outside 0..999", base, r[0])
			}
		}
		t.Logf("base %d: %d rows", base, len(rows))
	}
}

func TestRadixWithDigitsAtStrengthTwoSkips90PercentOfTable3(t *testing.T) {
	t.Parallel()
	// The seed's Table 3 (right): 100 rows, so at most 100 of the 1000
	// values. IPOG reaches 100 with cyclic tie-breaking, which builds the
	// Latin square the last digit needs; the default (least used value)
	// needs a few more rows.
	_, rows := buildWith(t, table3(), 2, &radix.Options{Base: 10, DigitStrength: 2}, &covering.Options{Ties: covering.TieCyclic})
	if len(rows) != 100 {
		t.Errorf("cyclic ties: %d rows, want 100", len(rows))
	}
	if n := distinct(rows, 0); n > 100 {
		t.Errorf("cyclic ties: %d distinct values, want at most 100", n)
	}
	_, rows = build(t, table3(), 2, &radix.Options{Base: 10, DigitStrength: 2})
	if n := distinct(rows, 0); len(rows) > 130 || n > 130 {
		t.Errorf("default ties: %d rows, %d distinct values; want at most 130 (87%% of the values skipped)", len(rows), n)
	}
	t.Logf("default ties: %d rows", len(rows))
}

func TestRadixOnTCASStep10CoversEveryValueOfEveryRange(t *testing.T) {
	t.Parallel()
	pl, rows := build(t, tcasParams(step10), 2, nil)
	for i, sp := range pl.Splits {
		if sp.Base == 0 {
			continue
		}
		if sp.Base != 3 || len(sp.Columns) != 5 {
			t.Errorf("%s: base %d, %d digits; want 3, 5", sp.Name, sp.Base, len(sp.Columns))
		}
		if n := distinct(rows, i); n != 101 {
			t.Errorf("%s: %d distinct values, want 101", sp.Name, n)
		}
		for _, r := range rows {
			if r[i]%10 != 0 || r[i] > 1000 {
				t.Fatalf("%s = %d is not in {0,10,..,1000}", sp.Name, r[i])
			}
		}
	}
	t.Logf("%d rows", len(rows))
}

func TestDecodeReturnsValuesInInputOrder(t *testing.T) {
	t.Parallel()
	params := []radix.Param{radix.Small{Name: "s", Size: 3}, radix.Range{Name: "r", Values: []int{-5, 7, 100, 2000}}}
	_, rows := build(t, params, 2, nil)
	pairs := make(map[[2]int]bool)
	for _, r := range rows {
		pairs[[2]int{r[0], r[1]}] = true
	}
	if len(pairs) != 12 || len(rows) != 12 {
		t.Errorf("%d rows with %d distinct pairs, want all 12 (both params stay whole)", len(rows), len(pairs))
	}
	if !pairs[[2]int{2, 2000}] {
		t.Error("pair (2, 2000) missing: values are not decoded")
	}
}

func TestStrengthAboveTheSubparameterCountIsAnError(t *testing.T) {
	t.Parallel()
	if _, err := radix.NewPlan(table3(), 7, nil); err == nil {
		t.Error("strength 7 over 6 subparameters accepted")
	}
}

func TestMaxDirectSizeKeepsLargeParametersWhole(t *testing.T) {
	t.Parallel()
	pl, rows := build(t, table3(), 2, &radix.Options{MaxDirectSize: 1000})
	if pl.Splits[0].Base != 0 || len(rows) != 2000 {
		t.Errorf("base %d, %d rows; want the parameter whole and 2000 rows", pl.Splits[0].Base, len(rows))
	}
}

func TestANegativeDigitStrengthAddsNoDigitRelation(t *testing.T) {
	t.Parallel()
	pl, _ := build(t, table3(), 2, &radix.Options{DigitStrength: -1})
	if len(pl.Model.Relations) != 1 {
		t.Errorf("%d relations, want only the global one", len(pl.Model.Relations))
	}
}
