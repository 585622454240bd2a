package mutate

import (
	"bytes"
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// Table probes extend the probes (SchemataOptions.Probes) to the elements
// of lookup tables. A mutant of an element of a package-level table
// (var dec = [...]byte{0xFF, ...}) changes a value the package computes
// once, at initialisation, before any test runs: an expression probe there
// would count every test as infecting it. What a test can see of the
// mutant is the element itself, read through dec[i]. So the element's
// site is not probed; instead each read dec[i] of the package becomes
// dec[mutpropAt(t, int(i))], which, in a recording run, records the
// mutants of element i of table t as infected. A test that never reads
// the element runs exactly as on the original and cannot kill the mutant.
//
// A table qualifies only when nothing else can see its elements: an
// unexported package-level variable of array or slice type, declared
// alone with a composite literal whose keys are constants, and used by the
// package only as x[i] read as a value (or in len, cap), never assigned,
// sliced, ranged over with values, addressed or passed whole. Only the
// mutants of elements without effects (no calls) count as the table's. Files the
// build leaves out (tests of the package, other platforms) and assembly
// that name it disqualify it.

// table is a lookup table whose element reads a recording run records.
type table struct {
	name  string           // the variable's name
	index int              // its number in mutpropTables
	file  int              // the file index of its declaration
	elems []elemSpan       // its elements' ranges in that file
	reads []*ast.IndexExpr // every read of it in the package
	// cases are the schema numbers of its mutants by element, filled as
	// the mutants are gathered.
	cases map[int][]int
}

// elemSpan is one element of a table's composite literal.
type elemSpan struct {
	index      int // the element's index in the table
	start, end int // its value's byte range in the file
}

// tableProbeStub declares the table probes' API for type-checking.
const tableProbeStub = `func mutpropAt(t, i int) int { return i }
`

// tableProbeSource is the recording half of the table probes: the mutants
// of each element of each table, and mutpropAt.
func tableProbeSource(tables []*table) string {
	var b strings.Builder
	b.WriteString(`
// mutpropTables[t][i] are the schema numbers of the mutants of element i
// of lookup table t.
var mutpropTables = [][][]int{`)
	for _, t := range tables {
		n := 0
		for i := range t.cases {
			n = max(n, i+1)
		}
		b.WriteString("\n\t{")
		for i := 0; i < n; i++ {
			if i > 0 {
				b.WriteString(", ")
			}
			if len(t.cases[i]) == 0 {
				b.WriteString("nil")
				continue
			}
			b.WriteString("{")
			for j, s := range t.cases[i] {
				if j > 0 {
					b.WriteString(", ")
				}
				b.WriteString(strconv.Itoa(s))
			}
			b.WriteString("}")
		}
		b.WriteString("},")
	}
	b.WriteString(`
}

// mutpropAt returns i; in a recording run it first records the mutants of
// element i of table t as infected: the test read that element.
func mutpropAt(t, i int) int {
	if mutpropProbing {
		mutpropReadAt(t, i)
	}
	return i
}

// mutpropReadAt records the mutants of element i of table t.
func mutpropReadAt(t, i int) {
	if i < 0 || i >= len(mutpropTables[t]) {
		return
	}
	for _, n := range mutpropTables[t][i] {
		if !mutpropSeen(n) {
			mutpropInfect(n)
		}
	}
}
`)
	return b.String()
}

// findTables returns the package's lookup tables (see Table probes), in
// source order.
func findTables(pkg *Package) []*table {
	var out []*table
	byObj := map[types.Object]*table{}
	for fi, f := range pkg.Files {
		tf := pkg.Fset.File(f.Pos())
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				if len(vs.Names) != 1 || len(vs.Values) != 1 || vs.Names[0].IsExported() || vs.Names[0].Name == "_" {
					continue
				}
				lit, ok := ast.Unparen(vs.Values[0]).(*ast.CompositeLit)
				obj := pkg.TypesInfo.Defs[vs.Names[0]]
				if !ok || obj == nil || !indexable(obj.Type()) {
					continue
				}
				elems, ok := elemSpans(pkg.TypesInfo, tf, lit)
				if !ok {
					continue
				}
				t := &table{name: obj.Name(), file: fi, elems: elems, cases: map[int][]int{}}
				byObj[obj] = t
				out = append(out, t)
			}
		}
	}
	if len(out) == 0 {
		return nil
	}
	// Every use must be a read of an element.
	for _, f := range pkg.Files {
		var stack []ast.Node
		ast.Inspect(f, func(n ast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return false
			}
			if id, ok := n.(*ast.Ident); ok {
				if t := byObj[pkg.TypesInfo.Uses[id]]; t != nil {
					if x, ok := elementRead(pkg.TypesInfo, stack, id); ok {
						if x != nil {
							t.reads = append(t.reads, x)
						}
					} else {
						delete(byObj, pkg.TypesInfo.Uses[id])
						t.reads = nil
						t.elems = nil
					}
				}
			}
			stack = append(stack, n)
			return true
		})
	}
	named := namedElsewhere(pkg)
	for obj, t := range byObj {
		if named(obj.Name()) {
			delete(byObj, obj)
			t.elems = nil
		}
	}
	out = slices.DeleteFunc(out, func(t *table) bool { return t.elems == nil || len(t.reads) == 0 })
	for i, t := range out {
		t.index = i
	}
	return out
}

// indexable reports whether values of t are arrays or slices.
func indexable(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Array, *types.Slice:
		return true
	}
	return false
}

// elemSpans returns the index and byte range of each element of lit
// whose value has no effects (pureExpr); false when a key is not a
// constant integer.
func elemSpans(info *types.Info, tf *token.File, lit *ast.CompositeLit) ([]elemSpan, bool) {
	var out []elemSpan
	next := 0
	for _, e := range lit.Elts {
		v := e
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			tv, ok := info.Types[kv.Key]
			if !ok || tv.Value == nil {
				return nil, false
			}
			k, ok := constant.Int64Val(constant.ToInt(tv.Value))
			if !ok || k < 0 {
				return nil, false
			}
			next, v = int(k), kv.Value
		}
		if pureExpr(info, v) {
			// An element with effects (a call) could change more than
			// its value: its mutants stay with the expression probes.
			out = append(out, elemSpan{index: next, start: tf.Offset(v.Pos()), end: tf.Offset(v.End())})
		}
		next++
	}
	return out, true
}

// elementRead reports whether id (a table) is used as a table may be:
// the x of an index expression x[i] read as a value (returned), or the
// argument of len or cap (nil returned). stack holds id's ancestors,
// innermost last.
func elementRead(info *types.Info, stack []ast.Node, id *ast.Ident) (*ast.IndexExpr, bool) {
	if len(stack) < 2 {
		return nil, false
	}
	parent := stack[len(stack)-1]
	if call, ok := parent.(*ast.CallExpr); ok && len(call.Args) == 1 && call.Args[0] == id {
		if fn, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
			if b, ok := info.Uses[fn].(*types.Builtin); ok && (b.Name() == "len" || b.Name() == "cap") {
				return nil, true
			}
		}
		return nil, false
	}
	x, ok := parent.(*ast.IndexExpr)
	if !ok || x.X != id {
		return nil, false
	}
	// The element must be read, not written, addressed or sliced.
	if _, ok := info.TypeOf(x).Underlying().(*types.Basic); !ok {
		// An element that is an array or a struct could be written or
		// addressed through a path (x[i].f = v): only basic elements.
		return nil, false
	}
	switch p := stack[len(stack)-2].(type) {
	case *ast.AssignStmt:
		if slices.Contains(p.Lhs, ast.Expr(x)) {
			return nil, false
		}
	case *ast.IncDecStmt:
		return nil, false
	case *ast.UnaryExpr:
		if p.Op == token.AND {
			return nil, false
		}
	case *ast.RangeStmt:
		if p.Key == ast.Expr(x) || p.Value == ast.Expr(x) {
			return nil, false
		}
	}
	return x, true
}

// namedElsewhere returns a function that reports whether a Go file of
// the package's directory that the build leaves out (its tests, other
// platforms' files) names a name, or an assembly file refers to it: such
// a file could see the table whole. It reads the directory once. Where a
// file cannot be read or parsed, every name counts as named.
func namedElsewhere(pkg *Package) func(name string) bool {
	all := func(string) bool { return true }
	entries, err := os.ReadDir(pkg.Dir)
	if err != nil {
		return all
	}
	idents := map[string]bool{}
	var asm [][]byte
	for _, e := range entries {
		path := filepath.Join(pkg.Dir, e.Name())
		switch {
		case e.IsDir() || slices.Contains(pkg.Filenames, path):
		case strings.HasSuffix(e.Name(), ".s"):
			src, err := os.ReadFile(path)
			if err != nil {
				return all
			}
			asm = append(asm, src)
		case strings.HasSuffix(e.Name(), ".go"):
			f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
			if err != nil {
				return all
			}
			if f.Name.Name != pkg.Name {
				continue // an external test package cannot see it
			}
			ast.Inspect(f, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok {
					idents[id.Name] = true
				}
				return true
			})
		}
	}
	return func(name string) bool {
		return idents[name] || slices.ContainsFunc(asm, func(src []byte) bool { return bytes.Contains(src, []byte("·"+name)) })
	}
}

// tableElement returns the table and element index whose value holds the
// edit [start, end) of file fi; nil when none does.
func tableElement(tables []*table, fi, start, end int) (*table, int) {
	for _, t := range tables {
		if t.file != fi {
			continue
		}
		for _, e := range t.elems {
			if start >= e.start && end <= e.end {
				return t, e.index
			}
		}
	}
	return nil, 0
}

// tableReadSites returns the plain sites that turn each read x[i] of the
// tables that have mutants into x[mutpropAt(t, int(i))]: the brackets
// replaced, so that any site of i nests inside.
func tableReadSites(pkg *Package, tables []*table) [][]*site {
	sites := make([][]*site, len(pkg.Files))
	for _, t := range tables {
		if len(t.cases) == 0 {
			continue
		}
		for _, x := range t.reads {
			fi := fileOf(pkg, x.Pos())
			if fi < 0 {
				continue
			}
			tf := pkg.Fset.File(x.Pos())
			lb, rb := tf.Offset(x.Lbrack), tf.Offset(x.Rbrack)
			sites[fi] = append(sites[fi],
				&site{start: lb, end: lb + 1, kind: plainSite, plain: "[mutpropAt(" + strconv.Itoa(t.index) + ", int(", read: true},
				&site{start: rb, end: rb + 1, kind: plainSite, plain: "))]", read: true})
		}
	}
	return sites
}

// fileOf returns the index of the package file that holds pos, -1 when
// none does.
func fileOf(pkg *Package, pos token.Pos) int {
	for i, f := range pkg.Files {
		if f.FileStart <= pos && pos <= f.FileEnd {
			return i
		}
	}
	return -1
}
