package mutate

import (
	"context"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"sort"
	"strings"
)

// Enumerate returns the mutants of pkg: operator mutants of its non-test,
// non-generated files that type-check, then its named variants, in a
// stable order (file, position, operator, label; then names). Stats counts
// what was generated and dropped. A nil opts means every operator of
// Operators() and the named variants.
//
// A malformed //mutprop:variant directive is an error naming its file and
// line; an ill-typed operator mutant is not: it is counted and dropped.
func Enumerate(ctx context.Context, pkg *Package, opts *Options) ([]Mutant, Stats, error) {
	var stats Stats
	ops := opts.operators()
	if err := validate(ops); err != nil {
		return nil, stats, fmt.Errorf("enumerate %s: %w", pkg.Path, err)
	}
	byName, names, err := namedVariants(pkg)
	if err != nil {
		return nil, stats, fmt.Errorf("enumerate %s: %w", pkg.Path, err)
	}
	variantFuncs := map[*ast.FuncDecl]bool{}
	for _, sites := range byName {
		for _, s := range sites {
			variantFuncs[s.variant] = true
		}
	}
	var muts []Mutant
	if opts == nil || !opts.NamedOnly {
		var cands []candidate
		for i, f := range pkg.Files {
			if ast.IsGenerated(f) {
				continue
			}
			cs, st := fileMutants(pkg, i, ops, variantFuncs)
			stats.add(st)
			cands = append(cands, cs...)
		}
		sort.SliceStable(cands, func(i, j int) bool { return cands[i].less(&cands[j]) })
		ok, err := typeCheckAll(ctx, pkg, cands, opts.workers())
		if err != nil {
			return nil, stats, fmt.Errorf("enumerate %s: %w", pkg.Path, err)
		}
		ids := map[string]int{}
		for i, c := range cands {
			if !ok[i] {
				stats.IllTyped++
				continue
			}
			m := c.m
			if n := ids[m.ID]; n > 0 {
				ids[m.ID]++
				m.ID = fmt.Sprintf("%s#%d", m.ID, n+1)
			} else {
				ids[m.ID] = 1
			}
			muts = append(muts, m)
		}
	}
	if opts == nil || !opts.NoNamed {
		for _, name := range names {
			muts = append(muts, namedMutant(pkg, name, byName[name]))
			stats.Named++
		}
	}
	stats.Kept = len(muts)
	return muts, stats, nil
}

// A candidate is an operator mutant before type-checking.
type candidate struct {
	m        Mutant
	file     int // index into Package.Files
	at, end  int // offsets, for sorting
	opIndex  int
	filename string
	// wellTyped: the operator proved the mutant well-typed (edit.WellTyped).
	wellTyped bool
	// illTyped: the operator proved the mutant ill-typed (edit.IllTyped).
	illTyped bool
}

func (c *candidate) less(d *candidate) bool {
	switch {
	case c.filename != d.filename:
		return c.filename < d.filename
	case c.at != d.at:
		return c.at < d.at
	case c.end != d.end:
		return c.end > d.end
	case c.opIndex != d.opIndex:
		return c.opIndex < d.opIndex
	}
	return c.m.Replacement < d.m.Replacement
}

// fileMutants runs every operator over file i of pkg and filters ignored
// and equivalent sites.
func fileMutants(pkg *Package, i int, ops []*Operator, variantFuncs map[*ast.FuncDecl]bool) ([]candidate, Stats) {
	var stats Stats
	f, filename := pkg.Files[i], pkg.Filenames[i]
	src := pkg.src[filename]
	tf := pkg.Fset.File(f.Pos())
	ignoredLines, ignoredRanges := ignores(pkg.Fset, f)
	equiv := equivalentRanges(pkg.TypesInfo, f)
	data := dataTableRanges(f)
	p := &pass{
		Fset: pkg.Fset, File: f, TypesInfo: pkg.TypesInfo, Pkg: pkg.Types, src: src,
		trav: newTraversal(f, func(fd *ast.FuncDecl) bool { return variantFuncs[fd] }),
	}
	var out []candidate
	for oi, op := range ops {
		p.Report = func(e edit) {
			stats.Generated++
			at := e.At
			if at == token.NoPos {
				at = e.Pos
			}
			pos, endPos := pkg.Fset.Position(at), pkg.Fset.Position(e.End)
			if ignoredLines[pos.Line] || ignoredLines[pkg.Fset.Position(e.Pos).Line] || within(ignoredRanges, e.Pos, e.End) {
				stats.Ignored++
				return
			}
			if within(equiv, e.Pos, e.End) {
				stats.Equivalent++
				return
			}
			if within(data, e.Pos, e.End) {
				stats.DataTable++
				return
			}
			start, end := tf.Offset(e.Pos), tf.Offset(e.End)
			base := filepath.Base(filename)
			label := strings.ReplaceAll(e.Label, "\n", " ")
			out = append(out, candidate{
				m: Mutant{
					ID:          fmt.Sprintf("%s:%s:%d:%d:%s:%s", OriginOperator, base, pos.Line, pos.Column, op.Name, label),
					Origin:      OriginOperator,
					Operator:    op.Name,
					Description: e.Description,
					File:        base,
					Line:        pos.Line,
					Col:         pos.Column,
					EndLine:     endPos.Line,
					EndCol:      endPos.Column,
					Original:    string(src[start:end]),
					Replacement: e.NewText,
					Edits:       []TextEdit{{File: filename, Start: start, End: end, NewText: e.NewText}},
				},
				file: i, at: tf.Offset(at), end: end, opIndex: oi, filename: filename,
				wellTyped: e.WellTyped, illTyped: e.IllTyped,
			})
		}
		op.run(p)
	}
	return out, stats
}

type posRange struct{ pos, end token.Pos }

func within(rs []posRange, pos, end token.Pos) bool {
	for _, r := range rs {
		if pos >= r.pos && end <= r.end {
			return true
		}
	}
	return false
}

// ignores returns the lines carrying //mutprop:ignore and the functions
// whose doc comment carries it.
func ignores(fset *token.FileSet, f *ast.File) (map[int]bool, []posRange) {
	lines := map[int]bool{}
	for _, cg := range f.Comments {
		for _, c := range cg.List {
			if isDirective(c.Text, ignoreDirective) {
				lines[fset.Position(c.Pos()).Line] = true
			}
		}
	}
	var ranges []posRange
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Doc == nil {
			continue
		}
		for _, c := range fd.Doc.List {
			if isDirective(c.Text, ignoreDirective) {
				ranges = append(ranges, posRange{fd.Pos(), fd.End()})
				delete(lines, fset.Position(c.Pos()).Line)
			}
		}
	}
	return lines, ranges
}

func isDirective(text, directive string) bool {
	rest, ok := strings.CutPrefix(text, directive)
	return ok && (rest == "" || rest[0] == ' ' || rest[0] == '\t')
}

// equivalentRanges returns the known equivalent sites of f: the capacity
// of make([]T, n, cap) and the size hint of make(map[K]V, hint).
func equivalentRanges(info *types.Info, f *ast.File) []posRange {
	var rs []posRange
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) < 2 {
			return true
		}
		id, ok := ast.Unparen(call.Fun).(*ast.Ident)
		if !ok || id.Name != "make" || info.Uses[id] != types.Universe.Lookup("make") {
			return true
		}
		t := info.TypeOf(call.Args[0])
		if t == nil {
			return true
		}
		switch t.Underlying().(type) {
		case *types.Slice:
			if len(call.Args) == 3 {
				rs = append(rs, posRange{call.Args[2].Pos(), call.Args[2].End()})
			}
		case *types.Map:
			rs = append(rs, posRange{call.Args[1].Pos(), call.Args[1].End()})
		}
		return true
	})
	return rs
}

// dataTableElements is the most constant elements a composite literal may
// hold and still have its elements mutated: 256 keeps a lookup table
// indexed by a byte (a CRC's, say).
const dataTableElements = 256

// dataTableRanges returns the element lists of f's data tables: composite
// literals of more than dataTableElements elements, each a literal (or a
// negated one), or a key and value that are. Such a list is data (a
// sound, a font, a word list: dchest/captcha's sounds.go holds 600,000
// bytes), and a mutant per element would cost hours of runs and say little
// of the tests; their mutants are counted, not made.
func dataTableRanges(f *ast.File) []posRange {
	literal := func(e ast.Expr) bool {
		if u, ok := e.(*ast.UnaryExpr); ok && (u.Op == token.SUB || u.Op == token.ADD) {
			e = u.X
		}
		_, ok := e.(*ast.BasicLit)
		return ok
	}
	var rs []posRange
	ast.Inspect(f, func(n ast.Node) bool {
		lit, ok := n.(*ast.CompositeLit)
		if !ok || len(lit.Elts) <= dataTableElements {
			return true
		}
		for _, e := range lit.Elts {
			if kv, ok := e.(*ast.KeyValueExpr); ok {
				if !literal(kv.Key) || !literal(kv.Value) {
					return true
				}
			} else if !literal(e) {
				return true
			}
		}
		rs = append(rs, posRange{lit.Lbrace, lit.Rbrace + 1})
		return false
	})
	return rs
}
