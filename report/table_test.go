package report_test

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/mutprop/mutprop/report"
)

// render writes t in format f and fails the test on an error.
func render(t *testing.T, f report.Format, tb report.Table) string {
	t.Helper()
	var buf bytes.Buffer
	if err := report.Write(&buf, f, tb); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

func TestRightAlignedColumnsPadOnTheLeftInEveryStyle(t *testing.T) {
	t.Parallel()
	for _, style := range []report.Style{report.StyleGrid, report.StylePlain} {
		tb := report.Table{
			Header: []string{"name", "count"},
			Rows:   [][]string{{"a", "1"}, {"b", "12345"}},
			Align:  []report.Align{report.AlignLeft, report.AlignRight},
			Style:  style,
		}
		out := render(t, report.FormatText, tb)
		// "1" ends where "12345" and the header "count" end.
		var one, wide, head int
		for line := range strings.Lines(out) {
			line = strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "|")
			switch {
			case strings.HasPrefix(strings.TrimLeft(line, "| "), "a "):
				one = len(strings.TrimRight(line, " "))
			case strings.HasPrefix(strings.TrimLeft(line, "| "), "b "):
				wide = len(strings.TrimRight(line, " "))
			case strings.HasPrefix(strings.TrimLeft(line, "| "), "name "):
				head = len(strings.TrimRight(line, " "))
			}
		}
		if one == 0 || one != wide || one != head {
			t.Errorf("style %d: the right-aligned column ends at %d, %d and %d (header), want one column edge:\n%s", style, one, wide, head, out)
		}
		if !strings.Contains(out, "    1") {
			t.Errorf("style %d: \"1\" is not padded on the left:\n%s", style, out)
		}
	}
	// Left alignment stays the default: the narrow cell is padded on the right.
	out := render(t, report.FormatText, report.Table{Header: []string{"n"}, Rows: [][]string{{"1"}, {"12345"}}})
	if !strings.Contains(out, "| 1     |") {
		t.Errorf("default alignment is not left:\n%s", out)
	}
}

func TestPlainStyleHasNoBordersRulesOrTrailingBlanks(t *testing.T) {
	t.Parallel()
	tb := report.Table{
		Title:  "Mutants",
		Header: []string{"ID", "LOCATION", "DESCRIPTION"},
		Rows: [][]string{
			{"m1", "a.go:3:4", "x > 0 -> x >= 0"},
			{"m22", "b.go:10:1", ""}, // an empty last cell
			{"m3"},                   // a short row
		},
		Notes: []string{"3 mutants"},
		Style: report.StylePlain,
	}
	out := render(t, report.FormatText, tb)
	want := "Mutants\n" +
		"ID   LOCATION   DESCRIPTION\n" +
		"m1   a.go:3:4   x > 0 -> x >= 0\n" +
		"m22  b.go:10:1\n" +
		"m3\n" +
		"3 mutants\n"
	if out != want {
		t.Errorf("plain table\n%q\nwant\n%q", out, want)
	}
	if strings.ContainsAny(out, "+|") {
		t.Errorf("plain table has grid characters:\n%s", out)
	}
	for line := range strings.Lines(out) {
		if l := strings.TrimSuffix(line, "\n"); l != strings.TrimRight(l, " \t") {
			t.Errorf("trailing blanks in %q", l)
		}
	}
}

func TestPlainStyleRightAlignsNumbers(t *testing.T) {
	t.Parallel()
	out := render(t, report.FormatText, report.Table{
		Header: []string{"v", "1", "2"},
		Rows:   [][]string{{"v1", "7", "-"}, {"v10", "1234", "x"}},
		Align:  []report.Align{report.AlignLeft, report.AlignRight, report.AlignRight},
		Style:  report.StylePlain,
	})
	want := "v       1  2\n" +
		"v1      7  -\n" +
		"v10  1234  x\n"
	if out != want {
		t.Errorf("plain matrix\n%q\nwant\n%q", out, want)
	}
}

func TestMarkdownMarksRightAlignedColumns(t *testing.T) {
	t.Parallel()
	out := render(t, report.FormatMarkdown, report.Table{
		Header: []string{"name", "count", "share"},
		Rows:   [][]string{{"a", "1", "10%"}},
		Align:  []report.Align{report.AlignLeft, report.AlignRight}, // share: left by default
		Style:  report.StylePlain,                                   // Markdown ignores the style
	})
	if !strings.Contains(out, "| name | count | share |\n| --- | ---: | --- |\n| a | 1 | 10% |\n") {
		t.Errorf("markdown alignment row is not | --- | ---: | --- |:\n%s", out)
	}
	csv := render(t, report.FormatCSV, report.Table{Header: []string{"a", "b"}, Rows: [][]string{{"1", "2"}}, Align: []report.Align{report.AlignRight}, Style: report.StylePlain})
	if csv != "a,b\n1,2\n" {
		t.Errorf("csv %q changed with alignment and style", csv)
	}
}

func TestColumnCountMismatchStillRenders(t *testing.T) {
	t.Parallel()
	tb := report.Table{
		Header: []string{"a", "b"},
		Rows:   [][]string{{"1"}, {"1", "2", "3"}},
		Align:  []report.Align{report.AlignLeft, report.AlignRight, report.AlignRight, report.AlignRight}, // more than the columns
	}
	for _, style := range []report.Style{report.StyleGrid, report.StylePlain} {
		tb.Style = style
		out := render(t, report.FormatText, tb)
		if !strings.Contains(out, "3") || !strings.Contains(out, "a") || strings.Count(out, "\n") < 3 {
			t.Errorf("style %d: a row wider than the header and a short row:\n%s", style, out)
		}
	}
	tb.Style = report.StyleGrid
	if out := render(t, report.FormatText, tb); !strings.Contains(out, "| a | b |   |") {
		t.Errorf("grid does not pad the header to the three columns:\n%s", out)
	}
	if out := render(t, report.FormatMarkdown, tb); !strings.Contains(out, "| 1 |  |  |") || !strings.Contains(out, "| --- | ---: | ---: |") {
		t.Errorf("markdown of mismatched rows:\n%s", out)
	}
}

func ExampleWrite_plain() {
	t := report.Table{
		Header: []string{"version", "tests", "suite"},
		Rows:   [][]string{{"v1", "7", "radix"}, {"v10", "1234", "plain"}},
		Align:  []report.Align{report.AlignLeft, report.AlignRight},
		Style:  report.StylePlain,
	}
	if err := report.Write(os.Stdout, report.FormatText, t); err != nil {
		fmt.Println(err)
	}
	// Output:
	// version  tests  suite
	// v1           7  radix
	// v10       1234  plain
}
