package bst

// shrinkTree is BSTSpec's shrink = filter valid . genericShrink: the
// immediate subtrees, then the node with one field shrunk (left subtree,
// key, value, right subtree), keeping only valid trees.
func shrinkTree(t *Tree) []*Tree {
	var out []*Tree
	for _, s := range genericShrink(t) {
		if valid(s) {
			out = append(out, s)
		}
	}
	return out
}

// genericShrink is GHC.Generics' genericShrink on BST: subterms of the same
// type first, then shrinking each field in turn.
func genericShrink(t *Tree) []*Tree {
	if t == nil {
		return nil
	}
	out := []*Tree{t.Left, t.Right}
	for _, l := range genericShrink(t.Left) {
		out = append(out, &Tree{Left: l, Key: t.Key, Val: t.Val, Right: t.Right})
	}
	for _, k := range shrinkInt(t.Key) {
		out = append(out, &Tree{Left: t.Left, Key: k, Val: t.Val, Right: t.Right})
	}
	for _, v := range shrinkInt(t.Val) {
		out = append(out, &Tree{Left: t.Left, Key: t.Key, Val: v, Right: t.Right})
	}
	for _, r := range genericShrink(t.Right) {
		out = append(out, &Tree{Left: t.Left, Key: t.Key, Val: t.Val, Right: r})
	}
	return out
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
func shrinkEquivs(t1, t2 *Tree) [][2]*Tree {
	var out [][2]*Tree
	for _, s := range shrinkTree(t1) {
		u := t2
		for _, kv := range appendList(nil, t2) {
			if _, ok := find(kv.Key, s); !ok {
				u = del(kv.Key, u)
			}
		}
		for _, kv := range appendList(nil, s) {
			u = insert(kv.Key, kv.Val, u)
		}
		out = append(out, [2]*Tree{s, u})
	}
	return out
}
