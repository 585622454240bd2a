package report

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
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

// MinDistinct is the least number of distinct inputs a score may rest on
// without a warning: a test that passes a function fewer distinct
// arguments (a one-case example, a property over a handful of values)
// says little about the function's other inputs, whatever its score.
const MinDistinct = 10

// HighStrength is the killed fraction a test must exceed for a data
// coverage warning: 0, any detected mutant. (Reports before MinDistinct
// warned from half the mutants, at 0.5, and only on sizes 0 and 1.)
const HighStrength = 0

// StrengthDoc explains strength and data coverage, for --help and the
// reports' notes.
const StrengthDoc = `Per-case %: the share of a wrapped function's black-box mutants that a
test detects at its first generated case, each mutant run with its own
seed (Duregård's per-test-case score, the insert study's killed %). It
ranks the tests: the chance that one random case catches one mutant.
Ties rank by the killed %, then by the distinct inputs, then by the
greatest size. Killed %: the share of the mutants the whole test kills
(fails, times out or crashes against) over all its cases, the classic
kill rate. A test with many cases nears 100% even when each case is weak;
both measures come with a 95% Wilson interval.
Data coverage: how many distinct arguments the test passed the function
and the range of their sizes, a separate axis measured on the original.
A score that rests on fewer than 10 distinct inputs, or on inputs of size
0 to 1 only, says little about other inputs: a warning quotes its
per-case score, as the table prints it. A function without arguments gets
no such warning.
Implications (FitSpec): "A kills every mutant B kills" when the mutants
B kills are among those A kills; equivalent tests kill the same mutants.
Each black-box mutant runs every test it infects, so these kill sets are
complete for the mutants of the run.`

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
	// Sample: a per-case sample, whose tests ran their first case only
	// (PerTest and PerTestTTF say what it did): it counts in the
	// per-case score, not in the classic kill rate.
	Sample bool
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
	// NoArgs is set for a function without arguments (no receiver, no
	// parameters): its one input is no narrow data coverage.
	NoArgs  bool `json:",omitempty"`
	Mutants []StrengthMutant
	Callers map[string]*DataCoverage
}

// StrengthRow is one (function, test) row of the Strength report.
type StrengthRow struct {
	Package  string `json:"package"`
	Function string `json:"function"`
	Test     string `json:"test"`
	// Mutants is the number of the function's black-box mutants that
	// were scored (not-viable and unfinished ones, and per-case samples,
	// left out); Killed those the test killed, failed, timed out or
	// crashed against.
	Mutants int `json:"mutants"`
	Killed  int `json:"killed"`
	// KilledPct is 100*Killed/Mutants, CI95 its 95% Wilson interval in
	// percent; null without mutants.
	KilledPct *float64    `json:"killedPct"`
	CI95      *[2]float64 `json:"ci95"`
	// PerCaseMutants is the number of mutants of the per-case score:
	// Mutants and the per-case samples, less those whose test failed on
	// the original at the mutant's seed (OriginalFails); PerCase those
	// the test detected at its first generated case (PerTestTTF 1).
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
	// NoArgs is set when the function has no arguments: Data then says
	// nothing, and no warning is given.
	NoArgs bool `json:"noArgs,omitempty"`
	// Warning is set when the test detects a mutant (HighStrength) of a
	// function with arguments and its score rests on few distinct inputs
	// (FewInputs: fewer than MinDistinct) or on small ones only
	// (SmallInputs: every call of a size of at most SmallInputSize, the
	// insert study's warning).
	Warning     string `json:"warning,omitempty"`
	FewInputs   bool   `json:"fewInputs,omitempty"`
	SmallInputs bool   `json:"smallInputs,omitempty"`
}

// Strength is the strength and data coverage of every (function, test)
// pair of a run with black-box mutants, by package, function and test,
// and the implications between the tests of each function.
type Strength struct {
	// SmallInputSize, MinDistinct and HighStrength are the warnings'
	// thresholds.
	SmallInputSize uint64        `json:"smallInputSize"`
	MinDistinct    int           `json:"minDistinct"`
	HighStrength   float64       `json:"highStrength"`
	Rows           []StrengthRow `json:"rows"`
	// Implications are FitSpec's, between the tests of each function
	// (StrengthImplication), by package and function.
	Implications []StrengthImplication `json:"implications"`
}

// SummarizeStrength computes the Strength of funcs: a row per function
// and test that calls it (Callers) or ran against one of its mutants,
// sorted by package and function, then ranked by per-case score (highest
// first), then by killed %, distinct inputs and greatest size
// (rankedBefore); and the implications between the tests of each
// function (implications). A test that failed on the original at a
// mutant's seed does not kill that mutant, and the mutant is left out of
// the test's per-case score.
func SummarizeStrength(funcs []StrengthFunc) Strength {
	s := Strength{SmallInputSize: SmallInputSize, MinDistinct: MinDistinct, HighStrength: HighStrength,
		Rows: []StrengthRow{}, Implications: []StrengthImplication{}}
	for _, f := range funcs {
		tests := map[string]bool{}
		for t := range f.Callers {
			tests[t] = true
		}
		var scoredMuts []StrengthMutant
		for _, m := range f.Mutants {
			if !scoredOutcome(m.Outcome) {
				continue
			}
			scoredMuts = append(scoredMuts, m)
			for t := range m.PerTest {
				tests[t] = true
			}
		}
		// The classic kill rate and the implications count the mutants
		// that ran every test to its budget, not the per-case samples.
		scored := 0
		for _, m := range scoredMuts {
			if !m.Sample {
				scored++
			}
		}
		var rows []StrengthRow
		kills := map[string][]bool{}
		for t := range tests {
			row := StrengthRow{Package: f.Package, Function: f.Function, Test: t, Mutants: scored, Data: f.Callers[t], NoArgs: f.NoArgs}
			killed := make([]bool, 0, scored)
			for _, m := range scoredMuts {
				if !m.Sample {
					killed = append(killed, false)
				}
				if slices.Contains(m.OriginalFails, t) {
					row.OriginalFails = append(row.OriginalFails, fmt.Sprintf("seed %d (%s)", m.Seed, m.ID))
					continue
				}
				row.PerCaseMutants++
				if detects(m.PerTest[t]) {
					if !m.Sample {
						row.Killed++
						killed[len(killed)-1] = true
					}
					if m.PerTestTTF[t] == 1 {
						row.PerCase++
					}
				}
			}
			kills[t] = killed
			if row.PerCaseMutants > 0 {
				p := stats.Wilson(row.PerCase, row.PerCaseMutants)
				pct := 100 * p.P
				row.PerCasePct, row.PerCaseCI95 = &pct, &[2]float64{100 * p.Low, 100 * p.High}
			}
			if scored > 0 {
				p := stats.Wilson(row.Killed, scored)
				pct := 100 * p.P
				row.KilledPct, row.CI95 = &pct, &[2]float64{100 * p.Low, 100 * p.High}
				if p.P > HighStrength {
					row.Warning, row.FewInputs, row.SmallInputs = dataWarning(f.Function, row.Data, f.NoArgs)
				}
			}
			rows = append(rows, row)
		}
		sort.Slice(rows, func(i, j int) bool { return rankedBefore(rows[i], rows[j]) })
		s.Rows = append(s.Rows, rows...)
		s.Implications = append(s.Implications, implications(f, rows, kills, scored)...)
	}
	sort.SliceStable(s.Rows, func(i, j int) bool {
		a, b := s.Rows[i], s.Rows[j]
		if a.Package != b.Package {
			return a.Package < b.Package
		}
		return a.Function < b.Function
	})
	sort.SliceStable(s.Implications, func(i, j int) bool {
		a, b := s.Implications[i], s.Implications[j]
		if a.Package != b.Package {
			return a.Package < b.Package
		}
		return a.Function < b.Function
	})
	return s
}

// rankedBefore orders two rows of one function: the higher per-case score
// first; on a tie, the higher killed % (the classic kill rate), then the
// more distinct inputs, then the greater largest size (unknown data
// last), then the test's name. A test on a tiny input set thus never
// outranks a broad one it ties with.
func rankedBefore(a, b StrengthRow) bool {
	if pa, pb := pctOr(a.PerCasePct), pctOr(b.PerCasePct); pa != pb {
		return pa > pb
	}
	if ka, kb := pctOr(a.KilledPct), pctOr(b.KilledPct); ka != kb {
		return ka > kb
	}
	da, db := distinctOr(a.Data), distinctOr(b.Data)
	if da != db {
		return da > db
	}
	if a.Data != nil && b.Data != nil && a.Data.MaxSize != b.Data.MaxSize {
		return a.Data.MaxSize > b.Data.MaxSize
	}
	return a.Test < b.Test
}

// distinctOr is d's distinct inputs, or -1 when unknown.
func distinctOr(d *DataCoverage) int {
	if d == nil {
		return -1
	}
	return d.Distinct
}

// dataWarning is the warning of a test that detects mutants of fn with
// data coverage d: set when the score rests on fewer than MinDistinct
// distinct inputs (few) or on inputs of size at most SmallInputSize only
// (small); never for a function without arguments (noArgs) or unknown
// data.
func dataWarning(fn string, d *DataCoverage, noArgs bool) (warning string, few, small bool) {
	if d == nil || noArgs {
		return "", false, false
	}
	few = !d.DistinctAtLeast && d.Distinct < MinDistinct
	small = d.MaxSize <= SmallInputSize
	switch {
	case few && small:
		warning = fmt.Sprintf("calls %s on only %s, of size <= %d: a score resting on so few inputs says little about the others", fn, distinctText(*d), d.MaxSize)
	case few:
		warning = fmt.Sprintf("calls %s on only %s (sizes %d..%d): a score resting on so few inputs says little about the others", fn, distinctText(*d), d.MinSize, d.MaxSize)
	case small:
		warning = fmt.Sprintf("calls %s only on inputs of size <= %d (%s): a score here says nothing about larger inputs", fn, d.MaxSize, distinctText(*d))
	}
	return warning, few, small
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
func dataText(d *DataCoverage, noArgs bool) string {
	switch {
	case noArgs:
		return "no arguments"
	case d == nil:
		return "unknown"
	}
	return fmt.Sprintf("%s, sizes %d..%d", distinctText(*d), d.MinSize, d.MaxSize)
}

// PctInterval formats a percentage p and its interval ci, both in
// percent, as "P% [L, H]": the point with one decimal, the bounds with
// none, or with as many more decimals (up to 3) as it takes for a bound
// that differs from the point to read differently from it, and for a
// point that is not 0 or 100 to read as neither. So 1000/1000 reads
// "100.0% [99.6, 100]", never "[100, 100]". Trailing zeros of a bound are
// dropped.
func PctInterval(p float64, ci [2]float64) string {
	const eps = 1e-9
	d := 0
	for ; d < 3; d++ {
		pd := max(1, d)
		ok := true
		for _, b := range ci {
			if math.Abs(b-p) > eps && fixedN(b, d) == fixedN(p, d) {
				ok = false
			}
		}
		for _, edge := range []float64{0, 100} {
			if math.Abs(p-edge) > eps && fixedN(p, pd) == fixedN(edge, pd) {
				ok = false
			}
		}
		if ok {
			break
		}
	}
	return fmt.Sprintf("%s%% [%s, %s]", fixedN(p, max(1, d)), trimZeros(fixedN(ci[0], d)), trimZeros(fixedN(ci[1], d)))
}

// fixedN formats x with d decimals.
func fixedN(x float64, d int) string { return strconv.FormatFloat(x, 'f', d, 64) }

// trimZeros drops the trailing zeros of a decimal fraction, and its
// point when nothing follows: "100.0" is "100", "99.60" "99.6".
func trimZeros(s string) string {
	if !strings.Contains(s, ".") {
		return s
	}
	s = strings.TrimRight(s, "0")
	s = strings.TrimSuffix(s, ".")
	if s == "-0" {
		return "0"
	}
	return s
}

// perCaseText is a row's per-case cell, as the table and its warning
// print it.
func perCaseText(r StrengthRow) string {
	if r.PerCasePct == nil {
		return "-"
	}
	return PctInterval(*r.PerCasePct, *r.PerCaseCI95)
}

// StrengthTables renders the Strength: per package, a table of its
// functions and the tests that call them, with the per-case and killed %
// of the function's black-box mutants and their intervals, beside the
// data coverage, the warnings following as notes; then the table of the
// implications between the tests of each function (ImplicationsTable),
// when there are any.
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
			pct := "-"
			if r.KilledPct != nil {
				pct = PctInterval(*r.KilledPct, *r.CI95)
			}
			t.Rows = append(t.Rows, []string{r.Function, r.Test, perCaseText(r), fmt.Sprintf("%d/%d", r.Killed, r.Mutants), pct, dataText(r.Data, r.NoArgs)})
			if r.Warning != "" {
				warnings = append(warnings, fmt.Sprintf("%s: per-case %s against %s, but it %s.", r.Test, perCaseText(r), r.Function, r.Warning))
			}
			if n := len(r.OriginalFails); n > 0 {
				fails = append(fails, fmt.Sprintf("%s fails on the original with %s: not a kill, left out of its per-case score of %s.",
					r.Test, firstFew(r.OriginalFails, 3), r.Function))
			}
		}
		t.Notes = append(t.Notes,
			"per-case: the share of the function's black-box mutants the test detects at its first generated case, each mutant with its own seed (Duregård's per-test-case score; rows ranked by it, ties by killed %, distinct inputs, then sizes); killed: those it fails, times out or crashes against over all its cases (the classic kill rate)",
			"data coverage: the distinct arguments the test passed the function and their sizes, on the original (a separate axis); a size adds up a call's lengths and its numbers' bit lengths",
			"figures of data coverage from 16 up are recorded at each doubling: the true ones are less than twice the distinct inputs and the greatest size shown")
		if len(warnings) > 0 {
			t.Notes = append(t.Notes, fmt.Sprintf("data coverage warnings (a separate axis from strength; fewer than %d distinct inputs, or sizes <= %d only):", MinDistinct, SmallInputSize))
			t.Notes = append(t.Notes, warnings...)
		}
		if len(fails) > 0 {
			t.Notes = append(t.Notes, "tests that fail without a mutant at some mutants' seeds (they pass with the run's --seed):")
			t.Notes = append(t.Notes, fails...)
		}
		out = append(out, t)
		if it, ok := ImplicationsTable(s, pkg); ok {
			out = append(out, it)
		}
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
