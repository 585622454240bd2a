package bst

import (
	"math/rand/v2"

	"github.com/mutprop/mutprop/propsuite"
)

// quickSpec returns the 31 properties that QuickSpec found (prop_qs_1 ..
// prop_qs_31 of BSTSpec.hs). Trees compare with =~= (toList), Maybes with
// ==. Eleven duplicate a hand-written property; Duplicate names it.
// quickSpec is a data table: one literal entry per property.
func quickSpec() []property {
	type P = property
	const Q = QuickSpec
	return []P{
		{Name: "qs_1", Kind: Q, Duplicate: "UnionUnionIdem", check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			x := w.tree(r, n)
			return chk(w.equiv(w.union(x, x), x))
		}},
		{Name: "qs_2", Kind: Q, Duplicate: "DeleteNil", check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			x := w.key(r, n)
			return chk(w.equiv(w.del(x, nil), nil))
		}},
		{Name: "qs_3", Kind: Q, Duplicate: "FindNil", check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			x := w.key(r, n)
			return chk(w.fnd(x, nil) == maybe{})
		}},
		{Name: "qs_4", Kind: Q, Duplicate: "UnionNil2", check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			x := w.tree(r, n)
			return chk(w.equiv(w.union(x, nil), x))
		}},
		{Name: "qs_5", Kind: Q, Duplicate: "UnionNil1", check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			x := w.tree(r, n)
			return chk(w.equiv(w.union(nil, x), x))
		}},
		{Name: "qs_6", Kind: Q, Duplicate: "DeleteDelete", check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			x, y, z := w.key(r, n), w.key(r, n), w.tree(r, n)
			return chk(w.equiv(w.del(x, w.del(y, z)), w.del(y, w.del(x, z))))
		}},
		{Name: "qs_7", Kind: Q, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			x, y := w.key(r, n), w.tree(r, n)
			return chk(w.equiv(w.del(x, w.del(x, y)), w.del(x, y)))
		}},
		{Name: "qs_8", Kind: Q, Duplicate: "FindPostAbsent", check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			x, y := w.key(r, n), w.tree(r, n)
			return chk(w.fnd(x, w.del(x, y)) == maybe{})
		}},
		{Name: "qs_9", Kind: Q, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			x, y, z := w.key(r, n), w.key(r, n), w.tree(r, n)
			if x == y {
				return discard()
			}
			return chk(w.fnd(x, w.del(y, z)) == w.fnd(x, z))
		}},
		{Name: "qs_10", Kind: Q, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			x, y := w.tree(r, n), w.key(r, n)
			_ = w.tree(r, n) // the unused third argument is still generated
			return chk(w.equiv(w.union(x, w.del(y, x)), x))
		}},
		{Name: "qs_11", Kind: Q, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			x, y := w.tree(r, n), w.tree(r, n)
			return chk(w.equiv(w.union(x, w.union(x, y)), w.union(x, y)))
		}},
		{Name: "qs_12", Kind: Q, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			x, y := w.tree(r, n), w.tree(r, n)
			return chk(w.equiv(w.union(x, w.union(y, x)), w.union(x, y)))
		}},
		{Name: "qs_13", Kind: Q, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			x, y := w.key(r, n), w.tree(r, n)
			return chk(w.equiv(w.union(w.del(x, y), y), y))
		}},
		{Name: "qs_14", Kind: Q, Duplicate: "UnionUnionAssoc", check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			x, y, z := w.tree(r, n), w.tree(r, n), w.tree(r, n)
			return chk(w.equiv(w.union(w.union(x, y), z), w.union(x, w.union(y, z))))
		}},
		{Name: "qs_15", Kind: Q, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			x, y, z := w.key(r, n), w.val(r, n), w.tree(r, n)
			return chk(w.equiv(w.del(x, w.insert(x, y, z)), w.del(x, z)))
		}},
		{Name: "qs_16", Kind: Q, Duplicate: "FindPostPresent", check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			x, y, z := w.key(r, n), w.val(r, n), w.tree(r, n)
			return chk(w.fnd(x, w.insert(x, y, z)) == just(y))
		}},
		{Name: "qs_17", Kind: Q, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			x, y, z := w.key(r, n), w.val(r, n), w.tree(r, n)
			return chk(w.equiv(w.insert(x, y, w.del(x, z)), w.insert(x, y, z)))
		}},
		{Name: "qs_18", Kind: Q, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			x, y, z, t := w.key(r, n), w.val(r, n), w.key(r, n), w.tree(r, n)
			if x == z {
				return discard()
			}
			return chk(w.equiv(w.insert(x, y, w.del(z, t)), w.del(z, w.insert(x, y, t))))
		}},
		{Name: "qs_19", Kind: Q, Duplicate: "UnionInsert", check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			x, y, z, t := w.key(r, n), w.val(r, n), w.tree(r, n), w.tree(r, n)
			return chk(w.equiv(w.union(w.insert(x, y, z), t), w.insert(x, y, w.union(z, t))))
		}},
		{Name: "qs_20", Kind: Q, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			x, y, z := w.key(r, n), w.key(r, n), w.val(r, n)
			return chk(w.fnd(x, w.insert(y, z, nil)) == w.fnd(y, w.insert(x, z, nil)))
		}},
		{Name: "qs_21", Kind: Q, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			x, y, z := w.tree(r, n), w.key(r, n), w.val(r, n)
			return chk(w.equiv(w.union(x, w.insert(y, z, x)), w.union(x, w.insert(y, z, nil))))
		}},
		{Name: "qs_22", Kind: Q, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			x, y, z, t := w.key(r, n), w.val(r, n), w.key(r, n), w.tree(r, n)
			return chk(w.equiv(w.insert(x, y, w.insert(z, y, t)), w.insert(z, y, w.insert(x, y, t))))
		}},
		{Name: "qs_23", Kind: Q, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			x, y, z := w.key(r, n), w.tree(r, n), w.tree(r, n)
			return chk(w.equiv(w.del(x, w.union(y, w.del(x, z))), w.del(x, w.union(y, z))))
		}},
		{Name: "qs_24", Kind: Q, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			x, y, z := w.key(r, n), w.tree(r, n), w.tree(r, n)
			return chk(w.equiv(w.del(x, w.union(w.del(x, y), z)), w.del(x, w.union(y, z))))
		}},
		{Name: "qs_25", Kind: Q, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			x, y, z := w.key(r, n), w.tree(r, n), w.tree(r, n)
			return chk(w.fnd(x, w.union(y, w.del(x, z))) == w.fnd(x, y))
		}},
		{Name: "qs_26", Kind: Q, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			x, y, z := w.key(r, n), w.tree(r, n), w.tree(r, n)
			return chk(w.fnd(x, w.union(w.del(x, y), z)) == w.fnd(x, w.union(z, z)))
		}},
		{Name: "qs_27", Kind: Q, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			x, y, z := w.tree(r, n), w.key(r, n), w.tree(r, n)
			return chk(w.equiv(w.union(x, w.del(y, w.union(x, z))), w.union(x, w.del(y, z))))
		}},
		{Name: "qs_28", Kind: Q, Duplicate: "UnionDeleteDelete", check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			x, y, z := w.key(r, n), w.tree(r, n), w.tree(r, n)
			return chk(w.equiv(w.union(w.del(x, y), w.del(x, z)), w.del(x, w.union(y, z))))
		}},
		{Name: "qs_29", Kind: Q, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			x, y, z := w.key(r, n), w.tree(r, n), w.key(r, n)
			return chk(w.equiv(w.union(w.del(x, y), w.del(z, y)), w.union(w.del(z, y), w.del(x, y))))
		}},
		{Name: "qs_30", Kind: Q, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			x, y, z := w.key(r, n), w.tree(r, n), w.tree(r, n)
			return chk(w.equiv(w.union(w.del(x, w.union(y, z)), y), w.union(y, w.del(x, z))))
		}},
		{Name: "qs_31", Kind: Q, check: func(w *world, r *rand.Rand, n int) propsuite.CaseResult {
			x, y, z := w.key(r, n), w.tree(r, n), w.tree(r, n)
			return chk(w.equiv(w.union(w.del(x, w.union(y, z)), z), w.union(w.del(x, y), z)))
		}},
	}
}
