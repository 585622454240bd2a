package bst

// shrinkTree is BSTSpec's shrink = filter valid . genericShrink: the
// immediate subtrees, then the node with one field shrunk (left subtree,
// key, value, right subtree), keeping only the trees valid accepts (the
// subject's valid, as the module's shrinker uses it).
func shrinkTree(valid func(*tree) bool, t *tree) []*tree {
	var out []*tree
	for _, s := range genericShrink(t) {
		if valid(s) {
			out = append(out, s)
		}
	}
	return out
}

// genericShrink is GHC.Generics' genericShrink on BST: subterms of the same
// type first, then shrinking each field in turn.
func genericShrink(t *tree) []*tree {
	if t == nil {
		return nil
	}
	out := []*tree{t.Left, t.Right}
	for _, l := range genericShrink(t.Left) {
		out = append(out, &tree{Left: l, Key: t.Key, Val: t.Val, Right: t.Right})
	}
	for _, k := range shrinkInt(t.Key) {
		out = append(out, &tree{Left: t.Left, Key: k, Val: t.Val, Right: t.Right})
	}
	for _, v := range shrinkInt(t.Val) {
		out = append(out, &tree{Left: t.Left, Key: t.Key, Val: v, Right: t.Right})
	}
	for _, r := range genericShrink(t.Right) {
		out = append(out, &tree{Left: t.Left, Key: t.Key, Val: t.Val, Right: r})
	}
	return out
}

// eachShrink calls yield with every tree of genericShrink t, in order,
// without building the list, until yield returns false.
func eachShrink(t *tree, yield func(*tree) bool) bool {
	var sh shrinker
	return sh.each(t, yield)
}

// shrinker streams genericShrink without allocating: a candidate differs
// from t along one path from the root, and the shrinker builds that path in
// scratch nodes it reuses. A yielded tree is therefore only good until
// yield returns; t itself is never written.
type shrinker struct {
	anc     []step // the path from the root to the current node
	scratch []tree // scratch[i] stands for anc[i]'s node; one more for the changed node
}

type step struct {
	node *tree
	left bool // the path goes on into node.Left
}

// each calls yield with every candidate of genericShrink t, in order.
func (sh *shrinker) each(t *tree, yield func(*tree) bool) bool {
	sh.anc = sh.anc[:0]
	if need := depth(t) + 1; len(sh.scratch) < need {
		sh.scratch = make([]tree, need)
	}
	return sh.walk(t, yield)
}

// wrap returns the candidate that replaces the current node by x.
func (sh *shrinker) wrap(x *tree) *tree {
	for i := len(sh.anc) - 1; i >= 0; i-- {
		sc := &sh.scratch[i]
		*sc = *sh.anc[i].node
		if sh.anc[i].left {
			sc.Left = x
		} else {
			sc.Right = x
		}
		x = sc
	}
	return x
}

// changed returns the current node t with one field changed, in the
// scratch node below the path.
func (sh *shrinker) changed(t *tree, set func(*tree)) *tree {
	sc := &sh.scratch[len(sh.anc)]
	*sc = *t
	set(sc)
	return sh.wrap(sc)
}

func (sh *shrinker) walk(t *tree, yield func(*tree) bool) bool {
	if t == nil {
		return true
	}
	if !yield(sh.wrap(t.Left)) || !yield(sh.wrap(t.Right)) {
		return false
	}
	sh.anc = append(sh.anc, step{t, true})
	ok := sh.walk(t.Left, yield)
	sh.anc = sh.anc[:len(sh.anc)-1]
	if !ok {
		return false
	}
	for k := range shrinkInts(t.Key) {
		if !yield(sh.changed(t, func(n *tree) { n.Key = k })) {
			return false
		}
	}
	for v := range shrinkInts(t.Val) {
		if !yield(sh.changed(t, func(n *tree) { n.Val = v })) {
			return false
		}
	}
	sh.anc = append(sh.anc, step{t, false})
	ok = sh.walk(t.Right, yield)
	sh.anc = sh.anc[:len(sh.anc)-1]
	return ok
}

// shrinkInts yields shrinkInt x without building the list.
func shrinkInts(x int) func(func(int) bool) {
	return func(yield func(int) bool) {
		if x < 0 && -x > 0 && !yield(-x) {
			return
		}
		for i := x; ; i /= 2 {
			if c := x - i; abs(c) < abs(x) && !yield(c) {
				return
			}
			if i == 0 {
				return
			}
		}
	}
}

// shrinkInt is QuickCheck's shrinkIntegral: towards 0 by halving steps.
func shrinkInt(x int) []int {
	var out []int
	if x < 0 && -x > 0 {
		out = append(out, -x)
	}
	for i := x; ; i /= 2 {
		c := x - i
		if abs(c) < abs(x) {
			out = append(out, c)
		}
		if i == 0 {
			break
		}
	}
	return out
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// shrinkEquivs is BSTSpec's shrink on t1 :=~=: t2: shrink t1, then patch t2
// by deleting the keys missing from the shrunk t1 and inserting its pairs.
func (w *world) shrinkEquivs(t1, t2 *tree) [][2]*tree {
	var out [][2]*tree
	for _, s := range shrinkTree(w.o.valid, t1) {
		u := t2
		for _, kv := range w.o.appendList(nil, t2) {
			if _, ok := w.o.find(kv.Key, s); !ok {
				u = w.o.del(kv.Key, u)
			}
		}
		for _, kv := range w.o.appendList(nil, s) {
			u = w.o.insert(kv.Key, kv.Val, u)
		}
		out = append(out, [2]*tree{s, u})
	}
	return out
}
