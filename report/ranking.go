package report

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/mutprop/mutprop/stats"
)

// FoundWithinBuckets are the tests-to-failure bounds of the ranking's
// buckets, as Etna buckets bugs by time to failure, here counted in tests.
var FoundWithinBuckets = [4]int{1, 10, 100, 1000}

// TestRanking is one test's row in the ranking of its function's tests: a
// property under a generator is one test.
type TestRanking struct {
	Package string `json:"package"`
	// Function is the function under test whose mutants the row counts
	// (TrialCell.Function).
	Function string `json:"function"`
	Test     string `json:"test"`
	// Mutants is the number of the function's mutants the test ran
	// trials against (those it reaches).
	Mutants int `json:"mutants"`
	// KilledEveryTrial counts the mutants that every trial of the test
	// found; KilledSomeTrials those that some trials found, not all;
	// KilledNoTrial those no trial found.
	KilledEveryTrial int `json:"killedEveryTrial"`
	KilledSomeTrials int `json:"killedSomeTrials"`
	KilledNoTrial    int `json:"killedNoTrial"`
	// MedianMeanTestsToFailure is the median, over the mutants, of the
	// geometric estimate of the mean tests-to-failure, a mutant never
	// found counting as infinite; null when that median is infinite.
	MedianMeanTestsToFailure *float64 `json:"medianMeanTestsToFailure"`
	// FoundWithin[i] counts the mutants whose estimate is at most
	// FoundWithinBuckets[i] tests; FoundWithinSeconds[i] those whose
	// estimate in time is at most TimeBuckets[i] seconds.
	FoundWithin        [4]int `json:"foundWithin"`
	FoundWithinSeconds [4]int `json:"foundWithinSeconds"`
	// Wins, Losses and Ties add up the per-mutant Mann-Whitney
	// comparisons of this test with the function's other tests: a win is
	// a significant "finds it faster", a tie no significant difference.
	Wins   int `json:"wins"`
	Losses int `json:"losses"`
	Ties   int `json:"ties"`
	// Beats and BeatenBy count the function's other tests this one finds
	// the mutants faster than, and slower, by the pairs' verdicts.
	Beats    int `json:"beats"`
	BeatenBy int `json:"beatenBy"`
}

// TestPair compares two tests of a function over the mutants both reach.
// A is the test ranked higher.
type TestPair struct {
	Package  string `json:"package"`
	Function string `json:"function"`
	A        string `json:"a"`
	B        string `json:"b"`
	// Common is the number of mutants compared.
	Common int `json:"common"`
	// AWins and BWins count the mutants where the Mann-Whitney test says
	// one finds it faster (p < alpha); Ties the others.
	AWins int `json:"aWins"`
	BWins int `json:"bWins"`
	Ties  int `json:"ties"`
	// AFaster and BFaster count the mutants where one has the lower mean
	// rank, significant or not; SignP is the two-sided sign test over
	// them. It was the pair's verdict before issue 31, which noise
	// outvoted: kept for comparison, it decides nothing.
	AFaster int     `json:"aFaster"`
	BFaster int     `json:"bFaster"`
	SignP   float64 `json:"signP"`
	// Informative counts the mutants that separate the two (their trials
	// are not all alike); Z is Stouffer's combination of their one-sided
	// z scores, positive when A is faster; P its two-sided p-value and
	// PHolm that p adjusted by Holm over every pair of the report.
	Informative int     `json:"informative"`
	Z           float64 `json:"z"`
	P           float64 `json:"p"`
	PHolm       float64 `json:"pHolm"`
	// Faster is the verdict: the test that finds the function's mutants
	// faster (PHolm < alpha), "" for no significant difference.
	Faster string `json:"faster,omitempty"`
}

// FunctionAnswer is the answer for one function under test: which of the
// tests that reach its mutants finds them faster.
type FunctionAnswer struct {
	Package  string `json:"package"`
	Function string `json:"function"`
	// Tests are the function's tests, ranked; Mutants the number of its
	// mutants that ran trials.
	Tests   []string `json:"tests"`
	Mutants int      `json:"mutants"`
	// Answer is the line the console prints first, e.g. "RemoveAll:
	// TestRemoveNarrow finds faster than TestRemoveWide (faster on 3 of
	// 10 mutants, p = 2.1e-06)".
	Answer string `json:"answer"`
}

// fnKey names a function under test; rowKey one of its tests.
type fnKey struct{ pkg, fn string }

type rowKey struct {
	fnKey
	test string
}

type pairKey struct {
	fnKey
	a, b string
}

// rank ranks the tests of each function, decides its pairs and writes
// its answer.
func rank(r *TrialsReport) {
	rows := map[rowKey]*TestRanking{}
	estimates := map[rowKey][]float64{}
	var order []rowKey
	mutants := map[fnKey]map[string]bool{}
	for _, c := range r.Cells {
		k := rowKey{fnKey{c.Package, c.Function}, c.Test}
		row := rows[k]
		if row == nil {
			row = &TestRanking{Package: c.Package, Function: c.Function, Test: c.Test}
			rows[k] = row
			order = append(order, k)
		}
		if mutants[k.fnKey] == nil {
			mutants[k.fnKey] = map[string]bool{}
		}
		mutants[k.fnKey][c.Mutant] = true
		row.Mutants++
		switch found := c.Fails + c.Crashes; {
		case c.Trials > 0 && found == c.Trials:
			row.KilledEveryTrial++
		case found > 0:
			row.KilledSomeTrials++
		default:
			row.KilledNoTrial++
		}
		est := c.estimate()
		estimates[k] = append(estimates[k], est)
		for i, bound := range FoundWithinBuckets {
			if est <= float64(bound) {
				row.FoundWithin[i]++
			}
		}
		if c.MeanSecondsToFailure != nil {
			for i, bound := range TimeBuckets {
				if *c.MeanSecondsToFailure <= bound {
					row.FoundWithinSeconds[i]++
				}
			}
		}
	}
	for k, ests := range estimates {
		if m := median(ests); !math.IsInf(m, 1) {
			rows[k].MedianMeanTestsToFailure = &m
		}
	}

	pairs, zs := pairsOf(r, rows)
	keys := make([]pairKey, 0, len(pairs))
	for k := range pairs {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return pairLess(keys[i], keys[j]) })
	ps := make([]float64, len(keys))
	for i, k := range keys {
		p := pairs[k]
		p.Informative = len(zs[k])
		p.Z, p.P = stats.Stouffer(zs[k])
		p.SignP = stats.SignTest(p.AFaster, p.BFaster)
		ps[i] = p.P
	}
	for i, adj := range stats.Holm(ps) {
		k := keys[i]
		p := pairs[k]
		p.PHolm = adj
		if adj < trialAlpha && p.Z != 0 {
			faster, slower := p.A, p.B
			if p.Z < 0 {
				faster, slower = p.B, p.A
			}
			p.Faster = faster
			rows[rowKey{k.fnKey, faster}].Beats++
			rows[rowKey{k.fnKey, slower}].BeatenBy++
		}
	}

	r.Ranking = make([]TestRanking, 0, len(order))
	for _, k := range order {
		r.Ranking = append(r.Ranking, *rows[k])
	}
	sort.SliceStable(r.Ranking, func(i, j int) bool { return ranksBefore(r.Ranking[i], r.Ranking[j]) })
	place := map[rowKey]int{}
	for i, row := range r.Ranking {
		place[rowKey{fnKey{row.Package, row.Function}, row.Test}] = i
	}
	r.Pairs = make([]TestPair, 0, len(pairs))
	for _, k := range keys {
		p := pairs[k]
		if place[rowKey{k.fnKey, p.B}] < place[rowKey{k.fnKey, p.A}] {
			p.A, p.B = p.B, p.A
			p.AWins, p.BWins = p.BWins, p.AWins
			p.AFaster, p.BFaster = p.BFaster, p.AFaster
			p.Z = -p.Z
		}
		r.Pairs = append(r.Pairs, *p)
	}
	sort.SliceStable(r.Pairs, func(i, j int) bool {
		a, b := r.Pairs[i], r.Pairs[j]
		ka, kb := fnKey{a.Package, a.Function}, fnKey{b.Package, b.Function}
		if ka != kb {
			return fnLess(ka, kb)
		}
		if pa, pb := place[rowKey{ka, a.A}], place[rowKey{kb, b.A}]; pa != pb {
			return pa < pb
		}
		return place[rowKey{ka, a.B}] < place[rowKey{kb, b.B}]
	})
	r.Answers = answers(r, mutants)
}

// pairsOf gathers, per pair of tests of a function, the per-mutant
// comparisons and their z scores oriented for the pair's A (first by
// name); it adds the per-mutant wins, losses and ties to the rows.
func pairsOf(r *TrialsReport, rows map[rowKey]*TestRanking) (map[pairKey]*TestPair, map[pairKey][]float64) {
	pairs := map[pairKey]*TestPair{}
	zs := map[pairKey][]float64{}
	for _, c := range r.Comparisons {
		a, b := c.Faster, c.Slower
		if b < a {
			a, b = b, a
		}
		fk := fnKey{c.Package, c.Function}
		pk := pairKey{fk, a, b}
		p := pairs[pk]
		if p == nil {
			p = &TestPair{Package: c.Package, Function: c.Function, A: a, B: b, P: 1, PHolm: 1}
			pairs[pk] = p
		}
		p.Common++
		fa, fb := rows[rowKey{fk, c.Faster}], rows[rowKey{fk, c.Slower}]
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
		if c.Informative {
			z := c.Z
			if c.Faster != a {
				z = -z
			}
			zs[pk] = append(zs[pk], z)
		}
	}
	return pairs, zs
}

func fnLess(a, b fnKey) bool {
	if a.pkg != b.pkg {
		return a.pkg < b.pkg
	}
	return a.fn < b.fn
}

func pairLess(a, b pairKey) bool {
	if a.fnKey != b.fnKey {
		return fnLess(a.fnKey, b.fnKey)
	}
	if a.a != b.a {
		return a.a < b.a
	}
	return a.b < b.b
}

// ranksBefore orders the tests of a function: by package and function,
// then more pairs won than lost (Beats - BeatenBy), more mutants found
// within each bucket from the smallest, a lower median of the estimates
// (none last), and the name.
func ranksBefore(a, b TestRanking) bool {
	if ka, kb := (fnKey{a.Package, a.Function}), (fnKey{b.Package, b.Function}); ka != kb {
		return fnLess(ka, kb)
	}
	if na, nb := a.Beats-a.BeatenBy, b.Beats-b.BeatenBy; na != nb {
		return na > nb
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

// answers writes one answer per function, in ranking order.
func answers(r *TrialsReport, mutants map[fnKey]map[string]bool) []FunctionAnswer {
	pairOf := map[pairKey]TestPair{}
	for _, p := range r.Pairs {
		pairOf[pairKey{fnKey{p.Package, p.Function}, p.A, p.B}] = p
		pairOf[pairKey{fnKey{p.Package, p.Function}, p.B, p.A}] = p
	}
	out := []FunctionAnswer{}
	for start := 0; start < len(r.Ranking); {
		fk := fnKey{r.Ranking[start].Package, r.Ranking[start].Function}
		end := start
		var tests []string
		for end < len(r.Ranking) && (fnKey{r.Ranking[end].Package, r.Ranking[end].Function}) == fk {
			tests = append(tests, r.Ranking[end].Test)
			end++
		}
		a := FunctionAnswer{Package: fk.pkg, Function: fk.fn, Tests: tests, Mutants: len(mutants[fk])}
		a.Answer = functionText(fk.fn) + ": " + answerText(tests, a.Mutants, pairOf, fk)
		if best := r.Ranking[start]; best.KilledNoTrial > 0 && len(tests) > 1 {
			// Faster where it finds them, but blind to some: say so.
			a.Answer += fmt.Sprintf("; %s never finds %d of the %d %s it reaches", best.Test, best.KilledNoTrial, best.Mutants, plural(best.Mutants, "mutant"))
		}
		out = append(out, a)
		start = end
	}
	return out
}

// answerText says how the function's best-ranked test compares with each
// other one.
func answerText(tests []string, mutants int, pairOf map[pairKey]TestPair, fk fnKey) string {
	best := tests[0]
	if len(tests) == 1 {
		return fmt.Sprintf("%s is the only test that reaches its killed mutants (%d %s)", best, mutants, plural(mutants, "mutant"))
	}
	var faster, slower, none []string
	for _, u := range tests[1:] {
		p, ok := pairOf[pairKey{fk, best, u}]
		if !ok {
			none = append(none, u+" (no mutant both reach)")
			continue
		}
		wins, common := p.AWins, p.Common
		if p.A != best {
			wins = p.BWins
		}
		switch p.Faster {
		case best:
			faster = append(faster, fmt.Sprintf("%s (faster on %d of %d %s, p = %s)", u, wins, common, plural(common, "mutant"), pText(p.PHolm)))
		case u:
			uw := p.AWins + p.BWins - wins
			slower = append(slower, fmt.Sprintf("%s finds faster than %s (faster on %d of %d %s, p = %s)", u, best, uw, common, plural(common, "mutant"), pText(p.PHolm)))
		default:
			none = append(none, fmt.Sprintf("%s (p = %s)", u, pText(p.PHolm)))
		}
	}
	var parts []string
	if len(faster) > 0 {
		parts = append(parts, best+" finds faster than "+strings.Join(faster, " and than "))
	}
	parts = append(parts, slower...)
	if len(none) > 0 {
		if len(parts) == 0 {
			parts = append(parts, "no significant difference between "+best+" and "+strings.Join(none, ", "))
		} else {
			parts = append(parts, "no significant difference from "+strings.Join(none, ", "))
		}
	}
	return strings.Join(parts, "; ")
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

// RankingTables renders the answer first: per package, one line per
// function under test (FunctionAnswer), then each function's tests
// ranked, then each two tests of a function over the mutants both reach.
func RankingTables(r TrialsReport) []Table {
	var out []Table
	for _, pkg := range rankedPackages(r) {
		ans := Table{
			Title: fmt.Sprintf("Which test finds bugs fastest: %s (%d trials per mutant and test that reaches it, %s)", pkg, r.Trials, budgetText(r.Budget)),
			Style: StylePlain,
		}
		for _, a := range r.Answers {
			if a.Package == pkg {
				ans.Rows = append(ans.Rows, []string{a.Answer})
			}
		}
		ans.Notes = append(ans.Notes, fmt.Sprintf("p: Stouffer's combination of the per-mutant one-sided Mann-Whitney tests, Holm-adjusted over the %d pairs; 'faster on k of n': the mutants one test finds significantly faster", len(r.Pairs)))
		t := Table{
			Title: "Each function's tests ranked: " + pkg,
			Header: []string{"function", "rank", "test", "mutants", "found every trial", "in some", "in none",
				"median tests-to-failure", "<=1", "<=10", "<=100", "<=1000", "wins/losses/ties"},
			Align: []Align{AlignLeft, AlignRight, AlignLeft, AlignRight, AlignRight, AlignRight, AlignRight, AlignRight,
				AlignRight, AlignRight, AlignRight, AlignRight, AlignRight},
		}
		rank, last := 0, fnKey{}
		for _, row := range r.Ranking {
			if row.Package != pkg {
				continue
			}
			if k := (fnKey{row.Package, row.Function}); k != last {
				rank, last = 0, k
			}
			rank++
			med := "never"
			if row.MedianMeanTestsToFailure != nil {
				med = fmt.Sprintf("%.1f", *row.MedianMeanTestsToFailure)
			}
			t.Rows = append(t.Rows, []string{functionText(row.Function), fmt.Sprint(rank), row.Test, fmt.Sprint(row.Mutants),
				fmt.Sprint(row.KilledEveryTrial), fmt.Sprint(row.KilledSomeTrials), fmt.Sprint(row.KilledNoTrial), med,
				fmt.Sprint(row.FoundWithin[0]), fmt.Sprint(row.FoundWithin[1]), fmt.Sprint(row.FoundWithin[2]),
				fmt.Sprint(row.FoundWithin[3]), fmt.Sprintf("%d/%d/%d", row.Wins, row.Losses, row.Ties)})
		}
		t.Notes = append(t.Notes,
			"tests-to-failure: the geometric estimate, every case run (censored trials' too) over the failures; median over the function's mutants, one never found counting as infinite ('never' when that is the median)",
			"<=k: mutants whose estimate is at most k tests (Etna's buckets)",
			fmt.Sprintf("wins/losses/ties: per-mutant Mann-Whitney U tests against the function's other tests (p < %g)", r.Alpha),
			"ranked by pairs won minus pairs lost (the pairs' verdicts below), then the buckets from <=1, then the median")
		out = append(out, ans, t)
		if pt, ok := pairTable(r, pkg); ok {
			out = append(out, pt)
		}
	}
	return out
}

func pairTable(r TrialsReport, pkg string) (Table, bool) {
	t := Table{
		Title: "Each two tests of a function over the mutants both reach: " + pkg,
		Header: []string{"function", "tests (higher ranked first)", "mutants", "separating", "faster (per mutant)",
			"Stouffer Z", "p", "p (Holm)", "verdict"},
		Align: []Align{AlignLeft, AlignLeft, AlignRight, AlignRight, AlignRight, AlignRight, AlignRight, AlignRight, AlignLeft},
	}
	for _, p := range r.Pairs {
		if p.Package != pkg {
			continue
		}
		verdict := "no significant difference"
		if p.Faster != "" {
			verdict = p.Faster + " faster"
		}
		t.Rows = append(t.Rows, []string{functionText(p.Function), p.A + " vs " + p.B, fmt.Sprint(p.Common), fmt.Sprint(p.Informative),
			fmt.Sprintf("%d : %d", p.AWins, p.BWins), fmt.Sprintf("%.2f", p.Z), pText(p.P), pText(p.PHolm), verdict})
	}
	t.Notes = append(t.Notes,
		"separating: the mutants whose trials are not all alike for the two (the others carry no information and are left out)",
		fmt.Sprintf("faster (per mutant): two-sided Mann-Whitney U, p < %g; Stouffer Z: the sum of the separating mutants' one-sided z scores over its square root, positive when the first test is faster", r.Alpha),
		fmt.Sprintf("p (Holm): adjusted over the report's %d pairs; the verdict holds below %g", len(r.Pairs), r.Alpha))
	return t, len(t.Rows) > 0
}

// VerdictTables explain each pair's verdict (mutprop run -v and the HTML
// report): per package, each pair's mutants with the two tests' estimates
// and the z score each adds, then the combination.
func VerdictTables(r TrialsReport) []Table {
	est := map[string]TrialCellReport{}
	for _, c := range r.Cells {
		est[c.Package+"\x00"+c.Mutant+"\x00"+c.Test] = c
	}
	cmps := map[pairKey][]TrialComparison{}
	for _, c := range r.Comparisons {
		a, b := c.Faster, c.Slower
		if b < a {
			a, b = b, a
		}
		k := pairKey{fnKey{c.Package, c.Function}, a, b}
		cmps[k] = append(cmps[k], c)
	}
	var out []Table
	for _, pkg := range rankedPackages(r) {
		t := Table{
			Title:  "Why each verdict: " + pkg,
			Header: []string{"function", "pair", "mutant", "first: tests-to-failure [95% CI]", "second: tests-to-failure [95% CI]", "z (first faster)"},
			Align:  []Align{AlignLeft, AlignLeft, AlignLeft, AlignRight, AlignRight, AlignRight},
		}
		for _, p := range r.Pairs {
			if p.Package != pkg {
				continue
			}
			pair := p.A + " vs " + p.B
			a, b := p.A, p.B
			if b < a {
				a, b = b, a
			}
			for _, c := range cmps[pairKey{fnKey{p.Package, p.Function}, a, b}] {
				z := "- (alike)"
				if c.Informative {
					v := c.Z
					if c.Faster != p.A {
						v = -v
					}
					z = fmt.Sprintf("%.2f", v)
				}
				ca, cb := est[pkg+"\x00"+c.Mutant+"\x00"+p.A], est[pkg+"\x00"+c.Mutant+"\x00"+p.B]
				t.Rows = append(t.Rows, []string{functionText(p.Function), pair, c.Mutant,
					casesText(ca.MeanTestsToFailure) + " " + boundsText(ca.CI95), casesText(cb.MeanTestsToFailure) + " " + boundsText(cb.CI95), z})
			}
			verdict := "no significant difference"
			if p.Faster != "" {
				verdict = p.Faster + " finds faster"
			}
			t.Rows = append(t.Rows, []string{functionText(p.Function), pair,
				fmt.Sprintf("= Stouffer over %d separating of %d", p.Informative, p.Common), "", "",
				fmt.Sprintf("Z = %.2f, p = %s, Holm: %s: %s", p.Z, pText(p.P), pText(p.PHolm), verdict)})
		}
		if len(t.Rows) == 0 {
			continue
		}
		t.Notes = append(t.Notes, "z: the normal score of the one-sided Mann-Whitney mid-p that the first test finds the mutant faster (negative: the second); '- (alike)': every trial of both the same, no information")
		out = append(out, t)
	}
	return out
}

// TimeTables give, per package, each function's tests with the mutants
// found within Etna's time buckets (the estimate in seconds).
func TimeTables(r TrialsReport) []Table {
	var out []Table
	for _, pkg := range rankedPackages(r) {
		t := Table{
			Title:  "Mutants found within T seconds (Etna's time buckets): " + pkg,
			Header: []string{"function", "test", "mutants", "<=0.1s", "<=1s", "<=10s", "<=60s"},
			Align:  []Align{AlignLeft, AlignLeft, AlignRight, AlignRight, AlignRight, AlignRight, AlignRight},
		}
		for _, row := range r.Ranking {
			if row.Package != pkg {
				continue
			}
			s := row.FoundWithinSeconds
			t.Rows = append(t.Rows, []string{functionText(row.Function), row.Test, fmt.Sprint(row.Mutants),
				fmt.Sprint(s[0]), fmt.Sprint(s[1]), fmt.Sprint(s[2]), fmt.Sprint(s[3])})
		}
		t.Notes = append(t.Notes, "the estimate in time: the seconds of the failing and censored trials over the failures; a test's own time as test2json reports it (10 ms steps), the process's when it never ended")
		out = append(out, t)
	}
	return out
}
