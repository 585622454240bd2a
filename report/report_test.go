package report

import (
	"bytes"
	"crypto/sha256"
	"encoding/csv"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/mutprop/mutprop/outcome"
)

func TestSchemaStatusMapsEveryOutcome(t *testing.T) {
	t.Parallel()
	want := map[outcome.Outcome]string{
		outcome.Killed: "Killed", outcome.Survived: "Survived", outcome.NoCoverage: "NoCoverage", outcome.NotViable: "CompileError",
		outcome.Crashed: "RuntimeError", outcome.Timeout: "Timeout", outcome.Ignored: "Ignored", outcome.GaveUp: "Survived", "": "Pending",
	}
	for s, w := range want {
		if got := schemaStatus(s); got != w {
			t.Errorf("schemaStatus(%q) = %q, want %q", s, got, w)
		}
	}
}

func TestJSONPlacesMutantsInTheirFilesWithClampedLocations(t *testing.T) {
	t.Parallel()
	b, err := JSON(sampleRun())
	if err != nil {
		t.Fatal(err)
	}
	var rep struct {
		Files map[string]struct {
			Mutants []struct {
				ID       string
				Status   string
				Location struct{ Start, End struct{ Line, Column int } }
			}
		}
		TestFiles map[string]struct{ Tests []struct{ ID string } }
	}
	if err := json.Unmarshal(b, &rep); err != nil {
		t.Fatal(err)
	}
	if n := len(rep.Files["bst.go"].Mutants); n != 7 {
		t.Errorf("bst.go has %d mutants, want 7", n)
	}
	if n := len(rep.Files["(black-box)"].Mutants); n != 1 {
		t.Errorf("the black-box file has %d mutants, want 1", n)
	}
	for _, m := range rep.Files["bst.go"].Mutants {
		if m.ID == "operator:4" {
			// No end given: the end of line 11, "\t\tt.Right = Insert(k, t.Right)" (30 bytes).
			if m.Location.End.Line != 11 || m.Location.End.Column != 31 {
				t.Errorf("operator:4 ends at %+v, want line 11 column 31", m.Location.End)
			}
		}
	}
	if n := len(rep.TestFiles["bst_test.go"].Tests); n != 3 {
		t.Errorf("testFiles has %d tests, want 3", n)
	}
}

func TestJSONRejectsDuplicateIDsAndUnknownFiles(t *testing.T) {
	t.Parallel()
	r := sampleRun()
	r.Mutants = append(r.Mutants, r.Mutants[0])
	if _, err := JSON(r); err == nil || !strings.Contains(err.Error(), "duplicate") {
		t.Errorf("duplicate ID: err = %v", err)
	}
	r = sampleRun()
	r.Mutants[0].File = "missing.go"
	if _, err := JSON(r); err == nil || !strings.Contains(err.Error(), "missing.go") {
		t.Errorf("unknown file: err = %v", err)
	}
}

func TestKillMatrixMarksKillsOverCoverage(t *testing.T) {
	t.Parallel()
	km := KillMatrixOf(sampleRun())
	if len(km.Tests) != 3 || len(km.Mutants) != 8 {
		t.Fatalf("matrix is %dx%d, want 3x8", len(km.Tests), len(km.Mutants))
	}
	// prop_InsertValid (row 0) killed operator:1 (column 0) and covered operator:2.
	if km.Cells[0][0] != KilledHere || km.Cells[0][1] != Covered || km.Cells[0][3] != NotCovered {
		t.Errorf("row prop_InsertValid = %v", km.Cells[0])
	}
}

func TestScoreCountsDetectedOverValidMutants(t *testing.T) {
	t.Parallel()
	s := ScoreOf(sampleRun().Mutants)
	if s.Detected != 4 || s.Valid != 7 || s.Total != 8 {
		t.Errorf("score = %+v, want 4 detected of 7 valid, 8 in all", s)
	}
}

func TestCSVQuotesCellsWithCommasAndQuotes(t *testing.T) {
	t.Parallel()
	tb := Table{Header: []string{"a", "b"}, Rows: [][]string{{`x, "y"`, "z"}, {"short"}}}
	b, err := tb.csv()
	if err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(bytes.NewReader(b)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 3 || recs[1][0] != `x, "y"` || len(recs[2]) != 2 {
		t.Errorf("csv round trip = %q", recs)
	}
}

func TestMarkdownEscapesPipes(t *testing.T) {
	t.Parallel()
	md := string(Table{Header: []string{"h"}, Rows: [][]string{{"a|b"}}}.markdown())
	if !strings.Contains(md, `a\|b`) {
		t.Errorf("markdown = %q", md)
	}
}

func TestWriteRejectsAnUnknownFormat(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	if err := Write(&buf, "xml", Table{}); err == nil {
		t.Error("want an error for format xml")
	}
}

func TestSummarizeGeneratorsCountsEtnaBuckets(t *testing.T) {
	t.Parallel()
	e := Experiment{Cells: []Cell{
		{Mutant: "b1", Property: "p", Generator: "g", Fails: true, Counts: []int{5, 7}, Seconds: []float64{0.5, 0.5}},
		{Mutant: "b2", Property: "p", Generator: "g", Fails: true, Counts: []int{500}, Seconds: []float64{20}},
		{Mutant: "b3", Property: "p", Generator: "g"},
	}}
	s := summarizeGenerators(e)
	if len(s) != 1 {
		t.Fatalf("got %d summaries", len(s))
	}
	g := s[0]
	if g.Tasks != 3 || g.Solved != 2 || g.MeanOfMeans != 253 {
		t.Errorf("summary = %+v, want 3 tasks, 2 solved, mean of means 253", g)
	}
	if want := []int{1, 1, 2, 2}; !equalInts(g.WithinTests, want) {
		t.Errorf("within tests = %v, want %v", g.WithinTests, want)
	}
	if want := []int{0, 1, 1, 2}; !equalInts(g.WithinSeconds, want) {
		t.Errorf("within seconds = %v, want %v", g.WithinSeconds, want)
	}
}

func TestChartsRejectMismatchedSeries(t *testing.T) {
	t.Parallel()
	bad := []chart{
		&barChart{Title: "t", Categories: []string{"a", "b"}, Series: []barSeries{{Name: "s", Values: []float64{1}}}},
		&histogram{Title: "empty"},
		&lineChart{Title: "l", Series: []lineSeries{{Name: "s", X: []float64{1, 2}, Y: []float64{1}}}},
	}
	for _, c := range bad {
		if _, err := plotSVG(c); err == nil {
			t.Errorf("%T: want an error", c)
		}
	}
}

func TestHTMLInlinesTheViewerAndTheRunsSchemaJSON(t *testing.T) {
	t.Parallel()
	r := sampleRun()
	b, err := HTML(Page{Run: &r})
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	if n := strings.Count(s, "<mutation-test-report-app "); n != 1 {
		t.Errorf("%d viewer elements, want 1", n)
	}
	if !strings.Contains(s, `data-mutant-count="8"`) {
		t.Error("body does not declare data-mutant-count=\"8\"")
	}
	if !strings.Contains(s, elementsBundle) {
		t.Error("the page does not inline the viewer's bundle unchanged")
	}
	if strings.Contains(s, `<details class="mutant`) {
		t.Error("the page still lists every mutant inline")
	}
	// The inline JSON is the run's schema JSON.
	want, err := JSON(r)
	if err != nil {
		t.Fatal(err)
	}
	if got := inlineReport(t, b); !jsonEqual(t, got, want) {
		t.Errorf("the inline report differs from JSON(run):\n%s", got)
	}
	// Nothing outside the viewer's bundle names a URL (the bundle holds
	// the SVG namespace and links the viewer shows; the browser test
	// checks that the page loads nothing).
	rest := strings.Replace(s, elementsBundle, "", 1)
	if strings.Contains(rest, "http://") || strings.Contains(rest, "https://") {
		t.Error("the page refers to an external resource")
	}
	if strings.Contains(s, "&Tree{") || !strings.Contains(s, `\u0026Tree{`) {
		t.Error("the inline JSON does not escape the source's & (and <, >) for HTML")
	}
}

func TestHTMLKeepsHostileSourceInsideItsScriptElements(t *testing.T) {
	t.Parallel()
	r := sampleRun()
	hostile := "// </script><script>alert(1)</script> <!-- <script> </SCRIPT \u2028\n"
	r.Files[0].Source += hostile
	r.Mutants[0].Description = "</script><img src=x onerror=alert(1)>"
	b, err := HTML(Page{Run: &r})
	if err != nil {
		t.Fatal(err)
	}
	// Three script elements: the JSON, the bundle, the page's own.
	if n := len(regexp.MustCompile(`(?i)</script`).FindAllIndex(b, -1)); n != 3 {
		t.Errorf("%d </script sequences, want 3 (one per script element)", n)
	}
	if n := len(regexp.MustCompile(`(?i)<script`).FindAllIndex(b, -1)); n != 3 {
		t.Errorf("%d <script sequences, want 3", n)
	}
	if bytes.Contains(bytes.Replace(b, []byte(elementsBundle), nil, 1), []byte("<!--")) {
		t.Error("the page holds <!-- outside the viewer's bundle")
	}
	want, err := JSON(r)
	if err != nil {
		t.Fatal(err)
	}
	if got := inlineReport(t, b); !jsonEqual(t, got, want) {
		t.Error("the inline report does not decode to JSON(run)")
	}
}

func TestHTMLOfAnExperimentAloneHasNoViewer(t *testing.T) {
	t.Parallel()
	e := sampleExperiment()
	b, err := HTML(Page{Experiment: &e})
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(b, []byte("<mutation-test-report-app")) || bytes.Contains(b, []byte("MutationTestElements")) {
		t.Error("a page without a run inlines the viewer")
	}
	if !bytes.Contains(b, []byte(`id="experiment"`)) {
		t.Error("the experiment section is missing")
	}
}

func TestEscapeScriptText(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		``:                           ``,
		`a < b && c</d`:              `a < b && c</d`,
		`s = "</script>"`:            `s = "<\/script>"`,
		`s = "</SCRIPT "`:            `s = "<\/SCRIPT "`,
		`/<script\b/i`:               `/<\x73cript\b/i`,
		"`<ScRiPt>`":                 "`<\\x53cRiPt>`",
		`<!-- <script></script> -->`: `<!-- <\x73cript><\/script> -->`,
		"<\u017fcript </\u017fcript": "<\u017fcript </\u017fcript", // U+017F folds to s, but not in HTML
		`end<`:                       `end<`,
		`end</scrip`:                 `end</scrip`,
	} {
		if got := escapeScriptText(in); got != want {
			t.Errorf("escapeScriptText(%q) = %q, want %q", in, got, want)
		}
	}
	// The vendored bundle needs no escaping, so it is inlined byte for
	// byte (raw template strings would otherwise see the backslashes).
	if escapeScriptText(elementsBundle) != elementsBundle {
		t.Error("the viewer's bundle holds <script or </script: check what escapeScriptText changes in it")
	}
}

func TestVendoredBundleMatchesItsChecksum(t *testing.T) {
	t.Parallel()
	sums, err := os.ReadFile(filepath.Join("elements", "SHA256SUMS"))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{}
	for _, l := range strings.Split(strings.TrimSpace(string(sums)), "\n") {
		f := strings.Fields(l)
		if len(f) != 2 {
			t.Fatalf("SHA256SUMS line %q", l)
		}
		want[f[1]] = f[0]
	}
	sum := sha256.Sum256([]byte(elementsBundle))
	if got := hex.EncodeToString(sum[:]); got != want["mutation-test-elements.js"] {
		t.Errorf("the embedded bundle's sha256 is %s, SHA256SUMS says %s (run report/elements/fetch.sh)", got, want["mutation-test-elements.js"])
	}
	if elementsVersion != "3.9.0" {
		t.Errorf("elements/VERSION is %q; update this test, the doc comments and the report after a deliberate upgrade", elementsVersion)
	}
}

// inlineReport returns the JSON of the page's report script element.
func inlineReport(t *testing.T, page []byte) []byte {
	t.Helper()
	m := regexp.MustCompile(`(?s)<script type="application/json" id="mutprop-report">(.*?)</script>`).FindSubmatch(page)
	if m == nil {
		t.Fatal("the page has no inline report")
	}
	return m[1]
}

func jsonEqual(t *testing.T, a, b []byte) bool {
	t.Helper()
	var x, y any
	if err := json.Unmarshal(a, &x); err != nil {
		t.Fatalf("inline report: %v", err)
	}
	if err := json.Unmarshal(b, &y); err != nil {
		t.Fatal(err)
	}
	return reflect.DeepEqual(x, y)
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
