package report

import (
	"bytes"
	_ "embed"
	"encoding/base64"
	"fmt"
	"html/template"
	"strings"

	"github.com/mutprop/mutprop/stats"
)

//go:embed html.tmpl
var htmlTemplate string

// Page is what an HTML report shows: a run, an experiment, or both.
type Page struct {
	// Title heads the page; "" means "mutprop report".
	Title      string
	Run        *Run
	Experiment *Experiment
}

// HTML renders a self-contained HTML page: no external resources (a
// Content-Security-Policy forbids them), CSS and a small script inline,
// charts as SVG data URIs. For a run it shows the source files with every
// mutant inline, colored by status (each mutant is one element of class
// "mutant"; the body's data-mutant-count attribute gives their number), the
// survivors with their diffs, and the kill matrix; for an experiment the
// generator tables and ExperimentCharts.
func HTML(p Page) ([]byte, error) {
	tmpl, err := template.New("report").Funcs(template.FuncMap{"join": strings.Join}).Parse(htmlTemplate)
	if err != nil {
		return nil, fmt.Errorf("html report: parse template: %w", err)
	}
	data, err := buildPageData(p)
	if err != nil {
		return nil, fmt.Errorf("html report: %w", err)
	}
	var buf bytes.Buffer
	if err := tmpl.Execute(&buf, data); err != nil {
		return nil, fmt.Errorf("html report: %w", err)
	}
	return buf.Bytes(), nil
}

type pageData struct {
	Title            string
	Run              *Run
	Experiment       *Experiment
	MutantCount      int
	Score            Score
	Statuses         []Status
	StatusTable      Table
	KillRates        Table
	Files            []htmlFile
	Unplaced         []Mutant
	Survivors        []htmlSurvivor
	Matrix           *htmlMatrix
	ExperimentTables []Table
	Charts           []htmlChart
}

type htmlFile struct {
	Path  string
	Lines []htmlLine
}

type htmlLine struct {
	N       int
	Text    string
	Status  Status
	Mutants []Mutant
}

type htmlSurvivor struct {
	Mutant
	Location  string
	DiffLines []htmlDiffLine
}

type htmlDiffLine struct{ Class, Text string }

type htmlMatrix struct {
	Mutants []string
	Rows    []htmlMatrixRow
}

type htmlMatrixRow struct {
	Test  string
	Cells []string // "k", "c" or ""
}

type htmlChart struct {
	Name string
	Src  template.URL
}

// statusSeverity orders statuses for coloring a line with several mutants:
// the highest wins.
var statusSeverity = map[Status]int{Survived: 7, GaveUp: 6, NoCoverage: 5, Timeout: 4, Crashed: 3, Killed: 2, NotViable: 1, Ignored: 0}

func buildPageData(p Page) (pageData, error) {
	d := pageData{Title: p.Title, Run: p.Run, Experiment: p.Experiment}
	if d.Title == "" {
		d.Title = "mutprop report"
	}
	if r := p.Run; r != nil {
		d.MutantCount = len(r.Mutants)
		d.Score = ScoreOf(r.Mutants)
		d.Statuses = orderedStatuses(d.Score.Counts)
		d.StatusTable = StatusTable(*r)
		d.KillRates = KillRateTable(*r)
		files := map[string]int{}
		for _, f := range r.Files {
			lines := strings.Split(strings.TrimSuffix(f.Source, "\n"), "\n")
			hf := htmlFile{Path: f.Path, Lines: make([]htmlLine, len(lines))}
			for i, l := range lines {
				hf.Lines[i] = htmlLine{N: i + 1, Text: l}
			}
			files[f.Path] = len(d.Files)
			d.Files = append(d.Files, hf)
		}
		for _, m := range r.Mutants {
			fi, ok := files[m.File]
			if !ok || m.Line < 1 || m.Line > len(d.Files[fi].Lines) {
				d.Unplaced = append(d.Unplaced, m)
				continue
			}
			l := &d.Files[fi].Lines[m.Line-1]
			l.Mutants = append(l.Mutants, m)
			if l.Status == "" || statusSeverity[m.Status] > statusSeverity[l.Status] {
				l.Status = m.Status
			}
		}
		for _, m := range r.Mutants {
			if m.Status != Survived && m.Status != GaveUp && m.Status != NoCoverage {
				continue
			}
			s := htmlSurvivor{Mutant: m, Location: location(m)}
			for _, l := range strings.Split(strings.TrimSuffix(m.Diff, "\n"), "\n") {
				class := ""
				switch {
				case strings.HasPrefix(l, "+") && !strings.HasPrefix(l, "+++"):
					class = "add"
				case strings.HasPrefix(l, "-") && !strings.HasPrefix(l, "---"):
					class = "del"
				}
				s.DiffLines = append(s.DiffLines, htmlDiffLine{Class: class, Text: l})
			}
			d.Survivors = append(d.Survivors, s)
		}
		km := BuildKillMatrix(*r)
		if len(km.Tests) > 0 {
			hm := &htmlMatrix{Mutants: km.Mutants}
			for i, t := range km.Tests {
				row := htmlMatrixRow{Test: t, Cells: make([]string, len(km.Mutants))}
				for j, c := range km.Cells[i] {
					switch c {
					case KilledHere:
						row.Cells[j] = "k"
					case Covered:
						row.Cells[j] = "c"
					}
				}
				hm.Rows = append(hm.Rows, row)
			}
			d.Matrix = hm
		}
	}
	if e := p.Experiment; e != nil {
		d.ExperimentTables = []Table{GeneratorTable(*e)}
		beats, err := stats.BeatsMatrix(CountsByGenerator(*e), 0)
		if err != nil {
			return d, fmt.Errorf("experiment %s: %w", e.Name, err)
		}
		d.ExperimentTables = append(d.ExperimentTables, BeatsTable(beats), CellTable(*e))
		for _, nc := range ExperimentCharts(*e) {
			svg, err := PlotSVG(nc.Chart)
			if err != nil {
				return d, fmt.Errorf("experiment %s: chart %s: %w", e.Name, nc.Name, err)
			}
			src := template.URL("data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString(svg))
			d.Charts = append(d.Charts, htmlChart{Name: nc.Name, Src: src})
		}
	}
	return d, nil
}
