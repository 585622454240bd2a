package bst

import "math/rand/v2"

// world is what a property draws its arguments from, plus reusable
// buffers. One world belongs to one test, hence to one goroutine.
type world struct {
	gen *treeGen
	s   scratch
	ins []KV
	// guard discards the test when a generated tree is not a valid BST
	// (Etna's isBST preconditions); invalid records that it happened.
	guard, invalid bool
}

func (w *world) tree(r *rand.Rand, n int) *Tree {
	t := w.gen.tree(r, n)
	if w.guard && !valid(t) {
		w.invalid = true
	}
	return t
}

func (w *world) key(r *rand.Rand, n int) int { return w.gen.key(r, n) }
func (w *world) val(r *rand.Rand, n int) int { return w.gen.val(r, n) }

func (w *world) equivs(r *rand.Rand, n int) (*Tree, *Tree) {
	a, b := w.gen.equivs(r, n)
	if w.guard && !(valid(a) && valid(b)) {
		w.invalid = true
	}
	return a, b
}

// insertComplete is InsertComplete: t ≡ foldl insert nil (insertions t).
func (w *world) insertComplete(t *Tree) bool {
	w.ins = appendInsertions(w.ins[:0], t)
	var u *Tree
	for _, kv := range w.ins {
		u = insert(kv.Key, kv.Val, u)
	}
	return same(t, u)
}

func appendInsertions(dst []KV, t *Tree) []KV {
	for t != nil {
		dst = append(dst, KV{Key: t.Key, Val: t.Val})
		dst = appendInsertions(dst, t.Left)
		t = t.Right
	}
	return dst
}
