package tcas

import (
	"context"
	"strings"
	"testing"

	"github.com/mutprop/mutprop/gen/covering"
)

func TestTheNISTCoveringArraysAreCompleteAndWithin5PercentOfACTS(t *testing.T) {
	t.Parallel()
	// ACTS (IPOG/FireEye) sizes on this model, t = 2..5 (t=6, 10919, in
	// gen/covering's tests and benchmark).
	acts := map[int]float64{2: 100, 3: 400, 4: 1361, 5: 4219}
	for tt := 2; tt <= 5; tt++ {
		a, err := generateArray(context.Background(), arraySpec{Domain: domainNIST, Method: methodCovering, T: tt}, arrayOptions{Seed: 1, Verify: true})
		if err != nil {
			t.Fatal(err)
		}
		if !a.Verified || a.Skipped != "" {
			t.Fatalf("t=%d: verified %v, skipped %q", tt, a.Verified, a.Skipped)
		}
		if d := float64(len(a.Tests))/acts[tt] - 1; d > 0.05 || d < -0.05 || float64(len(a.Tests)) < a.Projection.LowerBound {
			t.Errorf("t=%d: %d rows, ACTS %.0f (%+.1f%%), lower bound %.0f", tt, len(a.Tests), acts[tt], 100*d, a.Projection.LowerBound)
		}
	}
}

func TestRadixCoverageOnStep10IsCompleteAndSmallerThanThePlainArray(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	r, err := generateArray(ctx, arraySpec{Domain: domainStep10, Method: methodRadix, T: 2}, arrayOptions{Seed: 1, Verify: true})
	if err != nil {
		t.Fatal(err)
	}
	// Table 3's shape: every one of the 101 values of every range appears,
	// in far fewer rows than plain pairwise coverage (>= 101^2).
	if !r.Verified || len(r.Tests) < 101 || len(r.Tests) >= 101*101 {
		t.Errorf("radix step10 t=2: %d rows, verified %v", len(r.Tests), r.Verified)
	}
	p, err := generateArray(ctx, arraySpec{Domain: domainStep10, Method: methodCovering, T: 2}, arrayOptions{Seed: 1, Verify: true})
	if err != nil {
		t.Fatal(err)
	}
	if !p.Verified || len(p.Tests) < 101*101 || len(p.Tests) > 101*101*14/10 {
		t.Errorf("plain step10 t=2: %d rows (verified %v), want between the lower bound 10,201 and +40%%", len(p.Tests), p.Verified)
	}
}

func TestPlainArraysBeyondMaxRowsAreReportedWithTheirProjection(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		spec  arraySpec
		lower float64
	}{
		{arraySpec{Domain: domainInt1001, Method: methodCovering, T: 3}, 1001 * 1001 * 1001},
		{arraySpec{Domain: domainStep10, Method: methodCovering, T: 4}, 101 * 101 * 101 * 101},
	} {
		a, err := generateArray(context.Background(), c.spec, arrayOptions{Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		if a.Skipped == "" || a.Projection.LowerBound != c.lower || a.Tests != nil {
			t.Errorf("%s: skipped %q, lower bound %.0f, want %.0f", c.spec, a.Skipped, a.Projection.LowerBound, c.lower)
		}
	}
}

func TestTheFillsShareOneArrayAndDifferOnlyInItsDontCares(t *testing.T) {
	t.Parallel()
	as, err := generateArrays(context.Background(), arraySpec{Domain: domainStep10, Method: methodRadix, T: 3}, arrayOptions{Seed: 1, Verify: true}, []string{fillRandom, fillFirst, fillACTS})
	if err != nil {
		t.Fatal(err)
	}
	random, first, acts := as[0], as[1], as[2]
	if !random.Verified || !first.Verified || len(random.Tests) != len(first.Tests) || random.DontCares <= 0 || random.DontCares != first.DontCares {
		t.Fatalf("random: %d rows, first: %d rows, don't-cares %.3f / %.3f", len(random.Tests), len(first.Tests), random.DontCares, first.DontCares)
	}
	if random.Spec.Fill != fillRandom || first.Spec.Fill != fillFirst || first.Spec.String() != "step10/radix/t=3/fill=first" {
		t.Errorf("specs %s and %s", random.Spec, first.Spec)
	}
	same, cells := 0, 0
	for i := range random.Tests {
		a, b := values(random.Tests[i]), values(first.Tests[i])
		for j := range a {
			cells++
			if a[j] == b[j] {
				same++
			}
		}
	}
	// Cells IPOG set agree: a value can differ only through a don't-care
	// digit, and a don't-care agrees when the random draw is the first
	// value.
	m, _, _, err := arrayModel(random.Spec)
	if err != nil {
		t.Fatal(err)
	}
	if dc := random.DontCares * float64(len(random.Tests)*len(m.Params)); float64(cells-same) > dc || same == cells {
		t.Errorf("%d of %d values differ; %.0f don't-care digits", cells-same, cells, dc)
	}
	// ACTS's order differs from the first values only in the flags, which
	// it sets true where IPOG left them open.
	flipped := 0
	for i := range first.Tests {
		a, b := values(first.Tests[i]), values(acts.Tests[i])
		for j := range a {
			switch {
			case a[j] == b[j]:
			case (j == 1 || j == 2 || j == 11) && a[j] == 0 && b[j] == 1:
				flipped++
			default:
				t.Fatalf("row %d, input %d: first %d, acts %d", i, j, a[j], b[j])
			}
		}
	}
	if flipped == 0 || !acts.Verified || acts.Spec.String() != "step10/radix/t=3/fill=acts" {
		t.Errorf("acts: %d flags set true, verified %v, spec %s", flipped, acts.Verified, acts.Spec)
	}
}

func TestTheRadixModelRelatesEachSplitParametersDigitsAtFullStrength(t *testing.T) {
	t.Parallel()
	// Decimal digits (radix) and the smallest base (radix-smallest) on
	// [0..1000]: 10^4 and 4^5 both exceed 1001, so each split parameter is
	// bounded.
	for _, c := range []struct {
		method       string
		base, digits int
	}{{methodRadix, 10, 4}, {methodRadixSmallest, 4, 5}} {
		m, pl, _, err := arrayModel(arraySpec{Domain: domainInt1001, Method: c.method, T: 2})
		if err != nil {
			t.Fatal(err)
		}
		split := 0
		for _, s := range pl.Splits {
			if s.Base > 0 {
				split++
				if s.Base != c.base || len(s.Columns) != c.digits {
					t.Errorf("%s %s: base %d, %d digits; want base %d, %d digits", c.method, s.Name, s.Base, len(s.Columns), c.base, c.digits)
				}
			}
		}
		if split != 6 || len(m.Params) != 6*c.digits+6 {
			t.Errorf("%s: %d split parameters, %d model parameters; want 6 and %d", c.method, split, len(m.Params), 6*c.digits+6)
		}
		// One global relation at t=2 and one per split parameter over its
		// digits at full strength; one bound constraint per split parameter.
		if len(m.Relations) != 7 || m.Relations[0].Strength != 2 || len(m.Constraints) != 6 {
			t.Fatalf("%s: %d relations, %d constraints", c.method, len(m.Relations), len(m.Constraints))
		}
		for _, r := range m.Relations[1:] {
			if r.Strength != c.digits || len(r.Params) != c.digits {
				t.Errorf("%s: digit relation %+v, want %d digits at strength %d", c.method, r, c.digits, c.digits)
			}
		}
		if _, err := covering.Project(m); err != nil {
			t.Error(err)
		}
	}
	if _, _, _, err := arrayModel(arraySpec{Domain: domainStep10, Method: "radix-large", T: 2}); err == nil || !strings.Contains(err.Error(), "radix-smallest") {
		t.Errorf("unknown method: error %v, want one listing the methods", err)
	}
}
