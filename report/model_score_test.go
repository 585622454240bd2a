package report

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mutprop/mutprop/outcome"
)

func TestScoreCountsEveryStatusAndExcludesTheInvalid(t *testing.T) {
	t.Parallel()
	var ms []Mutant
	for _, s := range []outcome.Outcome{outcome.Killed, outcome.Killed, outcome.Crashed, outcome.Timeout, outcome.Survived, outcome.NoCoverage, outcome.GaveUp, outcome.NotViable, outcome.Ignored, ""} {
		ms = append(ms, Mutant{Status: s})
	}
	s := ScoreOf(ms)
	if s.Total != 10 || s.Detected != 4 || s.Valid != 7 || s.Counts[outcome.Killed] != 2 || s.Counts[""] != 1 {
		t.Fatalf("score %+v, want 4 detected of 7 valid (not-viable, ignored and unset excluded), 10 in all", s)
	}
	if want := 100 * 4.0 / 7; s.Percent != want {
		t.Errorf("percent %v, want %v", s.Percent, want)
	}
	if z := ScoreOf([]Mutant{{Status: outcome.NotViable}}); z.Valid != 0 || z.Percent != 0 {
		t.Errorf("no valid mutant: %+v, want 0%%", z)
	}
	for s, want := range map[outcome.Outcome]bool{outcome.Killed: true, outcome.Crashed: true, outcome.Timeout: true, outcome.Survived: false, outcome.NoCoverage: false, outcome.GaveUp: false} {
		if s.Detected() != want || !s.Valid() {
			t.Errorf("%s: Detected %v Valid %v", s, s.Detected(), s.Valid())
		}
	}
}

func TestKillMatrixListsTestsInRunOrderThenFirstMention(t *testing.T) {
	t.Parallel()
	r := Run{
		Tests: []Test{{ID: "T2"}, {ID: "T1"}},
		Mutants: []Mutant{
			{ID: "m1", KilledBy: []string{"K"}, CoveredBy: []string{"C", "T1"}},
			{ID: "m2", CoveredBy: []string{"T2", "C2"}},
			{ID: "m3"},
		},
	}
	km := KillMatrixOf(r)
	if want := []string{"T2", "T1", "K", "C", "C2"}; !slices.Equal(km.Tests, want) {
		t.Fatalf("tests %v, want %v", km.Tests, want)
	}
	if want := []string{"m1", "m2", "m3"}; !slices.Equal(km.Mutants, want) {
		t.Fatalf("mutants %v, want %v", km.Mutants, want)
	}
	want := [][]KillCell{
		{NotCovered, Covered, NotCovered},    // T2
		{Covered, NotCovered, NotCovered},    // T1
		{KilledHere, NotCovered, NotCovered}, // K
		{Covered, NotCovered, NotCovered},    // C
		{NotCovered, Covered, NotCovered},    // C2
	}
	for i := range want {
		if !slices.Equal(km.Cells[i], want[i]) {
			t.Errorf("row %s = %v, want %v", km.Tests[i], km.Cells[i], want[i])
		}
	}
}

func TestSummarizeGeneratorsBucketsAreInclusiveAndTimeIsOptional(t *testing.T) {
	t.Parallel()
	e := Experiment{Cells: []Cell{
		{Mutant: "a", Property: "p", Generator: "g", Fails: true, Counts: []int{10}},
		{Mutant: "b", Property: "p", Generator: "g", Fails: true, Counts: []int{100, 100}},
		{Mutant: "c", Property: "p", Generator: "g", Fails: true},      // fails, no count: unsolved
		{Mutant: "d", Property: "p", Generator: "g", Counts: []int{1}}, // does not fail: unsolved
		{Mutant: "a", Property: "p", Generator: "h", Fails: true, Counts: []int{20000}},
	}}
	got := summarizeGenerators(e)
	if len(got) != 2 || got[0].Generator != "g" || got[1].Generator != "h" {
		t.Fatalf("summaries %+v, want g then h", got)
	}
	g := got[0]
	if g.Tasks != 4 || g.Solved != 2 || g.MeanOfMeans != 55 || !slices.Equal(g.WithinTests, []int{1, 2, 2, 2}) {
		t.Errorf("g: %+v, want 4 tasks, 2 solved, mean 55, within [1 2 2 2] (10 <= 10, 100 <= 100)", g)
	}
	if g.WithinSeconds != nil {
		t.Errorf("no cell has seconds, yet WithinSeconds = %v", g.WithinSeconds)
	}
	if h := got[1]; h.Solved != 1 || !slices.Equal(h.WithinTests, []int{0, 0, 0, 0}) || h.MeanOfMeans != 20000 {
		t.Errorf("h: %+v, want one solved task beyond every bucket", h)
	}
	// One cell with seconds turns the time buckets on for every generator;
	// cells without seconds count in none of them.
	e.Cells[0].Seconds = []float64{0.1}
	e.Cells[1].Seconds = []float64{60, 60}
	got = summarizeGenerators(e)
	if !slices.Equal(got[0].WithinSeconds, []int{1, 1, 1, 2}) || !slices.Equal(got[1].WithinSeconds, []int{0, 0, 0, 0}) {
		t.Errorf("within seconds g %v, h %v; want [1 1 1 2] and zeros", got[0].WithinSeconds, got[1].WithinSeconds)
	}
	if unsolved := summarizeGenerators(Experiment{Cells: []Cell{{Generator: "x"}}}); unsolved[0].MeanOfMeans != 0 || unsolved[0].Solved != 0 {
		t.Errorf("nothing solved: %+v", unsolved[0])
	}
}

func TestSummarizedKeepsGivenSummariesAndDoesNotTouchTheInput(t *testing.T) {
	t.Parallel()
	e := Experiment{Cells: []Cell{
		{Mutant: "a", Counts: []int{2, 4}},
		{Mutant: "b", Counts: []int{2, 4}},
	}}
	e.Cells[1].Summary.N, e.Cells[1].Summary.Mean = 9, 99 // given: kept
	s := e.summarized()
	if s.Cells[0].Summary.N != 2 || s.Cells[0].Summary.Mean != 3 {
		t.Errorf("computed summary %+v, want n 2 mean 3", s.Cells[0].Summary)
	}
	if s.Cells[1].Summary.N != 9 || s.Cells[1].Summary.Mean != 99 {
		t.Errorf("a given summary was replaced: %+v", s.Cells[1].Summary)
	}
	if e.Cells[0].Summary.N != 0 {
		t.Errorf("summarized wrote into its receiver's cells")
	}
	if got := (Cell{Mutant: "m", Property: "p"}).task(); got != "m/p" {
		t.Errorf("task = %q, want m/p", got)
	}
}

func TestCountsByGeneratorKeepsOnlyFailingCellsWithCounts(t *testing.T) {
	t.Parallel()
	e := Experiment{Cells: []Cell{
		{Mutant: "a", Property: "p", Generator: "g", Fails: true, Counts: []int{3, 4}},
		{Mutant: "b", Property: "p", Generator: "g", Counts: []int{1}},
		{Mutant: "c", Property: "p", Generator: "g", Fails: true},
		{Mutant: "a", Property: "p", Generator: "never"},
	}}
	got := countsByGenerator(e)
	if len(got) != 2 || len(got["g"]) != 1 || !slices.Equal(got["g"]["a/p"], []float64{3, 4}) {
		t.Errorf("counts %v, want g: {a/p: [3 4]}", got)
	}
	if m, ok := got["never"]; !ok || len(m) != 0 {
		t.Errorf("a generator that never fails must be present with no task: %v", got)
	}
}

// schemaMutantOf renders one mutant through JSON and decodes it back.
func schemaMutantOf(t *testing.T, m Mutant, source string) map[string]any {
	t.Helper()
	r := Run{Name: "x", Files: []File{{Path: "f.go", Source: source}}, Mutants: []Mutant{m}}
	b, err := JSON(r)
	if err != nil {
		t.Fatal(err)
	}
	var rep struct {
		Files map[string]struct{ Mutants []map[string]any }
	}
	if err := json.Unmarshal(b, &rep); err != nil {
		t.Fatal(err)
	}
	path := m.File
	if path == "" {
		path = blackboxFile
	}
	return rep.Files[path].Mutants[0]
}

func TestJSONMutantFieldsFallBackSensibly(t *testing.T) {
	t.Parallel()
	src := "package f\nfunc F() {}\n"
	cases := []struct {
		m    Mutant
		key  string
		want any
	}{
		{Mutant{ID: "a", File: "f.go", Origin: "named"}, "mutatorName", "named"},
		{Mutant{ID: "a", File: "f.go"}, "mutatorName", "mutant"},
		{Mutant{ID: "a", File: "f.go", Operator: "arith", Origin: "operator"}, "mutatorName", "arith"},
		{Mutant{ID: "a", File: "f.go", Status: outcome.GaveUp}, "statusReason", "gave up: too many discarded inputs"},
		{Mutant{ID: "a", File: "f.go", Status: outcome.GaveUp, StatusReason: "why"}, "statusReason", "why"},
		{Mutant{ID: "a", File: "f.go", Duration: 1500 * time.Microsecond}, "duration", 1.5},
		{Mutant{ID: "a", File: "f.go", CoveredBy: []string{"T"}}, "testsCompleted", 0.0},
		{Mutant{ID: "a", File: "f.go", TestsCompleted: 3}, "testsCompleted", 3.0},
	}
	for _, c := range cases {
		got := schemaMutantOf(t, c.m, src)
		if got[c.key] != c.want {
			t.Errorf("%+v: %s = %v, want %v", c.m, c.key, got[c.key], c.want)
		}
	}
	bare := schemaMutantOf(t, Mutant{ID: "a", File: "f.go"}, src)
	for _, k := range []string{"testsCompleted", "duration"} {
		if _, ok := bare[k]; ok {
			t.Errorf("a mutant that never ran has %s = %v, want it omitted", k, bare[k])
		}
	}
}

func TestJSONLocationsAreClampedAndEndAfterTheStart(t *testing.T) {
	t.Parallel()
	src := "package f\nfunc F() { return }\n"
	loc := func(m Mutant) string {
		l := schemaMutantOf(t, m, src)["location"].(map[string]any)
		s, e := l["start"].(map[string]any), l["end"].(map[string]any)
		return strings.Join([]string{fmtNum(s["line"]), fmtNum(s["column"]), fmtNum(e["line"]), fmtNum(e["column"])}, ",")
	}
	cases := []struct {
		m    Mutant
		want string
	}{
		{Mutant{ID: "a", File: "f.go", Line: 2, Col: 6}, "2,6,2,20"},                         // end of line 2
		{Mutant{ID: "a", File: "f.go", Line: 9, Col: 3}, "9,3,9,3"},                          // no such line: end column 1, clamped to the start
		{Mutant{ID: "a", File: "f.go", Line: 2, Col: 6, EndLine: 1, EndCol: 4}, "2,6,2,6"},   // an end before the start
		{Mutant{ID: "a", File: "f.go", Line: 2, Col: 6, EndLine: 3, EndCol: 0}, "2,6,3,1"},   // column clamped to 1
		{Mutant{ID: "a", File: "f.go", Line: 0, Col: 0, EndLine: 2, EndCol: 5}, "1,1,2,5"},   // start clamped to 1:1
		{Mutant{ID: "a", File: "f.go", Line: 2, Col: 6, EndLine: 2, EndCol: 12}, "2,6,2,12"}, // given and valid
	}
	for _, c := range cases {
		if got := loc(c.m); got != c.want {
			t.Errorf("%d:%d-%d:%d: location %s, want %s", c.m.Line, c.m.Col, c.m.EndLine, c.m.EndCol, got, c.want)
		}
	}
}

func fmtNum(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func TestJSONValidatesThresholdsAndMutantIDs(t *testing.T) {
	t.Parallel()
	for _, th := range []Thresholds{{High: 101, Low: 60}, {High: 50, Low: -1}, {High: 50, Low: 60}} {
		if _, err := JSON(Run{Name: "x", Thresholds: th}); err == nil || !strings.Contains(err.Error(), "want 0 <= low <= high <= 100") {
			t.Errorf("thresholds %+v: error %v", th, err)
		}
	}
	for _, th := range []Thresholds{{High: 100, Low: 0}, {High: 50, Low: 50}, {High: 0, Low: 0}} {
		b, err := JSON(Run{Name: "x", Thresholds: th})
		if err != nil {
			t.Errorf("thresholds %+v: %v", th, err)
			continue
		}
		var rep struct{ Thresholds struct{ High, Low int } }
		if err := json.Unmarshal(b, &rep); err != nil {
			t.Fatal(err)
		}
		want := th
		if th == (Thresholds{}) {
			want = Thresholds{High: 80, Low: 60}
		}
		if rep.Thresholds.High != want.High || rep.Thresholds.Low != want.Low {
			t.Errorf("thresholds %+v written as %+v, want %+v", th, rep.Thresholds, want)
		}
	}
	if _, err := JSON(Run{Name: "x", Mutants: []Mutant{{File: "f.go", Line: 3, Col: 4}}}); err == nil || !strings.Contains(err.Error(), "has no ID") {
		t.Errorf("a mutant without ID: error %v", err)
	}
	_, err := JSON(Run{Name: "x", Mutants: []Mutant{{ID: "m", File: "g.go"}}})
	if err == nil || !strings.Contains(err.Error(), "mutant m is in g.go, which is not among the run's files") {
		t.Errorf("a mutant in an unknown file: error %v", err)
	}
}

func TestJSONTestFilesNameTestsAndSortThem(t *testing.T) {
	t.Parallel()
	r := Run{Name: "x", Tests: []Test{{ID: "b", File: "t_test.go", Line: 7}, {ID: "a", Name: "Alpha", File: "t_test.go"}, {ID: "c"}}}
	b, err := JSON(r)
	if err != nil {
		t.Fatal(err)
	}
	var rep struct {
		TestFiles map[string]struct {
			Tests []struct {
				ID, Name string
				Location *struct{ Start struct{ Line, Column int } }
			}
		}
	}
	if err := json.Unmarshal(b, &rep); err != nil {
		t.Fatal(err)
	}
	tf := rep.TestFiles["t_test.go"].Tests
	if len(tf) != 2 || tf[0].ID != "a" || tf[0].Name != "Alpha" || tf[1].ID != "b" || tf[1].Name != "b" {
		t.Fatalf("tests of t_test.go %+v, want a (Alpha) then b (named by its ID)", tf)
	}
	if tf[0].Location != nil || tf[1].Location == nil || tf[1].Location.Start.Line != 7 || tf[1].Location.Start.Column != 1 {
		t.Errorf("locations %+v %+v, want none for a and 7:1 for b", tf[0].Location, tf[1].Location)
	}
	if len(rep.TestFiles[""].Tests) != 1 {
		t.Errorf("a test without a file: %+v", rep.TestFiles)
	}
	if b, _ := JSON(Run{Name: "x"}); strings.Contains(string(b), "testFiles") {
		t.Errorf("a run without tests has testFiles")
	}
}
