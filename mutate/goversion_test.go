package mutate

import (
	"bufio"
	"context"
	"fmt"
	"go/ast"
	"go/build"
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

	"github.com/mutprop/mutprop/internal/testfix"
)

// The go command compiles a package at its module's language version (the
// go line; go1.16 without one), which a file's //go:build go1.N line
// changes for that file. Everything mutate generates or rewrites is
// compiled with the package, so it must be valid at that version: syntax
// (go/types checks it) and standard library (checked here against
// $GOROOT/api).

// oldSource is valid Go 1.0 and exercises every operator and every kind of
// guard: expression and statement sites, constant expressions, shift
// counts, named results, struct and array zero values, named variants of a
// function with unnamed parameters and of a method.
const oldSource = `// Package old is valid Go 1.0.
package old

import (
	"errors"
	"strings"
)

// Point is a point.
type Point struct{ X, Y int }

// Celsius is a temperature.
type Celsius int

var errCold = errors.New("below absolute zero")

func Clamp(x, lo, hi int) int {
	if x < lo {
		return lo
	}
	if x > hi {
		return hi
	}
	return x
}

func Shifts(x int, n uint) int {
	x <<= 1
	x >>= (2)
	y := x << 2
	y = y >> (1 + 1)
	y = y << 2.0
	z := 1 << n
	var u uint32 = 1 << n
	return x + y + z + int(u)
}

func Sum(xs []int) (s int) {
	for i := 0; i < len(xs); i++ {
		if xs[i] < 0 {
			continue
		}
		if xs[i] > 1000 {
			break
		}
		s += xs[i]
	}
	return
}

func Count(s, sep string) int {
	n := 0
	for _, f := range strings.Split(s, sep) {
		if f != "" && len(f) > 1 || f == "x" {
			n++
		}
	}
	return n
}

func Flip(p Point) Point {
	if p.X < 0 || !(p.Y >= 0) {
		return Point{-p.X, ^p.Y}
	}
	return Point{p.X / 2, p.Y % 3}
}

func Fahrenheit(c Celsius) (Celsius, error) {
	if c < -273 {
		return 0, errCold
	}
	return c*9/5 + 32, nil
}

func Ratio(a, b float64) float64 {
	if b == 0.0 {
		return 1.5
	}
	return a / b
}

func Grid() [2][2]int {
	var g [2][2]int
	g[0][1] = 3
	return g
}

func Mask(x int) interface{} {
	switch {
	case x > 0:
		return "positive"
	case x < 0:
		return nil
	}
	return x&0xff | 0x10 ^ 7&^1
}

func Bytes(s string) []byte {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		b = append(b, s[i]+1)
	}
	return b
}

func Drain(ch chan int, done chan bool) int {
	t := 0
	for {
		select {
		case v := <-ch:
			t += v
		case <-done:
			return t
		}
	}
}

//mutprop:variant Clamp clamp-loose "clamps with <= instead of <"
func clampLoose(x, lo, hi int) int {
	if x <= lo {
		return lo
	}
	if x >= hi {
		return hi
	}
	return x
}

func Pick(int, string) int { return 7 }

//mutprop:variant Pick pick-eight "picks 8"
func pickEight(a int, b string) int { return 8 }

func (p *Point) Move(dx int) { p.X += dx }

//mutprop:variant Point.Move move-back "moves backwards"
func (p *Point) moveBack(dx int) { p.X -= dx }
`

// newerSource holds a file whose //go:build line sets its own language
// version, go1.21, whatever the module says: it may use min, and must not
// use range over an integer.
const newerSource = `//go:build go1.21

package old

func Least(a, b int) int { return min(a, b) + a*b }
`

// needsGo121 and needsGo122 stand for operators whose rewrites need a newer
// language than the file may have: mutate must drop their mutants there.
var needsGo121 = &Operator{
	Name: "needs-go121",
	Doc:  "replaces an int operation e by min(e, e)",
	run: func(p *pass) {
		p.preorder(func(n ast.Node) {
			if b, ok := n.(*ast.BinaryExpr); ok && isInt(p, b) {
				p.Report(edit{Pos: b.Pos(), End: b.End(), NewText: "min(" + p.text(b) + ", " + p.text(b) + ")", Label: "min"})
			}
		})
	},
}

var needsGo122 = &Operator{
	Name: "needs-go122",
	Doc:  "replaces an int operation e by a loop over 1 that returns e",
	run: func(p *pass) {
		p.preorder(func(n ast.Node) {
			if b, ok := n.(*ast.BinaryExpr); ok && isInt(p, b) {
				p.Report(edit{Pos: b.Pos(), End: b.End(), NewText: "func() int { for range 1 { }; return " + p.text(b) + " }()", Label: "range"})
			}
		})
	},
}

func isInt(p *pass, e ast.Expr) bool {
	tv, ok := p.TypesInfo.Types[e]
	return ok && tv.Value == nil && types.Identical(tv.Type, types.Typ[types.Int])
}

// currentLang is the language version of the toolchain: "go1.26".
func currentLang() string {
	tags := build.Default.ReleaseTags
	return tags[len(tags)-1]
}

// minor returns N of the language version go1.N ("go1" is 0).
func minor(t *testing.T, v string) int {
	t.Helper()
	s := strings.TrimPrefix(strings.TrimPrefix(v, "go1"), ".")
	if s == "" {
		return 0
	}
	n, err := strconv.Atoi(strings.SplitN(s, ".", 2)[0])
	if err != nil {
		t.Fatalf("language version %q: %v", v, err)
	}
	return n
}

// writeOldModule writes the module example.com/old, whose go.mod says
// "go <goLine>" (no go line when goLine is empty).
func writeOldModule(t *testing.T, goLine string) string {
	t.Helper()
	dir := t.TempDir()
	mod := "module example.com/old\n"
	if goLine != "" {
		mod += "\ngo " + goLine + "\n"
	}
	for name, text := range map[string]string{"go.mod": mod, "old.go": oldSource, "newer.go": newerSource} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// stdAPI maps each standard library symbol to the minor version of Go
// that added it, from $GOROOT/api/go1*.txt; keys read "os.Getenv",
// "os.File.WriteString", "go/types.Config.GoVersion". Nil without those
// files.
func stdAPI(t *testing.T) map[string]int {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(build.Default.GOROOT, "api", "go1*.txt"))
	if err != nil || len(files) == 0 {
		return nil
	}
	api := map[string]int{}
	for _, file := range files {
		v := minor(t, strings.TrimSuffix(filepath.Base(file), ".txt"))
		f, err := os.Open(file)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			key := apiKey(sc.Text())
			if old, ok := api[key]; key != "" && (!ok || v < old) {
				api[key] = v
			}
		}
		f.Close()
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
	}
	return api
}

// apiKey turns a line of an api file ("pkg os, func Getenv(string)
// string") into its stdAPI key; "" for other lines.
func apiKey(line string) string {
	rest, ok := strings.CutPrefix(line, "pkg ")
	if !ok {
		return ""
	}
	pkg, decl, ok := strings.Cut(rest, ", ")
	if !ok {
		return ""
	}
	pkg = strings.Fields(pkg)[0] // drop "(linux-386)"
	name := func(s string) string {
		if i := strings.IndexAny(s, "([ "); i >= 0 {
			return s[:i]
		}
		return s
	}
	kind, decl, _ := strings.Cut(decl, " ")
	switch kind {
	case "func", "const", "var":
		return pkg + "." + name(decl)
	case "method":
		recv, m, _ := strings.Cut(strings.TrimPrefix(decl, "("), ") ")
		return pkg + "." + name(strings.TrimPrefix(recv, "*")) + "." + name(m)
	case "type":
		typ, member, ok := strings.Cut(decl, ", ")
		if !ok {
			return pkg + "." + name(typ)
		}
		return pkg + "." + name(typ) + "." + name(member)
	}
	return ""
}

// versionChecker type-checks sets of files at a language version, with
// the standard library from export data.
type versionChecker struct {
	imp types.Importer
	api map[string]int
}

// check type-checks the package's files, overlay replacing or adding some,
// with Config.GoVersion set to lang, and checks every use of the standard
// library against the file's version; it returns the problems.
func (vc *versionChecker) check(t *testing.T, pkg *Package, overlay map[string][]byte, lang string) []string {
	t.Helper()
	names := append([]string(nil), pkg.Filenames...)
	for name := range overlay {
		if pkg.fileIndex(name) < 0 {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	fset := token.NewFileSet()
	var files []*ast.File
	var problems []string
	for _, name := range names {
		src, ok := overlay[name]
		if !ok {
			src = pkg.src[name]
		}
		f, err := parser.ParseFile(fset, name, src, parser.ParseComments)
		if err != nil {
			problems = append(problems, err.Error())
			continue
		}
		files = append(files, f)
	}
	info := &types.Info{
		Uses:         map[*ast.Ident]types.Object{},
		Selections:   map[*ast.SelectorExpr]*types.Selection{},
		FileVersions: map[*ast.File]string{},
	}
	conf := types.Config{
		GoVersion: lang,
		Importer:  vc.imp,
		Error:     func(err error) { problems = append(problems, err.Error()) },
	}
	conf.Check(pkg.Path, fset, files, info) // errors are in problems
	if vc.api == nil {
		return problems
	}
	for _, f := range files {
		fv := minor(t, info.FileVersions[f])
		ast.Inspect(f, func(n ast.Node) bool {
			x, ok := n.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			key := ""
			if sel, ok := info.Selections[x]; ok {
				recv := sel.Recv()
				if p, ok := recv.(*types.Pointer); ok {
					recv = p.Elem()
				}
				if named, ok := recv.(interface{ Obj() *types.TypeName }); ok && named.Obj().Pkg() != nil {
					key = named.Obj().Pkg().Path() + "." + named.Obj().Name() + "." + x.Sel.Name
				}
			} else if obj := info.Uses[x.Sel]; obj != nil && obj.Pkg() != nil && obj.Parent() == obj.Pkg().Scope() {
				key = obj.Pkg().Path() + "." + obj.Name()
			}
			if v, ok := vc.api[key]; ok && v > fv {
				problems = append(problems, fmt.Sprintf("%s: %s is new in go1.%d; the file is go1.%d",
					fset.Position(x.Pos()), key, v, fv))
			}
			return true
		})
	}
	return problems
}

// mustCheck fails the test with the problems of vc.check.
func (vc *versionChecker) mustCheck(t *testing.T, what string, pkg *Package, overlay map[string][]byte, lang string) {
	t.Helper()
	if problems := vc.check(t, pkg, overlay, lang); len(problems) > 0 {
		t.Errorf("%s at %s:\n\t%s", what, lang, strings.Join(problems, "\n\t"))
	}
}

func TestTheActiveFileIsValidAtEveryLanguageVersion(t *testing.T) {
	t.Parallel()
	vc := &versionChecker{imp: importer.Default(), api: stdAPI(t)}
	if vc.api == nil {
		t.Log("no $GOROOT/api: the standard library calls are not checked")
	}
	pkg := &Package{Path: "example.com/p", Dir: "/p", src: map[string][]byte{}}
	for _, c := range []SchemataOptions{{}, {Probes: true}, {Probes: true, Copies: true}, {Coverage: true, Copies: true}, {Probes: true, Coverage: true, Copies: true}} {
		overlay := map[string][]byte{
			"/p/" + ActiveFile: []byte(activeSource("p", c, 3, 2, nil, nil)),
			"/p/p.go":          []byte("package p\n\nfunc f() bool { return mutpropActive == 1 }\n"),
		}
		if c.Probes || c.Coverage {
			overlay["/p/p.go"] = []byte("package p\n\nfunc f() bool {\n\tif mutpropProbing && !mutpropRan(1) { mutpropReach(1, \"1 2\") }\n\tif mutpropProbing && !mutpropSeen(2) {\n\t\tfunc() { defer mutpropPanicked(2); mutpropInfect(2) }()\n\t}\n\treturn mutpropActive == 1\n}\n")
		}
		for _, lang := range []string{"go1", "go1.2", "go1.12", "go1.16", "go1.17", currentLang()} {
			vc.mustCheck(t, fmt.Sprintf("%s (%+v)", ActiveFile, c), pkg, overlay, lang)
		}
	}
}

// TestGeneratedCodeIsValidAtTheModulesLanguageVersion loads a module at
// each language version (and one without a go line), and type-checks at
// that version, file versions included, every file mutate makes of it:
// the schemata with and without probes, the Generate copy and each
// mutant's Apply.
func TestGeneratedCodeIsValidAtTheModulesLanguageVersion(t *testing.T) {
	testfix.Slow(t, "type-checks every file mutate makes of a module at seven language versions")
	t.Parallel()
	vc := &versionChecker{imp: importer.Default(), api: stdAPI(t)}
	cases := []struct{ goLine, lang string }{
		{"1.0", "go1.0"}, {"1.2", "go1.2"}, {"1.12", "go1.12"}, {"1.16", "go1.16"}, {"1.17", "go1.17"},
		{strings.TrimPrefix(currentLang(), "go"), currentLang()},
		{"", "go1.16"}, // the go command's default for a go.mod without a go line
	}
	ops := append(Operators(), needsGo121, needsGo122)
	for _, c := range cases {
		name := c.lang
		if c.goLine == "" {
			name = "nogoline"
		}
		t.Run(name, func(t *testing.T) {
			pkgs, err := Load(context.Background(), writeOldModule(t, c.goLine), ".")
			if err != nil {
				t.Fatal(err)
			}
			pkg := pkgs[0]
			if pkg.goVersion != c.lang {
				t.Fatalf("the package's language version is %q, want %q", pkg.goVersion, c.lang)
			}
			muts, _, err := Enumerate(context.Background(), pkg, &Options{Operators: ops})
			if err != nil {
				t.Fatal(err)
			}
			// The version-dependent operators keep their mutants exactly
			// where the file's version allows them: newer.go is go1.21
			// whatever the module says.
			kept := map[string]int{}
			for _, m := range muts {
				kept[m.File+" "+m.Operator]++
			}
			for _, want := range []struct {
				file, op string
				at       int
			}{{"old.go", "needs-go121", 21}, {"old.go", "needs-go122", 22}, {"newer.go", "needs-go121", 21}, {"newer.go", "needs-go122", 22}} {
				fileVersion := minor(t, c.lang)
				if want.file == "newer.go" {
					fileVersion = 21
				}
				if got := kept[want.file+" "+want.op] > 0; got != (fileVersion >= want.at) {
					t.Errorf("%s mutants of %s (go1.%d) kept: %v, want %v", want.op, want.file, fileVersion, got, !got)
				}
			}

			for _, opts := range []SchemataOptions{{}, {Probes: true}, {Probes: true, Copies: true}, {Probes: true, Copies: true, Coverage: true}} {
				probes := opts.Probes
				ms := append([]Mutant(nil), muts...)
				schem, err := SchemataWith(pkg, ms, opts)
				if err != nil {
					t.Fatal(err)
				}
				probed := 0
				for _, m := range ms {
					if m.Schema == 0 {
						t.Errorf("%+v: %s lost its guard (it did not type-check at %s)", opts, m.ID, c.lang)
					}
					if m.Probed {
						probed++
					}
				}
				if probes && probed == 0 {
					t.Errorf("no mutant probed")
				}
				vc.mustCheck(t, fmt.Sprintf("schemata (%+v)", opts), pkg, schem, c.lang)
			}

			ms := append([]Mutant(nil), muts...)
			gen, err := GenerateFiles(pkg, ms)
			if err != nil {
				t.Fatal(err)
			}
			overlay := map[string][]byte{}
			for base, b := range gen {
				overlay[filepath.Join(pkg.Dir, base)] = b
			}
			vc.mustCheck(t, "Generate's copy", pkg, overlay, c.lang)

			named := 0
			for _, m := range muts {
				files, err := Apply(pkg, m)
				if err != nil {
					t.Fatal(err)
				}
				vc.mustCheck(t, "Apply "+m.ID, pkg, files, c.lang)
				if m.Origin == OriginNamed {
					named++
				}
			}
			if named != 3 {
				t.Errorf("%d named mutants, want 3", named)
			}
		})
	}
}

func TestTheSwitchPackageIsValidAtEveryLanguageVersion(t *testing.T) {
	t.Parallel()
	vc := &versionChecker{imp: importer.Default(), api: stdAPI(t)}
	pkg := &Package{Path: "example.com/m/" + SwitchDir, Dir: "/m/" + SwitchDir, src: map[string][]byte{}}
	overlay := map[string][]byte{"/m/" + SwitchDir + "/switch.go": SwitchSource()}
	for _, lang := range []string{"go1", "go1.2", "go1.12", "go1.16", "go1.17", currentLang()} {
		vc.mustCheck(t, "the switch package", pkg, overlay, lang)
	}
}
