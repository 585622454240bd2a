package report

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/mutprop/mutprop/outcome"
)

// schemaVersion is the version of the mutation-testing-report-schema
// (github.com/stryker-mutator/mutation-testing-elements) that JSON writes.
const schemaVersion = "2"

// schemaStatus maps a mutprop outcome to the schema's MutantStatus:
// killed -> Killed, survived -> Survived, no-coverage -> NoCoverage,
// not-viable -> CompileError, crashed -> RuntimeError, timeout -> Timeout,
// ignored -> Ignored. A gave-up mutant (too many discarded inputs) was not
// detected, so it is Survived, with the reason in statusReason. Anything
// else is Pending.
func schemaStatus(s outcome.Outcome) string {
	switch s {
	case outcome.Killed:
		return "Killed"
	case outcome.Survived, outcome.GaveUp:
		return "Survived"
	case outcome.NoCoverage:
		return "NoCoverage"
	case outcome.NotViable:
		return "CompileError"
	case outcome.Crashed:
		return "RuntimeError"
	case outcome.Timeout:
		return "Timeout"
	case outcome.Ignored:
		return "Ignored"
	default:
		return "Pending"
	}
}

// Schema is the mutation-testing-report-schema's part of a JSON report
// (NewSchema): a caller embeds it in a struct whose other fields are its
// own top-level keys (the schema allows them; mutprop's start with
// "mutprop"), and encodes that document once (Encode).
type Schema struct {
	SchemaVersion string                    `json:"schemaVersion"`
	Thresholds    schemaThresholds          `json:"thresholds"`
	ProjectRoot   string                    `json:"projectRoot,omitempty"`
	Files         map[string]schemaFile     `json:"files"`
	TestFiles     map[string]schemaTestFile `json:"testFiles,omitempty"`
	Framework     schemaFramework           `json:"framework"`
}

type schemaThresholds struct {
	High int `json:"high"`
	Low  int `json:"low"`
}

type schemaFramework struct {
	Name    string `json:"name"`
	Version string `json:"version,omitempty"`
}

type schemaFile struct {
	Language string   `json:"language"`
	Source   string   `json:"source"`
	Mutants  []Mutant `json:"mutants"` // located (located), each its own MarshalJSON
}

type schemaPosition struct {
	Line   int `json:"line"`
	Column int `json:"column"`
}

type schemaLocation struct {
	Start schemaPosition `json:"start"`
	End   schemaPosition `json:"end"`
}

type schemaTestFile struct {
	Tests []schemaTest `json:"tests"`
}

type schemaTest struct {
	ID       string                 `json:"id"`
	Name     string                 `json:"name"`
	Location *schemaOpenEndLocation `json:"location,omitempty"`
}

type schemaOpenEndLocation struct {
	Start schemaPosition `json:"start"`
}

// blackboxFile is the pseudo-file that holds mutants without a source
// location (black-box mutants): the schema requires a file per mutant.
const blackboxFile = "(black-box)"

// JSON renders the run in the mutation-testing-report-schema, version 2,
// indented (NewSchema, Encode).
func JSON(r Run) ([]byte, error) {
	s, err := NewSchema(r)
	if err != nil {
		return nil, err
	}
	return Encode(s)
}

// NewSchema is the run in the mutation-testing-report-schema, version 2.
// Mutants without a file (black-box mutants) go into a "(black-box)" file
// with empty source at line 1, column 1. Positions are clamped to the
// schema's minimum of 1; a missing end is the end of the start line.
// Durations are in milliseconds.
func NewSchema(r Run) (Schema, error) {
	th := r.Thresholds
	if th.High == 0 && th.Low == 0 {
		th = Thresholds{High: 80, Low: 60}
	}
	if th.Low < 0 || th.High > 100 || th.Low > th.High {
		return Schema{}, fmt.Errorf("report %s: thresholds low %d, high %d: want 0 <= low <= high <= 100", r.Name, th.Low, th.High)
	}
	rep := Schema{
		SchemaVersion: schemaVersion,
		Thresholds:    schemaThresholds(th),
		Files:         map[string]schemaFile{},
		Framework:     schemaFramework{Name: r.Framework, Version: r.Version},
	}
	if rep.Framework.Name == "" {
		rep.Framework.Name = "mutprop"
	}
	sources := map[string]File{}
	for _, f := range r.Files {
		sources[f.Path] = f
		lang := f.Language
		if lang == "" {
			lang = "go"
		}
		rep.Files[f.Path] = schemaFile{Language: lang, Source: f.Source, Mutants: []Mutant{}}
	}
	ids := map[string]bool{}
	for _, m := range r.Mutants {
		if m.ID == "" {
			return Schema{}, fmt.Errorf("report %s: a mutant at %s has no ID", r.Name, location(m))
		}
		if ids[m.ID] {
			return Schema{}, fmt.Errorf("report %s: duplicate mutant ID %q", r.Name, m.ID)
		}
		ids[m.ID] = true
		path := m.File
		if path == "" {
			path = blackboxFile
		}
		f, ok := rep.Files[path]
		if !ok {
			if m.File != "" {
				return Schema{}, fmt.Errorf("report %s: mutant %s is in %s, which is not among the run's files", r.Name, m.ID, m.File)
			}
			f = schemaFile{Language: "go", Mutants: []Mutant{}}
		}
		f.Mutants = append(f.Mutants, located(m, sources[m.File].Source))
		rep.Files[path] = f
	}
	rep.TestFiles = schemaTestFiles(r.Tests)
	return rep, nil
}

// Encode encodes a JSON report, a document that embeds Schema, once:
// indented, HTML characters as they are, with a final newline.
func Encode(doc any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return nil, fmt.Errorf("json report: %w", err)
	}
	return buf.Bytes(), nil
}

// schemaTestFiles groups the tests by file, each file's sorted by ID; nil
// for no tests.
func schemaTestFiles(tests []Test) map[string]schemaTestFile {
	if len(tests) == 0 {
		return nil
	}
	out := map[string]schemaTestFile{}
	for _, t := range tests {
		tf := out[t.File]
		st := schemaTest{ID: t.ID, Name: t.Name}
		if st.Name == "" {
			st.Name = t.ID
		}
		if t.Line > 0 {
			st.Location = &schemaOpenEndLocation{Start: schemaPosition{Line: t.Line, Column: 1}}
		}
		tf.Tests = append(tf.Tests, st)
		out[t.File] = tf
	}
	for k, tf := range out {
		sort.SliceStable(tf.Tests, func(i, j int) bool { return tf.Tests[i].ID < tf.Tests[j].ID })
		out[k] = tf
	}
	return out
}

// located is m with the schema's location: its start clamped to line
// and column 1, a missing end the end of the start line in source, an
// end never before the start.
func located(m Mutant, source string) Mutant {
	m.Line, m.Col = max(1, m.Line), max(1, m.Col)
	if m.EndLine == 0 {
		m.EndLine, m.EndCol = m.Line, lineEndColumn(source, m.Line)
	}
	m.EndLine = max(m.EndLine, m.Line)
	m.EndCol = max(1, m.EndCol)
	if m.EndLine == m.Line && m.EndCol < m.Col {
		m.EndCol = m.Col
	}
	return m
}

// MarshalJSON encodes the mutant as the schema's mutant, with mutprop's
// fields "mutpropAlias" and "mutpropUnstable" (the schema allows a
// mutant's extra fields): its status the schema's (schemaStatus), its
// mutator its Operator (else its Origin, else "mutant"), its duration in
// milliseconds. The location is m's, as located makes it in a report.
func (m Mutant) MarshalJSON() ([]byte, error) {
	sm := struct {
		ID             string         `json:"id"`
		MutatorName    string         `json:"mutatorName"`
		Replacement    string         `json:"replacement,omitempty"`
		Description    string         `json:"description,omitempty"`
		Location       schemaLocation `json:"location"`
		Status         string         `json:"status"`
		StatusReason   string         `json:"statusReason,omitempty"`
		KilledBy       []string       `json:"killedBy,omitempty"`
		CoveredBy      []string       `json:"coveredBy,omitempty"`
		TestsCompleted *int           `json:"testsCompleted,omitempty"`
		Duration       *float64       `json:"duration,omitempty"`
		Alias          string         `json:"mutpropAlias,omitempty"`
		Unstable       string         `json:"mutpropUnstable,omitempty"`
	}{
		ID:           m.ID,
		MutatorName:  cmp.Or(m.Operator, m.Origin, "mutant"),
		Replacement:  m.Replacement,
		Description:  m.Description,
		Location:     schemaLocation{Start: schemaPosition{m.Line, m.Col}, End: schemaPosition{m.EndLine, m.EndCol}},
		Status:       schemaStatus(m.Status),
		StatusReason: m.StatusReason,
		KilledBy:     m.KilledBy,
		CoveredBy:    m.CoveredBy,
		Alias:        m.Alias,
		Unstable:     m.Unstable,
	}
	if m.Status == outcome.GaveUp && sm.StatusReason == "" {
		sm.StatusReason = "gave up: too many discarded inputs"
	}
	if m.TestsCompleted > 0 || len(m.KilledBy) > 0 || len(m.CoveredBy) > 0 {
		n := m.TestsCompleted
		sm.TestsCompleted = &n
	}
	if m.Duration > 0 {
		ms := float64(m.Duration.Microseconds()) / 1000
		sm.Duration = &ms
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false) // a mutant's text as it is, as the report's sources
	if err := enc.Encode(sm); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// lineEndColumn returns the 1-based column just after the last byte of the
// line, or 1 when the line does not exist.
func lineEndColumn(source string, line int) int {
	lines := strings.Split(source, "\n")
	if line < 1 || line > len(lines) {
		return 1
	}
	return len(lines[line-1]) + 1
}
