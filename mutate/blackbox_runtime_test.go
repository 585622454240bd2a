package mutate

import (
	"bytes"
	"flag"
	"fmt"
	"go/ast"
	"go/format"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

var updateBlackboxRuntime = flag.Bool("bbruntime.update", false, "rewrite "+blackboxRuntimeText+" from package blackbox")

// blackboxRuntimeText is the committed runtime, relative to this package.
const blackboxRuntimeText = "blackbox_runtime.go.txt"

// TestBlackboxRuntimeUpToDate regenerates the black-box runtime from
// package blackbox and the glue under testdata/blackbox_runtime, and fails
// when the committed blackbox_runtime.go.txt differs (go generate
// ./mutate rewrites it).
func TestBlackboxRuntimeUpToDate(t *testing.T) {
	got, err := generateBlackboxRuntime(filepath.Join("..", "blackbox"), filepath.Join("testdata", "blackbox_runtime", "glue.go"))
	if err != nil {
		t.Fatal(err)
	}
	if *updateBlackboxRuntime {
		if err := os.WriteFile(blackboxRuntimeText, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return // the embedded copy is the old one until the next build
	}
	if !bytes.Equal(got, []byte(blackboxRuntime)) {
		t.Fatalf("%s is out of date with package blackbox: run go generate ./mutate", blackboxRuntimeText)
	}
	// The stub the wrappers are type-checked against declares what the
	// runtime declares.
	fset := token.NewFileSet()
	rt, err := parser.ParseFile(fset, "runtime.go", got, 0)
	if err != nil {
		t.Fatal(err)
	}
	stub, err := parser.ParseFile(fset, "stub.go", "package blackbox\n"+blackboxRuntimeStub, 0)
	if err != nil {
		t.Fatal(err)
	}
	sigs := func(f *ast.File) map[string]string {
		m := map[string]string{}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv != nil {
				var b bytes.Buffer
				if err := format.Node(&b, fset, fd.Type); err != nil {
					t.Fatal(err)
				}
				m[fd.Name.Name] = strings.ReplaceAll(b.String(), "any", "interface{}")
			}
		}
		return m
	}
	have := sigs(rt)
	for name, sig := range sigs(stub) {
		if have[name] != sig {
			t.Errorf("the runtime declares %s as %q, the stub (blackboxRuntimeStub) as %q", name, have[name], sig)
		}
	}
}

// generateBlackboxRuntime returns the text of the black-box runtime: the
// non-test files of package blackbox in dir and the glue file, as one
// file of package blackbox in which every package-level name (and every
// import) is prefixed with blackboxPrefix, so that it can join any
// package without a clash and exports nothing. Methods and fields keep
// their names. The file's //go:build line is the least language version
// it type-checks at.
func generateBlackboxRuntime(dir, glue string) ([]byte, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	var paths []string
	for _, n := range names {
		if !strings.HasSuffix(n, "_test.go") {
			paths = append(paths, n)
		}
	}
	sort.Strings(paths)
	paths = append(paths, glue)
	fset := token.NewFileSet()
	var files []*ast.File
	for _, p := range paths {
		f, err := parser.ParseFile(fset, p, nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return nil, fmt.Errorf("blackbox runtime: %w", err)
		}
		if f.Name.Name != "blackbox" {
			return nil, fmt.Errorf("blackbox runtime: %s: package %s, want blackbox", p, f.Name.Name)
		}
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				if strings.HasPrefix(c.Text, "//go:build") || strings.HasPrefix(c.Text, "// +build") || strings.HasPrefix(c.Text, "//go:embed") {
					return nil, fmt.Errorf("blackbox runtime: %s: %s is not supported in the runtime", p, c.Text)
				}
			}
		}
		files = append(files, f)
	}
	info := &types.Info{Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}, Implicits: map[ast.Node]types.Object{}}
	conf := types.Config{Importer: importer.Default()}
	pkg, err := conf.Check("blackbox", fset, files, info)
	if err != nil {
		return nil, fmt.Errorf("blackbox runtime: %w", err)
	}
	rename := func(id *ast.Ident, obj types.Object) {
		if obj == nil || id.Name == "_" {
			return
		}
		if _, ok := obj.(*types.PkgName); ok || obj.Parent() == pkg.Scope() {
			id.Name = blackboxPrefix + obj.Name()
		}
	}
	for id, obj := range info.Defs {
		rename(id, obj)
	}
	for id, obj := range info.Uses {
		rename(id, obj)
	}
	imports := map[string]string{} // path -> name
	var body bytes.Buffer
	for i, f := range files {
		for _, spec := range f.Imports {
			pn, _ := info.Implicits[spec].(*types.PkgName)
			if spec.Name != nil {
				pn, _ = info.Defs[spec.Name].(*types.PkgName)
			}
			if pn == nil {
				return nil, fmt.Errorf("blackbox runtime: %s: import %s: no package name", paths[i], spec.Path.Value)
			}
			path, _ := strconv.Unquote(spec.Path.Value)
			name := blackboxPrefix + pn.Name()
			if old, ok := imports[path]; ok && old != name {
				return nil, fmt.Errorf("blackbox runtime: %s imported as %s and %s", path, old, name)
			}
			imports[path] = name
			spec.Name = ast.NewIdent(name)
		}
		var b bytes.Buffer
		if err := format.Node(&b, fset, f); err != nil {
			return nil, fmt.Errorf("blackbox runtime: print %s: %w", paths[i], err)
		}
		// Keep what follows the imports (or the package clause).
		pf, err := parser.ParseFile(token.NewFileSet(), "", b.Bytes(), parser.ParseComments)
		if err != nil {
			return nil, fmt.Errorf("blackbox runtime: reparse %s: %w", paths[i], err)
		}
		cut := int(pf.Name.End()) - 1
		for _, d := range pf.Decls {
			if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.IMPORT {
				cut = int(gd.End()) - 1
			}
		}
		fmt.Fprintf(&body, "\n// From %s.\n\n", filepath.Base(paths[i]))
		body.Write(bytes.TrimLeft(b.Bytes()[cut:], "\n"))
	}
	var paths2 []string
	for p := range imports {
		paths2 = append(paths2, p)
	}
	sort.Strings(paths2)
	var head bytes.Buffer
	head.WriteString(blackboxRuntimeHeader + "\n\n//go:build GOVERSION\n\npackage blackbox\n\nimport (\n")
	for _, p := range paths2 {
		fmt.Fprintf(&head, "\t%s %s\n", imports[p], strconv.Quote(p))
	}
	head.WriteString(")\n")
	src, err := format.Source(append(head.Bytes(), body.Bytes()...))
	if err != nil {
		return nil, fmt.Errorf("blackbox runtime: format: %w", err)
	}
	v, err := leastGoVersion(src)
	if err != nil {
		return nil, err
	}
	return bytes.Replace(src, []byte("//go:build GOVERSION"), []byte("//go:build "+v), 1), nil
}

// leastGoVersion returns the least language version, from go1.21 (the
// least a //go:build line sets), at which the file src type-checks.
func leastGoVersion(src []byte) (string, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "runtime.go", src, 0)
	if err != nil {
		return "", fmt.Errorf("blackbox runtime: %w", err)
	}
	var last error
	for minor := 21; minor <= 40; minor++ {
		v := fmt.Sprintf("go1.%d", minor)
		conf := types.Config{Importer: importer.Default(), GoVersion: v}
		if _, err := conf.Check("blackbox", fset, []*ast.File{f}, nil); err != nil {
			last = err
			continue
		}
		return v, nil
	}
	return "", fmt.Errorf("blackbox runtime: does not type-check: %w", last)
}
