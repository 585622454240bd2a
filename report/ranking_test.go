package report

import (
	"math"
	"strings"
	"testing"

	"github.com/mutprop/mutprop/outcome"
)

// trialsOf makes n trials that fail after the given counts in turn; a
// count of 0 is a trial that passed its budget.
func trialsOf(n int, counts ...int) []Trial {
	out := make([]Trial, n)
	for i := range out {
		c := counts[i%len(counts)]
		out[i] = Trial{Seed: uint64(i + 1), Outcome: outcome.Survived}
		if c > 0 {
			out[i] = Trial{Seed: uint64(i + 1), Outcome: outcome.Killed, TestsToFailure: c}
		}
	}
	return out
}

// A strong and a weak generator of one property: the strong one finds
// every mutant within a few tests, the weak one needs hundreds for two
// mutants, finds a third only sometimes and never the fourth.
func strongAndWeak() []TrialCell {
	const n = 12
	cell := func(m, test string, counts ...int) TrialCell {
		return TrialCell{Package: "p", Mutant: m, Test: test, Library: "rapid", Seeded: true, Trials: trialsOf(n, counts...)}
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
	r, err := SummarizeTrials(12, 1, strongAndWeak())
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Ranking) != 2 {
		t.Fatalf("ranking has %d rows, want 2: %+v", len(r.Ranking), r.Ranking)
	}
	strong, weak := r.Ranking[0], r.Ranking[1]
	if strong.Test != "TestStrong" || weak.Test != "TestWeak" {
		t.Fatalf("ranking %s, %s; want TestStrong first", strong.Test, weak.Test)
	}
	if strong.Mutants != 4 || strong.KilledEveryTrial != 4 || strong.KilledSomeTrials != 0 {
		t.Errorf("TestStrong: %d mutants, %d every trial, %d some; want 4, 4, 0", strong.Mutants, strong.KilledEveryTrial, strong.KilledSomeTrials)
	}
	// TestWeak: m4's cell never fails, m3's half the time.
	if weak.Mutants != 4 || weak.KilledEveryTrial != 2 || weak.KilledSomeTrials != 1 {
		t.Errorf("TestWeak: %d mutants, %d every trial, %d some; want 4, 2, 1", weak.Mutants, weak.KilledEveryTrial, weak.KilledSomeTrials)
	}
	// Means: m1 4/3, m2 4, m3 29/3, m4 50 for TestStrong.
	if got, want := strong.FoundWithin, [4]int{0, 3, 4, 4}; got != want {
		t.Errorf("TestStrong found within 1/10/100/1000: %v, want %v", got, want)
	}
	// m1 mean 250, m2 450; m3 is not killed in every trial.
	if got, want := weak.FoundWithin, [4]int{0, 0, 0, 2}; got != want {
		t.Errorf("TestWeak found within 1/10/100/1000: %v, want %v", got, want)
	}
	// TestStrong's medians of means: (4 + 29/3) / 2.
	if m := strong.MedianMeanTestsToFailure; m == nil || *m < 6.8 || *m > 6.9 {
		t.Errorf("TestStrong's median of means = %v, want 6.83", m)
	}
	// Three common mutants with counts (m4 has none for TestWeak), all won.
	if strong.Wins != 3 || strong.Losses != 0 || weak.Losses != 3 {
		t.Errorf("wins/losses: strong %d/%d, weak %d/%d; want 3/0 and 0/3", strong.Wins, strong.Losses, weak.Wins, weak.Losses)
	}
	if len(r.Pairs) != 1 {
		t.Fatalf("pairs: %+v, want one", r.Pairs)
	}
	p := r.Pairs[0]
	if p.A != "TestStrong" || p.Common != 3 || p.AWins != 3 || p.BWins != 0 || p.AFaster != 3 || p.BFaster != 0 {
		t.Errorf("pair %+v: want TestStrong first, 3 common mutants all won", p)
	}
	if math.Abs(p.SignP-0.25) > 1e-12 { // 2 x (1/2)^3
		t.Errorf("sign test p = %g, want 0.25", p.SignP)
	}
}

func TestRankingTablesPrintTheAnswerPerPackage(t *testing.T) {
	cells := strongAndWeak()
	other := TrialCell{Package: "q", Mutant: "m9", Test: "TestOnly", Trials: trialsOf(12, 0)}
	r, err := SummarizeTrials(12, 1, append(cells, other))
	if err != nil {
		t.Fatal(err)
	}
	tables := RankingTables(r)
	// p: ranking and pairs; q: ranking only (one test, no pair).
	if len(tables) != 3 {
		t.Fatalf("%d tables, want 3", len(tables))
	}
	var b strings.Builder
	if err := Write(&b, FormatText, tables...); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{"Which test finds bugs fastest: p", "TestStrong vs TestWeak", "3/0/0", "0/3/0", "Which test finds bugs fastest: q"} {
		if !strings.Contains(out, want) {
			t.Errorf("tables lack %q:\n%s", want, out)
		}
	}
	if strings.Index(out, "TestStrong") > strings.Index(out, "TestWeak") {
		t.Errorf("TestWeak printed before TestStrong:\n%s", out)
	}
}

func TestTheHTMLReportDrawsTheTrialsCharts(t *testing.T) {
	r, err := SummarizeTrials(12, 1, strongAndWeak())
	if err != nil {
		t.Fatal(err)
	}
	page, err := HTML(Page{Title: "trials", Trials: &r})
	if err != nil {
		t.Fatal(err)
	}
	html := string(page)
	for _, want := range []string{`alt="found within k tests, p"`, `alt="mean tests to failure per mutant, p"`, "Which test finds bugs fastest: p"} {
		if !strings.Contains(html, want) {
			t.Errorf("the HTML report lacks %q", want)
		}
	}
	if n := strings.Count(html, "src=\"data:image/svg"); n != 2 {
		t.Errorf("the HTML report has %d charts, want 2", n)
	}
}
