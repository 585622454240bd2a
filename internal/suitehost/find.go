package suitehost

import (
	"errors"
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// mutproptestPath is the import path of the package that registers suites
// in a package's tests.
const mutproptestPath = "github.com/mutprop/mutprop/mutproptest"

// Tests reads the package's test files (those the default build
// context selects) and returns the top-level tests that may register a
// suite: the Test functions that refer to package mutproptest, directly
// or through functions of the same test package that do; and whether
// TestMain does.
func Tests(dir string) (tests []string, hasMain bool, err error) {
	bp, err := build.ImportDir(dir, build.ImportComment)
	if err != nil {
		var noGo *build.NoGoError
		if errors.As(err, &noGo) {
			return nil, false, nil
		}
		return nil, false, fmt.Errorf("find suites in %s: %w", dir, err)
	}
	type fn struct {
		decl *ast.FuncDecl
		pkg  string
	}
	var fns []fn
	marked := map[string]bool{} // "pkg.func" refers to mutproptest
	fset := token.NewFileSet()
	for _, name := range append(append([]string(nil), bp.TestGoFiles...), bp.XTestGoFiles...) {
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, false, fmt.Errorf("find suites in %s: %w", dir, err)
		}
		local := ""
		for _, imp := range f.Imports {
			if p, _ := strconv.Unquote(imp.Path.Value); p == mutproptestPath {
				local = "mutproptest"
				if imp.Name != nil {
					local = imp.Name.Name
				}
			}
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv != nil || fd.Body == nil {
				continue
			}
			fns = append(fns, fn{fd, f.Name.Name})
			if local != "" && local != "_" && refersTo(fd.Body, func(x *ast.Ident) bool { return x.Name == local }, true) {
				marked[f.Name.Name+"."+fd.Name.Name] = true
			}
		}
	}
	// Functions that call a marked function of their package are marked.
	for changed := true; changed; {
		changed = false
		for _, f := range fns {
			key := f.pkg + "." + f.decl.Name.Name
			if marked[key] {
				continue
			}
			if refersTo(f.decl.Body, func(x *ast.Ident) bool { return marked[f.pkg+"."+x.Name] }, false) {
				marked[key], changed = true, true
			}
		}
	}
	for _, f := range fns {
		name := f.decl.Name.Name
		if !marked[f.pkg+"."+name] {
			continue
		}
		switch {
		case name == "TestMain":
			hasMain = true
		case isTestName(name):
			tests = append(tests, name)
		}
	}
	sort.Strings(tests)
	return tests, hasMain, nil
}

// refersTo reports whether body has an identifier that match accepts: as
// the package of a selector (pkgOnly) or anywhere.
func refersTo(body ast.Node, match func(*ast.Ident) bool, pkgOnly bool) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found {
			return false
		}
		if pkgOnly {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if x, ok := sel.X.(*ast.Ident); ok && match(x) {
					found = true
				}
			}
			return true
		}
		if x, ok := n.(*ast.Ident); ok && match(x) {
			found = true
		}
		return true
	})
	return found
}

// isTestName reports whether name is a test function's name: Test, then
// nothing or a character that is not a lower-case letter.
func isTestName(name string) bool {
	rest, ok := strings.CutPrefix(name, "Test")
	return ok && (rest == "" || !(rest[0] >= 'a' && rest[0] <= 'z'))
}
