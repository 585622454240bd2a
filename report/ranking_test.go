package report

import (
	"math"
	"strings"
	"testing"

	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/stats"
)

// trialsOf makes n trials that fail after the given counts in turn; a
// count of 0 is a trial that passed its budget of 1,000 cases.
func trialsOf(n int, counts ...int) []Trial {
	out := make([]Trial, n)
	for i := range out {
		c := counts[i%len(counts)]
		out[i] = Trial{Seed: uint64(i + 1), Outcome: outcome.Survived, Cases: 1000, Seconds: 0.02}
		if c > 0 {
			out[i] = Trial{Seed: uint64(i + 1), Outcome: outcome.Killed, TestsToFailure: c, Cases: c, Seconds: 0.01}
		}
	}
	return out
}

// A strong and a weak generator of one property of F: the strong one
// finds every mutant within a few tests, the weak one needs hundreds for
// two mutants, finds a third only half the time and never the fourth.
func strongAndWeak() []TrialCell {
	const n = 12
	cell := func(m, test string, counts ...int) TrialCell {
		return TrialCell{Package: "p", Mutant: m, Function: "F", Test: test, Library: "rapid", Seeded: true, Budget: 1000, Budgeted: true,
			Trials: trialsOf(n, counts...)}
	}
	return []TrialCell{
		cell("m1", "TestStrong", 1, 2, 1),
		cell("m1", "TestWeak", 200, 300, 250),
		cell("m2", "TestStrong", 3, 5, 4),
		cell("m2", "TestWeak", 400, 500),
		cell("m3", "TestStrong", 8, 9, 12),
		cell("m3", "TestWeak", 900, 0),
		cell("m4", "TestStrong", 40, 60),
		cell("m4", "TestWeak", 0),
	}
}

func TestRankingPutsTheStrongGeneratorFirstWithItsFigures(t *testing.T) {
	t.Parallel()
	r, err := SummarizeTrials(12, 1, 1000, strongAndWeak())
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Ranking) != 2 {
		t.Fatalf("ranking has %d rows, want 2: %+v", len(r.Ranking), r.Ranking)
	}
	strong, weak := r.Ranking[0], r.Ranking[1]
	if strong.Test != "TestStrong" || weak.Test != "TestWeak" || strong.Function != "F" {
		t.Fatalf("ranking %s, %s; want TestStrong first, of F", strong.Test, weak.Test)
	}
	if strong.Mutants != 4 || strong.KilledEveryTrial != 4 || strong.KilledSomeTrials != 0 || strong.KilledNoTrial != 0 {
		t.Errorf("TestStrong: %+v; want 4 mutants, all found in every trial", strong)
	}
	// TestWeak: m4's cell never fails, m3's half the time.
	if weak.Mutants != 4 || weak.KilledEveryTrial != 2 || weak.KilledSomeTrials != 1 || weak.KilledNoTrial != 1 {
		t.Errorf("TestWeak: %+v; want 4 mutants, 2 every trial, 1 some, 1 none", weak)
	}
	// Estimates of TestStrong: m1 16/12, m2 4, m3 29/3, m4 50.
	if got, want := strong.FoundWithin, [4]int{0, 3, 4, 4}; got != want {
		t.Errorf("TestStrong found within 1/10/100/1000: %v, want %v", got, want)
	}
	// TestWeak: m1 250, m2 450, m3 (6 x 900 + 6 x 1000)/6 = 1900, m4 never.
	if got, want := weak.FoundWithin, [4]int{0, 0, 0, 2}; got != want {
		t.Errorf("TestWeak found within 1/10/100/1000: %v, want %v", got, want)
	}
	// The medians of the estimates: (4 + 29/3)/2; (450 + 1900)/2.
	if m := strong.MedianMeanTestsToFailure; m == nil || math.Abs(*m-41.0/6) > 1e-9 {
		t.Errorf("TestStrong's median of estimates = %v, want 6.83", m)
	}
	if m := weak.MedianMeanTestsToFailure; m == nil || *m != 1175 {
		t.Errorf("TestWeak's median of estimates = %v, want 1175", m)
	}
	// Seconds: TestStrong's failures take 0.01 s each.
	if got := strong.FoundWithinSeconds; got != [4]int{4, 4, 4, 4} {
		t.Errorf("TestStrong found within 0.1/1/10/60 s: %v, want all 4", got)
	}
	// Four common mutants (m4 too: the weak trials all censored), all won.
	if strong.Wins != 4 || strong.Losses != 0 || weak.Losses != 4 || strong.Beats != 1 || weak.BeatenBy != 1 {
		t.Errorf("wins/losses/beats: strong %+v, weak %+v; want 4/0 and 0/4, one pair won", strong, weak)
	}
	if len(r.Pairs) != 1 {
		t.Fatalf("pairs: %+v, want one", r.Pairs)
	}
	p := r.Pairs[0]
	if p.A != "TestStrong" || p.Common != 4 || p.AWins != 4 || p.BWins != 0 || p.AFaster != 4 || p.Informative != 4 || p.Faster != "TestStrong" || p.Z <= 0 {
		t.Errorf("pair %+v: want TestStrong first and faster, 4 common mutants all won", p)
	}
	if math.Abs(p.SignP-0.125) > 1e-12 { // 2 x (1/2)^4
		t.Errorf("sign test p = %g, want 0.125", p.SignP)
	}
	if p.PHolm != p.P || p.P >= 1e-6 {
		t.Errorf("one pair: Holm's p %g must equal p %g, below 1e-6", p.PHolm, p.P)
	}
	if len(r.Answers) != 1 || r.Answers[0].Answer != "F: TestStrong finds faster than TestWeak (faster on 4 of 4 mutants, p = "+pText(p.PHolm)+")" {
		t.Errorf("answers %+v", r.Answers)
	}
}

// issue31Pair is issue 31's pair: three mutants that TestNarrow finds at
// once and TestWide rarely (censored at 100 cases), and seven that both
// find at their first or second case, TestWide slightly more often at
// the first on five of them. A sign test over mean ranks sides with
// TestWide on five of the ten (issue 31 measured p = 1 for such a pair).
func issue31Pair() []TrialCell {
	const n = 20
	cell := func(m, test string, counts ...int) TrialCell {
		tr := make([]Trial, n)
		for i := range tr {
			c := counts[i%len(counts)]
			tr[i] = Trial{Seed: uint64(i + 1), Outcome: outcome.Survived, Cases: 100}
			if c > 0 {
				tr[i] = Trial{Seed: uint64(i + 1), Outcome: outcome.Killed, TestsToFailure: c, Cases: c}
			}
		}
		return TrialCell{Package: "p", Mutant: m, Function: "RemoveAll", Test: test, Library: "rapid", Seeded: true, Budget: 100, Budgeted: true, Trials: tr}
	}
	var out []TrialCell
	for _, m := range []string{"named:first-only", "named:keep-all", "named:skip-last"} {
		out = append(out, cell(m, "TestNarrow", 1, 2, 1, 3), cell(m, "TestWide", 0, 0, 0, 0, 57))
	}
	for i, m := range []string{"op1", "op2", "op3", "op4", "op5", "op6", "op7"} {
		narrow, wide := []int{1, 1, 1, 1, 2, 1, 1, 1, 1, 1}, []int{1, 1, 1, 1, 1, 1, 1, 1, 1, 1}
		if i >= 5 {
			narrow, wide = wide, narrow
		}
		out = append(out, cell(m, "TestNarrow", narrow...), cell(m, "TestWide", wide...))
	}
	return out
}

func TestAPairIsDecidedByTheMutantsThatSeparateIt(t *testing.T) {
	t.Parallel()
	r, err := SummarizeTrials(20, 1, 100, issue31Pair())
	if err != nil {
		t.Fatal(err)
	}
	p := r.Pairs[0]
	if p.A != "TestNarrow" || p.Common != 10 || p.AWins != 3 || p.BWins != 0 || p.AFaster != 5 || p.BFaster != 5 {
		t.Fatalf("pair %+v: want TestNarrow first, 3 mutants won, lower mean rank 5 : 5", p)
	}
	if p.SignP != 1 {
		t.Errorf("the sign test's p %g, want 1: it ignores how far apart the tests are", p.SignP)
	}
	if p.Faster != "TestNarrow" || p.PHolm >= 0.01 || p.Informative != 10 {
		t.Errorf("pair %+v: want TestNarrow faster with p < 0.01 over 10 separating mutants", p)
	}
	// Stouffer by hand: the ten z scores of the comparisons.
	var zs []float64
	for _, c := range r.Comparisons {
		z := c.Z
		if c.Faster != "TestNarrow" {
			z = -z
		}
		zs = append(zs, z)
	}
	Z, P := stats.Stouffer(zs)
	if math.Abs(Z-p.Z) > 1e-12 || math.Abs(P-p.P) > 1e-15 {
		t.Errorf("pair Z %v p %v, want Stouffer's %v %v", p.Z, p.P, Z, P)
	}
	if want := "RemoveAll: TestNarrow finds faster than TestWide (faster on 3 of 10 mutants, p = " + pText(p.PHolm) + ")"; r.Answers[0].Answer != want {
		t.Errorf("answer %q, want %q", r.Answers[0].Answer, want)
	}
}

// Holm over every pair of the report: two functions, each with one pair;
// the smaller p is doubled, the larger kept (unless below the doubled).
func TestPairsAreAdjustedByHolmOverTheReport(t *testing.T) {
	t.Parallel()
	cells := issue31Pair()
	for _, c := range strongAndWeak() {
		c.Function = "G"
		cells = append(cells, c)
	}
	r, err := SummarizeTrials(20, 1, 100, cells)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Pairs) != 2 {
		t.Fatalf("pairs %+v, want one per function", r.Pairs)
	}
	ps := []float64{r.Pairs[0].P, r.Pairs[1].P}
	want := stats.Holm(ps)
	for i, p := range r.Pairs {
		if p.PHolm != want[i] || p.PHolm < p.P {
			t.Errorf("pair %s: p %g, Holm %g, want %g", p.Function, p.P, p.PHolm, want[i])
		}
	}
	if r.Pairs[0].Function != "G" || r.Pairs[1].Function != "RemoveAll" || len(r.Answers) != 2 {
		t.Errorf("pairs and answers by function: %+v %+v", r.Pairs, r.Answers)
	}
}

func TestEachFunctionIsRankedApart(t *testing.T) {
	t.Parallel()
	cells := strongAndWeak()
	// TestClamp reaches only Clamp's mutant: it must not rank among F's tests.
	cells = append(cells, TrialCell{Package: "p", Mutant: "m9", Function: "Clamp", Test: "TestClamp", Library: "rapid",
		Seeded: true, Trials: trialsOf(12, 3)})
	r, err := SummarizeTrials(12, 1, 1000, cells)
	if err != nil {
		t.Fatal(err)
	}
	var order []string
	for _, row := range r.Ranking {
		order = append(order, row.Function+":"+row.Test)
	}
	if strings.Join(order, " ") != "Clamp:TestClamp F:TestStrong F:TestWeak" {
		t.Errorf("ranking %v", order)
	}
	if r.Answers[0].Answer != "Clamp: TestClamp is the only test that reaches its killed mutants (1 mutant)" {
		t.Errorf("Clamp's answer %q", r.Answers[0].Answer)
	}
}

func TestRankingTablesPrintTheAnswerFirst(t *testing.T) {
	t.Parallel()
	cells := strongAndWeak()
	other := TrialCell{Package: "q", Mutant: "m9", Function: "G", Test: "TestOnly", Trials: trialsOf(12, 0)}
	r, err := SummarizeTrials(12, 1, 1000, append(cells, other))
	if err != nil {
		t.Fatal(err)
	}
	tables := RankingTables(r)
	// p: answers, ranking and pairs; q: answers and ranking (one test, no pair).
	if len(tables) != 5 {
		t.Fatalf("%d tables, want 5", len(tables))
	}
	var b strings.Builder
	if err := Write(&b, FormatText, tables...); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{"Which test finds bugs fastest: p", "F: TestStrong finds faster than TestWeak", "TestStrong vs TestWeak",
		"4/0/0", "0/4/0", "Which test finds bugs fastest: q", "G: TestOnly is the only test", "budget 1000 cases"} {
		if !strings.Contains(out, want) {
			t.Errorf("tables lack %q:\n%s", want, out)
		}
	}
	if strings.Index(out, "F: TestStrong finds faster") > strings.Index(out, "| rank") {
		t.Errorf("the answer is not printed first:\n%s", out)
	}
	var v strings.Builder
	if err := Write(&v, FormatText, VerdictTables(r)...); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Why each verdict: p", "= Stouffer over 4 separating of 4", "TestStrong finds faster"} {
		if !strings.Contains(v.String(), want) {
			t.Errorf("the verdicts' explanation lacks %q:\n%s", want, v.String())
		}
	}
}

func TestTheHTMLReportDrawsEachFunctionsCharts(t *testing.T) {
	t.Parallel()
	cells := strongAndWeak()
	cells = append(cells, TrialCell{Package: "p", Mutant: "m9", Function: "Clamp", Test: "TestClamp", Library: "rapid",
		Seeded: true, Trials: trialsOf(12, 3)})
	r, err := SummarizeTrials(12, 1, 1000, cells)
	if err != nil {
		t.Fatal(err)
	}
	page, err := HTML(Page{Title: "trials", Trials: &r})
	if err != nil {
		t.Fatal(err)
	}
	html := string(page)
	for _, want := range []string{`alt="found within N cases, F"`, `alt="tests to failure per mutant, F"`, `alt="found within N cases, Clamp"`,
		"Which test finds bugs fastest: p", `<h3 class="fn">F</h3>`, `id="trial-details"`} {
		if !strings.Contains(html, want) {
			t.Errorf("the HTML report lacks %q", want)
		}
	}
	if n := strings.Count(html, "src=\"data:image/svg"); n != 4 {
		t.Errorf("the HTML report has %d charts, want 4", n)
	}
}

// A function with more mutants than a per-mutant plot can label gets the
// cumulative chart alone.
func TestManyMutantsGetTheCumulativeChartOnly(t *testing.T) {
	t.Parallel()
	var cells []TrialCell
	for i := range maxMutantsPerPlot + 1 {
		for _, test := range []string{"TestA", "TestB"} {
			cells = append(cells, TrialCell{Package: "p", Mutant: "m" + string(rune('a'+i%26)) + string(rune('a'+i/26)), Function: "F", Test: test,
				Library: "rapid", Seeded: true, Trials: trialsOf(3, i%5+1)})
		}
	}
	r, err := SummarizeTrials(3, 1, 0, cells)
	if err != nil {
		t.Fatal(err)
	}
	charts := trialCharts(r)
	if len(charts) != 1 || !strings.HasPrefix(charts[0].Name, "found within N cases") {
		t.Errorf("charts %v, want the cumulative one only", charts)
	}
}

func TestShortMutantLabelsAChartsAxis(t *testing.T) {
	t.Parallel()
	for id, want := range map[string]string{
		"operator:removeall.go:10:8:relational:==": "10:8 relational",
		"pkg/operator:a.go:3:1:return-zero:zero":   "3:1 return-zero",
		"named:first-only":                         "first-only",
		"blackbox:example.com/p.Insert:17":         "#17",
		"odd":                                      "odd",
	} {
		if got := shortMutant(id); got != want {
			t.Errorf("shortMutant(%q) = %q, want %q", id, got, want)
		}
	}
}

// The answer says when the best test is blind to some of the function's
// mutants: faster where it finds them is not finding them all.
func TestTheAnswerSaysWhatTheBestTestNeverFinds(t *testing.T) {
	t.Parallel()
	cells := strongAndWeak()
	for i := range cells {
		if cells[i].Mutant == "m4" && cells[i].Test == "TestStrong" {
			cells[i].Trials = trialsOf(12, 0) // TestStrong never finds m4 now
		}
	}
	r, err := SummarizeTrials(12, 1, 1000, cells)
	if err != nil {
		t.Fatal(err)
	}
	if a := r.Answers[0].Answer; !strings.HasPrefix(a, "F: TestStrong finds faster than TestWeak") ||
		!strings.HasSuffix(a, "; TestStrong never finds 1 of the 4 mutants it reaches") {
		t.Errorf("answer %q", a)
	}
}
