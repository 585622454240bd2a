package bst

import (
	"math/rand/v2"

	"github.com/mutprop/mutprop/propsuite"
)

// Kind classifies a property as How to Specify It! does.
type Kind string

// The kinds of property.
const (
	Validity      Kind = "validity"
	Postcondition Kind = "postcondition"
	Metamorphic   Kind = "metamorphic"
	Equivalence   Kind = "equivalence"
	Completeness  Kind = "completeness"
	Model         Kind = "model"
	QuickSpec     Kind = "quickspec"
)

// property is one property of BSTSpec.hs: a name, a kind, and a check that
// draws its own arguments (in the Haskell argument order) from a world.
type property struct {
	Name string
	Kind Kind
	// Duplicate, for QuickSpec properties, names the hand-written property
	// it duplicates ("" when it is new).
	Duplicate string
	check     func(w *world, r *rand.Rand, n int) propsuite.CaseResult
}

// maybe is a Haskell Maybe Int; the zero value is Nothing.
type maybe struct {
	v  int
	ok bool
}

// fnd is find as a Maybe.
func (w *world) fnd(k int, t *tree) maybe {
	v, ok := w.o.find(k, t)
	if !ok {
		return maybe{}
	}
	return maybe{v, true}
}

func just(v int) maybe { return maybe{v, true} }

// orElse is Haskell's <|> on Maybe: a if it is Just, else b.
func orElse(a, b maybe) maybe {
	if a.ok {
		return a
	}
	return b
}

func chk(ok bool) propsuite.CaseResult {
	if ok {
		return propsuite.Pass
	}
	return propsuite.Fail
}

func discard() propsuite.CaseResult { return propsuite.Discard }

// properties returns the 79 active properties of BSTSpec.hs in file order:
// 48 hand-written, then the 31 found by QuickSpec.
func properties() []property { return append(handWritten(), quickSpec()...) }

// handWritten returns the 48 active hand-written properties.
// handWritten is a data table: one literal entry per property.
func handWritten() []property {
	type P = property
	return []P{
		// Validity.
		{Name: "ArbitraryValid", Kind: Validity, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			return chk(w.valid(w.tree(r, n)))
		}},
		{Name: "NilValid", Kind: Validity, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			return chk(w.valid(nil))
		}},
		{Name: "InsertValid", Kind: Validity, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			k, v, t := w.key(r, n), w.val(r, n), w.tree(r, n)
			return chk(w.valid(w.insert(k, v, t)))
		}},
		{Name: "DeleteValid", Kind: Validity, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			k, t := w.key(r, n), w.tree(r, n)
			return chk(w.valid(w.del(k, t)))
		}},
		{Name: "UnionValid", Kind: Validity, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			t, t2 := w.tree(r, n), w.tree(r, n)
			return chk(w.valid(w.union(t, t2)))
		}},
		{Name: "ShrinkValid", Kind: Validity, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			t := w.tree(r, n)
			if !w.valid(t) {
				return discard()
			}
			// filter (not . valid) (shrink t) === [], with shrink =
			// filter valid . genericShrink, streamed. valid is pure, so
			// it runs once per candidate: a candidate the shrinker keeps
			// is one the property finds valid. What can still happen is
			// that valid crashes or loops on a candidate (a mutant).
			w.shrink.each(t, func(s *tree) bool {
				w.valid(s)
				return true
			})
			return propsuite.Pass
		}},

		// Postconditions.
		{Name: "InsertPost", Kind: Postcondition, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			k, v, t, k2 := w.key(r, n), w.val(r, n), w.tree(r, n), w.key(r, n)
			want := w.fnd(k2, t)
			if k == k2 {
				want = just(v)
			}
			return chk(w.fnd(k2, w.insert(k, v, t)) == want)
		}},
		{Name: "DeletePost", Kind: Postcondition, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			k, t, k2 := w.key(r, n), w.tree(r, n), w.key(r, n)
			want := w.fnd(k2, t)
			if k == k2 {
				want = maybe{}
			}
			return chk(w.fnd(k2, w.del(k, t)) == want)
		}},
		{Name: "FindPostPresent", Kind: Postcondition, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			k, v, t := w.key(r, n), w.val(r, n), w.tree(r, n)
			return chk(w.fnd(k, w.insert(k, v, t)) == just(v))
		}},
		{Name: "FindPostAbsent", Kind: Postcondition, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			k, t := w.key(r, n), w.tree(r, n)
			return chk(w.fnd(k, w.del(k, t)) == maybe{})
		}},
		{Name: "InsertDeleteComplete", Kind: Postcondition, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			k, t := w.key(r, n), w.tree(r, n)
			if m := w.fnd(k, t); m.ok {
				return chk(same(t, w.insert(k, m.v, t)))
			}
			return chk(same(t, w.del(k, t)))
		}},
		{Name: "UnionPost", Kind: Postcondition, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			t, t2, k := w.tree(r, n), w.tree(r, n), w.key(r, n)
			return chk(w.fnd(k, w.union(t, t2)) == orElse(w.fnd(k, t), w.fnd(k, t2)))
		}},

		// Metamorphic.
		{Name: "SizeInsert", Kind: Metamorphic, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			k, v, t := w.key(r, n), w.val(r, n), w.tree(r, n)
			return chk(w.size(w.insert(k, v, t)) >= w.size(t))
		}},
		{Name: "InsertInsertWeak", Kind: Metamorphic, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			k, v, k2, v2, t := w.key(r, n), w.val(r, n), w.key(r, n), w.val(r, n), w.tree(r, n)
			if k == k2 {
				return discard()
			}
			return chk(w.equiv(w.insert(k, v, w.insert(k2, v2, t)), w.insert(k2, v2, w.insert(k, v, t))))
		}},
		{Name: "InsertInsert", Kind: Metamorphic, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			k, v, k2, v2, t := w.key(r, n), w.val(r, n), w.key(r, n), w.val(r, n), w.tree(r, n)
			want := w.insert(k, v, t)
			if k != k2 {
				want = w.insert(k2, v2, want)
			}
			return chk(w.equiv(w.insert(k, v, w.insert(k2, v2, t)), want))
		}},
		{Name: "InsertDeleteWeak", Kind: Metamorphic, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			k, v, k2, t := w.key(r, n), w.val(r, n), w.key(r, n), w.tree(r, n)
			if k == k2 {
				return discard()
			}
			return chk(w.equiv(w.insert(k, v, w.del(k2, t)), w.del(k2, w.insert(k, v, t))))
		}},
		{Name: "InsertDelete", Kind: Metamorphic, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			k, v, k2, t := w.key(r, n), w.val(r, n), w.key(r, n), w.tree(r, n)
			var want *tree
			if k == k2 {
				want = w.insert(k, v, t)
			} else {
				want = w.del(k2, w.insert(k, v, t))
			}
			return chk(w.equiv(w.insert(k, v, w.del(k2, t)), want))
		}},
		{Name: "InsertUnion", Kind: Metamorphic, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			k, v, t, t2 := w.key(r, n), w.val(r, n), w.tree(r, n), w.tree(r, n)
			return chk(w.equiv(w.insert(k, v, w.union(t, t2)), w.union(w.insert(k, v, t), t2)))
		}},
		{Name: "UnionInsert", Kind: Metamorphic, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			t, t2, k, v := w.tree(r, n), w.tree(r, n), w.key(r, n), w.val(r, n)
			return chk(w.equiv(w.union(w.insert(k, v, t), t2), w.insert(k, v, w.union(t, t2))))
		}},
		{Name: "DeleteNil", Kind: Metamorphic, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			k := w.key(r, n)
			return chk(same(w.del(k, nil), nil))
		}},
		{Name: "DeleteInsertWeak", Kind: Metamorphic, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			k, k2, v2, t := w.key(r, n), w.key(r, n), w.val(r, n), w.tree(r, n)
			if k == k2 {
				return discard()
			}
			return chk(w.equiv(w.del(k, w.insert(k2, v2, t)), w.insert(k2, v2, w.del(k, t))))
		}},
		{Name: "DeleteInsert", Kind: Metamorphic, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			k, k2, v2, t := w.key(r, n), w.key(r, n), w.val(r, n), w.tree(r, n)
			var want *tree
			if k == k2 {
				want = w.del(k, t)
			} else {
				want = w.insert(k2, v2, w.del(k, t))
			}
			return chk(w.equiv(w.del(k, w.insert(k2, v2, t)), want))
		}},
		{Name: "DeleteDelete", Kind: Metamorphic, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			k, k2, t := w.key(r, n), w.key(r, n), w.tree(r, n)
			return chk(w.equiv(w.del(k, w.del(k2, t)), w.del(k2, w.del(k, t))))
		}},
		{Name: "DeleteUnion", Kind: Metamorphic, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			k, t, t2 := w.key(r, n), w.tree(r, n), w.tree(r, n)
			return chk(w.equiv(w.del(k, w.union(t, t2)), w.union(w.del(k, t), w.del(k, t2))))
		}},
		{Name: "UnionDeleteDelete", Kind: Metamorphic, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			t, t2, k := w.tree(r, n), w.tree(r, n), w.key(r, n)
			return chk(w.equiv(w.union(w.del(k, t), w.del(k, t2)), w.del(k, w.union(t, t2))))
		}},
		{Name: "UnionNil1", Kind: Metamorphic, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			t := w.tree(r, n)
			return chk(same(w.union(nil, t), t))
		}},
		{Name: "UnionNil2", Kind: Metamorphic, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			t := w.tree(r, n)
			return chk(same(w.union(t, nil), t))
		}},
		{Name: "UnionDeleteInsert", Kind: Metamorphic, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			t, t2, k, v := w.tree(r, n), w.tree(r, n), w.key(r, n), w.val(r, n)
			return chk(w.equiv(w.union(w.del(k, t), w.insert(k, v, t2)), w.insert(k, v, w.union(t, t2))))
		}},
		{Name: "UnionUnionIdem", Kind: Metamorphic, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			t := w.tree(r, n)
			return chk(w.equiv(w.union(t, t), t))
		}},
		{Name: "UnionUnionAssoc", Kind: Metamorphic, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			t1, t2, t3 := w.tree(r, n), w.tree(r, n), w.tree(r, n)
			return chk(same(w.union(w.union(t1, t2), t3), w.union(t1, w.union(t2, t3))))
		}},
		{Name: "FindNil", Kind: Metamorphic, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			k := w.key(r, n)
			return chk(w.fnd(k, nil) == maybe{})
		}},
		{Name: "FindInsert", Kind: Metamorphic, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			k, k2, v2, t := w.key(r, n), w.key(r, n), w.val(r, n), w.tree(r, n)
			want := w.fnd(k, t)
			if k == k2 {
				want = just(v2)
			}
			return chk(w.fnd(k, w.insert(k2, v2, t)) == want)
		}},
		{Name: "FindDelete", Kind: Metamorphic, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			k, k2, t := w.key(r, n), w.key(r, n), w.tree(r, n)
			want := w.fnd(k, t)
			if k == k2 {
				want = maybe{}
			}
			return chk(w.fnd(k, w.del(k2, t)) == want)
		}},
		{Name: "FindUnion", Kind: Metamorphic, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			k, t, t2 := w.key(r, n), w.tree(r, n), w.tree(r, n)
			return chk(w.fnd(k, w.union(t, t2)) == orElse(w.fnd(k, t), w.fnd(k, t2)))
		}},

		// Properties over equivalent trees.
		{Name: "Equivs", Kind: Equivalence, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			t, t2 := w.equivs(r, n)
			return chk(w.equiv(t, t2))
		}},
		{Name: "ShrinkEquivs", Kind: Equivalence, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			t, t2 := w.equivs(r, n)
			if !w.equiv(t, t2) {
				return discard()
			}
			for _, s := range w.shrinkEquivs(t, t2) {
				if !w.equiv(s[0], s[1]) {
					return propsuite.Fail
				}
			}
			return propsuite.Pass
		}},
		{Name: "InsertPreservesEquiv", Kind: Equivalence, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			k, v := w.key(r, n), w.val(r, n)
			t, t2 := w.equivs(r, n)
			return chk(w.equiv(w.insert(k, v, t), w.insert(k, v, t2)))
		}},
		{Name: "DeletePreservesEquiv", Kind: Equivalence, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			k := w.key(r, n)
			t, t2 := w.equivs(r, n)
			return chk(w.equiv(w.del(k, t), w.del(k, t2)))
		}},
		{Name: "UnionPreservesEquiv", Kind: Equivalence, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			t1, t1b := w.equivs(r, n)
			t2, t2b := w.equivs(r, n)
			return chk(w.equiv(w.union(t1, t2), w.union(t1b, t2b)))
		}},
		{Name: "FindPreservesEquiv", Kind: Equivalence, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			k := w.key(r, n)
			t, t2 := w.equivs(r, n)
			return chk(w.fnd(k, t) == w.fnd(k, t2))
		}},

		// Completeness of insertion.
		{Name: "InsertComplete", Kind: Completeness, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			t := w.tree(r, n)
			return chk(w.insertComplete(t))
		}},
		{Name: "InsertCompleteForDelete", Kind: Completeness, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			k, t := w.key(r, n), w.tree(r, n)
			return chk(w.insertComplete(w.del(k, t)))
		}},
		{Name: "InsertCompleteForUnion", Kind: Completeness, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			t, t2 := w.tree(r, n), w.tree(r, n)
			return chk(w.insertComplete(w.union(t, t2)))
		}},

		// Model-based.
		{Name: "NilModel", Kind: Model, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			return chk(len(w.appendList(w.s.a[:0], nil)) == 0)
		}},
		{Name: "InsertModel", Kind: Model, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			k, v, t := w.key(r, n), w.val(r, n), w.tree(r, n)
			s := &w.s
			s.a = w.appendList(s.a[:0], w.insert(k, v, t))
			s.b = w.appendList(s.b[:0], t)
			s.c = deleteKey(s.c[:0], k, s.b)
			s.b = sortedInsert(s.b[:0], kv{Key: k, Val: v}, s.c)
			return chk(equalKVs(s.a, s.b))
		}},
		{Name: "DeleteModel", Kind: Model, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			k, t := w.key(r, n), w.tree(r, n)
			s := &w.s
			s.a = w.appendList(s.a[:0], w.del(k, t))
			s.b = w.appendList(s.b[:0], t)
			s.c = deleteKey(s.c[:0], k, s.b)
			return chk(equalKVs(s.a, s.c))
		}},
		{Name: "UnionModel", Kind: Model, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			t, t2 := w.tree(r, n), w.tree(r, n)
			s := &w.s
			s.a = w.appendList(s.a[:0], t)
			s.b = w.appendList(s.b[:0], t2)
			s.c = unionModel(s.c[:0], s.a, s.b)
			s.a = w.appendList(s.a[:0], w.union(t, t2))
			return chk(equalKVs(s.a, s.c))
		}},
		{Name: "FindModel", Kind: Model, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			k, t := w.key(r, n), w.tree(r, n)
			w.s.a = w.appendList(w.s.a[:0], t)
			v, ok := lookup(k, w.s.a)
			if !ok {
				v = 0
			}
			return chk(w.fnd(k, t) == maybe{v, ok})
		}},
	}
}
