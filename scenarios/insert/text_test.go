package insert

import (
	"bytes"
	"strings"
	"testing"

	"github.com/mutprop/mutprop/stats"
)

// TestWriteTextPrintsEveryFigureInATable renders a made-up report and
// checks the heading, the table's header and cells (with the figures'
// formats) and the coverage warnings.
func TestWriteTextPrintsEveryFigureInATable(t *testing.T) {
	t.Parallel()
	s := &Report{Seed: 7, ListMutator: "fresh", Tests: 100, Properties: []Row{
		{Name: "prop_Ordered", KilledPct: 61.25, SurvivedPct: 38.75, PaperKilledPct: 62, GapPoints: -0.75,
			Classic: stats.Proportion{Successes: 9, N: 10, P: 0.9, Low: 0.6, High: 0.98}, BaselinePasses: true,
			Coverage: Coverage{Applications: 100, MaxLength: 12}},
		{Name: "prop_Singleton", KilledPct: 5, SurvivedPct: 95, PaperKilledPct: 4, GapPoints: 1,
			Classic:  stats.Proportion{Successes: 1, N: 10, P: 0.1, Low: 0.02, High: 0.4},
			Coverage: Coverage{Applications: 100, MaxLength: 1, Warning: "only ever inserts into singleton lists"}},
	}}
	var buf bytes.Buffer
	if err := s.WriteText(&buf); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []string{
		"Black-box insert study (Duregård, paper IV, Fig. 4.1): 100 test cases per property, seed 7, fresh list mutator\n",
		"| property       | killed % | survived % | paper killed % | gap (points) | classic kill rate (95% CI) | baseline | data coverage",
		"| prop_Ordered   |     61.2 |       38.8 |             62 |         -0.8 | 9/10 = 90% [60, 98]        | passes   | 100 applications, lists of length 0..12 |",
		"| prop_Singleton |      5.0 |       95.0 |              4 |         +1.0 | 1/10 = 10% [2, 40]         | FAILS    | 100 applications, lists of length 0..1  |",
		"\nData coverage (a separate axis from strength):\n  prop_Singleton: 5% strength, but it only ever inserts into singleton lists.\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("text lacks %q:\n%s", want, out)
		}
	}
}
