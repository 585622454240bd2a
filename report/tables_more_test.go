package report

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/stats"
)

func TestStatusTableListsKnownStatusesInOrderThenOthers(t *testing.T) {
	t.Parallel()
	r := Run{Name: "p", Mutants: []Mutant{{Status: outcome.Survived}, {Status: "weird"}, {Status: outcome.Killed}, {Status: "odd"}, {Status: outcome.Killed}}}
	tb := StatusTable(r)
	var col []string
	for _, row := range tb.Rows {
		col = append(col, row[0]+"="+row[1]+"@"+row[2])
	}
	want := []string{"killed=2@40.0%", "survived=1@20.0%", "odd=1@20.0%", "weird=1@20.0%", "total=5@100.0%"}
	if !slices.Equal(col, want) {
		t.Errorf("rows %v, want %v", col, want)
	}
	if len(tb.Notes) != 1 || !strings.HasPrefix(tb.Notes[0], "mutation score: 2/5 = 40.0%") {
		t.Errorf("notes %q", tb.Notes)
	}
	if e := StatusTable(Run{}); e.Rows[0][2] != "-" {
		t.Errorf("an empty run's total share is %q, want -", e.Rows[0][2])
	}
}

func TestLocationsDropWhatIsUnknown(t *testing.T) {
	t.Parallel()
	var got []string
	for _, m := range []Mutant{{ID: "a", File: "f.go", Line: 3, Col: 4}, {ID: "b", File: "f.go", Line: 3}, {ID: "c", File: "f.go"}, {ID: "d"}} {
		got = append(got, location(m))
	}
	if want := []string{"f.go:3:4", "f.go:3", "f.go", "-"}; !slices.Equal(got, want) {
		t.Errorf("locations %v, want %v", got, want)
	}
}

func TestKillRateTableCountsOnlyKillers(t *testing.T) {
	t.Parallel()
	r := Run{Tests: []Test{{ID: "A"}, {ID: "B"}}, Mutants: []Mutant{
		{ID: "1", Status: outcome.Killed, KilledBy: []string{"A"}},
		{ID: "2", Status: outcome.Killed, KilledBy: []string{"A", "B"}},
		{ID: "3", Status: outcome.Survived, CoveredBy: []string{"B"}},
		{ID: "4", Status: outcome.NotViable},
	}}
	tb := KillRateTable(r)
	want := [][]string{{"A", "2", "1", "2", "66.7%"}, {"B", "1", "0", "2", "33.3%"}}
	if len(tb.Rows) != 2 || !slices.Equal(tb.Rows[0], want[0]) || !slices.Equal(tb.Rows[1], want[1]) {
		t.Errorf("rows %v, want %v", tb.Rows, want)
	}
	if !strings.Contains(tb.Notes[0], "over 3 valid mutants") {
		t.Errorf("note %q", tb.Notes[0])
	}
}

func TestCellTableAndBeatsTable(t *testing.T) {
	t.Parallel()
	e := Experiment{Name: "x", Budget: 10000, Cells: []Cell{
		{Mutant: "m", Property: "p", Generator: "g", Fails: true, Counts: []int{2, 4}},
		{Mutant: "m", Property: "p", Generator: "h", Fails: true},
		{Mutant: "m", Property: "p", Generator: "k"},
	}}
	tb := cellTable(e)
	if got := tb.Rows[0]; !slices.Equal(got[3:7], []string{"yes", "2", "3.00", "3.00"}) {
		t.Errorf("failing cell row %v", got)
	}
	for _, row := range tb.Rows[1:] {
		if !slices.Equal(row[3:], []string{"no", "0", "-", "-", "-"}) {
			t.Errorf("unsolved cell row %v", row)
		}
	}
	if len(tb.Notes) != 1 || tb.Notes[0] != "fails = the property failed within 10000 tests" {
		t.Errorf("notes %q", tb.Notes)
	}
	if n := cellTable(Experiment{}).Notes; len(n) != 0 {
		t.Errorf("no budget, notes %q", n)
	}
	b := beatsTable(stats.Beats{Generators: []string{"a", "b"}, Tasks: []string{"t1", "t2", "t3"}, Alpha: 0.05, Wins: [][]int{{0, 2}, {1, 0}}})
	if !slices.Equal(b.Header, []string{"generator", "a", "b"}) || !slices.Equal(b.Rows[0], []string{"a", "-", "2"}) || !slices.Equal(b.Rows[1], []string{"b", "1", "-"}) {
		t.Errorf("beats table %v %v", b.Header, b.Rows)
	}
	if !strings.HasPrefix(b.Notes[0], "3 tasks;") || !strings.HasSuffix(b.Notes[0], "alpha 0.05)") {
		t.Errorf("beats note %q", b.Notes[0])
	}
}

func TestNumberFormats(t *testing.T) {
	t.Parallel()
	for x, want := range map[float64]string{10000: "10,000", 100: "100", 1000000: "1,000,000", 0.1: "0.1", 2.5: "2.5", 999: "999"} {
		if got := num(x); got != want {
			t.Errorf("num(%v) = %q, want %q", x, got, want)
		}
	}
	if got := generatorTable(Experiment{}).Header[4:]; !slices.Equal(got, []string{"<= 10", "<= 100", "<= 1,000", "<= 10,000"}) {
		t.Errorf("generator table buckets %v", got)
	}
	if fixed(2) != "2.00" || percent(1, 3) != "33.3%" || percent(1, 0) != "-" {
		t.Errorf("fixed/percent: %q %q %q", fixed(2), percent(1, 3), percent(1, 0))
	}
}

func TestTablesPadShortRowsAndSeparateTablesInText(t *testing.T) {
	t.Parallel()
	tb := Table{Title: "T", Header: []string{"a"}, Rows: [][]string{{"1", "2", "3"}, {"x"}}}
	md := string(tb.markdown())
	if !strings.Contains(md, "| a |  |  |") || !strings.Contains(md, "| x |  |  |") {
		t.Errorf("markdown does not pad to 3 columns:\n%s", md)
	}
	csvOut, err := tb.csv()
	if err != nil {
		t.Fatal(err)
	}
	if want := "a,,\n1,2,3\nx,,\n"; string(csvOut) != want {
		t.Errorf("csv %q, want %q", csvOut, want)
	}
	noHeader, err := Table{Rows: [][]string{{"r"}}}.csv()
	if err != nil || string(noHeader) != "r\n" {
		t.Errorf("csv without a header %q, %v", noHeader, err)
	}
	var buf bytes.Buffer
	if err := Write(&buf, FormatText, Table{Title: "one", Rows: [][]string{{"1"}}}, Table{Title: "two", Rows: [][]string{{"2"}}}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "+\n\ntwo\n") {
		t.Errorf("two text tables are not separated by a blank line:\n%s", buf.String())
	}
	buf.Reset()
	if err := Write(&buf, FormatCSV, Table{Rows: [][]string{{"1"}}}, Table{Rows: [][]string{{"2"}}}); err != nil || buf.String() != "1\n2\n" {
		t.Errorf("two csv tables %q, %v; want one block", buf.String(), err)
	}
	if err := Write(&buf, "xml", Table{}); err == nil || !strings.Contains(err.Error(), `unknown table format "xml" (want text, markdown or csv)`) {
		t.Errorf("format xml: %v", err)
	}
	text, err := Table{Rows: [][]string{{"only"}}}.text()
	if want := "+------+\n| only |\n+------+\n"; err != nil || string(text) != want {
		t.Errorf("text without a header %q, %v; want %q", text, err, want)
	}
}
