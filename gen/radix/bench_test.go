package radix_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/mutprop/mutprop/gen/covering"
	"github.com/mutprop/mutprop/gen/radix"
)

// tcasParams is the seed's TCAS set-up: the six integer inputs over rng,
// the rest small, in TCAS input order.
func tcasParams(rng func(name string) radix.Range) []radix.Param {
	return []radix.Param{
		rng("Cur_Vertical_Sep"),
		radix.Small{Name: "High_Confidence", Size: 2},
		radix.Small{Name: "Two_of_Three_Reports_Valid", Size: 2},
		rng("Own_Tracked_Alt"),
		rng("Other_Tracked_Alt"),
		rng("Own_Tracked_Alt_Rate"),
		radix.Small{Name: "Alt_Layer_Value", Size: 4},
		rng("Up_Separation"),
		rng("Down_Separation"),
		radix.Small{Name: "Other_RAC", Size: 3},
		radix.Small{Name: "Other_Capability", Size: 2},
		radix.Small{Name: "Climb_Inhibit", Size: 2},
	}
}

func full(name string) radix.Range   { return intRange(name, 0, 1000, 1) }
func step10(name string) radix.Range { return intRange(name, 0, 1000, 10) }

// BenchmarkTCAS builds Radix Coverage arrays for TCAS over [0..1000]
// (t = 2, 3) and {0,10,..,1000} (t = 2..4), in decimal digits and with the
// smallest base, and reports the rows.
func BenchmarkTCAS(b *testing.B) {
	cases := []struct {
		name string
		rng  func(string) radix.Range
		ts   []int
	}{{"0..1000", full, []int{2, 3}}, {"step10", step10, []int{2, 3, 4}}}
	bases := []struct {
		name string
		opts *radix.Options
	}{{"decimal", &radix.Options{MinBase: 10}}, {"smallest", nil}}
	for _, base := range bases {
		for _, c := range cases {
			for _, t := range c.ts {
				b.Run(fmt.Sprintf("%s/%s/t=%d", base.name, c.name, t), func(b *testing.B) {
					var raw [][]int
					var pl *radix.Plan
					for b.Loop() {
						var err error
						if pl, err = radix.NewPlan(tcasParams(c.rng), t, base.opts); err != nil {
							b.Fatal(err)
						}
						if raw, err = covering.Generate(context.Background(), pl.Model, nil); err != nil {
							b.Fatal(err)
						}
						for _, r := range raw {
							pl.Decode(r)
						}
					}
					b.ReportMetric(float64(len(raw)), "rows")
					if err := covering.Check(pl.Model, raw); err != nil {
						b.Fatal(err)
					}
				})
			}
		}
	}
}
