package mutate

import (
	"context"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"strconv"
	"sync"
)

// typeCheckAll type-checks every candidate in a pool of workers and
// reports which are well-typed. Each check parses only the changed file and
// re-checks the package with the other files' syntax and the imports that
// were loaded once (shared, read-only). Cost: one go/types check of the
// package per candidate, spread over workers, but for the candidates their
// operator proved well-typed (binaryWellTyped), which are not checked.
func typeCheckAll(ctx context.Context, pkg *Package, cands []candidate, workers int) ([]bool, error) {
	ok := make([]bool, len(cands))
	var todo []int
	for i, c := range cands {
		if c.wellTyped {
			ok[i] = true
		} else {
			todo = append(todo, i)
		}
	}
	jobs := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				ok[i] = wellTyped(pkg, cands[i].file, cands[i].m.Edits) == nil
			}
		}()
	}
	var err error
loop:
	for _, i := range todo {
		select {
		case jobs <- i:
		case <-ctx.Done():
			err = fmt.Errorf("type-check mutants: %w", ctx.Err())
			break loop
		}
	}
	close(jobs)
	wg.Wait()
	return ok, err
}

// wellTyped applies edits to file i of pkg and type-checks the package.
// When the edits lie in one function body, only that body is checked
// (wellTypedBody); otherwise the whole package is.
func wellTyped(pkg *Package, i int, edits []TextEdit) error {
	filename := pkg.Filenames[i]
	src, err := applyEdits(pkg.src[filename], edits)
	if err != nil {
		return err
	}
	f, err := parser.ParseFile(pkg.Fset, filename, src, parser.SkipObjectResolution)
	if err != nil {
		return err
	}
	if fd, orig := enclosingBodies(pkg, i, f, edits); fd != nil {
		return wellTypedBody(pkg, i, f, fd, orig)
	}
	return wellTypedWhole(pkg, i, f)
}

// wellTypedWhole type-checks the package with file i replaced by f.
func wellTypedWhole(pkg *Package, i int, f *ast.File) error {
	files := make([]*ast.File, len(pkg.Files))
	copy(files, pkg.Files)
	files[i] = f
	_, err := pkg.check(files, pkg.Fset, nil, nil)
	return err
}

// enclosingBodies returns the function declaration of the mutated file f
// whose body holds every edit, and the same declaration in the original
// file; nil when the edits are not all in one body (a package-level
// initializer, say) or the file has a dot import (whose uses wellTypedBody
// cannot tell apart).
func enclosingBodies(pkg *Package, i int, f *ast.File, edits []TextEdit) (mutated, original *ast.FuncDecl) {
	if len(edits) == 0 {
		return nil, nil
	}
	for _, imp := range f.Imports {
		if imp.Name != nil && imp.Name.Name == "." {
			return nil, nil
		}
	}
	lo, hi := edits[0].Start, edits[0].End
	for _, e := range edits[1:] {
		lo, hi = min(lo, e.Start), max(hi, e.End)
	}
	orig := pkg.Files[i]
	otf := pkg.Fset.File(orig.Pos())
	original = funcHolding(orig, otf.Pos(lo), otf.Pos(hi))
	if original == nil {
		return nil, nil
	}
	// The edits change only the body's text: the declaration starts at the
	// same offset in the mutated file.
	mtf := pkg.Fset.File(f.Pos())
	at := mtf.Pos(otf.Offset(original.Pos()))
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Pos() == at && fd.Body != nil {
			return fd, original
		}
	}
	return nil, nil
}

// funcHolding returns the function declaration of f whose body holds
// [lo, hi), or nil.
func funcHolding(f *ast.File, lo, hi token.Pos) *ast.FuncDecl {
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil && fd.Body.Lbrace < lo && hi <= fd.Body.Rbrace {
			return fd
		}
	}
	return nil
}

// wellTypedBody type-checks the package with the mutated file f, whose
// function fd holds every edit, and every other function body of the
// package left empty: fd's body is checked against the package's
// declarations, which is all a change inside it can break, at the cost of
// one body instead of all of them. The errors that count are those inside
// fd, and an import of f left unused, unless the original file uses it
// outside orig (fd as it was): the emptied bodies leave imports unused and
// functions without their return statements, which are not the mutant's
// doing.
func wellTypedBody(pkg *Package, i int, f *ast.File, fd, orig *ast.FuncDecl) error {
	files := make([]*ast.File, len(pkg.Files))
	for j, file := range pkg.Files {
		if j == i {
			file = f
		}
		files[j] = withEmptyBodies(file, fd)
	}
	_, err := pkg.check(files, pkg.Fset, nil, func(te types.Error) bool {
		if fd.Pos() <= te.Pos && te.Pos < fd.End() {
			return true
		}
		for _, imp := range f.Imports {
			if imp.Pos() <= te.Pos && te.Pos < imp.End() {
				return !usedOutside(pkg, i, imp, orig)
			}
		}
		return false
	})
	return err
}

// withEmptyBodies returns a shallow copy of f in which every function
// declaration but keep has an empty body.
func withEmptyBodies(f *ast.File, keep *ast.FuncDecl) *ast.File {
	g := *f
	g.Decls = make([]ast.Decl, len(f.Decls))
	for k, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd != keep && fd.Body != nil {
			empty := *fd
			empty.Body = &ast.BlockStmt{}
			d = &empty
		}
		g.Decls[k] = d
	}
	return &g
}

// usedOutside reports whether the original file i of pkg uses the import
// imp (of the mutated file: the same path) outside the function orig.
func usedOutside(pkg *Package, i int, imp *ast.ImportSpec, orig *ast.FuncDecl) bool {
	path, err := strconv.Unquote(imp.Path.Value)
	if err != nil {
		return false
	}
	file := pkg.Files[i]
	used := false
	ast.Inspect(file, func(n ast.Node) bool {
		if used || n == orig {
			return false
		}
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok {
				if pn, ok := pkg.TypesInfo.Uses[id].(*types.PkgName); ok && pn.Imported().Path() == path {
					used = true
				}
			}
		}
		return true
	})
	return used
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
