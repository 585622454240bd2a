package ci

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"sort"
	"strings"

	"github.com/mutprop/mutprop/internal/atomicfile"
	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/runlog"
)

// A baseline is a checked-in list of accepted survivors (--baseline FILE):
// mutants the team knows the tests miss and has decided to live with. The
// run still executes them; only undetected mutants missing from the list
// fail it. Its format (version 1) is JSON:
//
//	{
//	  "version": 1,
//	  "tool": "mutprop",
//	  "accepted": [
//	    {
//	      "package": "example.com/tiny",
//	      "function": "Pos",
//	      "operator": "boundary",
//	      "original": "x > 0",
//	      "replacement": "x >= 0",
//	      "description": "replace > with >=",
//	      "reason": "0 is never passed"
//	    }
//	  ]
//	}
//
// An entry is keyed by package, function, operator, original and
// replacement text and occurrence, never by file or line, so that it
// survives edits elsewhere in the file. function is the enclosing
// declaration: "Func", "T.Method", "(*T).Method", "init (file.go)", "var
// x" or "const x" for a package-level initializer, "" elsewhere at
// package level. operator is the mutation operator, or the mutant's ID
// ("named:NAME") for a named variant. occurrence (1 when omitted) tells
// apart the same mutation of the same text in one function: 1 + the number
// of times the original text appears in the function before it.
// description and status are written for the reader; reason is the
// user's and --update-baseline keeps it.
//
// An entry may instead name its mutant by "id": the mutant's ID or its
// shell-safe alias (m-1a2b3c4d, printed beside each survivor), with its
// package; the other fields are then not needed, and not matched. Such an
// entry follows the mutant's line, so --update-baseline rewrites it keyed
// by text.
const BaselineVersion = 1

// BaselineFile is a baseline file.
type BaselineFile struct {
	Version  int             `json:"version"`
	Tool     string          `json:"tool,omitempty"`
	Accepted []BaselineEntry `json:"accepted"`
}

// BaselineEntry is one accepted survivor.
type BaselineEntry struct {
	Package     string `json:"package"`
	Function    string `json:"function"`
	Operator    string `json:"operator"`
	Original    string `json:"original"`
	Replacement string `json:"replacement"`
	Occurrence  int    `json:"occurrence,omitempty"`
	// ID, when set, is the key instead of the fields above: the mutant's
	// ID or alias in Package.
	ID string `json:"id,omitempty"`
	// Not part of the key.
	Status      outcome.Outcome `json:"status,omitempty"`
	Description string          `json:"description,omitempty"`
	Reason      string          `json:"reason,omitempty"`
}

// key identifies the mutant the entry accepts.
func (b BaselineEntry) key() string {
	if b.ID != "" {
		return idKey(b.Package, b.ID)
	}
	n := b.Occurrence
	if n < 1 {
		n = 1
	}
	return strings.Join([]string{b.Package, b.Function, b.Operator, b.Original, b.Replacement, fmt.Sprint(n)}, "\x1f")
}

// idKey is the key of an entry that names its mutant by ID or alias.
func idKey(pkg, id string) string { return "id\x1f" + pkg + "\x1f" + id }

// String describes the entry on one line.
func (b BaselineEntry) String() string {
	if b.ID != "" {
		return b.Package + " " + b.ID
	}
	fn := b.Function
	if fn == "" {
		fn = "(package level)"
	}
	s := fmt.Sprintf("%s %s %s: %q -> %q", b.Package, fn, b.Operator, b.Original, b.Replacement)
	if b.Occurrence > 1 {
		s += fmt.Sprintf(" (occurrence %d)", b.Occurrence)
	}
	return s
}

// readBaseline reads a baseline file. A missing file is an error unless
// missingOK (--update-baseline creates it).
func readBaseline(path string, missingOK bool) (map[string]BaselineEntry, error) {
	out := map[string]BaselineEntry{}
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) && missingOK {
		return out, nil
	}
	if err != nil {
		return nil, fmt.Errorf("--baseline: %w", err)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var f BaselineFile
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("--baseline %s: not a mutprop baseline: %w", path, err)
	}
	if f.Version != BaselineVersion {
		return nil, fmt.Errorf("--baseline %s: version %d, want %d", path, f.Version, BaselineVersion)
	}
	for i, e := range f.Accepted {
		if e.Package == "" || e.Operator == "" && e.ID == "" {
			return nil, fmt.Errorf("--baseline %s: entry %d has no package, or neither an operator nor an id", path, i+1)
		}
		if e.Occurrence < 0 {
			return nil, fmt.Errorf("--baseline %s: entry %d: occurrence %d", path, i+1, e.Occurrence)
		}
		out[e.key()] = e
	}
	return out, nil
}

// writeBaseline writes entries in a stable order.
func writeBaseline(path string, entries []BaselineEntry) error {
	sort.Slice(entries, func(i, j int) bool { return entries[i].key() < entries[j].key() })
	if entries == nil {
		entries = []BaselineEntry{}
	}
	b, err := marshalIndent(BaselineFile{Version: BaselineVersion, Tool: "mutprop", Accepted: entries})
	if err != nil {
		return err
	}
	return atomicfile.Write(path, b)
}

// undetected reports whether a status is one the tests missed: what a
// baseline accepts and what fails a run with a baseline.
func undetected(status outcome.Outcome) bool {
	return status == outcome.Survived || status == outcome.NoCoverage
}

// baselineKeys computes the baseline entry of each of the package's
// mutants, by mutant ID, from the package's sources.
func baselineKeys(p runlog.Package) map[string]BaselineEntry {
	sources := map[string]string{}
	for _, f := range p.Info.Files {
		sources[f.Path] = f.Source
	}
	type parsed struct {
		tf   *token.File
		file *ast.File
		src  string
	}
	files := map[string]*parsed{}
	parse := func(name string) *parsed {
		if pf, ok := files[name]; ok {
			return pf
		}
		var pf *parsed
		if src, ok := sources[name]; ok {
			fset := token.NewFileSet()
			if f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution); err == nil {
				pf = &parsed{tf: fset.File(f.Pos()), file: f, src: src}
			}
		}
		files[name] = pf
		return pf
	}
	out := map[string]BaselineEntry{}
	for _, rm := range p.Mutants {
		m := rm.Mutant
		e := BaselineEntry{Package: p.Path, Operator: m.Operator, Original: m.Original, Replacement: m.Replacement,
			Status: rm.Outcome, Description: m.Description}
		if e.Operator == "" {
			e.Operator = m.ID // a named variant: "named:NAME"
		}
		if pf := parse(m.File); pf != nil && m.Line >= 1 && m.Line <= pf.tf.LineCount() {
			anchor := pf.tf.Offset(pf.tf.LineStart(m.Line)) + m.Col - 1
			if anchor >= 0 && anchor <= len(pf.src) {
				name, start := enclosingDecl(pf.file, pf.tf, m.File, pf.tf.Pos(anchor))
				e.Function = name
				if e.Original != "" && start <= anchor {
					if n := strings.Count(pf.src[start:anchor], e.Original); n > 0 {
						e.Occurrence = n + 1
					}
				}
			}
		}
		out[m.ID] = e
	}
	return out
}

// enclosingDecl names the top-level declaration holding pos, and returns
// the offset where it starts (0 when none does).
func enclosingDecl(f *ast.File, tf *token.File, file string, pos token.Pos) (string, int) {
	for _, d := range f.Decls {
		if pos < d.Pos() || pos > d.End() {
			continue
		}
		switch d := d.(type) {
		case *ast.FuncDecl:
			name := funcDeclName(d)
			if name == "init" {
				name += " (" + file + ")"
			}
			return name, tf.Offset(d.Pos())
		case *ast.GenDecl:
			for _, s := range d.Specs {
				if vs, ok := s.(*ast.ValueSpec); ok && vs.Pos() <= pos && pos <= vs.End() && len(vs.Names) > 0 {
					return d.Tok.String() + " " + vs.Names[0].Name, tf.Offset(vs.Pos())
				}
			}
			return "", tf.Offset(d.Pos())
		}
	}
	return "", 0
}

// funcDeclName is "F", "T.M" or "(*T).M", as in stack traces.
func funcDeclName(d *ast.FuncDecl) string {
	if d.Recv == nil || len(d.Recv.List) == 0 {
		return d.Name.Name
	}
	t := d.Recv.List[0].Type
	ptr := false
	for {
		switch x := t.(type) {
		case *ast.ParenExpr:
			t = x.X
			continue
		case *ast.StarExpr:
			ptr = true
			t = x.X
			continue
		case *ast.IndexExpr:
			t = x.X
			continue
		case *ast.IndexListExpr:
			t = x.X
			continue
		}
		break
	}
	recv := "?"
	if id, ok := t.(*ast.Ident); ok {
		recv = id.Name
	}
	if ptr {
		return "(*" + recv + ")." + d.Name.Name
	}
	return recv + "." + d.Name.Name
}

// marshalIndent is json.MarshalIndent with a final newline, without
// escaping <, > and & (files people read and diff).
func marshalIndent(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	err := enc.Encode(v)
	return b.Bytes(), err
}
