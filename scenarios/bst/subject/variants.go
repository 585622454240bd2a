package subject

// The faults of How to Specify It! (BST1.hs ... BST8.hs) and Etna's insert_2.
// Each recurses through its target, so that under the schemata switch the
// whole recursion runs the faulty code.

//mutprop:variant Insert bug1 "discards the existing tree, returns a single-node tree"
func insertBug1(k, v int, t *Tree) *Tree { return &Tree{Key: k, Val: v} }

//mutprop:variant Insert bug2 "fails to recognize an existing key, inserts a duplicate"
func insertBug2(k, v int, t *Tree) *Tree {
	if t == nil {
		return &Tree{Key: k, Val: v}
	}
	if k < t.Key {
		return &Tree{Left: Insert(k, v, t.Left), Key: t.Key, Val: t.Val, Right: t.Right}
	}
	return &Tree{Left: t.Left, Key: t.Key, Val: t.Val, Right: Insert(k, v, t.Right)}
}

//mutprop:variant Insert bug3 "fails to update an existing key"
func insertBug3(k, v int, t *Tree) *Tree {
	if t == nil {
		return &Tree{Key: k, Val: v}
	}
	switch {
	case k < t.Key:
		return &Tree{Left: Insert(k, v, t.Left), Key: t.Key, Val: t.Val, Right: t.Right}
	case k > t.Key:
		return &Tree{Left: t.Left, Key: t.Key, Val: t.Val, Right: Insert(k, v, t.Right)}
	default:
		return t
	}
}

//mutprop:variant Insert etna_insert2 "Etna insert_2: a key >= the node's overwrites the node's value, the key is lost"
func insertEtna2(k, v int, t *Tree) *Tree {
	if t == nil {
		return &Tree{Key: k, Val: v}
	}
	if k < t.Key {
		return &Tree{Left: Insert(k, v, t.Left), Key: t.Key, Val: t.Val, Right: t.Right}
	}
	return &Tree{Left: t.Left, Key: t.Key, Val: v, Right: t.Right}
}

//mutprop:variant Delete bug4 "fails to rebuild the tree above the deleted key"
func deleteBug4(k int, t *Tree) *Tree {
	if t == nil {
		return nil
	}
	switch {
	case k < t.Key:
		return Delete(k, t.Left)
	case k > t.Key:
		return Delete(k, t.Right)
	default:
		return join(t.Left, t.Right)
	}
}

//mutprop:variant Delete bug5 "key comparisons reversed; works only at the root"
func deleteBug5(k int, t *Tree) *Tree {
	if t == nil {
		return nil
	}
	switch {
	case k > t.Key:
		return &Tree{Left: Delete(k, t.Left), Key: t.Key, Val: t.Val, Right: t.Right}
	case k < t.Key:
		return &Tree{Left: t.Left, Key: t.Key, Val: t.Val, Right: Delete(k, t.Right)}
	default:
		return join(t.Left, t.Right)
	}
}

//mutprop:variant Delete bug6 "assumes every key of arg 1 precedes every key of arg 2 (delete calls union in place of join)"
func deleteBug6(k int, t *Tree) *Tree {
	if t == nil {
		return nil
	}
	switch {
	case k < t.Key:
		return &Tree{Left: Delete(k, t.Left), Key: t.Key, Val: t.Val, Right: t.Right}
	case k > t.Key:
		return &Tree{Left: t.Left, Key: t.Key, Val: t.Val, Right: Delete(k, t.Right)}
	default:
		return Union(t.Left, t.Right)
	}
}

//mutprop:variant Union bug6 "assumes every key of arg 1 precedes every key of arg 2"
func unionBug6(t1, t2 *Tree) *Tree {
	if t1 == nil {
		return t2
	}
	if t2 == nil {
		return t1
	}
	return &Tree{Left: t1.Left, Key: t1.Key, Val: t1.Val, Right: &Tree{Left: Union(t1.Right, t2.Left), Key: t2.Key, Val: t2.Val, Right: t2.Right}}
}

//mutprop:variant Union bug7 "assumes root(t) < root(t') implies all of t < root(t')"
func unionBug7(t1, t2 *Tree) *Tree {
	if t1 == nil {
		return t2
	}
	if t2 == nil {
		return t1
	}
	switch {
	case t1.Key == t2.Key:
		return &Tree{Left: Union(t1.Left, t2.Left), Key: t1.Key, Val: t1.Val, Right: Union(t1.Right, t2.Right)}
	case t1.Key < t2.Key:
		return &Tree{Left: t1.Left, Key: t1.Key, Val: t1.Val, Right: &Tree{Left: Union(t1.Right, t2.Left), Key: t2.Key, Val: t2.Val, Right: t2.Right}}
	default:
		return Union(t2, t1)
	}
}

//mutprop:variant Union bug8 "correct except that on shared keys the left argument does not always win"
func unionBug8(t1, t2 *Tree) *Tree {
	if t1 == nil {
		return t2
	}
	if t2 == nil {
		return t1
	}
	switch {
	case t1.Key == t2.Key:
		return &Tree{Left: Union(t1.Left, t2.Left), Key: t1.Key, Val: t1.Val, Right: Union(t1.Right, t2.Right)}
	case t1.Key < t2.Key:
		return &Tree{Left: Union(t1.Left, below(t1.Key, t2.Left)), Key: t1.Key, Val: t1.Val, Right: Union(t1.Right, &Tree{Left: above(t1.Key, t2.Left), Key: t2.Key, Val: t2.Val, Right: t2.Right})}
	default:
		return Union(t2, t1)
	}
}
