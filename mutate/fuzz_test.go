package mutate

import (
	"context"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"sync"
	"testing"
)

// stdImport imports standard packages from export data.
func stdImport(path string) (*types.Package, error) {
	return importer.Default().Import(path)
}

// fuzzImports are the standard packages a fuzzed source may import.
var fuzzImports = []string{"bytes", "errors", "fmt", "math", "os", "sort", "strconv", "strings", "sync", "sync/atomic", "time", "unicode/utf8"}

// fuzzStd imports fuzzImports once per process with one importer, so their
// shared dependencies are shared.
var fuzzStd = sync.OnceValues(func() (map[string]*types.Package, error) {
	imp := importer.Default()
	m := map[string]*types.Package{}
	for _, path := range fuzzImports {
		p, err := imp.Import(path)
		if err != nil {
			return nil, fmt.Errorf("import %s: %w", path, err)
		}
		m[path] = p
	}
	return m, nil
})

// sourcePackage type-checks src as the only file of package fuzz/p in the
// directory /fuzz; false when it is not such a package (it does not parse,
// imports a package outside fuzzImports, or does not type-check).
func sourcePackage(src string) (*Package, bool) {
	return sourcePackageIn("/fuzz", src)
}

// sourcePackageIn is sourcePackage with the file p.go in dir.
func sourcePackageIn(dir, src string) (*Package, bool) {
	fset := token.NewFileSet()
	filename := filepath.Join(dir, "p.go")
	f, err := parser.ParseFile(fset, filename, src, parser.ParseComments)
	if err != nil {
		return nil, false
	}
	imports := map[string]*types.Package{}
	if len(f.Imports) > 0 {
		std, err := fuzzStd()
		if err != nil {
			panic(err) // the toolchain cannot import the standard library
		}
		for _, spec := range f.Imports {
			path, err := importPath(spec)
			if err != nil || std[path] == nil {
				return nil, false
			}
			imports[path] = std[path]
		}
	}
	info := &types.Info{
		Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{},
		Uses: map[*ast.Ident]types.Object{}, Implicits: map[ast.Node]types.Object{},
		Selections: map[*ast.SelectorExpr]*types.Selection{}, Scopes: map[ast.Node]*types.Scope{},
	}
	p := &Package{
		Path: "fuzz/p", Name: f.Name.Name, Dir: dir, Fset: fset,
		Files: []*ast.File{f}, Filenames: []string{filename}, TypesInfo: info,
		src: map[string][]byte{filename: []byte(src)}, imports: imports,
		sizes: types.SizesFor("gc", "amd64"),
	}
	tp, err := p.check(p.Files, fset, info, nil)
	if err != nil {
		return nil, false
	}
	p.Types = tp
	return p, true
}

// FuzzMutateSource runs every operator over an arbitrary self-contained
// package: every emitted mutant parses and type-checks (ill-typed ones are
// counted in Stats and dropped, never built), the counts add up, and the
// schemata of the package can be written.
func FuzzMutateSource(f *testing.F) {
	f.Add("package p\n\nfunc f(x int) int { return x + 1 }\n")
	f.Fuzz(func(t *testing.T, src string) {
		pkg, ok := sourcePackage(src)
		if !ok {
			t.Skip("not a self-contained package")
		}
		muts, st, err := Enumerate(context.Background(), pkg, &Options{Workers: 1})
		if err != nil {
			return // a bad //mutprop:variant directive is a reported error
		}
		if st.Generated != st.Ignored+st.Equivalent+st.IllTyped+st.Kept-st.Named {
			t.Fatalf("stats %+v do not add up", st)
		}
		for _, m := range muts {
			files, err := Apply(pkg, m)
			if err != nil {
				t.Fatalf("apply %s: %v", m.ID, err)
			}
			for name, b := range files {
				if _, err := parser.ParseFile(token.NewFileSet(), name, b, 0); err != nil {
					t.Fatalf("mutant %s does not parse: %v\n%s", m.ID, err, b)
				}
			}
			if m.Origin == OriginOperator {
				if err := wellTyped(pkg, 0, m.Edits); err != nil {
					t.Fatalf("mutant %s is ill-typed but was emitted: %v", m.ID, err)
				}
			}
		}
		if _, err := schemata(pkg, muts); err != nil {
			t.Fatalf("schemata: %v", err)
		}
	})
}
