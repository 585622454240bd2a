package report

import (
	"bytes"
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

type schemaReport struct {
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
	Language string         `json:"language"`
	Source   string         `json:"source"`
	Mutants  []schemaMutant `json:"mutants"`
}

type schemaPosition struct {
	Line   int `json:"line"`
	Column int `json:"column"`
}

type schemaLocation struct {
	Start schemaPosition `json:"start"`
	End   schemaPosition `json:"end"`
}

type schemaMutant struct {
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
	// Alias and Unstable are mutprop's: the schema allows a mutant's
	// extra fields.
	Alias    string `json:"mutpropAlias,omitempty"`
	Unstable string `json:"mutpropUnstable,omitempty"`
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

// Extension is one of mutprop's top-level keys of the JSON report, for
// what the schema has no place for (the schema allows such keys; mutprop's
// start with "mutprop"). Value is marshalled as encoding/json does, HTML
// characters escaped.
type Extension struct {
	Key   string
	Value any
}

// JSON renders the run in the mutation-testing-report-schema, version 2,
// indented, followed by the extensions' keys in their order. Mutants
// without a file (black-box mutants) go into a "(black-box)" file with
// empty source at line 1, column 1. Positions are clamped to the schema's
// minimum of 1; a missing end is the end of the start line. Durations are
// in milliseconds.
func JSON(r Run, ext ...Extension) ([]byte, error) {
	th := r.Thresholds
	if th.High == 0 && th.Low == 0 {
		th = Thresholds{High: 80, Low: 60}
	}
	if th.Low < 0 || th.High > 100 || th.Low > th.High {
		return nil, fmt.Errorf("report %s: thresholds low %d, high %d: want 0 <= low <= high <= 100", r.Name, th.Low, th.High)
	}
	rep := schemaReport{
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
		rep.Files[f.Path] = schemaFile{Language: lang, Source: f.Source, Mutants: []schemaMutant{}}
	}
	ids := map[string]bool{}
	for _, m := range r.Mutants {
		if m.ID == "" {
			return nil, fmt.Errorf("report %s: a mutant at %s has no ID", r.Name, location(m))
		}
		if ids[m.ID] {
			return nil, fmt.Errorf("report %s: duplicate mutant ID %q", r.Name, m.ID)
		}
		ids[m.ID] = true
		path := m.File
		if path == "" {
			path = blackboxFile
		}
		f, ok := rep.Files[path]
		if !ok {
			if m.File != "" {
				return nil, fmt.Errorf("report %s: mutant %s is in %s, which is not among the run's files", r.Name, m.ID, m.File)
			}
			f = schemaFile{Language: "go", Mutants: []schemaMutant{}}
		}
		f.Mutants = append(f.Mutants, toSchemaMutant(m, sources[m.File].Source))
		rep.Files[path] = f
	}
	rep.TestFiles = schemaTestFiles(r.Tests)
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(rep); err != nil {
		return nil, fmt.Errorf("report %s: encode json: %w", r.Name, err)
	}
	doc := buf.Bytes()
	for _, e := range ext {
		var err error
		if doc, err = addJSONKey(doc, e.Key, e.Value); err != nil {
			return nil, err
		}
	}
	return doc, nil
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

func toSchemaMutant(m Mutant, source string) schemaMutant {
	sm := schemaMutant{
		ID:           m.ID,
		MutatorName:  m.Operator,
		Replacement:  m.Replacement,
		Description:  m.Description,
		Status:       schemaStatus(m.Status),
		StatusReason: m.StatusReason,
		KilledBy:     m.KilledBy,
		CoveredBy:    m.CoveredBy,
		Alias:        m.Alias,
		Unstable:     m.Unstable,
	}
	if sm.MutatorName == "" {
		sm.MutatorName = m.Origin
	}
	if sm.MutatorName == "" {
		sm.MutatorName = "mutant"
	}
	if m.Status == outcome.GaveUp && sm.StatusReason == "" {
		sm.StatusReason = "gave up: too many discarded inputs"
	}
	start := schemaPosition{Line: max(1, m.Line), Column: max(1, m.Col)}
	end := schemaPosition{Line: m.EndLine, Column: m.EndCol}
	if end.Line == 0 {
		end = schemaPosition{Line: start.Line, Column: lineEndColumn(source, start.Line)}
	}
	end.Line = max(end.Line, start.Line)
	end.Column = max(1, end.Column)
	if end.Line == start.Line && end.Column < start.Column {
		end.Column = start.Column
	}
	sm.Location = schemaLocation{Start: start, End: end}
	if m.TestsCompleted > 0 || len(m.KilledBy) > 0 || len(m.CoveredBy) > 0 {
		n := m.TestsCompleted
		sm.TestsCompleted = &n
	}
	if m.Duration > 0 {
		ms := float64(m.Duration.Microseconds()) / 1000
		sm.Duration = &ms
	}
	return sm
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

// addJSONKey adds a top-level key to a JSON object (JSON's output) with
// value marshalled, indented like JSON's output: JSON's extensions. A
// report is rendered whole from its model (JSON with its Extensions),
// never patched once written.
func addJSONKey(doc []byte, key string, value any) ([]byte, error) {
	b, err := json.MarshalIndent(value, "  ", "  ")
	if err != nil {
		return nil, fmt.Errorf("json report: %s: %w", key, err)
	}
	trimmed := bytes.TrimRight(doc, " \t\r\n")
	if !bytes.HasSuffix(trimmed, []byte("}")) {
		return nil, fmt.Errorf("json report: %s: the report is not a JSON object", key)
	}
	body := bytes.TrimRight(trimmed[:len(trimmed)-1], " \t\r\n")
	var out bytes.Buffer
	out.Write(body)
	if !bytes.HasSuffix(body, []byte("{")) {
		out.WriteString(",")
	}
	fmt.Fprintf(&out, "\n  %q: %s\n}\n", key, b)
	if !json.Valid(out.Bytes()) {
		return nil, fmt.Errorf("json report: %s: the result is not valid JSON", key)
	}
	return out.Bytes(), nil
}
