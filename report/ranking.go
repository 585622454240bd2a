package report

import (
	"fmt"
	"sort"
	"strings"

	"github.com/mutprop/mutprop/stats"
)

// FoundWithinBuckets are the tests-to-failure bounds of the ranking's
// buckets, as Etna buckets bugs by time to failure, here counted in tests.
var FoundWithinBuckets = [4]int{1, 10, 100, 1000}

// TestRanking is one killing test's row in its package's ranking: a
// property under a generator is one test.
type TestRanking struct {
	Package string `json:"package"`
	Test    string `json:"test"`
	// Mutants is the number of mutants the test ran trials against.
	Mutants int `json:"mutants"`
	// KilledEveryTrial counts the mutants that every trial of the test
	// killed; KilledSomeTrials those that some trials killed, not all.
	KilledEveryTrial int `json:"killedEveryTrial"`
	KilledSomeTrials int `json:"killedSomeTrials"`
	// MedianMeanTestsToFailure is the median, over the mutants with a
	// count, of the mean tests-to-failure; null when no trial counted.
	MedianMeanTestsToFailure *float64 `json:"medianMeanTestsToFailure"`
	// FoundWithin[i] counts the mutants that every trial killed with a
	// count and whose mean tests-to-failure is at most
	// FoundWithinBuckets[i].
	FoundWithin [4]int `json:"foundWithin"`
	// Wins, Losses and Ties add up the per-mutant Mann-Whitney
	// comparisons of this test with the others of its package: a win is
	// a significant "finds it faster", a tie no significant difference.
	Wins   int `json:"wins"`
	Losses int `json:"losses"`
	Ties   int `json:"ties"`
}

// TestPair compares two killing tests of a package over the mutants both
// kill with a count. A is the test ranked higher.
type TestPair struct {
	Package string `json:"package"`
	A       string `json:"a"`
	B       string `json:"b"`
	// Common is the number of mutants compared.
	Common int `json:"common"`
	// AWins and BWins count the mutants where the Mann-Whitney test says
	// one finds it faster (p < alpha); Ties the others.
	AWins int `json:"aWins"`
	BWins int `json:"bWins"`
	Ties  int `json:"ties"`
	// AFaster and BFaster count the mutants where one has the lower mean
	// rank, significant or not; the paired sign test over them gives
	// SignP (two-sided). Mutants with equal mean ranks are left out.
	AFaster int     `json:"aFaster"`
	BFaster int     `json:"bFaster"`
	SignP   float64 `json:"signP"`
}

// rank computes the ranking of the report's killing tests and the pairs
// of tests that share mutants, per package.
func rank(r *TrialsReport) {
	type key struct{ pkg, test string }
	rows := map[key]*TestRanking{}
	means := map[key][]float64{}
	var order []key
	for _, c := range r.Cells {
		k := key{c.Package, c.Test}
		row := rows[k]
		if row == nil {
			row = &TestRanking{Package: c.Package, Test: c.Test}
			rows[k] = row
			order = append(order, k)
		}
		row.Mutants++
		switch {
		case c.Trials > 0 && c.Fails == c.Trials:
			row.KilledEveryTrial++
		case c.Fails > 0:
			row.KilledSomeTrials++
		}
		if c.MeanTestsToFailure == nil {
			continue
		}
		means[k] = append(means[k], *c.MeanTestsToFailure)
		if c.Counted != c.Trials {
			continue
		}
		for i, bound := range FoundWithinBuckets {
			if *c.MeanTestsToFailure <= float64(bound) {
				row.FoundWithin[i]++
			}
		}
	}
	for k, m := range means {
		med := stats.Summarize(m).Median
		rows[k].MedianMeanTestsToFailure = &med
	}

	type pairKey struct{ pkg, a, b string }
	pairs := map[pairKey]*TestPair{}
	for _, c := range r.Comparisons {
		a, b := c.Faster, c.Slower
		if b < a {
			a, b = b, a
		}
		pk := pairKey{c.Package, a, b}
		p := pairs[pk]
		if p == nil {
			p = &TestPair{Package: c.Package, A: a, B: b}
			pairs[pk] = p
		}
		p.Common++
		fa, fb := rows[key{c.Package, c.Faster}], rows[key{c.Package, c.Slower}]
		switch {
		case c.Significant:
			fa.Wins++
			fb.Losses++
			if c.Faster == a {
				p.AWins++
			} else {
				p.BWins++
			}
		default:
			fa.Ties++
			fb.Ties++
			p.Ties++
		}
		switch {
		case c.Tie:
		case c.Faster == a:
			p.AFaster++
		default:
			p.BFaster++
		}
	}

	r.Ranking = make([]TestRanking, 0, len(order))
	for _, k := range order {
		r.Ranking = append(r.Ranking, *rows[k])
	}
	sort.SliceStable(r.Ranking, func(i, j int) bool { return ranksBefore(r.Ranking[i], r.Ranking[j]) })
	place := map[key]int{}
	for i, row := range r.Ranking {
		place[key{row.Package, row.Test}] = i
	}
	r.Pairs = make([]TestPair, 0, len(pairs))
	for _, p := range pairs {
		if place[key{p.Package, p.B}] < place[key{p.Package, p.A}] {
			p.A, p.B = p.B, p.A
			p.AWins, p.BWins = p.BWins, p.AWins
			p.AFaster, p.BFaster = p.BFaster, p.AFaster
		}
		p.SignP = stats.SignTest(p.AFaster, p.BFaster)
		r.Pairs = append(r.Pairs, *p)
	}
	sort.Slice(r.Pairs, func(i, j int) bool {
		a, b := r.Pairs[i], r.Pairs[j]
		if a.Package != b.Package {
			return a.Package < b.Package
		}
		if pa, pb := place[key{a.Package, a.A}], place[key{b.Package, b.A}]; pa != pb {
			return pa < pb
		}
		return place[key{a.Package, a.B}] < place[key{b.Package, b.B}]
	})
}

// ranksBefore orders a package's killing tests: by package, then more
// mutants killed in every trial, more mutants found within each bucket
// from the smallest, a lower median of mean tests-to-failure (none last),
// and the name.
func ranksBefore(a, b TestRanking) bool {
	if a.Package != b.Package {
		return a.Package < b.Package
	}
	if a.KilledEveryTrial != b.KilledEveryTrial {
		return a.KilledEveryTrial > b.KilledEveryTrial
	}
	for i := range a.FoundWithin {
		if a.FoundWithin[i] != b.FoundWithin[i] {
			return a.FoundWithin[i] > b.FoundWithin[i]
		}
	}
	am, bm := a.MedianMeanTestsToFailure, b.MedianMeanTestsToFailure
	switch {
	case am != nil && bm != nil && *am != *bm:
		return *am < *bm
	case am != nil && bm == nil:
		return true
	case am == nil && bm != nil:
		return false
	}
	return a.Test < b.Test
}

// RankingTables renders the answer first: per package, its killing tests
// ranked, then each two tests that kill common mutants.
func RankingTables(r TrialsReport) []Table {
	var out []Table
	for start := 0; start < len(r.Ranking); {
		pkg := r.Ranking[start].Package
		end := start
		for end < len(r.Ranking) && r.Ranking[end].Package == pkg {
			end++
		}
		t := Table{
			Title: fmt.Sprintf("Which test finds bugs fastest: %s (%d trials per mutant and killing test)", pkg, r.Trials),
			Header: []string{"rank", "test", "mutants", "killed every trial", "in some",
				"median mean tests-to-failure", "<=1", "<=10", "<=100", "<=1000", "wins/losses/ties"},
			Align: []Align{AlignRight, AlignLeft, AlignRight, AlignRight, AlignRight, AlignRight,
				AlignRight, AlignRight, AlignRight, AlignRight, AlignRight},
		}
		for i, row := range r.Ranking[start:end] {
			med := "-"
			if row.MedianMeanTestsToFailure != nil {
				med = fmt.Sprintf("%.1f", *row.MedianMeanTestsToFailure)
			}
			t.Rows = append(t.Rows, []string{fmt.Sprint(i + 1), row.Test, fmt.Sprint(row.Mutants),
				fmt.Sprint(row.KilledEveryTrial), fmt.Sprint(row.KilledSomeTrials), med,
				fmt.Sprint(row.FoundWithin[0]), fmt.Sprint(row.FoundWithin[1]), fmt.Sprint(row.FoundWithin[2]),
				fmt.Sprint(row.FoundWithin[3]), fmt.Sprintf("%d/%d/%d", row.Wins, row.Losses, row.Ties)})
		}
		t.Notes = append(t.Notes,
			"<=k: mutants every trial killed, with a mean tests-to-failure of at most k",
			fmt.Sprintf("wins/losses/ties: per-mutant Mann-Whitney U tests against the package's other killing tests (p < %g)", r.Alpha),
			"ranked by mutants killed in every trial, then the buckets from <=1, then the median")
		out = append(out, t)
		if pt, ok := pairTable(r, pkg); ok {
			out = append(out, pt)
		}
		start = end
	}
	return out
}

func pairTable(r TrialsReport, pkg string) (Table, bool) {
	t := Table{
		Title:  fmt.Sprintf("Each two killing tests of %s over the mutants both kill", pkg),
		Header: []string{"tests (higher ranked first)", "mutants", "faster (p < alpha)", "no difference", "sign test: lower mean rank", "p"},
		Align:  []Align{AlignLeft, AlignRight, AlignRight, AlignRight, AlignRight, AlignRight},
	}
	for _, p := range r.Pairs {
		if p.Package != pkg {
			continue
		}
		t.Rows = append(t.Rows, []string{p.A + " vs " + p.B, fmt.Sprint(p.Common),
			fmt.Sprintf("%d : %d", p.AWins, p.BWins), fmt.Sprint(p.Ties),
			fmt.Sprintf("%d : %d", p.AFaster, p.BFaster), pText(p.SignP)})
	}
	t.Notes = append(t.Notes, "faster: the per-mutant Mann-Whitney U tests that say one test finds the mutant faster; sign test: two-sided, over the mutants where one test has the lower mean rank")
	return t, len(t.Rows) > 0
}

// trialChart is a chart of the trials with its caption in the HTML report.
type trialChart struct {
	Name  string
	Chart chart
}

// trialCharts draws, per package, the killing tests' mutants found within
// each bucket of tests (Etna's chart, in tests) and each test's mean
// tests-to-failure per mutant with its 95% interval, on a log scale.
func trialCharts(r TrialsReport) []trialChart {
	var out []trialChart
	for _, pkg := range rankedPackages(r) {
		buckets := &barChart{Title: "Mutants found within k tests: " + pkg, XLabel: "tests to failure (every trial)", YLabel: "mutants"}
		for _, b := range FoundWithinBuckets {
			buckets.Categories = append(buckets.Categories, fmt.Sprintf("<=%d", b))
		}
		for _, row := range r.Ranking {
			if row.Package != pkg {
				continue
			}
			s := barSeries{Name: row.Test}
			for _, n := range row.FoundWithin {
				s.Values = append(s.Values, float64(n))
			}
			buckets.Series = append(buckets.Series, s)
		}
		out = append(out, trialChart{Name: "found within k tests, " + pkg, Chart: buckets})

		means := &barChart{Title: "Mean tests to failure per mutant (95% CI): " + pkg, XLabel: "mutant", YLabel: "tests to failure", LogY: true}
		index := map[string]int{}
		for _, c := range r.Cells {
			if c.Package != pkg {
				continue
			}
			if _, ok := index[c.Mutant]; !ok {
				index[c.Mutant] = len(means.Categories)
				means.Categories = append(means.Categories, shortMutant(c.Mutant))
			}
		}
		for _, row := range r.Ranking {
			if row.Package != pkg {
				continue
			}
			s := barSeries{Name: row.Test, Values: make([]float64, len(means.Categories)),
				Low: make([]float64, len(means.Categories)), High: make([]float64, len(means.Categories))}
			for _, c := range r.Cells {
				if c.Package != pkg || c.Test != row.Test || c.MeanTestsToFailure == nil {
					continue
				}
				i := index[c.Mutant]
				s.Values[i], s.Low[i], s.High[i] = *c.MeanTestsToFailure, max(c.CI95[0], 1), c.CI95[1]
			}
			means.Series = append(means.Series, s)
		}
		out = append(out, trialChart{Name: "mean tests to failure per mutant, " + pkg, Chart: means})
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

// shortMutant shortens a mutant ID for a chart's axis: its last three
// fields (line, column and operator of an operator mutant's ID).
func shortMutant(id string) string {
	parts := strings.Split(id, ":")
	if len(parts) > 3 {
		return strings.Join(parts[len(parts)-3:], ":")
	}
	return id
}
