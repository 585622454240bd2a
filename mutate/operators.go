package mutate

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strconv"
	"strings"
)

// Operators returns the default operators, in the order their mutants are
// listed at one position. The list is the union of the operators of
// gremlins (arithmetic-base, conditionals-boundary, conditionals-negation,
// increment-decrement, invert-assignments, invert-bitwise, invert-bwassign,
// invert-logical, invert-loopctrl, invert-negatives, remove-self-assignments),
// go-mutesting (branch/if, branch/else, branch/case, expression/comparison,
// expression/remove, statement/remove) and ooze (comparison, floatdecrement,
// floatincrement, integerdecrement, integerincrement, loopbreak,
// loopcondition, rangebreak, stringempty, bitwiseoperator, negation removal),
// plus boolean literals, zero returns and negated conditions.
func Operators() []*Operator {
	return []*Operator{
		arithmeticOp, bitwiseOp, relationalOp, boundaryOp, negateConditionOp,
		logicalOp, logicalOperandOp, removeNotOp, unaryOp, incDecOp,
		assignOpOp, assignPlainOp, literalOp, stringLiteralOp, boolLiteralOp,
		returnZeroOp, removeStatementOp, emptyBodyOp, rangeBreakOp,
		breakContinueOp, loopConditionOp,
	}
}

var arithmeticOp = &Operator{
	Name: "arithmetic",
	Doc:  "replaces + - * / % by - + / * * (not string concatenation)",
	run: func(p *pass) {
		binaryReplace(p, map[token.Token]token.Token{
			token.ADD: token.SUB, token.SUB: token.ADD, token.MUL: token.QUO,
			token.QUO: token.MUL, token.REM: token.MUL,
		})
	},
}

var bitwiseOp = &Operator{
	Name: "bitwise",
	Doc:  "replaces & | ^ &^ << >> by | & & & >> <<",
	run: func(p *pass) {
		binaryReplace(p, map[token.Token]token.Token{
			token.AND: token.OR, token.OR: token.AND, token.XOR: token.AND,
			token.AND_NOT: token.AND, token.SHL: token.SHR, token.SHR: token.SHL,
		})
	},
}

var relationalOp = &Operator{
	Name: "relational",
	Doc:  "negates comparisons: < >= , <= >, > <=, >= <, == !=, != ==",
	run: func(p *pass) {
		binaryReplace(p, map[token.Token]token.Token{
			token.LSS: token.GEQ, token.LEQ: token.GTR, token.GTR: token.LEQ,
			token.GEQ: token.LSS, token.EQL: token.NEQ, token.NEQ: token.EQL,
		})
	},
}

var boundaryOp = &Operator{
	Name: "boundary",
	Doc:  "moves comparison boundaries: < <=, <= <, > >=, >= >",
	run: func(p *pass) {
		binaryReplace(p, map[token.Token]token.Token{
			token.LSS: token.LEQ, token.LEQ: token.LSS, token.GTR: token.GEQ, token.GEQ: token.GTR,
		})
	},
}

var logicalOp = &Operator{
	Name: "logical",
	Doc:  "replaces && by || and || by &&",
	run: func(p *pass) {
		binaryReplace(p, map[token.Token]token.Token{token.LAND: token.LOR, token.LOR: token.LAND})
	},
}

// binaryReplace reports, for every binary expression whose operator is a
// key of repl, the expression with the operator replaced.
func binaryReplace(p *pass, repl map[token.Token]token.Token) {
	p.preorder(func(n ast.Node) {
		b, ok := n.(*ast.BinaryExpr)
		if !ok {
			return
		}
		to, ok := repl[b.Op]
		if !ok || isString(p, b.X) && b.Op == token.ADD {
			return
		}
		opEnd := b.OpPos + token.Pos(len(b.Op.String()))
		p.Report(edit{
			Pos: b.Pos(), End: b.End(), At: b.OpPos,
			NewText:     p.source(b.Pos(), b.OpPos) + to.String() + p.source(opEnd, b.End()),
			Label:       to.String(),
			Description: fmt.Sprintf("replace %s with %s", b.Op, to),
			WellTyped:   binaryWellTyped(p.TypesInfo, b, to),
		})
	})
}

func isString(p *pass, e ast.Expr) bool {
	t := p.TypesInfo.TypeOf(e)
	if t == nil {
		return false
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

var negateConditionOp = &Operator{
	Name: "negate-condition",
	Doc:  "negates the condition of an if or for statement: c becomes !(c)",
	run: func(p *pass) {
		p.preorder(func(n ast.Node) {
			var cond ast.Expr
			switch n := n.(type) {
			case *ast.IfStmt:
				cond = n.Cond
			case *ast.ForStmt:
				cond = n.Cond
			}
			if cond == nil {
				return
			}
			if u, ok := ast.Unparen(cond).(*ast.UnaryExpr); ok && u.Op == token.NOT {
				return // negating !c gives c: the remove-not mutant already
			}
			p.Report(edit{
				Pos: cond.Pos(), End: cond.End(),
				NewText:     "!(" + p.text(cond) + ")",
				Label:       "!",
				Description: fmt.Sprintf("negate condition %s", short(p.text(cond))),
			})
		})
	},
}

var loopConditionOp = &Operator{
	Name: "loop-condition",
	Doc:  "replaces a for loop's condition by false",
	run: func(p *pass) {
		p.preorder(func(n ast.Node) {
			f, ok := n.(*ast.ForStmt)
			if !ok || f.Cond == nil {
				return
			}
			p.Report(edit{
				Pos: f.Cond.Pos(), End: f.Cond.End(), NewText: "false", Label: "false",
				Description: fmt.Sprintf("replace loop condition %s with false", short(p.text(f.Cond))),
			})
		})
	},
}

var logicalOperandOp = &Operator{
	Name: "logical-operand",
	Doc:  "replaces each operand of && and || by true and by false",
	run: func(p *pass) {
		p.preorder(func(n ast.Node) {
			b, ok := n.(*ast.BinaryExpr)
			if !ok || b.Op != token.LAND && b.Op != token.LOR {
				return
			}
			for _, e := range []ast.Expr{b.X, b.Y} {
				for _, lit := range []string{"true", "false"} {
					p.Report(edit{
						Pos: e.Pos(), End: e.End(), NewText: lit, Label: lit,
						Description: fmt.Sprintf("replace operand %s of %s with %s", short(p.text(e)), b.Op, lit),
					})
				}
			}
		})
	},
}

var removeNotOp = &Operator{
	Name: "remove-not",
	Doc:  "removes a logical not: !x becomes x",
	run:  func(p *pass) { unaryRemove(p, token.NOT) },
}

var unaryOp = &Operator{
	Name: "unary",
	Doc:  "removes a unary minus or bitwise complement: -x and ^x become x",
	run:  func(p *pass) { unaryRemove(p, token.SUB, token.XOR) },
}

func unaryRemove(p *pass, ops ...token.Token) {
	p.preorder(func(n ast.Node) {
		u, ok := n.(*ast.UnaryExpr)
		if !ok {
			return
		}
		for _, op := range ops {
			if u.Op == op {
				p.Report(edit{
					Pos: u.Pos(), End: u.End(), NewText: p.text(u.X), Label: "remove",
					Description: fmt.Sprintf("remove %s in %s", u.Op, short(p.text(u))),
				})
			}
		}
	})
}

var incDecOp = &Operator{
	Name: "incdec",
	Doc:  "replaces x++ by x-- and x-- by x++",
	run: func(p *pass) {
		p.preorder(func(n ast.Node) {
			s, ok := n.(*ast.IncDecStmt)
			if !ok {
				return
			}
			to := token.DEC
			if s.Tok == token.DEC {
				to = token.INC
			}
			p.Report(edit{
				Pos: s.Pos(), End: s.End(), At: s.TokPos,
				NewText: p.source(s.Pos(), s.TokPos) + to.String(), Label: to.String(),
				Description: fmt.Sprintf("replace %s with %s", s.Tok, to),
			})
		})
	},
}

var assignOpOp = &Operator{
	Name: "assign-op",
	Doc:  "replaces += -= *= /= %= &= |= ^= &^= <<= >>= by -= += /= *= *= |= &= &= &= >>= <<=",
	run: func(p *pass) {
		assignReplace(p, map[token.Token]token.Token{
			token.ADD_ASSIGN: token.SUB_ASSIGN, token.SUB_ASSIGN: token.ADD_ASSIGN,
			token.MUL_ASSIGN: token.QUO_ASSIGN, token.QUO_ASSIGN: token.MUL_ASSIGN,
			token.REM_ASSIGN: token.MUL_ASSIGN, token.AND_ASSIGN: token.OR_ASSIGN,
			token.OR_ASSIGN: token.AND_ASSIGN, token.XOR_ASSIGN: token.AND_ASSIGN,
			token.AND_NOT_ASSIGN: token.AND_ASSIGN, token.SHL_ASSIGN: token.SHR_ASSIGN,
			token.SHR_ASSIGN: token.SHL_ASSIGN,
		}, false)
	},
}

var assignPlainOp = &Operator{
	Name: "assign-plain",
	Doc:  "replaces an assignment operator op= by =",
	run:  func(p *pass) { assignReplace(p, nil, true) },
}

func assignReplace(p *pass, repl map[token.Token]token.Token, plain bool) {
	p.preorder(func(n ast.Node) {
		s, ok := n.(*ast.AssignStmt)
		if !ok || s.Tok == token.ASSIGN || s.Tok == token.DEFINE {
			return
		}
		to, ok := repl[s.Tok]
		if plain {
			to, ok = token.ASSIGN, true
		}
		if !ok || !plain && s.Tok == token.ADD_ASSIGN && isString(p, s.Lhs[0]) {
			return
		}
		tokEnd := s.TokPos + token.Pos(len(s.Tok.String()))
		p.Report(edit{
			Pos: s.Pos(), End: s.End(), At: s.TokPos,
			NewText:     p.source(s.Pos(), s.TokPos) + to.String() + p.source(tokEnd, s.End()),
			Label:       to.String(),
			Description: fmt.Sprintf("replace %s with %s", s.Tok, to),
		})
	})
}

var literalOp = &Operator{
	Name: "literal",
	Doc:  "replaces an integer or float literal v by v+1, v-1 and 0",
	run: func(p *pass) {
		p.preorder(func(n ast.Node) {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.INT && lit.Kind != token.FLOAT {
				return
			}
			v := constant.MakeFromLiteral(lit.Value, lit.Kind, 0)
			if v.Kind() == constant.Unknown {
				return
			}
			one := constant.MakeInt64(1)
			cands := []constant.Value{
				constant.BinaryOp(v, token.ADD, one),
				constant.BinaryOp(v, token.SUB, one),
				constant.MakeInt64(0),
			}
			seen := map[string]bool{literalText(v, lit.Kind): true}
			for _, c := range cands {
				text := literalText(c, lit.Kind)
				if seen[text] {
					continue
				}
				seen[text] = true
				newText := text
				if strings.HasPrefix(text, "-") {
					newText = "(" + text + ")"
				}
				well, ill := elementLiteralTyping(p, lit, text)
				p.Report(edit{
					Pos: lit.Pos(), End: lit.End(), NewText: newText, Label: text,
					Description: fmt.Sprintf("replace %s with %s", lit.Value, text),
					WellTyped:   well, IllTyped: ill,
				})
			}
		})
	},
}

func literalText(v constant.Value, kind token.Token) string {
	if kind == token.INT {
		return v.ExactString()
	}
	f, _ := constant.Float64Val(v) // exactness does not matter for a mutant
	s := strconv.FormatFloat(f, 'g', -1, 64)
	if !strings.ContainsAny(s, ".eEn") {
		s += ".0"
	}
	return s
}

var stringLiteralOp = &Operator{
	Name: "string-literal",
	Doc:  `replaces a non-empty string literal by ""`,
	run: func(p *pass) {
		p.preorder(func(n ast.Node) {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING || lit.Value == `""` || lit.Value == "``" {
				return
			}
			p.Report(edit{
				Pos: lit.Pos(), End: lit.End(), NewText: `""`, Label: `""`,
				Description: fmt.Sprintf(`replace %s with ""`, short(lit.Value)),
			})
		})
	},
}

var boolLiteralOp = &Operator{
	Name: "boolean-literal",
	Doc:  "replaces true by false and false by true",
	run: func(p *pass) {
		p.preorder(func(n ast.Node) {
			id, ok := n.(*ast.Ident)
			if !ok || id.Name != "true" && id.Name != "false" || p.TypesInfo.Uses[id] != types.Universe.Lookup(id.Name) {
				return
			}
			to := "true"
			if id.Name == "true" {
				to = "false"
			}
			p.Report(edit{
				Pos: id.Pos(), End: id.End(), NewText: to, Label: to,
				Description: fmt.Sprintf("replace %s with %s", id.Name, to),
			})
		})
	},
}

var returnZeroOp = &Operator{
	Name: "return-zero",
	Doc:  "replaces the results of a return statement by zero values",
	run: func(p *pass) {
		p.preorder(func(n ast.Node) {
			r, ok := n.(*ast.ReturnStmt)
			if !ok || len(r.Results) == 0 {
				return
			}
			sig := p.funcSignature(p.enclosingFunc(r))
			if sig == nil || sig.Results().Len() == 0 {
				return
			}
			zeros := make([]string, sig.Results().Len())
			for i := range zeros {
				z, ok := zeroText(p, sig.Results().At(i).Type())
				if !ok {
					return
				}
				zeros[i] = z
			}
			text := "return " + strings.Join(zeros, ", ")
			if text == p.text(r) {
				return
			}
			p.Report(edit{
				Pos: r.Pos(), End: r.End(), NewText: text, Label: "zero",
				Description: fmt.Sprintf("replace %s with %s", short(p.text(r)), text),
			})
		})
	},
}

func (p *pass) funcSignature(fn ast.Node) *types.Signature {
	var t types.Type
	switch fn := fn.(type) {
	case *ast.FuncDecl:
		if obj := p.TypesInfo.Defs[fn.Name]; obj != nil {
			t = obj.Type()
		}
	case *ast.FuncLit:
		t = p.TypesInfo.TypeOf(fn)
	}
	sig, _ := t.(*types.Signature)
	return sig
}

// zeroText returns the source text of t's zero value in p's file, or false
// when t cannot be named there.
func zeroText(p *pass, t types.Type) (string, bool) {
	if tp, ok := t.(*types.TypeParam); ok {
		name, ok := typeText(p.Pkg, p.File, p.TypesInfo, tp)
		return "*new(" + name + ")", ok
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsBoolean != 0:
			return "false", true
		case u.Info()&types.IsString != 0:
			return `""`, true
		case u.Info()&types.IsNumeric != 0:
			return "0", true
		default:
			return "nil", true
		}
	case *types.Pointer, *types.Slice, *types.Map, *types.Chan, *types.Signature, *types.Interface:
		return "nil", true
	case *types.Struct, *types.Array:
		name, ok := typeText(p.Pkg, p.File, p.TypesInfo, t)
		return name + "{}", ok
	}
	return "", false
}

// typeText names t in file f of package pkg, qualifying other packages by
// the names the file imports them under; false when some package of t is
// not imported by f, or t is an unexported type of another package.
func typeText(pkg *types.Package, f *ast.File, info *types.Info, t types.Type) (string, bool) {
	names := map[*types.Package]string{}
	for _, spec := range f.Imports {
		if pn := info.PkgNameOf(spec); pn != nil {
			names[pn.Imported()] = pn.Name()
		}
	}
	ok := true
	s := types.TypeString(t, func(other *types.Package) string {
		if other == pkg {
			return ""
		}
		name, found := names[other]
		if !found || name == "_" {
			ok = false
			return other.Name()
		}
		if name == "." {
			return ""
		}
		return name
	})
	if strings.Contains(s, "untyped") || strings.Contains(s, "invalid type") {
		return s, false
	}
	return s, ok
}

var removeStatementOp = &Operator{
	Name: "remove-statement",
	Doc:  "removes an assignment, call, send or increment statement (variables it used stay used)",
	run: func(p *pass) {
		p.preorder(func(n ast.Node) {
			s, ok := n.(ast.Stmt)
			if !ok || !inStmtList(p, s) {
				return
			}
			switch s := s.(type) {
			case *ast.AssignStmt:
				if s.Tok == token.DEFINE {
					return
				}
			case *ast.ExprStmt:
				if _, ok := ast.Unparen(s.X).(*ast.CallExpr); !ok {
					return
				}
			case *ast.SendStmt, *ast.IncDecStmt:
			default:
				return
			}
			p.Report(edit{
				Pos: s.Pos(), End: s.End(), NewText: keepUsed(p, s.Pos(), s.End(), []ast.Node{s}), Label: "remove",
				Description: fmt.Sprintf("remove statement %s", short(p.text(s))),
			})
		})
	},
}

// inStmtList reports whether s is an element of a block or clause body.
func inStmtList(p *pass, s ast.Stmt) bool {
	switch parent := p.parent(s).(type) {
	case *ast.BlockStmt, *ast.CaseClause:
		return true
	case *ast.CommClause:
		return parent.Comm != s
	case *ast.LabeledStmt:
		return inStmtList(p, parent)
	}
	return false
}

// keepUsed returns "_, _ = a, b" for the local variables used in nodes but
// declared outside [pos, end), so that removing the nodes leaves no
// variable unused; "" when there are none.
func keepUsed(p *pass, pos, end token.Pos, nodes []ast.Node) string {
	var names []string
	seen := map[types.Object]bool{}
	for _, n := range nodes {
		ast.Inspect(n, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok {
				return true
			}
			v, ok := p.TypesInfo.Uses[id].(*types.Var)
			if !ok || v.IsField() || seen[v] || v.Parent() == nil || v.Parent() == p.Pkg.Scope() ||
				v.Pos() >= pos && v.Pos() < end {
				return true
			}
			seen[v] = true
			names = append(names, id.Name)
			return true
		})
	}
	if len(names) == 0 {
		return ""
	}
	blanks := strings.TrimSuffix(strings.Repeat("_, ", len(names)), ", ")
	return blanks + " = " + strings.Join(names, ", ")
}

var emptyBodyOp = &Operator{
	Name: "empty-body",
	Doc:  "empties the body of an if, an else, a case or a select case",
	run: func(p *pass) {
		p.preorder(func(n ast.Node) {
			var body []ast.Stmt
			what := ""
			switch n := n.(type) {
			case *ast.IfStmt:
				body, what = n.Body.List, "if body"
				if els, ok := n.Else.(*ast.BlockStmt); ok {
					reportEmpty(p, els.List, "else body")
				}
			case *ast.CaseClause:
				body, what = n.Body, "case body"
			case *ast.CommClause:
				body, what = n.Body, "select case body"
			default:
				return
			}
			reportEmpty(p, body, what)
		})
	},
}

func reportEmpty(p *pass, body []ast.Stmt, what string) {
	if n := len(body); n > 0 {
		if b, ok := body[n-1].(*ast.BranchStmt); ok && b.Tok == token.FALLTHROUGH {
			body = body[:n-1]
		}
	}
	if len(body) == 0 {
		return
	}
	pos, end := body[0].Pos(), body[len(body)-1].End()
	nodes := make([]ast.Node, len(body))
	for i, s := range body {
		nodes[i] = s
	}
	p.Report(edit{
		Pos: pos, End: end, NewText: keepUsed(p, pos, end, nodes), Label: "empty",
		Description: "empty the " + what,
	})
}

var rangeBreakOp = &Operator{
	Name: "range-break",
	Doc:  "makes a range loop's body break at once",
	run: func(p *pass) {
		p.preorder(func(n ast.Node) {
			r, ok := n.(*ast.RangeStmt)
			if !ok || len(r.Body.List) == 0 {
				return
			}
			body := r.Body.List
			pos, end := body[0].Pos(), body[len(body)-1].End()
			nodes := make([]ast.Node, len(body))
			for i, s := range body {
				nodes[i] = s
			}
			text := "break"
			if keep := keepUsed(p, pos, end, nodes); keep != "" {
				text = keep + "; break"
			}
			p.Report(edit{
				Pos: pos, End: end, NewText: text, Label: "break",
				Description: "break out of the range loop at once",
			})
		})
	},
}

var breakContinueOp = &Operator{
	Name: "break-continue",
	Doc:  "replaces break by continue and continue by break (unlabelled)",
	run: func(p *pass) {
		p.preorder(func(n ast.Node) {
			b, ok := n.(*ast.BranchStmt)
			if !ok || b.Label != nil || b.Tok != token.BREAK && b.Tok != token.CONTINUE {
				return
			}
			to := token.CONTINUE
			if b.Tok == token.CONTINUE {
				to = token.BREAK
			}
			p.Report(edit{
				Pos: b.Pos(), End: b.End(), NewText: to.String(), Label: to.String(),
				Description: fmt.Sprintf("replace %s with %s", b.Tok, to),
			})
		})
	},
}

// short returns s on one line, cut to 40 bytes.
func short(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 40 {
		s = s[:37] + "..."
	}
	return s
}
