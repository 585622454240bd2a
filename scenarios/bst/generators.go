package bst

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"

	"github.com/mutprop/mutprop/gen/enum"
	"github.com/mutprop/mutprop/gen/holey"
	"github.com/mutprop/mutprop/propsuite"
)

// config is a key/value configuration: the range keys are drawn from at a
// given size, and the value generator.
type config struct {
	Name string
	Doc  string
	// KeyRange returns the inclusive range of keys at a size.
	KeyRange func(size int) (lo, hi int)
	// Val generates a value.
	Val propsuite.Generator[int]
}

// configs returns the key/value configurations by name.
func configs() []config {
	return []config{
		{Name: "holey", Doc: "Holey Generators §5: keys uniform on 0..size, values uniform on [-size, size]",
			KeyRange: func(n int) (int, int) { return 0, n }, Val: propsuite.IntSized()},
		{Name: "hughes", Doc: "How to Specify It!: Int keys and Integer values uniform on [-size, size]",
			KeyRange: func(n int) (int, int) { return -n, n }, Val: propsuite.IntSized()},
		{Name: "etna", Doc: "Etna: Key Int uniform on [-size, size], Val Bool (0 or 1)",
			KeyRange: func(n int) (int, int) { return -n, n }, Val: propsuite.IntRange(0, 1)},
	}
}

// configByName returns the named configuration.
func configByName(name string) (config, error) {
	for _, c := range configs() {
		if c.Name == name {
			return c, nil
		}
	}
	return config{}, fmt.Errorf("unknown key/value configuration %q (known: holey, hughes, etna)", name)
}

// generatorInfo names and documents a tree generator.
type generatorInfo struct{ Name, Doc string }

// generators lists the tree generators, each selectable by name.
func generators() []generatorInfo {
	return []generatorInfo{
		{"api", "foldr insert nil over a random key/value list (length 0..size), with the subject's own (possibly faulty) insert"},
		{"api-correct", "as api, with a correct insert (Etna's Correct strategy)"},
		{"tuned-api", "as api, with lists 5/3 longer (Holey §5 tuning)"},
		{"tuned-api-correct", "as tuned-api, with a correct insert"},
		{"classic", "Holey §5 classic: key in range, Leaf when lo > hi or size <= 0, branch:leaf 5:1, size halved per level (the reading that gives the published 29% key presence)"},
		{"tuned-classic", "classic without the size bound, branch:leaf 7:1 (48.4% key presence published, 49% measured)"},
		{"classic-page2", "the seed's page-2 genBST taken literally: Leaf when lo >= hi or size <= 1, 5:1, size halved (18.5% key presence)"},
		{"tuned-classic-page2", "classic-page2 without the size bound, branch:leaf 7:1 (34% key presence)"},
		{"holey", "holey BST (keys by range), recursively uniform, tree size uniform on 0..size+1"},
		{"etna-size", "Etna's Size strategy: size keys from a shuffle of 1..2·size, exactly size nodes; query keys on 1..2·size"},
		{"enum", "FEAT-style: tree size uniform on 0..size+1, then a uniform index among the BSTs of that size over the key range"},
		{"exhaustive", "every valid tree over 8 keys, smallest first (values random); restarts with each trial"},
	}
}

// validOnlySuffix, appended to a generator's name ("api+valid"), discards
// every test in which that generator made an invalid tree (as Etna's isBST
// guards do). It isolates what invalid generated trees (bug 2 under the
// api generators) contribute to a measurement.
const validOnlySuffix = "+valid"

// splitGenerator returns the base generator of a name and whether the
// name asks for valid trees only.
func splitGenerator(name string) (base string, validOnly bool) {
	return strings.CutSuffix(name, validOnlySuffix)
}

// treeGen is one generator instantiated for a configuration: trees, keys,
// values and pairs of equivalent trees. It may hold state (exhaustive), so
// each test gets its own.
type treeGen struct {
	tree   func(r *rand.Rand, n int) *tree
	key    func(r *rand.Rand, n int) int
	val    propsuite.Generator[int]
	equivs func(r *rand.Rand, n int) (*tree, *tree)
	// arena holds the nodes of the trees the generator builds itself
	// (classic, holey, enum, exhaustive); reset frees them for the next
	// test, so a tree must not be used after the reset that follows it.
	arena treeArena
}

// reset frees the trees made since the last reset (see arena).
func (g *treeGen) reset() { g.arena.reset() }

// newTreeGen instantiates the named generator for cfg; the api generators
// and the equivalent-pairs generators insert with o's insert.
func newTreeGen(name string, cfg config, o *ops) (*treeGen, error) {
	name, _ = splitGenerator(name)
	keyOf := func(r *rand.Rand, n int) int {
		lo, hi := cfg.KeyRange(max(n, 0))
		return lo + r.IntN(hi-lo+1)
	}
	g := &treeGen{key: keyOf, val: cfg.Val}
	a := &g.arena
	apiList := func(ins func(k, v int, t *tree) *tree, scale func(int) int) func(*rand.Rand, int) *tree {
		return func(r *rand.Rand, n int) *tree {
			m := scale(n)
			l := 0
			if m > 0 {
				l = r.IntN(m + 1)
			}
			var ks, vs [256]int
			kbuf, vbuf := ks[:0], vs[:0]
			for range l {
				kbuf = append(kbuf, keyOf(r, n))
				vbuf = append(vbuf, cfg.Val(r, n))
			}
			var t *tree
			for i := l - 1; i >= 0; i-- { // foldr
				t = ins(kbuf[i], vbuf[i], t)
			}
			return t
		}
	}
	id := func(n int) int { return n }
	switch name {
	case "api":
		g.tree = apiList(o.insert, id)
		g.equivs = hughesEquivs(o.insert, keyOf, cfg.Val)
		return g, nil
	case "api-correct":
		g.tree = apiList(insertCorrect, id)
	case "tuned-api":
		g.tree = apiList(o.insert, func(n int) int { return n * 5 / 3 })
	case "tuned-api-correct":
		g.tree = apiList(insertCorrect, func(n int) int { return n * 5 / 3 })
	case "classic":
		g.tree = classic(cfg, a, 5, true, false)
	case "classic-page2":
		g.tree = classic(cfg, a, 5, true, true)
	case "tuned-classic":
		g.tree = classic(cfg, a, 7, false, false)
	case "tuned-classic-page2":
		g.tree = classic(cfg, a, 7, false, true)
	case "holey":
		g.tree = holeyBST(cfg, a)
	case "etna-size":
		g.tree = etnaSize(cfg.Val)
		g.key = func(r *rand.Rand, n int) int { return 1 + r.IntN(2*max(n, 1)) }
	case "enum":
		g.tree = enumBST(cfg, a)
	case "exhaustive":
		g.tree = exhaustive(cfg.Val, a, 8)
	default:
		return nil, fmt.Errorf("unknown generator %q", name)
	}
	g.equivs = rebuildEquivs(o.insert, g.tree)
	return g, nil
}

// hughesEquivs is BSTSpec's Equivs generator: a key/value list without
// duplicate keys and a shuffle of it, each inserted into nil with the
// subject's insert.
func hughesEquivs(insert func(k, v int, t *tree) *tree, key func(*rand.Rand, int) int, val propsuite.Generator[int]) func(*rand.Rand, int) (*tree, *tree) {
	return func(r *rand.Rand, n int) (*tree, *tree) {
		l := 0
		if n > 0 {
			l = r.IntN(n + 1)
		}
		kvs := make([]kv, 0, l)
		for range l {
			kv := kv{Key: key(r, n), Val: val(r, n)}
			if _, dup := lookup(kv.Key, kvs); !dup {
				kvs = append(kvs, kv)
			}
		}
		sh := propsuite.Shuffle(r, kvs)
		var a, b *tree
		for i := len(kvs) - 1; i >= 0; i-- {
			a = insert(kvs[i].Key, kvs[i].Val, a)
			b = insert(sh[i].Key, sh[i].Val, b)
		}
		return a, b
	}
}

// rebuildEquivs pairs a generated tree with the subject's insertion of its
// bindings in a random order (Holey §5, footnote 4, in spirit).
func rebuildEquivs(insert func(k, v int, t *tree) *tree, genTree func(*rand.Rand, int) *tree) func(*rand.Rand, int) (*tree, *tree) {
	return func(r *rand.Rand, n int) (*tree, *tree) {
		t := genTree(r, n)
		kvs := propsuite.Shuffle(r, appendList(nil, t))
		var b *tree
		for _, kv := range kvs {
			b = insert(kv.Key, kv.Val, b)
		}
		return t, b
	}
}

// classic is Holey §5's classic generator with keys in the configuration's
// range: Leaf when the range is empty (lo > hi) or, bounded, when the size
// bound is <= 0; otherwise Leaf or a branch with weights 1:branch, the
// size halving per level when bounded. page2 takes the seed's page-2
// genBST literally instead: Leaf already when lo >= hi (a one-key range)
// or the size bound is <= 1.
//
// Why two readings: §5 says the classic generator is "very like genBST on
// page 2", and its holeyTree "very like aux in genHoleyBST" (page 17,
// which stops at lo > hi). Only the lo > hi, size <= 0 reading reproduces
// both key presences the paper measured (classic 29%, tuned 48.4%); the
// literal page-2 code gives 18.5% and 34% (see keyPresenceReadings).
func classic(cfg config, a *treeArena, branch int, bounded, page2 bool) func(*rand.Rand, int) *tree {
	var aux func(r *rand.Rand, lo, hi, n, size int) *tree
	aux = func(r *rand.Rand, lo, hi, n, size int) *tree {
		switch {
		case !page2 && (lo > hi || bounded && n <= 0):
			return nil
		case page2 && (lo >= hi || bounded && n <= 1):
			return nil
		}
		if r.IntN(1+branch) == 0 {
			return nil
		}
		x := lo + r.IntN(hi-lo+1)
		v := cfg.Val(r, size)
		l := aux(r, lo, x-1, n/2, size)
		rt := aux(r, x+1, hi, n/2, size)
		return a.node(l, x, v, rt)
	}
	return func(r *rand.Rand, n int) *tree {
		lo, hi := cfg.KeyRange(n)
		return aux(r, lo, hi, n, n)
	}
}

// keyRange is the state of a holey BST hole: the keys it may hold.
type keyRange struct{ lo, hi int }

// holeyBST is Holey §5: holeyTree over the key range (a node's key is
// uniform in its range, its children get the ranges below and above), filled
// by the uniform weighting to a size uniform on 0..size+1.
func holeyBST(cfg config, a *treeArena) func(*rand.Rand, int) *tree {
	u := holey.NewUniform(128)
	n := 0 // the size of the current draw, for the values
	spec := holey.Spec[keyRange, kv]{Expand: func(r *rand.Rand, s keyRange) (kv, keyRange, bool, keyRange, bool) {
		x := s.lo + r.IntN(s.hi-s.lo+1)
		return kv{Key: x, Val: cfg.Val(r, n)}, keyRange{s.lo, x - 1}, s.lo <= x-1, keyRange{x + 1, s.hi}, x+1 <= s.hi
	}}
	ht := holey.New(spec, keyRange{}, false)
	build := func(kv kv, l, rt *tree) *tree { return a.node(l, kv.Key, kv.Val, rt) }
	return func(r *rand.Rand, size int) *tree {
		n = size
		lo, hi := cfg.KeyRange(n)
		ht.Reset(keyRange{lo, hi}, lo <= hi) // the nodes are copied into the arena by Walk
		ht.Fill(r, u, r.IntN(n+2))
		return holey.Walk(ht, build)
	}
}

// etnaSize is Etna's Size strategy: n distinct keys from a shuffle of
// 1..2n, n values, inserted with a correct insert.
func etnaSize(val propsuite.Generator[int]) func(*rand.Rand, int) *tree {
	return func(r *rand.Rand, n int) *tree {
		keys := make([]int, 2*n)
		for i := range keys {
			keys[i] = i + 1
		}
		r.Shuffle(len(keys), func(i, j int) { keys[i], keys[j] = keys[j], keys[i] })
		var t *tree
		for i := n - 1; i >= 0; i-- {
			t = insertCorrect(keys[i], val(r, n), t)
		}
		return t
	}
}

// enumBST draws a tree size uniform on 0..size+1 (capped by the number of
// keys), then a uniform index among the BSTs of that size over the key
// range, and builds that tree.
func enumBST(cfg config, a *treeArena) func(*rand.Rand, int) *tree {
	c := enum.NewCounts()
	return func(r *rand.Rand, n int) *tree {
		lo, hi := cfg.KeyRange(n)
		m := hi - lo + 1
		k := min(r.IntN(n+2), m)
		s, keys, err := c.BST(m, k, enum.RandomBelow(r, c.BSTs(m, k)))
		if err != nil {
			panic(err) // the index is in range by construction
		}
		i := 0
		return labelShape(a, s, func() (int, int) {
			key := lo + keys[i]
			i++
			return key, cfg.Val(r, n)
		})
	}
}

// labelShape turns a shape into a tree, labelling nodes in order.
func labelShape(a *treeArena, s *enum.Shape, next func() (int, int)) *tree {
	if s == nil {
		return nil
	}
	l := labelShape(a, s.Left, next)
	k, v := next()
	return a.node(l, k, v, labelShape(a, s.Right, next))
}

// exhaustive enumerates every BST over keys 0..m-1 smallest first (by
// size, then key set, then shape), with random values. The enumeration
// restarts when the trial's random source changes, so every trial starts
// from the empty tree.
func exhaustive(val propsuite.Generator[int], a *treeArena, m int) func(*rand.Rand, int) *tree {
	c := enum.NewCounts()
	var last *rand.Rand
	size, idx := 0, new(big.Int)
	return func(r *rand.Rand, n int) *tree {
		if r != last {
			last, size, idx = r, 0, new(big.Int)
		}
		for idx.Cmp(c.BSTs(m, size)) >= 0 {
			size, idx = (size+1)%(m+1), new(big.Int)
		}
		s, keys, err := c.BST(m, size, idx)
		if err != nil {
			panic(err)
		}
		idx.Add(idx, big.NewInt(1))
		i := 0
		return labelShape(a, s, func() (int, int) {
			k := keys[i]
			i++
			return k, val(r, n)
		})
	}
}
