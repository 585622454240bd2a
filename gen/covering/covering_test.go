package covering_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/mutprop/mutprop/gen/covering"
)

// tcasParams is the NIST TCAS model in TCAS input order.
func tcasParams() []covering.Param {
	names := []string{"Cur_Vertical_Sep", "High_Confidence", "Two_of_Three_Reports_Valid",
		"Own_Tracked_Alt", "Other_Tracked_Alt", "Own_Tracked_Alt_Rate", "Alt_Layer_Value",
		"Up_Separation", "Down_Separation", "Other_RAC", "Other_Capability", "Climb_Inhibit"}
	sizes := []int{3, 2, 2, 2, 2, 2, 4, 10, 10, 3, 2, 2}
	ps := make([]covering.Param, len(sizes))
	for i := range ps {
		ps[i] = covering.Param{Name: names[i], Size: sizes[i]}
	}
	return ps
}

// actsRows are ACTS's (IPOG/FireEye) TCAS sizes for t = 2..6.
var actsRows = map[int]int{2: 100, 3: 400, 4: 1361, 5: 4219, 6: 10919}

func TestIPOGCoversTheNISTTCASModelWithin5PercentOfACTS(t *testing.T) {
	t.Parallel()
	for _, alg := range []covering.Algorithm{covering.IPOG, covering.IPOGF} {
		for strength := 2; strength <= 4; strength++ {
			t.Run(fmt.Sprintf("alg%d/t=%d", alg, strength), func(t *testing.T) {
				t.Parallel()
				m := covering.Uniform(tcasParams(), strength)
				rows, err := covering.Generate(context.Background(), m, &covering.Options{Algorithm: alg})
				if err != nil {
					t.Fatal(err)
				}
				if err := covering.Check(m, rows); err != nil {
					t.Fatal(err)
				}
				if limit := actsRows[strength] * 105 / 100; len(rows) > limit {
					t.Errorf("%d rows, want <= %d (ACTS %d + 5%%)", len(rows), limit, actsRows[strength])
				}
				t.Logf("t=%d: %d rows (ACTS %d)", strength, len(rows), actsRows[strength])
			})
		}
	}
}
