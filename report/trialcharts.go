package report

import (
	"fmt"
	"math"
	"strings"

	"gonum.org/v1/plot/vg"
)

// maxMutantsPerPlot is the most mutants a function's per-mutant plot
// shows: beyond a few dozen its labels overlap, and the cumulative chart
// says what it would.
const maxMutantsPerPlot = 40

// trialChart is a chart of the trials with its caption in the HTML report,
// under the function it is about.
type trialChart struct {
	Package, Function string
	Name              string
	Chart             chart
}

// trialCharts draws, per function under test, Etna's cumulative chart
// (the share of its mutants each test finds within N cases, censored
// trials marked) and, for at most maxMutantsPerPlot mutants, each test's
// estimate per mutant with its 95% interval (clipped at 1, unbounded
// above for a mutant never found), on a log scale. A function's tests
// take the palette's colours in their rank order, the same in both its
// charts.
func trialCharts(r TrialsReport) []trialChart {
	var out []trialChart
	for _, a := range r.Answers {
		fk := fnKey{a.Package, a.Function}
		colors := map[fnKey]int{}
		for i, test := range a.Tests {
			colors[fnKey{a.Package, test}] = i
		}
		var cells []TrialCellReport
		var mutants []string
		seen := map[string]bool{}
		for _, c := range r.Cells {
			if c.Package == a.Package && c.Function == a.Function {
				cells = append(cells, c)
				if !seen[c.Mutant] {
					seen[c.Mutant] = true
					mutants = append(mutants, c.Mutant)
				}
			}
		}
		name := functionText(a.Function)
		cum := &cumulativeChart{
			Title:  fmt.Sprintf("%s: mutants found within N cases (%d mutants)", name, len(mutants)),
			XLabel: "cases (the estimate of the mean to failure)", YLabel: "% of mutants found",
			Total: len(mutants), Budget: float64(r.Budget),
		}
		for _, test := range a.Tests {
			s := cumulativeSeries{Name: test, Color: colors[fnKey{a.Package, test}]}
			for _, c := range cells {
				if c.Test == test && c.MeanTestsToFailure != nil {
					s.Found = append(s.Found, *c.MeanTestsToFailure)
					s.Censored = append(s.Censored, c.Censored > 0)
				}
			}
			cum.Series = append(cum.Series, s)
		}
		out = append(out, trialChart{Package: fk.pkg, Function: fk.fn, Name: "found within N cases, " + name, Chart: cum})
		if len(mutants) > maxMutantsPerPlot {
			continue
		}
		index := map[string]int{}
		labels := make([]string, len(mutants))
		for i, m := range mutants {
			index[m] = i
			labels[i] = shortMutant(m)
		}
		dots := &barChart{
			Title:  fmt.Sprintf("%s: tests to failure per mutant (95%% CI)", name),
			XLabel: "mutant", YLabel: "tests to failure", Categories: labels, LogY: true, Dots: true, Beside: true,
			Width: vg.Length(math.Max(float64(chartWidth), float64(vg.Centimeter)*(4+0.9*float64(len(mutants))))),
		}
		for _, test := range a.Tests {
			s := barSeries{Name: test, Color: colors[fnKey{a.Package, test}] + 1, Values: make([]float64, len(mutants)),
				Low: make([]float64, len(mutants)), High: make([]float64, len(mutants))}
			for _, c := range cells {
				if c.Test != test || c.CI95 == nil {
					continue
				}
				i := index[c.Mutant]
				s.Low[i], s.High[i] = math.Max(c.CI95[0], 1), c.CI95[1]
				if c.MeanTestsToFailure != nil {
					s.Values[i] = *c.MeanTestsToFailure
				}
			}
			dots.Series = append(dots.Series, s)
		}
		out = append(out, trialChart{Package: fk.pkg, Function: fk.fn, Name: "tests to failure per mutant, " + name, Chart: dots})
	}
	return out
}

// rankedPackages lists the packages of the ranking in its order.
func rankedPackages(r TrialsReport) []string {
	var out []string
	for _, row := range r.Ranking {
		if len(out) == 0 || out[len(out)-1] != row.Package {
			out = append(out, row.Package)
		}
	}
	return out
}

// shortMutant shortens a mutant ID for a chart's axis, where its function
// is known: an operator mutant's line, column and operator
// ("12:5 relational"), a named variant's name, a black-box mutant's
// number ("#3").
func shortMutant(id string) string {
	parts := strings.Split(id, ":")
	origin := parts[0][strings.LastIndex(parts[0], "/")+1:] // after a package prefix
	switch {
	case origin == "operator" && len(parts) >= 6:
		return parts[len(parts)-4] + ":" + parts[len(parts)-3] + " " + parts[len(parts)-2]
	case origin == "named" && len(parts) == 2:
		return parts[1]
	case origin == "blackbox" && len(parts) >= 3:
		return "#" + parts[len(parts)-1]
	}
	return id
}
