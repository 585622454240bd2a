package mutate

import (
	"context"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"testing"
)

// stdImport imports standard packages from export data.
func stdImport(path string) (*types.Package, error) {
	return importer.Default().Import(path)
}

// sourcePackage type-checks src as the only file of a package without
// imports; false when it is not such a package.
func sourcePackage(src string) (*Package, bool) {
	fset := token.NewFileSet()
	filename := filepath.Join("/fuzz", "p.go")
	f, err := parser.ParseFile(fset, filename, src, parser.ParseComments)
	if err != nil || len(f.Imports) > 0 {
		return nil, false
	}
	info := &types.Info{
		Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{},
		Uses: map[*ast.Ident]types.Object{}, Implicits: map[ast.Node]types.Object{},
		Selections: map[*ast.SelectorExpr]*types.Selection{}, Scopes: map[ast.Node]*types.Scope{},
	}
	p := &Package{
		Path: "fuzz/p", Name: f.Name.Name, Dir: "/fuzz", Fset: fset,
		Files: []*ast.File{f}, Filenames: []string{filename}, TypesInfo: info,
		src: map[string][]byte{filename: []byte(src)}, imports: map[string]*types.Package{},
		sizes: types.SizesFor("gc", "amd64"),
	}
	tp, err := p.check(p.Files, fset, info)
	if err != nil {
		return nil, false
	}
	p.Types = tp
	return p, true
}

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
		if _, err := Schemata(pkg, muts); err != nil {
			t.Fatalf("schemata: %v", err)
		}
	})
}
