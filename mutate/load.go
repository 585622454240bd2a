package mutate

import (
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"
)

// A Package is one loaded, type-checked Go package: its non-test files, with
// syntax, types and sources. It is read-only once loaded.
type Package struct {
	Path      string // import path
	Name      string // package name
	Dir       string // directory of its files
	Fset      *token.FileSet
	Files     []*ast.File // non-test files, parallel to Filenames
	Filenames []string    // absolute paths
	Types     *types.Package
	TypesInfo *types.Info

	src     map[string][]byte // original sources by absolute path
	imports map[string]*types.Package
	sizes   types.Sizes
	// goVersion is the language version the go command compiles the
	// package at (its -lang): "go" and the module's go line. A file's
	// //go:build go1.N line changes it for that file; go/types applies
	// that rule itself (Config.GoVersion, ast.File.GoVersion). Everything
	// mutate generates or rewrites is type-checked at it, so a mutant or a
	// guard that needs a newer language is dropped, never built.
	goVersion string
}

// noGoLineVersion is the language version the go command assumes for a
// module whose go.mod has no go line (gover.DefaultGoModVersion, which it
// passes to the compiler as -lang). go list reports it as the module's
// GoVersion already; the default keeps the rule for a driver that does not.
const noGoLineVersion = "1.16"

// Source returns the original bytes of the package file at the absolute path
// filename.
func (p *Package) Source(filename string) ([]byte, bool) {
	b, ok := p.src[filename]
	return b, ok
}

// fileIndex returns the index of filename in p.Filenames, or -1.
func (p *Package) fileIndex(filename string) int {
	for i, f := range p.Filenames {
		if f == filename {
			return i
		}
	}
	return -1
}

// Load loads the packages matching patterns, relative to dir, with syntax
// and types, without their tests (tests are what kill mutants). It fails
// with the first errors when a pattern matches nothing, dir is outside any
// module, or a package does not compile.
func Load(ctx context.Context, dir string, patterns ...string) ([]*Package, error) {
	return LoadWith(ctx, LoadConfig{Dir: dir}, patterns...)
}

// LoadConfig says where and how LoadWith loads packages.
type LoadConfig struct {
	Dir  string   // where patterns are resolved; "" is the current directory
	Tags []string // build tags, as go's -tags flag; none for the default
}

// LoadWith is Load with build tags: the go command it starts gets
// -tags (the process's GOFLAGS still applies).
func LoadWith(ctx context.Context, lc LoadConfig, patterns ...string) ([]*Package, error) {
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	fset := token.NewFileSet()
	var buildFlags []string
	if len(lc.Tags) > 0 {
		buildFlags = []string{"-tags=" + strings.Join(lc.Tags, ",")}
	}
	cfg := &packages.Config{
		Context:    ctx,
		Dir:        lc.Dir,
		BuildFlags: buildFlags,
		Fset:       fset,
		Tests:      false,
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles |
			packages.NeedImports | packages.NeedTypes | packages.NeedSyntax |
			packages.NeedTypesInfo | packages.NeedTypesSizes | packages.NeedModule,
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, fmt.Errorf("load %s: %w", strings.Join(patterns, " "), err)
	}
	if len(pkgs) == 0 {
		return nil, fmt.Errorf("load %s: no packages match", strings.Join(patterns, " "))
	}
	var out []*Package
	for _, lp := range pkgs {
		if len(lp.Errors) > 0 {
			return nil, fmt.Errorf("load %s: %w", lp.PkgPath, firstErrors(lp.Errors))
		}
		p, err := newPackage(lp, fset)
		if err != nil {
			return nil, fmt.Errorf("load %s: %w", lp.PkgPath, err)
		}
		out = append(out, p)
	}
	return out, nil
}

// firstErrors joins the first three errors of a package.
func firstErrors(errs []packages.Error) error {
	var msgs []string
	for i, e := range errs {
		if i == 3 {
			msgs = append(msgs, fmt.Sprintf("and %d more errors", len(errs)-3))
			break
		}
		msgs = append(msgs, e.Error())
	}
	return errors.New(strings.Join(msgs, "; "))
}

func newPackage(lp *packages.Package, fset *token.FileSet) (*Package, error) {
	if lp.Types == nil || lp.TypesInfo == nil {
		return nil, fmt.Errorf("no type information")
	}
	if len(lp.Syntax) == 0 {
		return nil, fmt.Errorf("no Go files")
	}
	p := &Package{
		Path:      lp.PkgPath,
		Name:      lp.Name,
		Fset:      fset,
		Types:     lp.Types,
		TypesInfo: lp.TypesInfo,
		src:       map[string][]byte{},
		imports:   map[string]*types.Package{},
		sizes:     lp.TypesSizes,
	}
	if lp.Module != nil {
		p.goVersion = "go" + noGoLineVersion
		if lp.Module.GoVersion != "" {
			p.goVersion = "go" + lp.Module.GoVersion
		}
	}
	for _, f := range lp.Syntax {
		name := fset.File(f.Pos()).Name()
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		if !strings.HasSuffix(name, ".go") {
			return nil, fmt.Errorf("%s: not a .go file (cgo is not supported)", name)
		}
		abs, err := filepath.Abs(name)
		if err != nil {
			return nil, fmt.Errorf("file %s: %w", name, err)
		}
		b, err := os.ReadFile(abs)
		if err != nil {
			return nil, fmt.Errorf("read source: %w", err)
		}
		p.Files = append(p.Files, f)
		p.Filenames = append(p.Filenames, abs)
		p.src[abs] = b
		for _, spec := range f.Imports {
			if pn := lp.TypesInfo.PkgNameOf(spec); pn != nil {
				path, err := importPath(spec)
				if err != nil {
					return nil, err
				}
				p.imports[path] = pn.Imported()
			}
		}
	}
	if len(p.Files) == 0 {
		return nil, fmt.Errorf("no non-test Go files")
	}
	p.Dir = filepath.Dir(p.Filenames[0])
	return p, nil
}

// importPath is the path an import spec names (its literal unquoted).
func importPath(spec *ast.ImportSpec) (string, error) {
	path, err := strconv.Unquote(spec.Path.Value)
	if err != nil || path == "" {
		return "", fmt.Errorf("bad import path %s", spec.Path.Value)
	}
	return path, nil
}

// importer returns the package's imports by the path written in the source;
// the packages were type-checked once at load and are shared (read-only) by
// every check of a mutant.
func (p *Package) importer() types.Importer { return importerFunc(p.importPackage) }

func (p *Package) importPackage(path string) (*types.Package, error) {
	if path == "unsafe" {
		return types.Unsafe, nil
	}
	if t, ok := p.imports[path]; ok {
		return t, nil
	}
	return nil, fmt.Errorf("package %s is not imported by %s", path, p.Path)
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// check type-checks the package with files replacing the same-index
// original syntax; it returns the first error that counts, or nil. A type
// error counts when counts is nil or says so; other errors always count.
func (p *Package) check(files []*ast.File, fset *token.FileSet, info *types.Info, counts func(types.Error) bool) (*types.Package, error) {
	var first error
	conf := types.Config{
		Importer:  p.importer(),
		Sizes:     p.sizes,
		GoVersion: p.goVersion,
		Error: func(err error) {
			if first != nil {
				return
			}
			if te, ok := err.(types.Error); ok && counts != nil && !counts(te) {
				return
			}
			first = err
		},
	}
	tp, err := conf.Check(p.Path, fset, files, info)
	if first != nil {
		return tp, first
	}
	if _, ok := err.(types.Error); ok {
		return tp, nil // every type error was set aside
	}
	return tp, err
}
