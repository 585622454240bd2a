package mutprop_test

// This test keeps DESIGN.md true to the code: every name it quotes in
// backticks that starts with one of the module's packages must exist.
//
//	quoted as                    checked
//	`gotest.Preflight`           package gotest declares Preflight
//	`runsettings.Settings.Key`   and Settings has a field or method Key
//	`gotest.Plan.Prior`          (an interface: Plan has a method Prior)
//	`internal/testlog`           the directory exists
//	`gotest/batch.go`            the file exists
//
// Names of other packages (`os.Exit`, `t.Parallel`) are not checked.

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// declarations are the top-level names a package declares in its
// non-test files, and the fields and methods of each of its types.
type declarations struct {
	names   map[string]bool
	members map[string]map[string]bool // type name -> field or method names
}

// packagesByName parses every package of the module, keyed by package
// name (several directories may share one).
func packagesByName(t *testing.T) map[string][]declarations {
	t.Helper()
	pkgs := map[string][]declarations{}
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		if name := d.Name(); path != "." && (name == "testdata" || strings.HasPrefix(name, ".") || name == "node_modules") {
			return filepath.SkipDir
		}
		name, decls, ok := parseDir(t, path)
		if ok {
			pkgs[name] = append(pkgs[name], decls)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return pkgs
}

// parseDir returns the package name and declarations of dir's non-test
// Go files; ok is false when it has none.
func parseDir(t *testing.T, dir string) (name string, decls declarations, ok bool) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	decls = declarations{names: map[string]bool{}, members: map[string]map[string]bool{}}
	member := func(typ, m string) {
		if decls.members[typ] == nil {
			decls.members[typ] = map[string]bool{}
		}
		decls.members[typ][m] = true
	}
	fset := token.NewFileSet()
	for _, file := range files {
		if strings.HasSuffix(file, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, file, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatalf("parse %s: %v", file, err)
		}
		name, ok = f.Name.Name, true
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil {
					decls.names[d.Name.Name] = true
					continue
				}
				if typ := receiverType(d.Recv.List[0].Type); typ != "" {
					member(typ, d.Name.Name)
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						decls.names[s.Name.Name] = true
						var fields *ast.FieldList
						switch typ := s.Type.(type) {
						case *ast.StructType:
							fields = typ.Fields
						case *ast.InterfaceType:
							fields = typ.Methods
						}
						if fields != nil {
							for _, f := range fields.List {
								for _, n := range f.Names {
									member(s.Name.Name, n.Name)
								}
							}
						}
					case *ast.ValueSpec:
						for _, n := range s.Names {
							decls.names[n.Name] = true
						}
					}
				}
			}
		}
	}
	return name, decls, ok
}

// receiverType is the name of a method's receiver type, without its
// pointer or type parameters.
func receiverType(e ast.Expr) string {
	for {
		switch x := e.(type) {
		case *ast.StarExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.IndexListExpr:
			e = x.X
		case *ast.Ident:
			return x.Name
		default:
			return ""
		}
	}
}

var (
	quoted        = regexp.MustCompile("`([^`\n]+)`")
	qualifiedName = regexp.MustCompile(`^([a-z][a-z0-9]*)\.([A-Z]\w*)(?:\.(\w+))?$`)
	quotedPath    = regexp.MustCompile(`^[a-z][a-z0-9_]*(?:/[\w.-]+)+$`)
)

func TestDesignNamesOnlyPackagesFunctionsAndFilesThatExist(t *testing.T) {
	pkgs := packagesByName(t)
	topDirs := map[string]bool{}
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.IsDir() {
			topDirs[e.Name()] = true
		}
	}
	checked := 0
	for i, line := range strings.Split(readDoc(t, "DESIGN.md"), "\n") {
		for _, m := range quoted.FindAllStringSubmatch(line, -1) {
			q := m[1]
			if p := qualifiedName.FindStringSubmatch(q); p != nil {
				decls, ours := pkgs[p[1]]
				if !ours {
					continue // another module's package
				}
				checked++
				if !declares(decls, p[2], p[3]) {
					t.Errorf("DESIGN.md:%d: `%s`: package %s declares no such name", i+1, q, p[1])
				}
				continue
			}
			if quotedPath.MatchString(q) && topDirs[strings.SplitN(q, "/", 2)[0]] {
				checked++
				if _, err := os.Stat(strings.TrimSuffix(strings.TrimSuffix(q, "..."), "/")); err != nil {
					t.Errorf("DESIGN.md:%d: `%s`: no such file or directory", i+1, q)
				}
			}
		}
	}
	// The map quotes well over a hundred names: a regexp that matched
	// none would pass without checking anything.
	if checked < 100 {
		t.Errorf("checked only %d quoted names in DESIGN.md", checked)
	}
}

// declares reports whether one of the packages declares name, and, when
// member is set, gives its type that field or method.
func declares(pkgs []declarations, name, member string) bool {
	for _, d := range pkgs {
		if !d.names[name] {
			continue
		}
		if member == "" || d.members[name][member] {
			return true
		}
	}
	return false
}
