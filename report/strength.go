package report

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/stats"
)

// StrengthJSONKey is the top-level key of the JSON report under which
// mutprop run --blackbox puts its Strength.
const StrengthJSONKey = "mutpropStrength"

// SmallInputSize is the insert study's bound of a small input: a test
// whose calls of a function all have a size of at most SmallInputSize (a
// list of length 0 or 1) says nothing about larger inputs, whatever its
// strength.
const SmallInputSize = 1

// HighStrength is the killed fraction from which a strength counts as
// high for the small-inputs warning: half the function's mutants.
const HighStrength = 0.5

// StrengthDoc explains strength and data coverage, for --help and the
// reports' notes.
const StrengthDoc = `Per-case %: the share of a wrapped function's black-box mutants that a
test detects at its first generated case, each mutant run with its own
seed (Duregård's per-test-case score, the insert study's killed %). It
ranks the tests: the chance that one random case catches one mutant.
Killed %: the share of the mutants the whole test kills (fails, times out
or crashes against) over all its cases, the classic kill rate. A test
with many cases nears 100% even when each case is weak; both measures
come with a 95% Wilson interval.
Data coverage: how many distinct arguments the test passed the function
and the range of their sizes, a separate axis measured on the original.
A high strength on small inputs only (sizes 0 to 1) says nothing about
larger ones: the insert study's warning.`

// StrengthMutant is one black-box mutant of a function, as the run scored
// it with every covering test run alone (PerTest).
type StrengthMutant struct {
	ID      string
	Outcome outcome.Outcome
	// PerTest is the outcome of each test that ran alone against the
	// mutant; a test that calls the function and is not in it did not
	// run (it does not give the mutant an input it perturbs).
	PerTest map[string]outcome.Outcome
	// PerTestTTF is, for each test of PerTest that failed, the number
	// of generated cases up to and including the failing one (1: its
	// first case); 0 or absent when it survived or the count is unknown.
	PerTestTTF map[string]int
	// Seed is the seed of the mutant's runs (rapid's, and testing/quick's
	// when seeded); 0 when they ran with the run's pinned seed.
	Seed uint64
	// OriginalFails lists the tests of PerTest that failed at Seed on
	// the original too: not kills, and left out of the per-case score.
	OriginalFails []string
}

// DataCoverage is what a test passed a function, in the recording run on
// the original: the distinct arguments (receiver included), at least
// Distinct when DistinctAtLeast, and the least and greatest size of a
// call's arguments (mutate.BlackboxSizeDoc). The recording is exact for
// small figures and within a factor of two beyond (mutate.BlackboxData).
type DataCoverage struct {
	Distinct        int    `json:"distinct"`
	DistinctAtLeast bool   `json:"distinctAtLeast,omitempty"`
	MinSize         uint64 `json:"minSize"`
	MaxSize         uint64 `json:"maxSize"`
}

// StrengthFunc is one wrapped function of a package: its black-box
// mutants and the tests that call it, with their data coverage (nil when
// the recording did not tell).
type StrengthFunc struct {
	Package  string
	Function string
	Mutants  []StrengthMutant
	Callers  map[string]*DataCoverage
}

// StrengthRow is one (function, test) row of the Strength report.
type StrengthRow struct {
	Package  string `json:"package"`
	Function string `json:"function"`
	Test     string `json:"test"`
	// Mutants is the number of the function's black-box mutants that
	// were scored (not-viable and unfinished ones left out); Killed
	// those the test killed, failed, timed out or crashed against.
	Mutants int `json:"mutants"`
	Killed  int `json:"killed"`
	// KilledPct is 100*Killed/Mutants, CI95 its 95% Wilson interval in
	// percent; null without mutants.
	KilledPct *float64    `json:"killedPct"`
	CI95      *[2]float64 `json:"ci95"`
	// PerCaseMutants is the number of scored mutants of the per-case
	// score: Mutants less those whose test failed on the original at the
	// mutant's seed (OriginalFails); PerCase those the test detected at
	// its first generated case (PerTestTTF 1).
	PerCaseMutants int `json:"perCaseMutants"`
	PerCase        int `json:"perCase"`
	// PerCasePct is 100*PerCase/PerCaseMutants, Duregård's per-test-case
	// score (StrengthDoc), PerCaseCI95 its 95% Wilson interval in
	// percent; null without mutants.
	PerCasePct  *float64    `json:"perCasePct"`
	PerCaseCI95 *[2]float64 `json:"perCaseCi95"`
	// OriginalFails names, for each mutant left out of the per-case
	// score, the seed at which the test failed on the original
	// ("seed S (mutant ID)").
	OriginalFails []string `json:"originalFails,omitempty"`
	// Data is the test's data coverage of the function; null when
	// unknown.
	Data *DataCoverage `json:"data"`
	// Warning is the insert study's: set when the strength is high
	// (HighStrength) and every call had a size of at most
	// SmallInputSize.
	Warning string `json:"warning,omitempty"`
}

// Strength is the strength and data coverage of every (function, test)
// pair of a run with black-box mutants, by package, function and test.
type Strength struct {
	// SmallInputSize and HighStrength are the warning's thresholds.
	SmallInputSize uint64        `json:"smallInputSize"`
	HighStrength   float64       `json:"highStrength"`
	Rows           []StrengthRow `json:"rows"`
}

// SummarizeStrength computes the Strength of funcs: a row per function
// and test that calls it (Callers) or ran against one of its mutants,
// sorted by package and function, then ranked by per-case score (highest
// first), then by test name. A test that failed on the original at a
// mutant's seed does not kill that mutant, and the mutant is left out of
// the test's per-case score.
func SummarizeStrength(funcs []StrengthFunc) Strength {
	s := Strength{SmallInputSize: SmallInputSize, HighStrength: HighStrength, Rows: []StrengthRow{}}
	for _, f := range funcs {
		tests := map[string]bool{}
		for t := range f.Callers {
			tests[t] = true
		}
		scored := 0
		for _, m := range f.Mutants {
			if !scoredOutcome(m.Outcome) {
				continue
			}
			scored++
			for t := range m.PerTest {
				tests[t] = true
			}
		}
		for t := range tests {
			row := StrengthRow{Package: f.Package, Function: f.Function, Test: t, Mutants: scored, Data: f.Callers[t]}
			for _, m := range f.Mutants {
				if !scoredOutcome(m.Outcome) {
					continue
				}
				if slices.Contains(m.OriginalFails, t) {
					row.OriginalFails = append(row.OriginalFails, fmt.Sprintf("seed %d (%s)", m.Seed, m.ID))
					continue
				}
				row.PerCaseMutants++
				if detects(m.PerTest[t]) {
					row.Killed++
					if m.PerTestTTF[t] == 1 {
						row.PerCase++
					}
				}
			}
			if row.PerCaseMutants > 0 {
				p := stats.Wilson(row.PerCase, row.PerCaseMutants)
				pct := 100 * p.P
				row.PerCasePct, row.PerCaseCI95 = &pct, &[2]float64{100 * p.Low, 100 * p.High}
			}
			if scored > 0 {
				p := stats.Wilson(row.Killed, scored)
				pct := 100 * p.P
				row.KilledPct, row.CI95 = &pct, &[2]float64{100 * p.Low, 100 * p.High}
				if d := row.Data; d != nil && p.P >= HighStrength && d.MaxSize <= SmallInputSize {
					row.Warning = fmt.Sprintf("calls %s only on inputs of size <= %d (%s): a high score here says nothing about larger inputs",
						f.Function, d.MaxSize, distinctText(*d))
				}
			}
			s.Rows = append(s.Rows, row)
		}
	}
	sort.SliceStable(s.Rows, func(i, j int) bool {
		a, b := s.Rows[i], s.Rows[j]
		if a.Package != b.Package {
			return a.Package < b.Package
		}
		if a.Function != b.Function {
			return a.Function < b.Function
		}
		if pa, pb := pctOr(a.PerCasePct), pctOr(b.PerCasePct); pa != pb {
			return pa > pb
		}
		return a.Test < b.Test
	})
	return s
}

// pctOr is *p, or -1 for nil: a row without a score ranks last.
func pctOr(p *float64) float64 {
	if p == nil {
		return -1
	}
	return *p
}

// scoredOutcome reports whether a mutant's outcome counts in the
// strength's denominator: it ran (or was decided) and built.
func scoredOutcome(o outcome.Outcome) bool {
	return o != "" && o != outcome.NotViable
}

// detects reports whether a test's outcome against a mutant detects it.
func detects(o outcome.Outcome) bool {
	return o == outcome.Killed || o == outcome.Timeout || o == outcome.Crashed
}

// distinctText says how many distinct inputs d counts.
func distinctText(d DataCoverage) string {
	at := ""
	if d.DistinctAtLeast {
		at = "at least "
	}
	s := "s"
	if d.Distinct == 1 && !d.DistinctAtLeast {
		s = ""
	}
	return fmt.Sprintf("%s%d distinct input%s", at, d.Distinct, s)
}

// dataText is a row's data coverage for a table cell.
func dataText(d *DataCoverage) string {
	if d == nil {
		return "unknown"
	}
	return fmt.Sprintf("%s, sizes %d..%d", distinctText(*d), d.MinSize, d.MaxSize)
}

// StrengthTables renders the Strength: per package, a table of its
// functions and the tests that call them, with the killed % of the
// function's black-box mutants and its interval, beside the data
// coverage; the warnings follow as notes.
func StrengthTables(s Strength) []Table {
	var out []Table
	for start := 0; start < len(s.Rows); {
		pkg := s.Rows[start].Package
		end := start
		for end < len(s.Rows) && s.Rows[end].Package == pkg {
			end++
		}
		t := Table{
			Title:  "Strength and data coverage of the tests of " + pkg + " (black-box mutants)",
			Header: []string{"function", "test", "per-case % (95% CI)", "killed", "killed % (95% CI)", "data coverage"},
			Align:  []Align{AlignLeft, AlignLeft, AlignRight, AlignRight, AlignRight, AlignLeft},
		}
		var warnings, fails []string
		for _, r := range s.Rows[start:end] {
			pct, perCase := "-", "-"
			if r.KilledPct != nil {
				pct = fmt.Sprintf("%.0f%% [%.0f, %.0f]", *r.KilledPct, r.CI95[0], r.CI95[1])
			}
			if r.PerCasePct != nil {
				perCase = fmt.Sprintf("%.1f%% [%.0f, %.0f]", *r.PerCasePct, r.PerCaseCI95[0], r.PerCaseCI95[1])
			}
			t.Rows = append(t.Rows, []string{r.Function, r.Test, perCase, fmt.Sprintf("%d/%d", r.Killed, r.Mutants), pct, dataText(r.Data)})
			if r.Warning != "" {
				warnings = append(warnings, fmt.Sprintf("%s: %.0f%% strength against %s, but it %s.", r.Test, *r.KilledPct, r.Function, r.Warning))
			}
			if n := len(r.OriginalFails); n > 0 {
				fails = append(fails, fmt.Sprintf("%s fails on the original with %s: not a kill, left out of its per-case score of %s.",
					r.Test, firstFew(r.OriginalFails, 3), r.Function))
			}
		}
		t.Notes = append(t.Notes,
			"per-case: the share of the function's black-box mutants the test detects at its first generated case, each mutant with its own seed (Duregård's per-test-case score; rows ranked by it); killed: those it fails, times out or crashes against over all its cases (the classic kill rate)",
			"data coverage: the distinct arguments the test passed the function and their sizes, on the original (a separate axis)",
			"figures of data coverage from 16 up are recorded at each doubling: the true ones are less than twice the distinct inputs and the greatest size shown")
		if len(warnings) > 0 {
			t.Notes = append(t.Notes, "data coverage warnings (a separate axis from strength):")
			t.Notes = append(t.Notes, warnings...)
		}
		if len(fails) > 0 {
			t.Notes = append(t.Notes, "tests that fail without a mutant at some mutants' seeds (they pass with the run's --seed):")
			t.Notes = append(t.Notes, fails...)
		}
		out = append(out, t)
		start = end
	}
	return out
}

// firstFew joins the first n of items, and says how many more there are.
func firstFew(items []string, n int) string {
	if len(items) <= n {
		return strings.Join(items, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(items[:n], ", "), len(items)-n)
}
