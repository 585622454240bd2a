package tcas

import (
	"context"
	"testing"

	"github.com/mutprop/mutprop/gen/covering"
)

func TestTheNISTCoveringArraysAreCompleteAndNearACTSSizes(t *testing.T) {
	t.Parallel()
	// ACTS (IPOG/FireEye) sizes on this model, t = 2..4: 100, 400, 1361.
	acts := map[int]int{2: 100, 3: 400, 4: 1361}
	for tt := 2; tt <= 4; tt++ {
		a, err := generateArray(context.Background(), arraySpec{DomainNIST, MethodCovering, tt}, arrayOptions{Seed: 1, Verify: true})
		if err != nil {
			t.Fatal(err)
		}
		if !a.Verified || a.Skipped != "" {
			t.Fatalf("t=%d: verified %v, skipped %q", tt, a.Verified, a.Skipped)
		}
		if n := len(a.Tests); float64(n) > 1.05*float64(acts[tt]) || float64(n) < a.Projection.LowerBound {
			t.Errorf("t=%d: %d rows, ACTS %d, lower bound %.0f", tt, n, acts[tt], a.Projection.LowerBound)
		}
	}
}

func TestRadixCoverageOnStep10IsCompleteAndSmallerThanThePlainArray(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	r, err := generateArray(ctx, arraySpec{DomainStep10, MethodRadix, 2}, arrayOptions{Seed: 1, Verify: true})
	if err != nil {
		t.Fatal(err)
	}
	// Table 3's shape: every one of the 101 values of every range appears,
	// in far fewer rows than plain pairwise coverage (>= 101^2).
	if !r.Verified || len(r.Tests) < 101 || len(r.Tests) >= 101*101 {
		t.Errorf("radix step10 t=2: %d rows, verified %v", len(r.Tests), r.Verified)
	}
	p, err := generateArray(ctx, arraySpec{DomainStep10, MethodCovering, 2}, arrayOptions{Seed: 1, Verify: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Tests) < 101*101 {
		t.Errorf("plain step10 t=2: %d rows, below the lower bound 10,201", len(p.Tests))
	}
}

func TestPlainArraysOverTheFullRangeAreReportedInfeasible(t *testing.T) {
	t.Parallel()
	a, err := generateArray(context.Background(), arraySpec{DomainInt1001, MethodCovering, 3}, arrayOptions{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if a.Skipped == "" || a.Projection.LowerBound != 1001*1001*1001 || a.Tests != nil {
		t.Errorf("int1001 t=3: skipped %q, lower bound %.0f", a.Skipped, a.Projection.LowerBound)
	}
}

func TestTheRadixModelRelatesEachSplitParametersDigitsAtFullStrength(t *testing.T) {
	t.Parallel()
	m, pl, _, err := arrayModel(arraySpec{DomainInt1001, MethodRadix, 2})
	if err != nil {
		t.Fatal(err)
	}
	split := 0
	for _, s := range pl.Splits {
		if s.Base > 0 {
			split++
			if s.Base != 4 || len(s.Columns) != 5 {
				t.Errorf("%s: base %d, %d digits; want base 4, 5 digits", s.Name, s.Base, len(s.Columns))
			}
		}
	}
	if split != 6 || len(m.Params) != 6*5+6 {
		t.Errorf("%d split parameters, %d model parameters; want 6 and 36", split, len(m.Params))
	}
	if _, err := covering.Project(m); err != nil {
		t.Error(err)
	}
}
