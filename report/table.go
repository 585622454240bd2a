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
// header, rows of cells, and notes printed under it. Rows shorter than the
// widest row or the header are padded with empty cells.
type Table struct {
	Title  string
	Header []string
	Rows   [][]string
	Notes  []string
	// Align is the alignment of each column, by index, in the text and
	// Markdown renderings; columns past its end are left-aligned.
	Align []Align
	// Style is the look of the text rendering (StyleGrid by default);
	// Markdown and CSV ignore it.
	Style Style
}

// Align is the alignment of a column's cells, header included.
type Align int

// The alignments of a column. Numbers read best right-aligned.
const (
	AlignLeft  Align = iota // the default
	AlignRight              // padded on the left; "---:" in Markdown
)

// Style is the look of a table in the text format.
type Style int

// The styles of the text format.
const (
	// StyleGrid draws an ASCII grid: borders, a rule under the header,
	// columns separated by '|'.
	StyleGrid Style = iota
	// StylePlain prints aligned columns separated by two spaces, the
	// header as the first line, and no borders or rules, like tabwriter
	// or go list output: for listings read line by line and for wide
	// matrices. Lines carry no trailing whitespace; a right-aligned first
	// column starts every line with a space.
	StylePlain
)

// align is column i's alignment in tablewriter's terms.
func (t Table) align(i int) tw.Align {
	if i < len(t.Align) && t.Align[i] == AlignRight {
		return tw.AlignRight
	}
	return tw.AlignLeft
}

// text renders the table for a terminal with tablewriter: the title on its
// own line, the table in its style, then one line per note.
func (t Table) text() ([]byte, error) {
	var buf bytes.Buffer
	if t.Title != "" {
		fmt.Fprintf(&buf, "%s\n", t.Title)
	}
	cols := t.columns()
	aligns := make([]tw.Align, cols)
	for i := range aligns {
		aligns[i] = t.align(i)
	}
	opts := []tablewriter.Option{
		tablewriter.WithHeaderAutoFormat(tw.Off),
		tablewriter.WithHeaderAlignmentConfig(tw.CellAlignment{Global: tw.AlignLeft, PerColumn: aligns}),
		tablewriter.WithRowAlignmentConfig(tw.CellAlignment{Global: tw.AlignLeft, PerColumn: aligns}),
		tablewriter.WithTrimSpace(tw.Off),
	}
	var table bytes.Buffer
	switch t.Style {
	case StylePlain:
		// No borders, rules or column separators. Every column pads one
		// space on each side, so that columns are two spaces apart, but
		// for the left of a left-aligned first column and the right of
		// the last. tablewriter fills cells with the pad strings, hence
		// pads of one character, and a left pad on a right-aligned column.
		pads := make([]tw.Padding, cols)
		for i := range pads {
			pads[i] = tw.Padding{Left: " ", Right: " ", Overwrite: true}
			if i == 0 && aligns[i] == tw.AlignLeft {
				pads[i].Left = ""
			}
			if i == cols-1 {
				pads[i].Right = ""
			}
		}
		opts = append(opts,
			tablewriter.WithRenderer(renderer.NewBlueprint(tw.Rendition{
				Borders: tw.BorderNone,
				Symbols: tw.NewSymbols(tw.StyleNone),
				Settings: tw.Settings{
					Separators: tw.Separators{ShowHeader: tw.Off, ShowFooter: tw.Off, BetweenRows: tw.Off, BetweenColumns: tw.Off},
					Lines:      tw.Lines{ShowTop: tw.Off, ShowBottom: tw.Off, ShowHeaderLine: tw.Off, ShowFooterLine: tw.Off},
				},
			})),
			tablewriter.WithHeaderPaddingPerColumn(pads),
			tablewriter.WithRowPaddingPerColumn(pads),
		)
	default:
		opts = append(opts, tablewriter.WithRenderer(renderer.NewBlueprint(tw.Rendition{Symbols: tw.NewSymbols(tw.StyleASCII)})))
	}
	tbl := tablewriter.NewTable(&table, opts...)
	if len(t.Header) > 0 {
		tbl.Header(toAny(padRow(t.Header, cols))...)
	}
	for _, r := range t.Rows {
		if err := tbl.Append(padRow(r, cols)); err != nil {
			return nil, fmt.Errorf("table %q: append row: %w", t.Title, err)
		}
	}
	if err := tbl.Render(); err != nil {
		return nil, fmt.Errorf("table %q: render: %w", t.Title, err)
	}
	if t.Style == StylePlain {
		// tablewriter pads empty trailing cells and has no option to trim
		// lines: cut the trailing blanks here.
		for line := range strings.Lines(table.String()) {
			buf.WriteString(strings.TrimRight(line, " \n"))
			buf.WriteString("\n")
		}
	} else {
		buf.Write(table.Bytes())
	}
	for _, n := range t.Notes {
		fmt.Fprintf(&buf, "%s\n", n)
	}
	return buf.Bytes(), nil
}

// markdown renders the table as GitHub-flavoured markdown: a "###" title,
// a pipe table (right-aligned columns marked "---:"), then the notes as a
// paragraph of lines.
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
		for i := range header {
			if t.align(i) == tw.AlignRight {
				buf.WriteString(" ---: |")
			} else {
				buf.WriteString(" --- |")
			}
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
