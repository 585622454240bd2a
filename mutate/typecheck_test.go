package mutate

import (
	"context"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mutprop/mutprop/internal/testfix"
)

// TestMutantsProvedWellTypedTypeCheck checks binaryWellTyped against the
// type checker: every mutant of real packages (mutprop's own, and the ops
// fixture) that an operator proved well-typed must type-check with the
// package, and the proof must spare most binary-operator mutants a check.
func TestMutantsProvedWellTypedTypeCheck(t *testing.T) {
	testfix.Slow(t, "type-checks every proved mutant of several packages")
	ctx := context.Background()
	pkgs, err := Load(ctx, "..", "./stats", "./engine", "./gen/...", "./outcome", "./proc")
	if err != nil {
		t.Fatal(err)
	}
	pkgs = append(pkgs, loadFixture(t, "ops"))
	binary := map[string]bool{"arithmetic": true, "bitwise": true, "relational": true, "boundary": true, "logical": true}
	proved, binaries := 0, 0
	eachCandidate(pkgs, func(pkg *Package, c candidate) {
		if binary[c.m.Operator] {
			binaries++
		}
		if c.illTyped {
			if err := checkUnchanged(pkg, c.file, parseMutated(t, pkg, c)); err == nil {
				t.Errorf("%s (%s): proved ill-typed, but the checker accepts it", c.m.ID, pkg.Path)
			}
		}
		if !c.wellTyped {
			return
		}
		proved++
		if !binary[c.m.Operator] && c.m.Operator != "literal" {
			t.Errorf("%s: a %s mutant claims a proof; only binary operator swaps and literals have one", c.m.ID, c.m.Operator)
		}
		if err := checkUnchanged(pkg, c.file, parseMutated(t, pkg, c)); err != nil {
			t.Errorf("%s (%s): proved well-typed, but the checker says: %v", c.m.ID, pkg.Path, err)
		}
	})
	t.Logf("%d of %d binary-operator mutants proved well-typed without a check", proved, binaries)
	if binaries == 0 || proved*2 < binaries {
		t.Errorf("%d of %d binary-operator mutants proved: want at least half", proved, binaries)
	}
}

// TestBinaryWellTypedLeavesDoubtfulSwapsToTheChecker lists swaps the proof
// must not claim: constants, constant divisors, type parameters, operators
// the operand type lacks.
func TestBinaryWellTypedLeavesDoubtfulSwapsToTheChecker(t *testing.T) {
	pkg := loadSource(t, `package p

const c = 1 + 2

type num interface{ ~int | ~float64 }

func f[T num](a, b T) T { return a + b }

func g(x, y int, s, u string, r float64, ok, no bool) {
	_ = x * 0
	_ = x * y
	_ = s + u
	_ = r + 1.5
	_ = x < y
	_ = s == u
	_ = ok && no
	_ = x << y
	var arr [c * 2]int
	_ = arr
}
`)
	want := map[string]map[token.Token]bool{
		"1 + 2":    {token.SUB: false},                                    // constant
		"a + b":    {token.SUB: false},                                    // type parameter
		"x * 0":    {token.QUO: false},                                    // constant divisor
		"x * y":    {token.QUO: true, token.REM: true},                    // integers
		"s + u":    {token.SUB: false},                                    // strings have no -
		"r + 1.5":  {token.SUB: true, token.REM: false, token.AND: false}, // floats have no % or &
		"x < y":    {token.GEQ: true, token.LEQ: true, token.EQL: true},   // orderings
		"s == u":   {token.NEQ: true, token.LSS: false},                   // == to an ordering: left to the checker
		"ok && no": {token.LOR: true},                                     // booleans
		"x << y":   {token.SHR: true},                                     // shifts
		"c * 2":    {token.QUO: false},                                    // an array length
	}
	seen, total := 0, 0
	for _, tos := range want {
		total += len(tos)
	}
	for _, f := range pkg.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			b, ok := n.(*ast.BinaryExpr)
			if !ok {
				return true
			}
			src := pkg.src[pkg.Filenames[0]][pkg.Fset.Position(b.Pos()).Offset:pkg.Fset.Position(b.End()).Offset]
			for to, w := range want[strings.TrimSpace(string(src))] {
				seen++
				if got := binaryWellTyped(pkg.TypesInfo, b, to); got != w {
					t.Errorf("%s with %s: binaryWellTyped = %v, want %v", src, to, got, w)
				}
			}
			return true
		})
	}
	if seen != total {
		t.Errorf("checked %d swaps, want %d: the fixture's expressions were not all found", seen, total)
	}
}

// TestElementLiteralsProvedWellTypedTypeCheck checks elementLiteralTyping
// against the checker on literals at the edges of their types, and lists
// where it must leave the check to the checker: a key, a constant
// expression, an array length, a switch case, an index, a type parameter.
func TestElementLiteralsProvedWellTypedTypeCheck(t *testing.T) {
	pkg := loadSource(t, `package p

type pair struct {
	a int8
	b float32
}

type num interface{ ~int | ~uint8 }

const k = 255

var (
	bytes  = []byte{0, 255, 0x80}
	small  = [...]int8{127, -128}
	wide   = []uint64{18446744073709551615}
	plat   = []uint{4294967295, 4294967296}
	floats = []float64{1.5, 0}
	m      = map[uint8]int16{0: 32767, 255: 1}
	any_   = []any{7}
	pairs  = []pair{{a: 127, b: 2.5}, {-128, 0}}
	ix     = [3]int{2: 9}
	arr    [4]int
)

func f(x int) int {
	switch x {
	case 1, 2:
		return arr[3]
	}
	return k + 1
}

func g[T num]() []T { return []T{5} }
`)
	// want: each literal mutant's ID (line:col:label) and what the proof
	// must claim: "well", "ill", or "" (the checker decides). Every claim
	// must agree with the checker.
	want := map[string]string{
		"13:18:1": "well", "13:18:-1": "ill", // byte 0: -1 overflows
		"13:21:256": "ill", "13:21:254": "well", "13:21:0": "well", // byte 255
		"13:26:129": "well",
		"14:21:128": "ill", "14:21:126": "well", // int8 127
		"14:27:127":                  "", // -128 is a unary minus, not a literal: its 128 is left to the checker
		"15:20:18446744073709551616": "ill", "15:20:18446744073709551614": "well",
		"16:18:4294967296": "", "16:18:4294967294": "well", // uint: 32 bits on some platforms, 64 on others
		"17:21:2.5": "well", "17:21:0.5": "well", "17:26:1": "well", "17:26:-1": "well", // floats
		"18:27:1": "", "18:27:-1": "", "18:37:0": "", "18:30:32768": "ill", "18:30:32766": "well", // keys; int16 32767
		"19:17:8":   "well",                                          // an interface's element: the default type, int
		"20:22:126": "well", "20:30:3.5": "well", "20:22:128": "ill", // a struct's fields
		"21:18:1": "", "21:21:10": "well", // an index key; its value
		"27:10:3": "", // a switch case may repeat another
		"28:14:2": "", // an index
		"30:13:2": "", // a constant expression
		"33:34:6": "", // a type parameter
	}
	seen := map[string]bool{}
	eachCandidate([]*Package{pkg}, func(pkg *Package, c candidate) {
		if c.m.Operator != "literal" {
			return
		}
		key := fmt.Sprintf("%d:%d:%s", c.m.Line, c.m.Col, strings.Trim(c.m.Replacement, "()"))
		err := checkUnchanged(pkg, c.file, parseMutated(t, pkg, c))
		claim := map[[2]bool]string{{true, false}: "well", {false, true}: "ill", {false, false}: ""}[[2]bool{c.wellTyped, c.illTyped}]
		switch {
		case c.wellTyped && c.illTyped:
			t.Errorf("%s: proved both well-typed and ill-typed", key)
		case c.wellTyped && err != nil:
			t.Errorf("%s: proved well-typed, but the checker says: %v", key, err)
		case c.illTyped && err == nil:
			t.Errorf("%s: proved ill-typed, but the checker accepts it", key)
		}
		if w, ok := want[key]; ok {
			seen[key] = true
			if claim != w {
				t.Errorf("%s (%s with %s): proof claims %q, want %q (checker: %v)", key, c.m.Original, c.m.Replacement, claim, w, err)
			}
		}
	})
	for key := range want {
		if !seen[key] {
			t.Errorf("no literal mutant %s: the fixture's literals moved", key)
		}
	}
}

// loadSource loads src as the one file of a module's package.
func loadSource(t *testing.T, src string) *Package {
	t.Helper()
	dir := t.TempDir()
	for name, text := range map[string]string{"go.mod": "module example.com/p\n\ngo 1.22\n", "p.go": src} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	pkgs, err := Load(context.Background(), dir, ".")
	if err != nil {
		t.Fatal(err)
	}
	return pkgs[0]
}

// TestCheckingOneBodyAgreesWithCheckingThePackage checks wellTypedBody, and
// typeCheckAll's batches of bodies, against the whole package's check,
// both ways, on every mutant of real
// packages and of a fixture whose mutants break the file outside their
// function (an import only the mutated function uses) or not (an import
// other functions use too).
func TestCheckingOneBodyAgreesWithCheckingThePackage(t *testing.T) {
	testfix.Slow(t, "type-checks every mutant of several packages twice")
	pkgs, err := Load(context.Background(), "..", "./engine", "./outcome", "./gen/covering", "./internal/atomicfile")
	if err != nil {
		t.Fatal(err)
	}
	pkgs = append(pkgs, loadFixture(t, "ops"), loadFixture(t, "imports"))
	bodies, illTyped := 0, 0
	light := lightVerdicts(t, pkgs)
	eachCandidate(pkgs, func(pkg *Package, c candidate) {
		k := enclosingDecl(pkg.Files[c.file], pkg.Fset, c.m.Edits)
		if k < 0 {
			return
		}
		if _, ok := pkg.Files[c.file].Decls[k].(*ast.FuncDecl); !ok {
			return
		}
		bodies++
		whole := checkUnchanged(pkg, c.file, parseMutated(t, pkg, c))
		if whole != nil {
			illTyped++
		}
		if ok := light[verdictKey(pkg, c)]; (whole == nil) != ok {
			t.Errorf("%s (%s): the package's check says %v, the batch of bodies well-typed %v", c.m.ID, pkg.Path, whole, ok)
		}
		if body := newTypeChecker(pkg).wellTypedBody(c.file, k, c.m.Edits); (whole == nil) != (body == nil) {
			t.Errorf("%s (%s): the package's check says %v, the body's alone %v", c.m.ID, pkg.Path, whole, body)
		}
	})
	t.Logf("%d mutants checked in one body, %d of them ill-typed", bodies, illTyped)
	if bodies == 0 || illTyped == 0 {
		t.Errorf("%d mutants in one body, %d ill-typed: want some of each", bodies, illTyped)
	}
}

// eachCandidate calls fn with every operator mutant of the packages'
// files that are not generated.
func eachCandidate(pkgs []*Package, fn func(*Package, candidate)) {
	for _, pkg := range pkgs {
		for i, f := range pkg.Files {
			if ast.IsGenerated(f) {
				continue
			}
			cands, _ := fileMutants(pkg, i, Operators(), nil)
			for _, c := range cands {
				fn(pkg, c)
			}
		}
	}
}

// checkUnchanged type-checks the package with file i replaced by f and
// nothing else changed: the reference the lighter checks must agree with.
func checkUnchanged(pkg *Package, i int, f *ast.File) error {
	files := make([]*ast.File, len(pkg.Files))
	copy(files, pkg.Files)
	files[i] = f
	_, err := pkg.check(files, pkg.Fset, nil, nil)
	return err
}

// parseMutated returns the syntax of candidate c's file with c applied.
func parseMutated(t *testing.T, pkg *Package, c candidate) *ast.File {
	t.Helper()
	filename := pkg.Filenames[c.file]
	src, err := applyEdits(pkg.src[filename], c.m.Edits)
	if err != nil {
		t.Fatal(err)
	}
	f, err := parser.ParseFile(pkg.Fset, filename, src, parser.SkipObjectResolution)
	if err != nil {
		t.Fatalf("%s: %v", c.m.ID, err)
	}
	return f
}
