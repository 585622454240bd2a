package bst

import (
	"context"
	"testing"

	"github.com/mutprop/mutprop/propsuite"
)

// BenchmarkTests measures tests per second of every generator over the
// holey57 properties on the original subject (one trial of 100 tests per
// property and iteration).
func BenchmarkTests(b *testing.B) {
	cfg, _ := configByName("holey")
	props, _ := propertySet("holey57")
	for _, g := range generators() {
		b.Run(g.Name, func(b *testing.B) {
			tests := make([]propsuite.Test, len(props))
			for i, p := range props {
				t, err := newTest(p.Name, g.Name, cfg, false)
				if err != nil {
					b.Fatal(err)
				}
				tests[i] = t
			}
			b.ReportAllocs()
			n := 0
			for i := 0; i < b.N; i++ {
				for j, t := range tests {
					res := propsuite.RunTrial(context.Background(), t, uint64(i*1000+j), nil)
					n += res.Tests
				}
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "tests/s")
		})
	}
}

// BenchmarkFig13Reduced runs the reduced Fig. 13 experiment of the tests
// (delete bugs, delete-heavy properties, three generators, 100 failing
// trials per failing cell) in worker processes, and reports the tests run
// per second. The full experiment reports the same figure itself:
// mutprop scenario bst --config fig13.
func BenchmarkFig13Reduced(b *testing.B) {
	gens := []string{"api", "classic", "holey"}
	var tests int64
	for i := 0; i < b.N; i++ {
		tests += fig13Reduced(b, benchPool(b, gens), gens, 100).Tests
	}
	b.ReportMetric(float64(tests)/b.Elapsed().Seconds(), "tests/s")
}
