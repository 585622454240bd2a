package bst

import "math/rand/v2"

// world is what a property draws its arguments from and calls the subject
// through, plus reusable buffers. One world belongs to one test, hence to
// one goroutine.
type world struct {
	gen    *treeGen
	o      *ops
	s      scratch
	ins    []kv
	shrink shrinker
	// guard discards the test when a generated tree is not a valid BST
	// (Etna's isBST preconditions); invalid records that it happened.
	guard, invalid bool
}

func (w *world) tree(r *rand.Rand, n int) *tree {
	t := w.gen.tree(r, n)
	if w.guard && !w.o.valid(t) {
		w.invalid = true
		panic(discardTest{})
	}
	return t
}

// discardTest is thrown by a guarded world as soon as a generated tree is
// invalid: the rest of the test would be discarded anyway.
type discardTest struct{}

func (w *world) key(r *rand.Rand, n int) int { return w.gen.key(r, n) }
func (w *world) val(r *rand.Rand, n int) int { return w.gen.val(r, n) }

func (w *world) equivs(r *rand.Rand, n int) (*tree, *tree) {
	a, b := w.gen.equivs(r, n)
	if w.guard && !(w.o.valid(a) && w.o.valid(b)) {
		w.invalid = true
		panic(discardTest{})
	}
	return a, b
}

// The subject's operations, through the world's ops table.
func (w *world) insert(k, v int, t *tree) *tree { return w.o.insert(k, v, t) }
func (w *world) del(k int, t *tree) *tree       { return w.o.del(k, t) }
func (w *world) union(a, b *tree) *tree         { return w.o.union(a, b) }
func (w *world) valid(t *tree) bool             { return w.o.valid(t) }
func (w *world) size(t *tree) int               { return w.o.size(t) }
func (w *world) appendList(dst []kv, t *tree) []kv {
	return w.o.appendList(dst, t)
}

// equiv is Hughes's =~=: equal toList (the subject's toList).
func (w *world) equiv(a, b *tree) bool {
	if a == b {
		return true
	}
	w.s.a = w.o.appendList(w.s.a[:0], a)
	w.s.b = w.o.appendList(w.s.b[:0], b)
	return equalKVs(w.s.a, w.s.b)
}

// insertComplete is InsertComplete: t ≡ foldl insert nil (insertions t).
func (w *world) insertComplete(t *tree) bool {
	w.ins = w.o.appendInsertions(w.ins[:0], t)
	var u *tree
	for _, kv := range w.ins {
		u = w.o.insert(kv.Key, kv.Val, u)
	}
	return same(t, u)
}
