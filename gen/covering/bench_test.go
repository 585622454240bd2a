package covering_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/mutprop/mutprop/gen/covering"
)

// BenchmarkNISTTCAS generates the NIST TCAS model at t = 2..6 and reports
// the number of rows.
func BenchmarkNISTTCAS(b *testing.B) {
	for _, alg := range []covering.Algorithm{covering.Default, covering.IPOGF} {
		for strength := 2; strength <= 6; strength++ {
			b.Run(fmt.Sprintf("%s/t=%d", algName(alg), strength), func(b *testing.B) {
				m := covering.Uniform(tcasParams(), strength)
				var rows [][]int
				for b.Loop() {
					var err error
					rows, err = covering.Generate(context.Background(), m, &covering.Options{Algorithm: alg})
					if err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(len(rows)), "rows")
				b.ReportMetric(float64(actsRows[strength]), "acts-rows")
				if err := covering.Check(m, rows); err != nil {
					b.Fatal(err)
				}
			})
		}
	}
}

func algName(a covering.Algorithm) string {
	switch a {
	case covering.Default:
		return "default"
	case covering.IPOG:
		return "IPOG"
	case covering.IPOGF:
		return "IPOG-F"
	}
	return fmt.Sprint(a)
}
