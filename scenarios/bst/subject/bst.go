package subject

import "github.com/mutprop/mutprop/scenarios/bst/internal/tree"

// Tree is a node of a binary search tree; the nil *Tree is the empty tree
// (Hughes's Leaf). Trees are never modified after construction. The type
// is declared in internal/tree so that every schematized copy of this
// package shares it.
type Tree = tree.Tree

// KV is one key/value pair, as toList returns them.
type KV = tree.KV

// Nil returns the empty tree.
func Nil() *Tree { return nil }

// Find returns the value bound to k in t, and whether there is one.
func Find(k int, t *Tree) (int, bool) {
	for t != nil {
		switch {
		case k < t.Key:
			t = t.Left
		case k > t.Key:
			t = t.Right
		default:
			return t.Val, true
		}
	}
	return 0, false
}

// Insert returns t with k bound to v; an existing binding of k is replaced.
func Insert(k, v int, t *Tree) *Tree {
	if t == nil {
		return &Tree{Key: k, Val: v}
	}
	switch {
	case k < t.Key:
		return &Tree{Left: Insert(k, v, t.Left), Key: t.Key, Val: t.Val, Right: t.Right}
	case k > t.Key:
		return &Tree{Left: t.Left, Key: t.Key, Val: t.Val, Right: Insert(k, v, t.Right)}
	default:
		return &Tree{Left: t.Left, Key: t.Key, Val: v, Right: t.Right}
	}
}

// Delete returns t without a binding for k.
func Delete(k int, t *Tree) *Tree {
	if t == nil {
		return nil
	}
	switch {
	case k < t.Key:
		return &Tree{Left: Delete(k, t.Left), Key: t.Key, Val: t.Val, Right: t.Right}
	case k > t.Key:
		return &Tree{Left: t.Left, Key: t.Key, Val: t.Val, Right: Delete(k, t.Right)}
	default:
		return join(t.Left, t.Right)
	}
}

// join combines two trees whose keys are all below (l) and above (r) some
// key, the way Hughes's code does: the root of l stays the root.
func join(l, r *Tree) *Tree {
	if l == nil {
		return r
	}
	if r == nil {
		return l
	}
	return &Tree{Left: l.Left, Key: l.Key, Val: l.Val, Right: &Tree{Left: join(l.Right, r.Left), Key: r.Key, Val: r.Val, Right: r.Right}}
}

// Union returns the bindings of both trees; where both bind a key, the left
// tree's value wins.
func Union(t1, t2 *Tree) *Tree {
	if t1 == nil {
		return t2
	}
	if t2 == nil {
		return t1
	}
	return &Tree{Left: Union(t1.Left, below(t1.Key, t2)), Key: t1.Key, Val: t1.Val, Right: Union(t1.Right, above(t1.Key, t2))}
}

// below returns the bindings of t whose keys are less than k.
func below(k int, t *Tree) *Tree {
	if t == nil {
		return nil
	}
	if k <= t.Key {
		return below(k, t.Left)
	}
	return &Tree{Left: t.Left, Key: t.Key, Val: t.Val, Right: below(k, t.Right)}
}

// above returns the bindings of t whose keys are greater than k.
func above(k int, t *Tree) *Tree {
	if t == nil {
		return nil
	}
	if k >= t.Key {
		return above(k, t.Right)
	}
	return &Tree{Left: above(k, t.Left), Key: t.Key, Val: t.Val, Right: t.Right}
}

// ToList returns the bindings of t in key order (in-order traversal).
// The properties call AppendList, so its mutants would never run:
//
//mutprop:ignore
func ToList(t *Tree) []KV { return AppendList(nil, t) }

// AppendList appends the bindings of t in key order to dst.
func AppendList(dst []KV, t *Tree) []KV {
	for t != nil {
		dst = AppendList(dst, t.Left)
		dst = append(dst, KV{Key: t.Key, Val: t.Val})
		t = t.Right
	}
	return dst
}

// Keys returns the keys of t in order. No property calls it (size is
// Size), so its mutants would never run:
//
//mutprop:ignore
func Keys(t *Tree) []int {
	var ks []int
	for _, kv := range ToList(t) {
		ks = append(ks, kv.Key)
	}
	return ks
}

// Size returns the number of bindings in t.
func Size(t *Tree) int {
	n := 0
	for t != nil {
		n += 1 + Size(t.Left)
		t = t.Right
	}
	return n
}

// Valid reports whether t satisfies the search-tree invariant: every key in
// a left subtree is smaller than its node's key, every key in a right
// subtree larger.
func Valid(t *Tree) bool {
	ok, _, _ := validRange(t)
	return ok
}

// validRange checks t and returns its smallest and largest keys.
func validRange(t *Tree) (ok bool, lo, hi int) {
	if t == nil {
		return true, 0, 0
	}
	lo, hi = t.Key, t.Key
	if t.Left != nil {
		okl, llo, lhi := validRange(t.Left)
		if !okl || lhi >= t.Key {
			return false, 0, 0
		}
		lo = llo
	}
	if t.Right != nil {
		okr, rlo, rhi := validRange(t.Right)
		if !okr || rlo <= t.Key {
			return false, 0, 0
		}
		hi = rhi
	}
	return true, lo, hi
}

// Insertions returns the bindings of t in preorder: inserting them into the
// empty tree in this order rebuilds t exactly.
//
// The properties call AppendInsertions, so its mutants would never run:
//
//mutprop:ignore
func Insertions(t *Tree) []KV { return AppendInsertions(nil, t) }

// AppendInsertions appends the bindings of t in preorder to dst.
func AppendInsertions(dst []KV, t *Tree) []KV {
	for t != nil {
		dst = append(dst, KV{Key: t.Key, Val: t.Val})
		dst = AppendInsertions(dst, t.Left)
		t = t.Right
	}
	return dst
}
