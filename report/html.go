package report

import (
	"bytes"
	_ "embed"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"html/template"
	"strings"

	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/stats"
)

//go:embed html.tmpl
var htmlTemplate string

// elementsBundle is the standalone bundle of mutation-testing-elements
// (Apache-2.0), the mutation-testing field's standard report viewer,
// vendored from the npm registry at the version in elements/VERSION;
// elements/fetch.sh re-fetches it and checks elements/SHA256SUMS.
//
//go:embed elements/mutation-test-elements.js
var elementsBundle string

//go:embed elements/VERSION
var elementsVersionFile string

// elementsVersion is the version of mutation-testing-elements whose viewer
// HTML inlines.
var elementsVersion = strings.TrimSpace(elementsVersionFile)

// Page is what an HTML report shows: a run, an experiment, or both.
type Page struct {
	// Title heads the page; "" means "mutprop report".
	Title      string
	Run        *Run
	Experiment *Experiment
	// Trials, when set, adds a section with mutprop run --trials's
	// answers, rankings and pairs (RankingTables, TimeTables), each
	// function's charts, and folded, the verdicts' explanations and the
	// per-mutant figures (VerdictTables, TrialsTables).
	Trials *TrialsReport
	// Matrix says that the run had --matrix: every covering test ran
	// against every mutant. The page shows the kill matrix, its kill
	// rates and only-killer counts with it, or with Trials, whose every
	// test that reaches a killed mutant ran against it (the killers are
	// those that failed in some trial). Without either, a mutant's run
	// stopped at its first killer, a test would look redundant for want
	// of being run, and the page says why it shows no matrix. Only with
	// Matrix does it call a test redundant.
	Matrix bool
	// Strength, when set, adds a section with the strength and data
	// coverage of mutprop run --blackbox (StrengthTables).
	Strength *Strength
}

// HTML renders a self-contained HTML page: no external resources (a
// Content-Security-Policy forbids them), so it works offline from a file.
// For a run, the page inlines the mutation-testing-elements viewer (the
// element <mutation-test-report-app>, at the version in elements/VERSION)
// and the run's JSON report (the mutation-testing-report-schema, as JSON
// writes it), which the viewer shows file by file with every mutant in its
// source; beside it are mutprop's own views: the score and outcomes, the
// undetected mutants with their diffs (those no test covers folded), the
// kill matrix with Page.Matrix or Page.Trials (else why it is missing),
// and with
// Page.Trials the trials' answers, rankings, charts and figures. The body's data-mutant-count attribute gives the number
// of mutants. For an experiment the page shows the generator tables (tests
// to failure with confidence intervals) and its standard charts (tasks
// solved within N tests and T seconds, mean tests to failure, tasks solved
// against tests, size histograms), as SVG data URIs. The run's JSON must be valid (JSON's errors are HTML's).
func HTML(p Page) ([]byte, error) {
	tmpl, err := template.New("report").Parse(htmlTemplate)
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
	Title           string
	Run             *Run
	Experiment      *Experiment
	MutantCount     int
	BlackBox        int // black-box mutants among MutantCount
	Score           Score
	StatusTable     Table
	FullKillers     bool           // Page.Matrix, or Page.Trials
	KillRates       Table          // with FullKillers only
	Undetected      []htmlSurvivor // survived and gave-up
	Uncovered       []htmlSurvivor // no-coverage
	Matrix          *htmlMatrix
	ReportJSON      template.JS // the run's schema JSON, safe inside <script>
	Bundle          template.JS // the viewer's bundle, safe inside <script>
	ElementsVersion string

	ExperimentTables []Table
	Charts           []htmlChart
	TrialTables      []Table
	TrialFunctions   []htmlTrialFunction
	TrialDetails     []Table
	StrengthTables   []Table
}

// htmlTrialFunction is one function's charts in the trials section.
type htmlTrialFunction struct {
	Name   string
	Charts []htmlChart
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

func buildPageData(p Page) (pageData, error) {
	d := pageData{Title: p.Title, Run: p.Run, Experiment: p.Experiment}
	if d.Title == "" {
		d.Title = "mutprop report"
	}
	if r := p.Run; r != nil {
		js, err := JSON(*r)
		if err != nil {
			return d, err
		}
		var compact, safe bytes.Buffer
		if err := json.Compact(&compact, js); err != nil {
			return d, err
		}
		json.HTMLEscape(&safe, compact.Bytes())
		d.ReportJSON = template.JS(safe.String())
		d.Bundle = template.JS(escapeScriptText(elementsBundle))
		d.ElementsVersion = elementsVersion
		d.MutantCount = len(r.Mutants)
		d.BlackBox = BlackBoxCount(r.Mutants)
		d.Score = ScoreOf(r.Mutants)
		d.StatusTable = StatusTable(*r)
		for _, m := range r.Mutants {
			switch m.Status {
			case outcome.NoCoverage:
				d.Uncovered = append(d.Uncovered, htmlSurvivorOf(m))
			case outcome.Survived, outcome.GaveUp:
				d.Undetected = append(d.Undetected, htmlSurvivorOf(m))
			}
		}
		d.FullKillers = p.Matrix || p.Trials != nil
		if d.FullKillers {
			d.KillRates = KillRateTable(*r)
			d.Matrix = htmlMatrixOf(KillMatrixOf(*r))
		}
		if !p.Matrix {
			d.KillRates.Notes = []string{"killers from the trials: the tests that failed in the mutant's run or in at least one of its trials; run with --matrix for each covering test's verdict at the run's seed"}
		}
	}
	if p.Trials != nil {
		t := *p.Trials
		d.TrialTables = append(RankingTables(t), TimeTables(t)...)
		d.TrialDetails = append(VerdictTables(t), TrialsTables(t)...)
		multi := len(rankedPackages(t)) > 1
		for _, tc := range trialCharts(t) {
			svg, err := plotSVG(tc.Chart)
			if err != nil {
				return d, fmt.Errorf("trials: chart %s: %w", tc.Name, err)
			}
			src := template.URL("data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString(svg))
			name := functionText(tc.Function)
			if multi {
				name = tc.Package + ": " + name
			}
			if n := len(d.TrialFunctions); n == 0 || d.TrialFunctions[n-1].Name != name {
				d.TrialFunctions = append(d.TrialFunctions, htmlTrialFunction{Name: name})
			}
			f := &d.TrialFunctions[len(d.TrialFunctions)-1]
			f.Charts = append(f.Charts, htmlChart{Name: tc.Name, Src: src})
		}
	}
	if p.Strength != nil {
		d.StrengthTables = StrengthTables(*p.Strength)
	}
	if e := p.Experiment; e != nil {
		d.ExperimentTables = []Table{generatorTable(*e)}
		beats, err := stats.BeatsMatrix(countsByGenerator(*e), 0)
		if err != nil {
			return d, fmt.Errorf("experiment %s: %w", e.Name, err)
		}
		d.ExperimentTables = append(d.ExperimentTables, beatsTable(beats), cellTable(*e))
		for _, nc := range experimentCharts(*e) {
			svg, err := plotSVG(nc.Chart)
			if err != nil {
				return d, fmt.Errorf("experiment %s: chart %s: %w", e.Name, nc.Name, err)
			}
			src := template.URL("data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString(svg))
			d.Charts = append(d.Charts, htmlChart{Name: nc.Name, Src: src})
		}
	}
	return d, nil
}

// htmlSurvivorOf is an undetected mutant as the page shows it, with its
// diff's lines classed.
func htmlSurvivorOf(m Mutant) htmlSurvivor {
	s := htmlSurvivor{Mutant: m, Location: location(m)}
	if m.Diff == "" {
		return s
	}
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
	return s
}

// htmlMatrixOf is the kill matrix as the page shows it; nil without tests.
func htmlMatrixOf(km KillMatrix) *htmlMatrix {
	if len(km.Tests) == 0 {
		return nil
	}
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
	return hm
}

// escapeScriptText makes JavaScript source safe to inline in a <script>
// element without changing what it means. The HTML parser ends the element
// at the first "</script" (any case), and after "<!--" a "<script" makes it
// skip the next "</script>", so every "</script" becomes "<\/script" and
// every "<script" becomes "<\x73cript" (the s, in its case, as a hex
// escape): the same text inside a string, a template literal or a regular
// expression, the only places JavaScript can hold them. (Tagged templates
// that read their raw strings would see the backslash; the vendored bundle
// holds neither sequence, and a test keeps it so.)
func escapeScriptText(js string) string {
	var b strings.Builder
	b.Grow(len(js))
	for i := 0; i < len(js); i++ {
		c := js[i]
		b.WriteByte(c)
		if c != '<' {
			continue
		}
		rest := js[i+1:]
		switch {
		case hasASCIIPrefixFold(rest, "/script"):
			b.WriteByte('\\')
		case hasASCIIPrefixFold(rest, "script"):
			fmt.Fprintf(&b, `\x%02x`, rest[0])
			i++
		}
	}
	return b.String()
}

// hasASCIIPrefixFold reports whether s starts with the lower-case ASCII
// prefix, ignoring the case of ASCII letters only (as the HTML tokenizer
// does).
func hasASCIIPrefixFold(s, prefix string) bool {
	if len(s) < len(prefix) {
		return false
	}
	for i := 0; i < len(prefix); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != prefix[i] {
			return false
		}
	}
	return true
}
