package insert

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/mutprop/mutprop/report"
)

// WriteText renders the report as mutprop scenario insert prints it: each
// property's per-test-case score next to the paper's, its classic kill
// rate, its baseline and its data coverage, then the coverage warnings.
func (s *Report) WriteText(out io.Writer) error {
	w := bufio.NewWriter(out)
	fmt.Fprintf(w, "Black-box insert study (Duregård, paper IV, Fig. 4.1): %d test cases per property, seed %d, %s list mutator\n", s.Tests, s.Seed, s.ListMutator)
	fmt.Fprint(w, "Every property sees the same inputs and mutants (common random numbers).\n\n")
	t := report.Table{
		Header: []string{"property", "killed %", "survived %", "paper killed %", "gap (points)", "classic kill rate (95% CI)", "baseline", "data coverage"},
		Align:  []report.Align{report.AlignLeft, report.AlignRight, report.AlignRight, report.AlignRight, report.AlignRight},
	}
	for _, r := range s.Properties {
		base := "passes"
		if !r.BaselinePasses {
			base = "FAILS"
		}
		cov := fmt.Sprintf("%d applications, lists of length 0..%d", r.Coverage.Applications, r.Coverage.MaxLength)
		t.Rows = append(t.Rows, []string{r.Name,
			fmt.Sprintf("%.1f", r.KilledPct), fmt.Sprintf("%.1f", r.SurvivedPct), fmt.Sprintf("%.0f", r.PaperKilledPct), fmt.Sprintf("%+.1f", r.GapPoints),
			fmt.Sprintf("%d/%d = %.0f%% [%.0f, %.0f]", r.Classic.Successes, r.Classic.N, 100*r.Classic.P, 100*r.Classic.Low, 100*r.Classic.High), base, cov})
	}
	if err := report.Write(w, report.FormatText, t); err != nil {
		return err
	}
	var warnings []string
	for _, r := range s.Properties {
		if r.Coverage.Warning != "" {
			warnings = append(warnings, fmt.Sprintf("  %s: %.0f%% strength, but it %s.", r.Name, r.KilledPct, r.Coverage.Warning))
		}
	}
	if len(warnings) > 0 {
		fmt.Fprintln(w, "\nData coverage (a separate axis from strength):")
		fmt.Fprintln(w, strings.Join(warnings, "\n"))
	}
	return w.Flush()
}
