package mutate

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"regexp"
)

// An Operator makes mutants: its run function inspects one file of a pass
// and reports an edit per mutant. Operators never touch the disk. They are
// values, listed explicitly in Operators, and checked by validate; only
// this package defines them.
type Operator struct {
	Name string // lower-case, dash-separated, unique: "relational"
	Doc  string // one sentence: what it replaces with what
	run  func(*pass)
}

// A pass is what an Operator's run function sees: one file of a type-checked package,
// its shared traversal, and the Report callback.
type pass struct {
	Fset      *token.FileSet
	File      *ast.File
	TypesInfo *types.Info
	Pkg       *types.Package
	// Report records one mutant. The driver drops edits on ignored lines and
	// known equivalent sites, type-checks the rest, and drops ill-typed ones.
	Report func(edit)

	src  []byte
	trav *traversal
}

// An edit is one mutant as an operator reports it: the source range
// [Pos, End) is replaced by NewText. The range must be exactly one node's
// range (an expression or a statement), or a list of consecutive statements
// of one block or clause body, so that SchemataWith can guard it.
type edit struct {
	Pos, End token.Pos
	// At is the position named in the mutant's ID and location (a binary
	// expression's operator, say); the zero Pos means Pos.
	At token.Pos
	// NewText replaces the range.
	NewText string
	// Label is the short replacement in the mutant's ID ("<=", "0",
	// "remove"); it must not contain a newline.
	Label string
	// Description is a one-line human description ("replace < with <=").
	Description string
	// WellTyped says that the operator proved from the package's types
	// that the mutant type-checks (binaryWellTyped), so that enumerating
	// need not type-check the package again for it.
	WellTyped bool
	// IllTyped says that the operator proved the mutant ill-typed
	// (elementLiteralTyping): it is counted and dropped without a check.
	IllTyped bool
}

// source returns the original text of [pos, end).
func (p *pass) source(pos, end token.Pos) string {
	tf := p.Fset.File(pos)
	if tf == nil {
		return ""
	}
	return string(p.src[tf.Offset(pos):tf.Offset(end)])
}

// text returns n's original source text.
func (p *pass) text(n ast.Node) string { return p.source(n.Pos(), n.End()) }

var operatorName = regexp.MustCompile(`^[a-z][a-z0-9-]*$`)

// validate reports operators that cannot run together: nil, a missing run
// function or Doc, a malformed or duplicate Name.
func validate(ops []*Operator) error {
	seen := map[string]bool{}
	for i, op := range ops {
		switch {
		case op == nil:
			return fmt.Errorf("operator %d is nil", i)
		case !operatorName.MatchString(op.Name):
			return fmt.Errorf("operator %d: name %q is not lower-case-with-dashes", i, op.Name)
		case seen[op.Name]:
			return fmt.Errorf("operator %q listed twice", op.Name)
		case op.run == nil:
			return fmt.Errorf("operator %q has no run function", op.Name)
		case op.Doc == "":
			return fmt.Errorf("operator %q has no Doc", op.Name)
		}
		seen[op.Name] = true
	}
	return nil
}
