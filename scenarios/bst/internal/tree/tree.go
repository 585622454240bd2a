// Package tree defines the node type of the BST subject. It lives apart
// from the subject so that the subject's schematized copies (the named
// variants in ../mutated, the operator mutants in ../operators) share one
// Tree type, and the harness can pass the same trees to either.
package tree

// Tree is a node of a binary search tree; the nil *Tree is the empty tree
// (Hughes's Leaf). Trees are never modified after construction.
type Tree struct {
	Left  *Tree
	Key   int
	Val   int
	Right *Tree
}

// KV is one key/value pair, as toList returns them.
type KV struct {
	Key, Val int
}
