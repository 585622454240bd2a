package mutate

import (
	"go/ast"
	"go/token"
)

// traversal is the one walk of a file shared by every operator: the file's
// mutable nodes in preorder with their parents. Building it costs one
// ast.Inspect of the file and a map entry per node; each pass.preorder is
// then a loop over a slice, without allocation.
//
// Subtrees that are never mutated are pruned here, once for all operators:
// imports, const declarations, type declarations and type expressions
// (array lengths must stay constant), struct tags and field lists,
// functions declared as named variants, and functions whose doc comment
// says //mutprop:ignore.
type traversal struct {
	nodes   []ast.Node
	parents map[ast.Node]ast.Node
}

func newTraversal(f *ast.File, skipFunc func(*ast.FuncDecl) bool) *traversal {
	t := &traversal{parents: map[ast.Node]ast.Node{}}
	var stack []ast.Node
	ast.Inspect(f, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if prune(n, skipFunc) {
			return false
		}
		if len(stack) > 0 {
			t.parents[n] = stack[len(stack)-1]
		}
		t.nodes = append(t.nodes, n)
		stack = append(stack, n)
		return true
	})
	return t
}

func prune(n ast.Node, skipFunc func(*ast.FuncDecl) bool) bool {
	switch n := n.(type) {
	case *ast.ImportSpec, *ast.TypeSpec, *ast.Field, *ast.FieldList,
		*ast.ArrayType, *ast.StructType, *ast.FuncType, *ast.InterfaceType,
		*ast.MapType, *ast.ChanType, *ast.CommentGroup, *ast.Comment:
		return true
	case *ast.GenDecl:
		return n.Tok == token.CONST || n.Tok == token.IMPORT || n.Tok == token.TYPE
	case *ast.FuncDecl:
		return skipFunc(n)
	}
	return false
}

// preorder calls fn for every mutable node of the file, parents before
// children. Cost: one pass over a precomputed slice.
func (p *pass) preorder(fn func(ast.Node)) {
	for _, n := range p.trav.nodes {
		fn(n)
	}
}

// parent returns n's parent node, or nil for the file and pruned nodes.
func (p *pass) parent(n ast.Node) ast.Node { return p.trav.parents[n] }

// enclosingFunc returns the innermost function (*ast.FuncDecl or
// *ast.FuncLit) around n, or nil.
func (p *pass) enclosingFunc(n ast.Node) ast.Node {
	for n = p.parent(n); n != nil; n = p.parent(n) {
		switch n.(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			return n
		}
	}
	return nil
}
