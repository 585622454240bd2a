package coverage

import (
	"bufio"
	"fmt"
	"go/ast"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/mutprop/mutprop/mutate"
)

// Pos is a line and a byte column, both 1-based.
type Pos struct{ Line, Col int }

func (p Pos) before(q Pos) bool { return p.Line < q.Line || p.Line == q.Line && p.Col < q.Col }

// Span is a range of a source file, by base name, ends inclusive.
type Span struct {
	File       string // "*" stands for every file: what runs everywhere
	Start, End Pos
}

// Overlaps reports whether s and t share a position of one file.
func (s Span) Overlaps(t Span) bool {
	return s.File == t.File && !s.End.before(t.Start) && !t.End.before(s.Start)
}

// ParseProfile reads a coverage profile (go test -coverprofile) and returns
// the executed blocks of the files of the packages pkgPaths, by package
// and base name.
func ParseProfile(path string, pkgPaths []string) (map[string][]Span, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("coverage profile: %w", err)
	}
	defer f.Close()
	blocks := map[string][]Span{}
	for _, p := range pkgPaths {
		blocks[p] = nil
	}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "mode:") || line == "" {
			continue
		}
		// name.go:L1.C1,L2.C2 statements count
		colon := strings.LastIndex(line, ":")
		if colon < 0 {
			return nil, fmt.Errorf("coverage profile %s: bad line %q", path, line)
		}
		file, rest := line[:colon], line[colon+1:]
		var l1, c1, l2, c2, n, count int
		if _, err := fmt.Sscanf(rest, "%d.%d,%d.%d %d %d", &l1, &c1, &l2, &c2, &n, &count); err != nil {
			return nil, fmt.Errorf("coverage profile %s: bad line %q: %w", path, line, err)
		}
		if count == 0 {
			continue
		}
		dir, base := splitLast(file)
		if _, ok := blocks[dir]; !ok {
			continue
		}
		blocks[dir] = append(blocks[dir], Span{File: base, Start: Pos{l1, c1}, End: Pos{l2, c2}})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("coverage profile %s: %w", path, err)
	}
	return blocks, nil
}

func splitLast(p string) (string, string) {
	i := strings.LastIndex(p, "/")
	if i < 0 {
		return "", p
	}
	return p[:i], p[i+1:]
}

// lineCol converts a byte offset of src into a 1-based line and column.
func lineCol(src []byte, off int) Pos {
	if off > len(src) {
		off = len(src)
	}
	line, col := 1, 1
	for _, b := range src[:off] {
		if b == '\n' {
			line++
			col = 1
		} else {
			col++
		}
	}
	return Pos{line, col}
}

// CoversAny reports whether the executed blocks reach one of spans (a
// mutant's, MutantSpans).
func CoversAny(blocks, spans []Span) bool {
	for _, b := range blocks {
		if b.File == "*" {
			return true
		}
		for _, sp := range spans {
			if sp.File == "*" || b.Overlaps(sp) {
				return true
			}
		}
	}
	return false
}

// MutantSpans returns the source ranges a mutant changes: where a test's
// coverage must reach for the test to run its code. Code outside
// functions, or a file not loaded, is every file ("*").
func MutantSpans(pkg *mutate.Package, m mutate.Mutant) []Span {
	var spans []Span
	for _, e := range m.Edits {
		src, ok := pkg.Source(e.File)
		if !ok {
			return []Span{{File: "*"}}
		}
		base := filepath.Base(e.File)
		if e.End > e.Start && m.Origin != mutate.OriginNamed {
			start, end, everywhere := coverRange(pkg, e)
			if everywhere {
				return []Span{{File: "*"}}
			}
			spans = append(spans, Span{File: base, Start: lineCol(src, start), End: lineCol(src, end)})
			continue
		}
		fd := enclosingFunc(pkg, e.File, e.Start)
		if fd == nil || fd.Body == nil {
			return []Span{{File: "*"}}
		}
		tf := pkg.Fset.File(fd.Pos())
		spans = append(spans, Span{File: base, Start: lineCol(src, tf.Offset(fd.Body.Lbrace)), End: lineCol(src, tf.Offset(fd.Body.Rbrace))})
	}
	if len(spans) == 0 {
		return []Span{{File: "*"}}
	}
	return spans
}

// AtInit reports whether every change of operator mutant m is code that
// runs as the package initializes: a package-level variable's
// initialiser outside any function literal, or an init function. Every
// test reaches such code, so its coverage says nothing of which tests
// read what it computes (gotest orders those tests by the mutant's file
// instead). Named and black-box mutants, and a file not loaded, are not.
func AtInit(pkg *mutate.Package, m mutate.Mutant) bool {
	if m.Origin != mutate.OriginOperator || len(m.Edits) == 0 {
		return false
	}
	for _, e := range m.Edits {
		path, _, lo, ok := editPath(pkg, e)
		if !ok {
			return false
		}
		switch fn := innermostFunc(path, lo).(type) {
		case *ast.FuncLit:
			return false
		case *ast.FuncDecl:
			if fn.Recv != nil || fn.Name.Name != "init" {
				return false
			}
		case nil:
			if slices.ContainsFunc(path, func(n ast.Node) bool { _, ok := n.(*ast.FuncDecl); return ok }) {
				return false // a function's signature
			}
		}
	}
	return true
}

// editPath returns the nodes of e.File's syntax tree that enclose the
// range e changes, outermost first, the file's token.File, and the
// range's start; ok is false for a file the package did not load or a
// range past its end.
func editPath(pkg *mutate.Package, e mutate.TextEdit) (path []ast.Node, tf *token.File, lo token.Pos, ok bool) {
	i := slices.Index(pkg.Filenames, e.File)
	if i < 0 {
		return nil, nil, token.NoPos, false
	}
	f := pkg.Files[i]
	tf = pkg.Fset.File(f.Pos())
	if e.End > tf.Size() {
		return nil, nil, token.NoPos, false
	}
	lo = tf.Pos(e.Start)
	return mutate.EnclosingPath(f, lo, tf.Pos(e.End)), tf, lo, true
}

// innermostFunc returns the innermost function declaration or literal of
// path whose body holds pos: nil for code outside every function body (a
// package-level initialiser, a function's signature).
func innermostFunc(path []ast.Node, pos token.Pos) ast.Node {
	var fn ast.Node
	for _, n := range path {
		switch n := n.(type) {
		case *ast.FuncDecl:
			if n.Body != nil && n.Body.Pos() <= pos {
				fn = n
			}
		case *ast.FuncLit:
			if n.Body.Pos() <= pos {
				fn = n
			}
		}
	}
	return fn
}

// coverRange returns the byte range of e.File whose coverage blocks tell
// whether the code e changes runs. Coverage profiles have no block for
// what runs outside functions (package-level initialisers: every test
// runs them, so everywhere is true) nor for the expressions of a switch's
// case clauses and a select's communications (blocks start after the
// colon): those count as the switch or select header, which the block
// before it covers.
func coverRange(pkg *mutate.Package, e mutate.TextEdit) (start, end int, everywhere bool) {
	path, tf, lo, ok := editPath(pkg, e)
	if !ok || innermostFunc(path, lo) == nil {
		return 0, 0, true
	}
	for j := len(path) - 1; j >= 2; j-- {
		var colon token.Pos
		switch c := path[j].(type) {
		case *ast.CaseClause:
			colon = c.Colon
		case *ast.CommClause:
			colon = c.Colon
		default:
			continue
		}
		if lo >= colon {
			break // in the clause's body, which has its own blocks
		}
		header := path[j-2] // the clause, its switch or select body, the statement
		var body *ast.BlockStmt
		switch h := header.(type) {
		case *ast.SwitchStmt:
			body = h.Body
		case *ast.TypeSwitchStmt:
			body = h.Body
		case *ast.SelectStmt:
			body = h.Body
		default:
			return e.Start, e.End, false
		}
		return tf.Offset(header.Pos()), tf.Offset(body.Lbrace), false
	}
	return e.Start, e.End, false
}

func enclosingFunc(pkg *mutate.Package, file string, off int) *ast.FuncDecl {
	for i, name := range pkg.Filenames {
		if name != file {
			continue
		}
		f := pkg.Files[i]
		tf := pkg.Fset.File(f.Pos())
		if off > tf.Size() {
			return nil
		}
		p := tf.Pos(off)
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Pos() <= p && p <= fd.End() {
				return fd
			}
		}
	}
	return nil
}

// ParseProbeFile reads what a recording run wrote (mutate.ProbeEnv): the
// schema numbers of the guarded sites that ran, on lines "r N M ...", and
// those of the infected mutants, one per line.
func ParseProbeFile(b []byte) (reached, infected map[int]bool, err error) {
	reached, infected = map[int]bool{}, map[int]bool{}
	for _, l := range strings.Split(string(b), "\n") {
		if l == "" {
			continue
		}
		into, fields := infected, []string{l}
		if list, ok := strings.CutPrefix(l, "r "); ok {
			into, fields = reached, strings.Fields(list)
		}
		for _, f := range fields {
			n, err := strconv.Atoi(f)
			if err != nil || n <= 0 {
				return nil, nil, fmt.Errorf("probe file: bad line %q (want schema numbers of %s)", l, mutate.ActiveFile)
			}
			into[n] = true
		}
	}
	return reached, infected, nil
}
