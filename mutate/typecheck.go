package mutate

import (
	"context"
	"fmt"
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"
	"go/types"
	"math"
	"strconv"
	"strings"
	"sync"
)

// typeCheckAll type-checks every candidate in a pool of workers and
// reports which are well-typed. The candidates whose operator proved them
// well-typed (binaryWellTyped) are not checked. Those in a function body
// are checked in batches of bodyBatch, one go/types check of the package
// per batch (checkBodies); the others one check each (wellTyped). Every
// check reuses the imports loaded once and skips what a mutant cannot
// change (see typeChecker), so a package's generated tables cost nothing
// per mutant and its declarations are checked once per batch, not once
// per mutant.
func typeCheckAll(ctx context.Context, pkg *Package, cands []candidate, workers int) ([]bool, error) {
	ok := make([]bool, len(cands))
	tc := newTypeChecker(pkg)
	var jobs []func()
	var batch []bodyMutant
	var batchIdx []int
	flush := func() {
		ms, idx := batch, batchIdx
		batch, batchIdx = nil, nil
		jobs = append(jobs, func() {
			for j, err := range tc.checkBodies(ms) {
				ok[idx[j]] = err == nil
			}
		})
	}
	for i, c := range cands {
		if c.wellTyped || c.illTyped {
			ok[i] = c.wellTyped
			continue
		}
		f := pkg.Files[c.file]
		if k := enclosingDecl(f, pkg.Fset, c.m.Edits); k >= 0 {
			if _, isFunc := f.Decls[k].(*ast.FuncDecl); isFunc {
				batch = append(batch, bodyMutant{i: c.file, k: k, edits: c.m.Edits})
				batchIdx = append(batchIdx, i)
				if len(batch) == bodyBatch {
					flush()
				}
				continue
			}
		}
		jobs = append(jobs, func() { ok[i] = tc.wellTyped(c.file, c.m.Edits) == nil })
	}
	if len(batch) > 0 {
		flush()
	}
	ch := make(chan func())
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for job := range ch {
				job()
			}
		}()
	}
	var err error
loop:
	for _, job := range jobs {
		select {
		case ch <- job:
		case <-ctx.Done():
			err = fmt.Errorf("type-check mutants: %w", ctx.Err())
			break loop
		}
	}
	close(ch)
	wg.Wait()
	return ok, err
}

// bodyBatch bounds the mutants of function bodies checked together: a
// batch's cost is one check of the package's declarations plus its
// mutated bodies, and its memory the bodies' syntax.
const bodyBatch = 256

// A typeChecker type-checks mutants of one package. It holds the package's
// files prepared once, shared read-only by concurrent checks:
//   - decls: every function body empty and every table emptied, for a
//     mutant inside one function body (wellTypedBody);
//   - tables: every table emptied, bodies kept, for a mutant elsewhere
//     (wellTypedWhole).
//
// A table is the initializer of a package-level variable that is a
// composite literal of an explicit type (not [...]T): T{...}, &T{...}.
// Emptying it (T{}) keeps its type, hence every declaration's type, and
// skips checking its elements, which a mutant elsewhere cannot change. A
// generated table of 65,536 constants (bitset's pext.gen.go) cost a
// second per mutant before. A table whose elements name one of the file's
// imports keeps them (emptying it would leave the import unused), and so
// does every table of a file with a dot import.
type typeChecker struct {
	pkg    *Package
	decls  []*ast.File
	tables []*ast.File
	// uses[i][path] holds the declarations of file i that use the import
	// path.
	uses []map[string]map[ast.Decl]bool
}

func newTypeChecker(pkg *Package) *typeChecker {
	n := len(pkg.Files)
	tc := &typeChecker{pkg: pkg, decls: make([]*ast.File, n), tables: make([]*ast.File, n), uses: make([]map[string]map[ast.Decl]bool, n)}
	for i, f := range pkg.Files {
		tc.decls[i] = tc.lighten(f, nil, true, token.NoPos, token.NoPos)
		tc.tables[i] = tc.lighten(f, nil, false, token.NoPos, token.NoPos)
		tc.uses[i] = importUses(pkg.TypesInfo, f)
	}
	return tc
}

// wellTyped applies edits to file i of pkg and type-checks the package:
// one use of a typeChecker (tests and single mutants).
func wellTyped(pkg *Package, i int, edits []TextEdit) error {
	return newTypeChecker(pkg).wellTyped(i, edits)
}

// wellTyped applies edits to file i and type-checks the package. When the
// edits lie in one function body, only that function is parsed again and
// only its body is checked (wellTypedBody); in one declaration of
// package-level variables, only that declaration, unless its variables'
// types change (wellTypedVar); otherwise the whole file is parsed and the
// whole package checked (wellTypedWhole).
func (tc *typeChecker) wellTyped(i int, edits []TextEdit) error {
	pkg := tc.pkg
	f := pkg.Files[i]
	if k := enclosingDecl(f, pkg.Fset, edits); k >= 0 {
		if _, ok := f.Decls[k].(*ast.FuncDecl); ok {
			return tc.wellTypedBody(i, k, edits)
		}
		if sure, err := tc.wellTypedVar(i, k, edits); sure {
			return err
		}
	}
	filename := pkg.Filenames[i]
	src, err := applyEdits(pkg.src[filename], edits)
	if err != nil {
		return err
	}
	mf, err := parser.ParseFile(pkg.Fset, filename, src, parser.SkipObjectResolution)
	if err != nil {
		return err
	}
	return tc.wellTypedWhole(i, mf, edits)
}

// wellTypedWhole type-checks the package with file i replaced by f, file i
// with edits applied. The tables of every file are emptied but those of f
// that the edits touch.
func (tc *typeChecker) wellTypedWhole(i int, f *ast.File, edits []TextEdit) error {
	files := make([]*ast.File, len(tc.tables))
	copy(files, tc.tables)
	lo, hi := editedRange(f, edits)
	files[i] = tc.lighten(f, nil, false, lo, hi)
	_, err := tc.pkg.check(files, tc.pkg.Fset, nil, nil)
	return err
}

// editedRange returns the range of the mutated file f that edits (made to
// the file f was parsed from) replaced: from the first edit's start to the
// last edit's end, shifted by the edits before it.
func editedRange(f *ast.File, edits []TextEdit) (lo, hi token.Pos) {
	if len(edits) == 0 {
		return token.NoPos, token.NoPos
	}
	start, end, delta := edits[0].Start, edits[0].End, 0
	for _, e := range edits {
		start, end = min(start, e.Start), max(end, e.End)
		delta += len(e.NewText) - (e.End - e.Start)
	}
	base := f.FileStart
	return base + token.Pos(start), base + token.Pos(end+delta)
}

// enclosingDecl returns the index in f.Decls of the declaration that holds
// every edit: a function declaration whose body holds them, or a
// declaration of variables. It returns -1 when there is none (the edits
// span declarations, or lie in a function's signature), or f has a dot
// import (whose uses wellTypedBody and wellTypedVar cannot tell apart).
func enclosingDecl(f *ast.File, fset *token.FileSet, edits []TextEdit) int {
	if len(edits) == 0 {
		return -1
	}
	for _, imp := range f.Imports {
		if imp.Name != nil && imp.Name.Name == "." {
			return -1
		}
	}
	lo, hi := edits[0].Start, edits[0].End
	for _, e := range edits[1:] {
		lo, hi = min(lo, e.Start), max(hi, e.End)
	}
	tf := fset.File(f.Pos())
	if hi > tf.Size() {
		return -1
	}
	at, end := tf.Pos(lo), tf.Pos(hi)
	for k, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Body != nil && d.Body.Lbrace < at && end <= d.Body.Rbrace {
				return k
			}
		case *ast.GenDecl:
			if d.Tok == token.VAR && d.Pos() < at && end <= d.End() {
				return k
			}
		}
	}
	return -1
}

// parseMutatedDecl returns declaration k of file i, which holds every
// edit, parsed again with the edits applied: only that declaration's text
// is parsed, in a file of its own in pkg.Fset that a //line directive
// places where the declaration lies. The result is of the same kind as the
// original.
func parseMutatedDecl(pkg *Package, i, k int, edits []TextEdit) (ast.Decl, error) {
	filename := pkg.Filenames[i]
	orig := pkg.Files[i].Decls[k]
	tf := pkg.Fset.File(orig.Pos())
	start, end := tf.Offset(orig.Pos()), tf.Offset(orig.End())
	shifted := make([]TextEdit, len(edits))
	for j, e := range edits {
		e.Start, e.End = e.Start-start, e.End-start
		shifted[j] = e
	}
	text, err := applyEdits(pkg.src[filename][start:end], shifted)
	if err != nil {
		return nil, err
	}
	pos := tf.Position(orig.Pos())
	src := fmt.Sprintf("package %s\n//line %s:%d:%d\n%s\n", pkg.Name, filename, pos.Line, pos.Column, text)
	f, err := parser.ParseFile(pkg.Fset, filename, src, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	if len(f.Decls) != 1 {
		return nil, fmt.Errorf("%s: the mutated declaration parses as %d", pos, len(f.Decls))
	}
	d := f.Decls[0]
	switch o := orig.(type) {
	case *ast.FuncDecl:
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
			return d, nil
		}
	case *ast.GenDecl:
		if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == o.Tok {
			return d, nil
		}
	}
	return nil, fmt.Errorf("%s: the mutated declaration parses as another kind", pos)
}

// wellTypedBody type-checks the package with function declaration k of
// file i, whose body holds every edit, mutated: checkBodies of one mutant.
func (tc *typeChecker) wellTypedBody(i, k int, edits []TextEdit) error {
	return tc.checkBodies([]bodyMutant{{i: i, k: k, edits: edits}})[0]
}

// A bodyMutant is a mutant whose edits lie in the body of function
// declaration k of file i.
type bodyMutant struct {
	i, k  int
	edits []TextEdit
}

// checkBodies type-checks mutants of function bodies in one check of the
// package and returns each one's first error, nil when it is well-typed.
// Each mutated function (parseMutatedDecl) is a copy, renamed
// mutpropCopyN_name, added beside the package's declarations with every
// other function body empty (typeChecker.decls): its body is checked
// against the package's declarations, which is all a change inside it can
// break, and a copy's errors lie in its own file of the FileSet. A renamed
// copy declares one more function, or one more method of its receiver's
// type, which no other declaration or copy can notice. The errors that
// count are those inside a copy, and an import of file i that the copy no
// longer uses and the file uses nowhere else (the package would not
// compile): the emptied bodies leave imports unused and functions without
// their return statements, which are not the mutants' doing.
func (tc *typeChecker) checkBodies(ms []bodyMutant) []error {
	pkg := tc.pkg
	errs := make([]error, len(ms))
	copies := make([]*ast.FuncDecl, len(ms))
	byFile := map[*token.File]int{}
	extra := map[int][]ast.Decl{}
	for j, m := range ms {
		d, err := parseMutatedDecl(pkg, m.i, m.k, m.edits)
		if err != nil {
			errs[j] = err
			continue
		}
		fd := d.(*ast.FuncDecl)
		fd.Name = &ast.Ident{NamePos: fd.Name.NamePos, Name: fmt.Sprintf("mutpropCopy%d_%s", j, fd.Name.Name)}
		copies[j] = fd
		byFile[pkg.Fset.File(fd.Pos())] = j
		extra[m.i] = append(extra[m.i], fd)
	}
	if len(extra) == 0 {
		return errs
	}
	files := make([]*ast.File, len(tc.decls))
	copy(files, tc.decls)
	for i, ds := range extra {
		f := *tc.decls[i]
		f.Decls = append(f.Decls[:len(f.Decls):len(f.Decls)], ds...)
		files[i] = &f
	}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}}
	_, err := pkg.check(files, pkg.Fset, info, func(te types.Error) bool {
		if j, ok := byFile[pkg.Fset.File(te.Pos)]; ok && errs[j] == nil {
			errs[j] = te
		}
		return false
	})
	for j, fd := range copies {
		if fd == nil || errs[j] != nil {
			continue
		}
		if err != nil {
			errs[j] = err
			continue
		}
		errs[j] = tc.unusedImport(ms[j].i, ms[j].k, importsUsed(info, fd))
	}
	return errs
}

// unusedImport returns an error naming an import of file i that the file
// would no longer use with function declaration k using only the imports
// used (by path), or nil.
func (tc *typeChecker) unusedImport(i, k int, used map[string]bool) error {
	orig := tc.pkg.Files[i].Decls[k]
	for _, imp := range tc.pkg.Files[i].Imports {
		if imp.Name != nil && (imp.Name.Name == "_" || imp.Name.Name == ".") {
			continue
		}
		path, err := importPath(imp)
		if err != nil {
			return err
		}
		if !used[path] && !tc.usedOutside(i, imp, orig) {
			return fmt.Errorf("%s: %q imported and not used", tc.pkg.Fset.Position(imp.Pos()), path)
		}
	}
	return nil
}

// importsUsed returns the paths of the imports that n uses, from info.
func importsUsed(info *types.Info, n ast.Node) map[string]bool {
	used := map[string]bool{}
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if pn, ok := info.Uses[id].(*types.PkgName); ok {
				used[pn.Imported().Path()] = true
			}
		}
		return true
	})
	return used
}

// wellTypedVar type-checks the package with declaration k of file i, a
// declaration of package-level variables that holds every edit, mutated,
// and every function body left empty, as wellTypedBody does. Its errors
// are sure; its success is sure when the declared variables keep their
// types: then the bodies and other declarations that use them see no
// change (a variable's value is no part of any type). When a type changes
// (a literal 1.5 mutated to 0, say), sure is false: check the package
// whole.
func (tc *typeChecker) wellTypedVar(i, k int, edits []TextEdit) (sure bool, err error) {
	info := &types.Info{Defs: map[*ast.Ident]types.Object{}}
	d, err := tc.checkDecl(i, k, edits, info)
	if err != nil {
		return true, err
	}
	scope := tc.pkg.Types.Scope()
	for _, s := range d.(*ast.GenDecl).Specs {
		vs, ok := s.(*ast.ValueSpec)
		if !ok {
			return false, nil
		}
		for _, name := range vs.Names {
			if name.Name == "_" {
				continue
			}
			obj, orig := info.Defs[name], scope.Lookup(name.Name)
			if obj == nil || orig == nil || types.TypeString(obj.Type(), nil) != types.TypeString(orig.Type(), nil) {
				return false, nil
			}
		}
	}
	return true, nil
}

// checkDecl type-checks the package with declaration k of file i mutated
// by edits (parseMutatedDecl) and every other function body and every
// table of the package emptied (typeChecker.decls). It returns the mutated
// declaration and the first error that counts: one inside it, or an
// import of file i left unused that the file uses nowhere else. info, if
// not nil, records the check.
func (tc *typeChecker) checkDecl(i, k int, edits []TextEdit, info *types.Info) (ast.Decl, error) {
	pkg := tc.pkg
	d, err := parseMutatedDecl(pkg, i, k, edits)
	if err != nil {
		return nil, err
	}
	orig := pkg.Files[i].Decls[k]
	files := make([]*ast.File, len(tc.decls))
	copy(files, tc.decls)
	f := *tc.decls[i]
	f.Decls = make([]ast.Decl, len(tc.decls[i].Decls))
	copy(f.Decls, tc.decls[i].Decls)
	f.Decls[k] = d
	files[i] = &f
	_, err = pkg.check(files, pkg.Fset, info, func(te types.Error) bool {
		if d.Pos() <= te.Pos && te.Pos < d.End() {
			return true
		}
		for _, imp := range f.Imports {
			if imp.Pos() <= te.Pos && te.Pos < imp.End() {
				return !tc.usedOutside(i, imp, orig)
			}
		}
		return false
	})
	return d, err
}

// lighten returns a shallow copy of f (sharing its nodes, never changing
// them) in which every table (see typeChecker) but those overlapping
// [keepLo, keepHi) is empty, and, when emptyBodies is set, every function
// declaration but keep has an empty body.
func (tc *typeChecker) lighten(f *ast.File, keep *ast.FuncDecl, emptyBodies bool, keepLo, keepHi token.Pos) *ast.File {
	imports, ok := tc.importNames(f)
	g := *f
	g.Decls = make([]ast.Decl, len(f.Decls))
	for k, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if emptyBodies && d != keep && d.Body != nil {
				empty := *d
				empty.Body = &ast.BlockStmt{}
				g.Decls[k] = &empty
				continue
			}
		case *ast.GenDecl:
			if ok && d.Tok == token.VAR && !(keepLo < d.End() && d.Pos() < keepHi) {
				g.Decls[k] = withoutTables(d, imports)
				continue
			}
		}
		g.Decls[k] = d
	}
	return &g
}

// importNames returns the names f's imports declare in its scope; false
// when one is a dot import (any identifier may then name an import) or its
// package is unknown.
func (tc *typeChecker) importNames(f *ast.File) (map[string]bool, bool) {
	names := map[string]bool{}
	for _, spec := range f.Imports {
		if spec.Name != nil {
			switch spec.Name.Name {
			case ".":
				return nil, false
			case "_":
			default:
				names[spec.Name.Name] = true
			}
			continue
		}
		path, err := importPath(spec)
		if err != nil {
			return nil, false
		}
		p, err := tc.pkg.importPackage(path)
		if err != nil {
			return nil, false
		}
		names[p.Name()] = true
	}
	return names, true
}

// withoutTables returns d, or a copy of it whose tables are empty: see
// typeChecker.
func withoutTables(d *ast.GenDecl, imports map[string]bool) *ast.GenDecl {
	var specs []ast.Spec
	for k, s := range d.Specs {
		vs, ok := s.(*ast.ValueSpec)
		if !ok {
			continue
		}
		var values []ast.Expr
		for j, v := range vs.Values {
			e, ok := emptyTable(v, imports)
			if !ok {
				continue
			}
			if values == nil {
				values = make([]ast.Expr, len(vs.Values))
				copy(values, vs.Values)
			}
			values[j] = e
		}
		if values == nil {
			continue
		}
		if specs == nil {
			specs = make([]ast.Spec, len(d.Specs))
			copy(specs, d.Specs)
		}
		c := *vs
		c.Values = values
		specs[k] = &c
	}
	if specs == nil {
		return d
	}
	c := *d
	c.Specs = specs
	return &c
}

// emptyTable returns the table e with no elements, and false when e is not
// a table worth emptying: not T{...}, (T{...}) or &T{...} with T explicit
// and not [...]E, no elements, or elements that name an import.
func emptyTable(e ast.Expr, imports map[string]bool) (ast.Expr, bool) {
	switch x := e.(type) {
	case *ast.ParenExpr:
		inner, ok := emptyTable(x.X, imports)
		if !ok {
			return nil, false
		}
		c := *x
		c.X = inner
		return &c, true
	case *ast.UnaryExpr:
		if x.Op != token.AND {
			return nil, false
		}
		inner, ok := emptyTable(x.X, imports)
		if !ok {
			return nil, false
		}
		c := *x
		c.X = inner
		return &c, true
	case *ast.CompositeLit:
		if x.Type == nil || len(x.Elts) == 0 {
			return nil, false
		}
		if at, ok := x.Type.(*ast.ArrayType); ok {
			if _, ok := at.Len.(*ast.Ellipsis); ok {
				return nil, false // the elements give the length
			}
		}
		for _, elt := range x.Elts {
			if len(imports) > 0 && namesImport(elt, imports) {
				return nil, false
			}
		}
		c := *x
		c.Elts = nil
		c.Incomplete = false
		return &c, true
	}
	return nil, false
}

// namesImport reports whether n holds a selector X.Sel whose X is an
// identifier spelled like one of imports.
func namesImport(n ast.Node, imports map[string]bool) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if found {
			return false
		}
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok && imports[id.Name] {
				found = true
			}
		}
		return true
	})
	return found
}

// usedOutside reports whether file i of pkg uses the import imp outside
// the declaration orig.
func (tc *typeChecker) usedOutside(i int, imp *ast.ImportSpec, orig ast.Decl) bool {
	path, err := strconv.Unquote(imp.Path.Value)
	if err != nil {
		return false
	}
	for d := range tc.uses[i][path] {
		if d != orig {
			return true
		}
	}
	return false
}

// importUses returns, by import path, the declarations of f that use the
// import.
func importUses(info *types.Info, f *ast.File) map[string]map[ast.Decl]bool {
	uses := map[string]map[ast.Decl]bool{}
	if len(f.Imports) == 0 {
		return uses
	}
	for _, d := range f.Decls {
		ast.Inspect(d, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if id, ok := sel.X.(*ast.Ident); ok {
				if pn, ok := info.Uses[id].(*types.PkgName); ok {
					path := pn.Imported().Path()
					if uses[path] == nil {
						uses[path] = map[ast.Decl]bool{}
					}
					uses[path][d] = true
				}
			}
			return true
		})
	}
	return uses
}

// binaryWellTyped reports whether replacing the operator of the well-typed
// binary expression b by to gives a well-typed expression, from the types
// the package was checked with, without checking it again. It answers
// true only where the Go specification leaves no doubt, and false (check
// the package) elsewhere:
//   - b is not constant (a constant's new value may overflow its type,
//     repeat a case or a map key, or turn an array length negative);
//   - a division or remainder has no constant divisor (it may be zero);
//   - && and || on booleans; shifts for shifts (same operands);
//   - a comparison for == or !=, or an ordering for any comparison (the
//     operands were ordered, hence comparable);
//   - arithmetic and bitwise operators on an operand type whose
//     underlying type is basic and supports the new operator: + on
//     numbers and strings, - * / on numbers, % & | ^ &^ on integers (type
//     parameters are left to the checker).
func binaryWellTyped(info *types.Info, b *ast.BinaryExpr, to token.Token) bool {
	tv, ok := info.Types[b]
	_, okx := info.Types[b.X]
	y, oky := info.Types[b.Y]
	if !ok || !okx || !oky || tv.Type == nil || tv.Value != nil {
		return false
	}
	if (to == token.QUO || to == token.REM) && y.Value != nil {
		return false
	}
	comparison := func(t token.Token) bool {
		switch t {
		case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
			return true
		}
		return false
	}
	ordering := func(t token.Token) bool { return comparison(t) && t != token.EQL && t != token.NEQ }
	switch {
	case b.Op == token.LAND || b.Op == token.LOR:
		return to == token.LAND || to == token.LOR
	case b.Op == token.SHL || b.Op == token.SHR:
		return to == token.SHL || to == token.SHR
	case comparison(b.Op):
		return to == token.EQL || to == token.NEQ || ordering(b.Op) && ordering(to)
	case comparison(to) || to == token.LAND || to == token.LOR || to == token.SHL || to == token.SHR:
		return false
	}
	basic, ok := tv.Type.Underlying().(*types.Basic)
	if !ok {
		return false
	}
	kind := basic.Info()
	switch to {
	case token.ADD:
		return kind&(types.IsNumeric|types.IsString) != 0
	case token.SUB, token.MUL, token.QUO:
		return kind&types.IsNumeric != 0
	case token.REM, token.AND, token.OR, token.XOR, token.AND_NOT:
		return kind&types.IsInteger != 0
	}
	return false
}

// elementLiteralTyping reports whether replacing the numeric literal lit
// by the literal text gives a well-typed package (well) or an ill-typed
// one (ill), from the types the package was checked with; neither means
// the checker decides. It answers only for an element value of a
// composite literal (T{1, 2}, T{k: 1}, never a key, which may repeat),
// whose type the composite literal fixes: the mutant is well-typed when
// the new constant is representable in that type on every platform, and
// ill-typed when an integer type holds it on none. A data table of a million bytes then needs no
// check of the package per element. Anywhere else a constant may
// overflow, repeat a case, or turn a length or an index out of range.
func elementLiteralTyping(p *pass, lit *ast.BasicLit, text string) (well, ill bool) {
	switch parent := p.parent(lit).(type) {
	case *ast.CompositeLit:
	case *ast.KeyValueExpr:
		if parent.Value != lit {
			return false, false
		}
		if _, ok := p.parent(parent).(*ast.CompositeLit); !ok {
			return false, false
		}
	default:
		return false, false
	}
	tv, ok := p.TypesInfo.Types[lit]
	if !ok || tv.Type == nil {
		return false, false
	}
	basic, ok := tv.Type.Underlying().(*types.Basic)
	if !ok || basic.Info()&types.IsUntyped != 0 {
		return false, false
	}
	v := constant.MakeFromLiteral(text, lit.Kind, 0)
	if strings.HasPrefix(text, "-") {
		v = constant.UnaryOp(token.SUB, constant.MakeFromLiteral(text[1:], lit.Kind, 0), 0)
	}
	if v.Kind() == constant.Unknown {
		return false, false
	}
	// Well-typed on the narrowest platform, ill-typed on the widest. Only
	// an integer is ill-typed for sure: a float just above the type's
	// largest rounds to it and is representable.
	narrow, wide := types.SizesFor("gc", "386"), types.SizesFor("gc", "amd64")
	integer := basic.Info()&types.IsInteger != 0
	return representable(v, basic, narrow), integer && !representable(v, basic, wide)
}

// representable reports whether the constant v is representable in a
// value of the integer or float type t, as the Go specification defines
// it, with t's size under sizes. A float must lie within the type's
// largest magnitude (stricter than the rounding the specification
// allows); other types answer false.
func representable(v constant.Value, t *types.Basic, sizes types.Sizes) bool {
	bits := uint(8 * sizes.Sizeof(t))
	switch info := t.Info(); {
	case info&types.IsInteger != 0:
		i := constant.ToInt(v)
		if i.Kind() != constant.Int {
			return false
		}
		lo, hi := constant.MakeInt64(0), constant.Shift(constant.MakeInt64(1), token.SHL, bits)
		if info&types.IsUnsigned == 0 {
			hi = constant.Shift(constant.MakeInt64(1), token.SHL, bits-1)
			lo = constant.UnaryOp(token.SUB, hi, 0)
		}
		return constant.Compare(i, token.GEQ, lo) && constant.Compare(i, token.LSS, hi)
	case info&types.IsFloat != 0:
		f := constant.ToFloat(v)
		if f.Kind() != constant.Float && f.Kind() != constant.Int {
			return false
		}
		limit := math.MaxFloat64
		if bits == 32 {
			limit = math.MaxFloat32
		}
		abs := constant.MakeFloat64(limit)
		return constant.Compare(f, token.LEQ, abs) && constant.Compare(f, token.GEQ, constant.UnaryOp(token.SUB, abs, 0))
	}
	return false
}
