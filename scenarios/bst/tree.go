package bst

// Helpers over trees that do not belong to the subject: the correct insert
// that the api-correct generator and the enumerators use, structural and
// toList equality, depth, and the list model of How to Specify It!.

// insertCorrect is Hughes's insert, independent of the schemata switch.
func insertCorrect(k, v int, t *tree) *tree {
	if t == nil {
		return &tree{Key: k, Val: v}
	}
	switch {
	case k < t.Key:
		return &tree{Left: insertCorrect(k, v, t.Left), Key: t.Key, Val: t.Val, Right: t.Right}
	case k > t.Key:
		return &tree{Left: t.Left, Key: t.Key, Val: t.Val, Right: insertCorrect(k, v, t.Right)}
	default:
		return &tree{Left: t.Left, Key: t.Key, Val: v, Right: t.Right}
	}
}

// treeArena hands out tree nodes from chunks it reuses after reset: the
// generators build their trees in it, and a test's trees are garbage when
// the next test starts (nothing keeps them: properties return a CaseResult,
// and the subject never writes a node).
type treeArena struct {
	chunks [][]tree
	used   int
}

const arenaChunk = 256

// node returns a new node in the arena.
func (a *treeArena) node(l *tree, k, v int, r *tree) *tree {
	ci, i := a.used/arenaChunk, a.used%arenaChunk
	if ci == len(a.chunks) {
		a.chunks = append(a.chunks, make([]tree, arenaChunk))
	}
	a.used++
	n := &a.chunks[ci][i]
	*n = tree{Left: l, Key: k, Val: v, Right: r}
	return n
}

// reset frees every node for reuse.
func (a *treeArena) reset() { a.used = 0 }

// same is structural equality (Haskell's derived Eq on BST).
func same(a, b *tree) bool {
	for {
		if a == b {
			return true
		}
		if a == nil || b == nil || a.Key != b.Key || a.Val != b.Val || !same(a.Left, b.Left) {
			return false
		}
		a, b = a.Right, b.Right
	}
}

// depth is the number of nodes on the longest root-to-leaf path.
func depth(t *tree) int {
	if t == nil {
		return 0
	}
	return 1 + max(depth(t.Left), depth(t.Right))
}

// scratch holds reusable buffers so that toList comparisons do not allocate
// in the steady state. One scratch belongs to one test (one goroutine).
type scratch struct {
	a, b, c []kv
}

// appendList appends t's bindings in order: the generators' own traversal
// (properties use the subject's toList, through their world).
func appendList(dst []kv, t *tree) []kv {
	for t != nil {
		dst = appendList(dst, t.Left)
		dst = append(dst, kv{Key: t.Key, Val: t.Val})
		t = t.Right
	}
	return dst
}

func equalKVs(a, b []kv) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// lookup is Haskell's lookup over an association list.
func lookup(k int, kvs []kv) (int, bool) {
	for _, kv := range kvs {
		if kv.Key == k {
			return kv.Val, true
		}
	}
	return 0, false
}

// deleteKey appends the pairs of kvs whose key is not k.
func deleteKey(dst []kv, k int, kvs []kv) []kv {
	for _, kv := range kvs {
		if kv.Key != k {
			dst = append(dst, kv)
		}
	}
	return dst
}

// sortedInsert inserts kv into a list sorted by key (Data.List.insert on
// pairs: before the first pair that is not smaller).
func sortedInsert(dst []kv, kv kv, kvs []kv) []kv {
	i := 0
	for i < len(kvs) && less(kvs[i], kv) {
		i++
	}
	dst = append(dst, kvs[:i]...)
	dst = append(dst, kv)
	return append(dst, kvs[i:]...)
}

func less(a, b kv) bool { return a.Key < b.Key || a.Key == b.Key && a.Val < b.Val }

// unionModel is sort (unionBy ((==) `on` fst) l r): all of l, then the pairs
// of r whose key l does not have (nor an earlier pair of r), sorted.
func unionModel(dst []kv, l, r []kv) []kv {
	dst = append(dst, l...)
	n := len(dst)
	for _, kv := range r {
		if _, ok := lookup(kv.Key, dst[:n]); ok {
			continue
		}
		if _, ok := lookup(kv.Key, dst[n:]); ok {
			continue
		}
		dst = append(dst, kv)
	}
	insertionSort(dst)
	return dst
}

func insertionSort(kvs []kv) {
	for i := 1; i < len(kvs); i++ {
		for j := i; j > 0 && less(kvs[j], kvs[j-1]); j-- {
			kvs[j], kvs[j-1] = kvs[j-1], kvs[j]
		}
	}
}
