package report

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"io"
	"strings"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"
)

// Table is the one table value every report format renders: a title, a
// header, rows of cells, and notes printed under it.
type Table struct {
	Title  string
	Header []string
	Rows   [][]string
	Notes  []string
}

// text renders the table for a terminal with tablewriter: the title on its
// own line, an ASCII grid, then one line per note.
func (t Table) text() ([]byte, error) {
	var buf bytes.Buffer
	if t.Title != "" {
		fmt.Fprintf(&buf, "%s\n", t.Title)
	}
	tbl := tablewriter.NewTable(&buf,
		tablewriter.WithRenderer(renderer.NewBlueprint(tw.Rendition{Symbols: tw.NewSymbols(tw.StyleASCII)})),
		tablewriter.WithHeaderAutoFormat(tw.Off),
		tablewriter.WithHeaderAlignment(tw.AlignLeft),
		tablewriter.WithRowAlignment(tw.AlignLeft),
		tablewriter.WithTrimSpace(tw.Off),
	)
	if len(t.Header) > 0 {
		tbl.Header(toAny(t.Header)...)
	}
	for _, r := range t.Rows {
		if err := tbl.Append(r); err != nil {
			return nil, fmt.Errorf("table %q: append row: %w", t.Title, err)
		}
	}
	if err := tbl.Render(); err != nil {
		return nil, fmt.Errorf("table %q: render: %w", t.Title, err)
	}
	for _, n := range t.Notes {
		fmt.Fprintf(&buf, "%s\n", n)
	}
	return buf.Bytes(), nil
}

// markdown renders the table as GitHub-flavoured markdown: a "###" title,
// a pipe table, then the notes as a paragraph of lines.
func (t Table) markdown() []byte {
	var buf bytes.Buffer
	if t.Title != "" {
		fmt.Fprintf(&buf, "### %s\n\n", mdEscape(t.Title))
	}
	cols := t.columns()
	if cols > 0 {
		header := padRow(t.Header, cols)
		buf.WriteString("|")
		for _, h := range header {
			fmt.Fprintf(&buf, " %s |", mdEscape(h))
		}
		buf.WriteString("\n|")
		for range header {
			buf.WriteString(" --- |")
		}
		buf.WriteString("\n")
		for _, r := range t.Rows {
			buf.WriteString("|")
			for _, c := range padRow(r, cols) {
				fmt.Fprintf(&buf, " %s |", mdEscape(c))
			}
			buf.WriteString("\n")
		}
	}
	if len(t.Notes) > 0 {
		buf.WriteString("\n")
		for _, n := range t.Notes {
			fmt.Fprintf(&buf, "%s  \n", mdEscape(n))
		}
	}
	return buf.Bytes()
}

// csv renders the header and rows as RFC 4180 csv. The title and notes are
// not part of the data and are left out.
func (t Table) csv() ([]byte, error) {
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	cols := t.columns()
	if len(t.Header) > 0 {
		if err := w.Write(padRow(t.Header, cols)); err != nil {
			return nil, fmt.Errorf("table %q: csv header: %w", t.Title, err)
		}
	}
	for _, r := range t.Rows {
		if err := w.Write(padRow(r, cols)); err != nil {
			return nil, fmt.Errorf("table %q: csv row: %w", t.Title, err)
		}
	}
	w.Flush()
	if err := w.Error(); err != nil {
		return nil, fmt.Errorf("table %q: csv: %w", t.Title, err)
	}
	return buf.Bytes(), nil
}

// Format names an output format of a Table.
type Format string

// The formats of a Table.
const (
	FormatText     Format = "text"
	FormatMarkdown Format = "markdown"
	FormatCSV      Format = "csv"
)

// Write renders the tables in the format to w, separated by blank lines
// (text and Markdown) or concatenated (CSV).
func Write(w io.Writer, f Format, tables ...Table) error {
	for i, t := range tables {
		var b []byte
		var err error
		switch f {
		case FormatText, "":
			b, err = t.text()
		case FormatMarkdown, "md":
			b = t.markdown()
		case FormatCSV:
			b, err = t.csv()
		default:
			return fmt.Errorf("unknown table format %q (want text, markdown or csv)", f)
		}
		if err != nil {
			return err
		}
		if i > 0 && f != FormatCSV {
			if _, err := io.WriteString(w, "\n"); err != nil {
				return fmt.Errorf("write table %q: %w", t.Title, err)
			}
		}
		if _, err := w.Write(b); err != nil {
			return fmt.Errorf("write table %q: %w", t.Title, err)
		}
	}
	return nil
}

func (t Table) columns() int {
	n := len(t.Header)
	for _, r := range t.Rows {
		n = max(n, len(r))
	}
	return n
}

func padRow(r []string, n int) []string {
	if len(r) >= n {
		return r
	}
	out := make([]string, n)
	copy(out, r)
	return out
}

func toAny(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}

var mdReplacer = strings.NewReplacer("|", `\|`, "\n", " ", "\r", "")

func mdEscape(s string) string { return mdReplacer.Replace(s) }
