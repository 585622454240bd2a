package bst

import (
	"math/rand/v2"

	"github.com/mutprop/mutprop/runner"
)

// quickSpec returns the 31 properties that QuickSpec found (prop_qs_1 ..
// prop_qs_31 of BSTSpec.hs). Trees compare with =~= (toList), Maybes with
// ==. Eleven duplicate a hand-written property; Duplicate names it.
func quickSpec() []Property {
	type P = Property
	const Q = QuickSpec
	return []P{
		{Name: "qs_1", Kind: Q, Duplicate: "UnionUnionIdem", check: func(w *world, r *rand.Rand, n int) runner.Verdict {
			x := w.tree(r, n)
			return chk(w.s.equiv(union(x, x), x))
		}},
		{Name: "qs_2", Kind: Q, Duplicate: "DeleteNil", check: func(w *world, r *rand.Rand, n int) runner.Verdict {
			x := w.key(r, n)
			return chk(w.s.equiv(del(x, nil), nil))
		}},
		{Name: "qs_3", Kind: Q, Duplicate: "FindNil", check: func(w *world, r *rand.Rand, n int) runner.Verdict {
			x := w.key(r, n)
			return chk(fnd(x, nil) == maybe{})
		}},
		{Name: "qs_4", Kind: Q, Duplicate: "UnionNil2", check: func(w *world, r *rand.Rand, n int) runner.Verdict {
			x := w.tree(r, n)
			return chk(w.s.equiv(union(x, nil), x))
		}},
		{Name: "qs_5", Kind: Q, Duplicate: "UnionNil1", check: func(w *world, r *rand.Rand, n int) runner.Verdict {
			x := w.tree(r, n)
			return chk(w.s.equiv(union(nil, x), x))
		}},
		{Name: "qs_6", Kind: Q, Duplicate: "DeleteDelete", check: func(w *world, r *rand.Rand, n int) runner.Verdict {
			x, y, z := w.key(r, n), w.key(r, n), w.tree(r, n)
			return chk(w.s.equiv(del(x, del(y, z)), del(y, del(x, z))))
		}},
		{Name: "qs_7", Kind: Q, check: func(w *world, r *rand.Rand, n int) runner.Verdict {
			x, y := w.key(r, n), w.tree(r, n)
			return chk(w.s.equiv(del(x, del(x, y)), del(x, y)))
		}},
		{Name: "qs_8", Kind: Q, Duplicate: "FindPostAbsent", check: func(w *world, r *rand.Rand, n int) runner.Verdict {
			x, y := w.key(r, n), w.tree(r, n)
			return chk(fnd(x, del(x, y)) == maybe{})
		}},
		{Name: "qs_9", Kind: Q, check: func(w *world, r *rand.Rand, n int) runner.Verdict {
			x, y, z := w.key(r, n), w.key(r, n), w.tree(r, n)
			if x == y {
				return discard()
			}
			return chk(fnd(x, del(y, z)) == fnd(x, z))
		}},
		{Name: "qs_10", Kind: Q, check: func(w *world, r *rand.Rand, n int) runner.Verdict {
			x, y := w.tree(r, n), w.key(r, n)
			_ = w.tree(r, n) // the unused third argument is still generated
			return chk(w.s.equiv(union(x, del(y, x)), x))
		}},
		{Name: "qs_11", Kind: Q, check: func(w *world, r *rand.Rand, n int) runner.Verdict {
			x, y := w.tree(r, n), w.tree(r, n)
			return chk(w.s.equiv(union(x, union(x, y)), union(x, y)))
		}},
		{Name: "qs_12", Kind: Q, check: func(w *world, r *rand.Rand, n int) runner.Verdict {
			x, y := w.tree(r, n), w.tree(r, n)
			return chk(w.s.equiv(union(x, union(y, x)), union(x, y)))
		}},
		{Name: "qs_13", Kind: Q, check: func(w *world, r *rand.Rand, n int) runner.Verdict {
			x, y := w.key(r, n), w.tree(r, n)
			return chk(w.s.equiv(union(del(x, y), y), y))
		}},
		{Name: "qs_14", Kind: Q, Duplicate: "UnionUnionAssoc", check: func(w *world, r *rand.Rand, n int) runner.Verdict {
			x, y, z := w.tree(r, n), w.tree(r, n), w.tree(r, n)
			return chk(w.s.equiv(union(union(x, y), z), union(x, union(y, z))))
		}},
		{Name: "qs_15", Kind: Q, check: func(w *world, r *rand.Rand, n int) runner.Verdict {
			x, y, z := w.key(r, n), w.val(r, n), w.tree(r, n)
			return chk(w.s.equiv(del(x, insert(x, y, z)), del(x, z)))
		}},
		{Name: "qs_16", Kind: Q, Duplicate: "FindPostPresent", check: func(w *world, r *rand.Rand, n int) runner.Verdict {
			x, y, z := w.key(r, n), w.val(r, n), w.tree(r, n)
			return chk(fnd(x, insert(x, y, z)) == just(y))
		}},
		{Name: "qs_17", Kind: Q, check: func(w *world, r *rand.Rand, n int) runner.Verdict {
			x, y, z := w.key(r, n), w.val(r, n), w.tree(r, n)
			return chk(w.s.equiv(insert(x, y, del(x, z)), insert(x, y, z)))
		}},
		{Name: "qs_18", Kind: Q, check: func(w *world, r *rand.Rand, n int) runner.Verdict {
			x, y, z, t := w.key(r, n), w.val(r, n), w.key(r, n), w.tree(r, n)
			if x == z {
				return discard()
			}
			return chk(w.s.equiv(insert(x, y, del(z, t)), del(z, insert(x, y, t))))
		}},
		{Name: "qs_19", Kind: Q, Duplicate: "UnionInsert", check: func(w *world, r *rand.Rand, n int) runner.Verdict {
			x, y, z, t := w.key(r, n), w.val(r, n), w.tree(r, n), w.tree(r, n)
			return chk(w.s.equiv(union(insert(x, y, z), t), insert(x, y, union(z, t))))
		}},
		{Name: "qs_20", Kind: Q, check: func(w *world, r *rand.Rand, n int) runner.Verdict {
			x, y, z := w.key(r, n), w.key(r, n), w.val(r, n)
			return chk(fnd(x, insert(y, z, nil)) == fnd(y, insert(x, z, nil)))
		}},
		{Name: "qs_21", Kind: Q, check: func(w *world, r *rand.Rand, n int) runner.Verdict {
			x, y, z := w.tree(r, n), w.key(r, n), w.val(r, n)
			return chk(w.s.equiv(union(x, insert(y, z, x)), union(x, insert(y, z, nil))))
		}},
		{Name: "qs_22", Kind: Q, check: func(w *world, r *rand.Rand, n int) runner.Verdict {
			x, y, z, t := w.key(r, n), w.val(r, n), w.key(r, n), w.tree(r, n)
			return chk(w.s.equiv(insert(x, y, insert(z, y, t)), insert(z, y, insert(x, y, t))))
		}},
		{Name: "qs_23", Kind: Q, check: func(w *world, r *rand.Rand, n int) runner.Verdict {
			x, y, z := w.key(r, n), w.tree(r, n), w.tree(r, n)
			return chk(w.s.equiv(del(x, union(y, del(x, z))), del(x, union(y, z))))
		}},
		{Name: "qs_24", Kind: Q, check: func(w *world, r *rand.Rand, n int) runner.Verdict {
			x, y, z := w.key(r, n), w.tree(r, n), w.tree(r, n)
			return chk(w.s.equiv(del(x, union(del(x, y), z)), del(x, union(y, z))))
		}},
		{Name: "qs_25", Kind: Q, check: func(w *world, r *rand.Rand, n int) runner.Verdict {
			x, y, z := w.key(r, n), w.tree(r, n), w.tree(r, n)
			return chk(fnd(x, union(y, del(x, z))) == fnd(x, y))
		}},
		{Name: "qs_26", Kind: Q, check: func(w *world, r *rand.Rand, n int) runner.Verdict {
			x, y, z := w.key(r, n), w.tree(r, n), w.tree(r, n)
			return chk(fnd(x, union(del(x, y), z)) == fnd(x, union(z, z)))
		}},
		{Name: "qs_27", Kind: Q, check: func(w *world, r *rand.Rand, n int) runner.Verdict {
			x, y, z := w.tree(r, n), w.key(r, n), w.tree(r, n)
			return chk(w.s.equiv(union(x, del(y, union(x, z))), union(x, del(y, z))))
		}},
		{Name: "qs_28", Kind: Q, Duplicate: "UnionDeleteDelete", check: func(w *world, r *rand.Rand, n int) runner.Verdict {
			x, y, z := w.key(r, n), w.tree(r, n), w.tree(r, n)
			return chk(w.s.equiv(union(del(x, y), del(x, z)), del(x, union(y, z))))
		}},
		{Name: "qs_29", Kind: Q, check: func(w *world, r *rand.Rand, n int) runner.Verdict {
			x, y, z := w.key(r, n), w.tree(r, n), w.key(r, n)
			return chk(w.s.equiv(union(del(x, y), del(z, y)), union(del(z, y), del(x, y))))
		}},
		{Name: "qs_30", Kind: Q, check: func(w *world, r *rand.Rand, n int) runner.Verdict {
			x, y, z := w.key(r, n), w.tree(r, n), w.tree(r, n)
			return chk(w.s.equiv(union(del(x, union(y, z)), y), union(y, del(x, z))))
		}},
		{Name: "qs_31", Kind: Q, check: func(w *world, r *rand.Rand, n int) runner.Verdict {
			x, y, z := w.key(r, n), w.tree(r, n), w.tree(r, n)
			return chk(w.s.equiv(union(del(x, union(y, z)), z), union(del(x, y), z)))
		}},
	}
}
