package mutate

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
)

// Probes (SchemataOptions.Probes) implement weak mutation as a filter for
// strong mutation: a probed expression site evaluates, after its original
// expression, every mutated one, and records the mutants whose value
// differs. Only pure sites are probed (evaluating them again changes
// nothing) and only at types whose == is exact (booleans, integers,
// strings; not floats, where -0 == +0 but 1/-0 != 1/+0). A mutant no
// evaluation infects leaves the test's run unchanged up to its end, so the
// test cannot kill it.

// probeStub declares the probe API for type-checking the guards (the real
// ActiveFile imports what the loaded package may not).
const probeStub = `var mutpropProbing bool
var mutpropInfected, mutpropReached []uint32
func mutpropSeen(int) bool { return false }
func mutpropInfect(int) {}
func mutpropPanicked(int) {}
func mutpropRan(int) bool { return false }
func mutpropReach(int, string) {}
`

// probeSource is the recording half of ActiveFile (probes and coverage)
// for n mutants and sites guarded sites. Like the rest of ActiveFile it is
// Go 1.0 (a legacy octal literal, sync/atomic functions rather than
// types, os.OpenFile and strconv), valid at every language version a
// module may declare.
func probeSource(n, sites int) string {
	return `
// mutpropProbeFile is the file named by ` + ProbeEnv + `, opened once;
// nil when the variable is unset or empty.
var mutpropProbeFile = mutpropOpenProbe()

// mutpropProbing turns the recording on (the probes, and the guarded
// sites' first runs): a probe file, and no active mutant.
var mutpropProbing = mutpropProbeFile != nil && mutpropActive == 0

// mutpropInfected[n] becomes 1 when schema n is first infected.
var mutpropInfected [` + fmt.Sprint(n+1) + `]uint32

// mutpropOpenProbe opens ` + ProbeEnv + ` for appending. A file that cannot
// be opened panics: running without probes would make every mutant look
// uninfected.
func mutpropOpenProbe() *os.File {
	path := os.Getenv("` + ProbeEnv + `")
	if path == "" {
		return nil
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0644)
	if err != nil {
		panic("mutprop: ` + ProbeEnv + `: " + err.Error())
	}
	return f
}

// mutpropSeen reports whether schema n is already recorded.
func mutpropSeen(n int) bool { return atomic.LoadUint32(&mutpropInfected[n]) != 0 }

// mutpropInfect records schema n, once.
func mutpropInfect(n int) {
	if atomic.CompareAndSwapUint32(&mutpropInfected[n], 0, 1) {
		if _, err := mutpropProbeFile.WriteString(strconv.Itoa(n) + "\n"); err != nil {
			panic("mutprop: ` + ProbeEnv + `: " + err.Error())
		}
	}
}

// mutpropReached[k] becomes 1 when guarded site k first runs.
var mutpropReached [` + fmt.Sprint(sites+1) + `]uint32

// mutpropRan reports whether guarded site k was recorded: the black-box
// wrappers' test (the operator sites load the flag themselves,
// probeImport).
func mutpropRan(k int) bool { return atomic.LoadUint32(&mutpropReached[k]) != 0 }

// mutpropReach records the first run of guarded site k, whose mutants
// are the schema numbers in list.
func mutpropReach(k int, list string) {
	if atomic.LoadUint32(&mutpropReached[k]) == 0 && atomic.CompareAndSwapUint32(&mutpropReached[k], 0, 1) {
		if _, err := mutpropProbeFile.WriteString("r " + list + "\n"); err != nil {
			panic("mutprop: ` + ProbeEnv + `: " + err.Error())
		}
	}
}

// mutpropPanicked, deferred around the evaluation of schema n's
// expression, records a panic as an infection.
func mutpropPanicked(n int) {
	if recover() != nil {
		mutpropInfect(n)
	}
}
`
}

// writeReturnCases writes one "case N: return mutated" line per live
// mutant of an expression site's switch.
func writeReturnCases(b *strings.Builder, live []*siteCase, writeCase func(*siteCase, string)) {
	for _, c := range live {
		fmt.Fprintf(b, " case %d: return ", c.schema)
		writeCase(c, c.text)
		b.WriteString("\n")
	}
}

// renderProbedSite renders a probed expression site:
//
//	(func() (mutpropOrig T) { [record the site's run;] switch mutpropActive { case N: return mutated };
//	mutpropOrig = original; if mutpropProbing { ...compare each mutated with mutpropOrig... }; return }())
func renderProbedSite(b *strings.Builder, src []byte, s *site, live []*siteCase, writeCase func(*siteCase, string)) {
	fmt.Fprintf(b, "(func() (mutpropOrig %s) { ", s.typ)
	writeReach(b, s, live)
	b.WriteString("switch mutpropActive {")
	writeReturnCases(b, live, writeCase)
	b.WriteString("}; mutpropOrig = ")
	renderRange(b, src, s.start, s.end, s.children)
	b.WriteString("\n; if mutpropProbing {")
	for _, c := range live {
		if s.panicFree && c.safeEdit {
			// Nothing to recover: no closure, no defer (probes run in hot
			// loops as often as the site does).
			fmt.Fprintf(b, " if %s && (", notSeen(c.schema))
			c.probeStart = b.Len()
			b.WriteString(c.text)
			c.probeEnd = b.Len()
			// No newline before the parenthesis (it would end the
			// expression): an expression's text never ends in a comment.
			fmt.Fprintf(b, ") != mutpropOrig { mutpropInfect(%d) };", c.schema)
			continue
		}
		fmt.Fprintf(b, " if %s { func() { defer mutpropPanicked(%d); if (func() %s { return ", notSeen(c.schema), c.schema, s.typ)
		c.probeStart = b.Len()
		b.WriteString(c.text)
		c.probeEnd = b.Len()
		fmt.Fprintf(b, "\n}()) != mutpropOrig { mutpropInfect(%d) } }() };", c.schema)
	}
	b.WriteString(" }; return }())")
}

// probeImport is what a schematized file with probes says after its
// package clause, on the same line (no line moves): the probes read
// their flags with sync/atomic's LoadUint32 itself. mutpropSeen and
// mutpropRan, inlined at each of thousands of sites, cost the compiler
// 14 to 17% more (go-humanize, rapid: cmd/compile's -bench) for the
// same machine code. probeImportUse, at the file's end, uses the import
// in a file whose probes were all disabled.
const (
	probeImport    = `; import mutpropatomic "sync/atomic"`
	probeImportUse = "\nvar _ = mutpropatomic.LoadUint32\n"
)

// notSeen is the probes' test that schema n is not yet recorded, notRan
// a guarded site's that site k is not.
func notSeen(n int) string {
	return fmt.Sprintf("mutpropatomic.LoadUint32(&mutpropInfected[%d]) == 0", n)
}

func notRan(k int) string {
	return fmt.Sprintf("mutpropatomic.LoadUint32(&mutpropReached[%d]) == 0", k)
}

// atomicStub is the part of sync/atomic the probes use, for type-checking
// them in a package that does not import it.
func atomicStub() *types.Package {
	p := types.NewPackage("sync/atomic", "atomic")
	u32 := types.Typ[types.Uint32]
	sig := types.NewSignatureType(nil, nil, nil,
		types.NewTuple(types.NewParam(token.NoPos, p, "addr", types.NewPointer(u32))),
		types.NewTuple(types.NewParam(token.NoPos, p, "val", u32)), false)
	p.Scope().Insert(types.NewFunc(token.NoPos, p, "LoadUint32", sig))
	p.MarkComplete()
	return p
}

// panicFree reports whether no evaluation of any part of x can panic,
// whatever the values of its variables and in whatever order a mutant's
// short circuits evaluate its parts: identifiers, literals, operators
// other than division, remainder and shifts, fields reached without a
// pointer, qualified identifiers, conversions between basic types and
// the builtins len, cap, min, max, real, imag and complex.
func panicFree(info *types.Info, x ast.Expr) bool {
	free := true
	ast.Inspect(x, func(n ast.Node) bool {
		if !free || n == nil {
			return false
		}
		switch n := n.(type) {
		case *ast.Ident, *ast.BasicLit, *ast.ParenExpr:
		case *ast.UnaryExpr:
			free = n.Op != token.ARROW && n.Op != token.AND
		case *ast.BinaryExpr:
			free = !riskyOp(n.Op)
		case *ast.SelectorExpr:
			sel, ok := info.Selections[n]
			if !ok {
				return false // a qualified identifier
			}
			free = sel.Kind() == types.FieldVal && !sel.Indirect()
		case *ast.CallExpr:
			if tv, ok := info.Types[n.Fun]; ok && tv.IsType() {
				// a conversion: between basic types it cannot panic
				from, ok := info.Types[n.Args[0]]
				free = ok && from.Type != nil && isBasic(tv.Type) && isBasic(from.Type)
				break
			}
			id, ok := ast.Unparen(n.Fun).(*ast.Ident)
			if !ok {
				free = false
				break
			}
			switch b, _ := info.Uses[id].(*types.Builtin); {
			case b == nil:
				free = false
			default:
				switch b.Name() {
				case "len", "cap", "min", "max", "real", "imag", "complex":
				default:
					free = false
				}
			}
		default:
			free = false
		}
		return free
	})
	return free
}

func isBasic(t types.Type) bool {
	_, ok := t.Underlying().(*types.Basic)
	return ok
}

// riskyOp reports whether a binary operator can panic: division and
// remainder (by zero), shifts (by a negative count).
func riskyOp(op token.Token) bool {
	return op == token.QUO || op == token.REM || op == token.SHL || op == token.SHR
}

// safeEdit reports whether the new text of an operator mutant's edit
// brings nothing that can panic: an operator other than those riskyOp
// names, or an expression of identifiers, literals and such operators.
func safeEdit(text string) bool {
	t := strings.TrimSpace(text)
	if t == "" {
		return true
	}
	if tok := operatorToken(t); tok != token.ILLEGAL {
		return !riskyOp(tok)
	}
	x, err := parser.ParseExpr(t)
	if err != nil {
		return false
	}
	free := true
	ast.Inspect(x, func(n ast.Node) bool {
		switch n := n.(type) {
		case nil, *ast.Ident, *ast.BasicLit, *ast.ParenExpr:
		case *ast.UnaryExpr:
			free = free && n.Op != token.ARROW && n.Op != token.AND
		case *ast.BinaryExpr:
			free = free && !riskyOp(n.Op)
		default:
			free = false
		}
		return free
	})
	return free
}

// operatorToken returns the operator token t spells, or token.ILLEGAL.
func operatorToken(t string) token.Token {
	for tok := token.ADD; tok <= token.TILDE; tok++ {
		if tok.IsOperator() && tok.String() == t {
			return tok
		}
	}
	return token.ILLEGAL
}

// probeSite returns the largest expression of outer (the enclosing nodes
// of x, outermost first) that contains x and that a probe can compare:
// pure, of exact type and nameable in f; x itself when its parent is not.
// Probing a larger expression is more precise: a literal 1000 that becomes
// 1001 always changes the literal's value, rarely the value of x > 1000.
func probeSite(pkg *Package, f *ast.File, x ast.Expr, outer []ast.Node) ast.Expr {
	if !probeable(pkg, f, x) {
		return x
	}
	for j := len(outer) - 1; j >= 0; j-- {
		p, ok := outer[j].(ast.Expr)
		if !ok || !valueOnly(p) || !probeable(pkg, f, p) {
			break
		}
		x = p
	}
	return x
}

// valueOnly reports whether x denotes a value that is never addressable,
// so that a closure may stand for it wherever it appears: an operation or
// a call, not an index, selector or dereference (which may be assigned
// to, incremented or have their address taken).
func valueOnly(x ast.Expr) bool {
	switch x := x.(type) {
	case *ast.BinaryExpr, *ast.CallExpr:
		return true
	case *ast.UnaryExpr:
		return x.Op != token.AND && x.Op != token.ARROW
	case *ast.ParenExpr:
		return valueOnly(x.X)
	}
	return false
}

// probeable reports whether a probe can compare the values of x.
func probeable(pkg *Package, f *ast.File, x ast.Expr) bool {
	tv, ok := pkg.TypesInfo.Types[x]
	if !ok || tv.IsType() || tv.Type == nil || !exactType(tv.Type) || !pureExpr(pkg.TypesInfo, x) {
		return false
	}
	_, ok = typeText(pkg.Types, f, pkg.TypesInfo, types.Default(tv.Type))
	return ok
}

// exactType reports whether == on values of t tells every two values
// apart that any operation could: booleans, integers and strings.
func exactType(t types.Type) bool {
	b, ok := types.Default(t).Underlying().(*types.Basic)
	return ok && b.Info()&(types.IsBoolean|types.IsInteger|types.IsString) != 0 && b.Kind() != types.UnsafePointer
}

// pureExpr reports whether evaluating e twice is the same as evaluating it
// once: no calls but conversions and pure builtins, no receives, no
// function literals. (A panic is no effect here: a probe recovers it.)
func pureExpr(info *types.Info, e ast.Expr) bool {
	pure := true
	ast.Inspect(e, func(n ast.Node) bool {
		if !pure || n == nil {
			return false
		}
		if x, ok := n.(ast.Expr); ok {
			if tv, ok := info.Types[x]; ok && tv.IsType() {
				return false // a type: nothing is evaluated
			}
		}
		switch n := n.(type) {
		case *ast.Ident, *ast.BasicLit, *ast.ParenExpr, *ast.BinaryExpr, *ast.StarExpr, *ast.SelectorExpr,
			*ast.IndexExpr, *ast.IndexListExpr, *ast.SliceExpr, *ast.TypeAssertExpr, *ast.CompositeLit, *ast.KeyValueExpr:
		case *ast.UnaryExpr:
			pure = n.Op != token.ARROW
		case *ast.CallExpr:
			if tv, ok := info.Types[n.Fun]; ok && tv.IsType() {
				return true // a conversion
			}
			id, ok := ast.Unparen(n.Fun).(*ast.Ident)
			if !ok {
				pure = false
				break
			}
			b, ok := info.Uses[id].(*types.Builtin)
			switch {
			case !ok:
				pure = false
			case b.Name() == "len", b.Name() == "cap", b.Name() == "min", b.Name() == "max",
				b.Name() == "real", b.Name() == "imag", b.Name() == "complex":
			default:
				pure = false
			}
		default:
			pure = false
		}
		return pure
	})
	return pure
}

// probedSchemata returns the schema numbers whose case is live in a live
// probed site.
func probedSchemata(sites [][]*site) map[int]bool {
	out := map[int]bool{}
	var walk func([]*site)
	walk = func(ss []*site) {
		for _, s := range ss {
			if (s.probe || s.table) && !s.disabled {
				for _, c := range s.cases {
					if !c.disabled {
						out[c.schema] = true
					}
				}
			}
			walk(s.children)
		}
	}
	for _, ss := range sites {
		walk(ss)
	}
	return out
}
