package holey

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// openSpec never makes a done leaf: every filled node gets two holes.
var openSpec = Spec[struct{}, int]{Expand: func(*rand.Rand, struct{}) (int, struct{}, bool, struct{}, bool) {
	return 0, struct{}{}, true, struct{}{}, true
}}

// shapeOf renders the filled nodes of t as nested parentheses.
func shapeOf[S, L any](t *Tree[S, L]) string {
	leaf := func(s string) string {
		if s == "" {
			return "."
		}
		return s
	}
	return Walk(t, func(_ L, l, r string) string { return "(" + leaf(l) + " " + leaf(r) + ")" })
}

// viaChoose hides *Uniform from Fill's fast path, so Fill goes through
// Uniform.Choose (the rejection walk) instead of fillUniform.
type viaChoose struct{ *Uniform }

// catalan4 is the number of shapes of 4 nodes.
const catalan4 = 14

func TestUniformGivesEveryShapeOfASizeTheSameProbability(t *testing.T) {
	t.Parallel()
	u := NewUniform(2) // sizes above 2 take leftProbs on the fly
	for _, w := range []struct {
		name string
		w    Weighting
	}{{"fill", u}, {"choose", viaChoose{u}}} {
		counts := map[string]int{}
		const draws = 7000
		tr := New(openSpec, struct{}{}, true)
		r := rand.New(rand.NewPCG(5, 6))
		for i := 0; i < draws; i++ {
			tr.Reset(struct{}{}, true)
			tr.Fill(r, w.w, 4)
			if filled(tr) != 4 {
				t.Fatalf("%s: %d nodes, want 4", w.name, filled(tr))
			}
			counts[shapeOf(tr)]++
		}
		if len(counts) != catalan4 {
			t.Fatalf("%s: %d distinct shapes of 4 nodes, want %d", w.name, len(counts), catalan4)
		}
		// 500 expected per shape; sigma is about 21.
		for s, n := range counts {
			if n < 400 || n > 600 {
				t.Errorf("%s: shape %s drawn %d times of %d, want about %d", w.name, s, n, draws, draws/catalan4)
			}
		}
	}
}

func TestLeftProbsOfOneNodeIsAHalfAndStaysAProbability(t *testing.T) {
	t.Parallel()
	if got := leftProbs(1); len(got) != 1 || math.Abs(got[0]-0.5) > 1e-12 {
		t.Errorf("leftProbs(1) = %v, want [0.5]", got)
	}
	// P_2(0) = 3/(3·5) = 0.2.
	if got := leftProbs(2); len(got) != 2 || math.Abs(got[0]-0.2) > 1e-12 {
		t.Errorf("leftProbs(2) = %v, want P_2(0) = 0.2", got)
	}
	for n := 1; n <= 30; n++ {
		ps := leftProbs(n)
		if len(ps) != n {
			t.Fatalf("leftProbs(%d) has %d entries", n, len(ps))
		}
		for k, p := range ps {
			if p < 0 || p > 1 || math.IsNaN(p) {
				t.Fatalf("P_%d(%d) = %v, not a probability", n, k, p)
			}
		}
	}
	u := NewUniform(5)
	for n := 1; n <= 8; n++ {
		want := leftProbs(n)
		for k := 0; k < n; k++ {
			if got := u.p(n, k); got != want[k] {
				t.Errorf("Uniform.p(%d, %d) = %v, want leftProbs = %v", n, k, got, want[k])
			}
		}
	}
}

// threeHoles fills the root and its left child of an open tree: the holes
// are LL and LR at depth 2 and R at depth 1.
func threeHoles() *Tree[struct{}, int] {
	tr := New(openSpec, struct{}{}, true)
	r := rand.New(rand.NewPCG(1, 1))
	tr.fillAt(r, nil)
	tr.fillAt(r, Path{Left})
	return tr
}

func pathName(p Path) string {
	var b strings.Builder
	for _, d := range p {
		b.WriteByte("LR"[d])
	}
	return b.String()
}

func TestEachWeightingChoosesHolesInProportionToItsWeights(t *testing.T) {
	t.Parallel()
	tr := threeHoles()
	if filled(tr) != 2 || tr.Root.Node.Size != 2 || tr.Root.Node.Kids[Left].Node.Size != 1 {
		t.Fatalf("sizes after two fills: tree %d", filled(tr))
	}
	pl := leftProbs(2)[1] // the root has 2 nodes, 1 on the left
	cases := []struct {
		name string
		w    Weighting
		want map[string]float64 // relative weights of LL, LR, R
	}{
		{"DepthWeighted", DepthWeighted(), map[string]float64{"LL": 16, "LR": 16, "R": 4}},
		{"Uniform", NewUniform(4), map[string]float64{"LL": pl / 2, "LR": pl / 2, "R": 1 - pl}},
	}
	const draws = 12000
	for _, tc := range cases {
		r := rand.New(rand.NewPCG(2, 3))
		counts := map[string]int{}
		var buf Path
		for i := 0; i < draws; i++ {
			p, ok := tc.w.Choose(r, tr, buf[:0])
			if !ok {
				t.Fatalf("%s: no hole chosen", tc.name)
			}
			counts[pathName(p)]++
			buf = p
		}
		total := 0.0
		for _, w := range tc.want {
			total += w
		}
		for h, w := range tc.want {
			exp := draws * w / total
			sigma := math.Sqrt(exp * (1 - w/total))
			if got := float64(counts[h]); math.Abs(got-exp) > 4*sigma+1 {
				t.Errorf("%s: hole %s chosen %v times of %d, want about %.0f", tc.name, h, got, draws, exp)
			}
		}
		if len(counts) > len(tc.want) {
			t.Errorf("%s: chose %v, not only holes", tc.name, counts)
		}
	}
}

func TestWeightingsReportNoHoleOnAFullTree(t *testing.T) {
	t.Parallel()
	full := New(bstSpec, [2]int{0, 2}, true)
	full.Fill(rand.New(rand.NewPCG(1, 1)), DepthWeighted(), 10)
	empty := New(bstSpec, [2]int{0, -1}, false) // the root is a done leaf
	for _, tr := range []*Tree[[2]int, int]{full, empty} {
		for _, w := range []Weighting{NewUniform(4), DepthWeighted()} {
			if p, ok := w.Choose(rand.New(rand.NewPCG(1, 1)), tr, nil); ok {
				t.Errorf("%T on a tree of %d nodes without holes chose %v", w, filled(tr), p)
			}
		}
	}
	if filled(empty) != 0 || holesLeft(empty) || holesLeft(full) {
		t.Errorf("empty: %d nodes, holes %v; full holes %v", filled(empty), holesLeft(empty), holesLeft(full))
	}
	empty.Fill(rand.New(rand.NewPCG(1, 1)), NewUniform(4), 3)
	if filled(empty) != 0 {
		t.Errorf("Fill grew a tree whose root is a done leaf to %d nodes", filled(empty))
	}
}

// deepSpec builds a right chain of done-left nodes whose only hole at the
// bottom is on the left: almost every uniform walk ends at a done leaf.
func deepSpec(depth int) Spec[int, int] {
	return Spec[int, int]{Expand: func(_ *rand.Rand, d int) (int, int, bool, int, bool) {
		if d == depth {
			return d, d + 1, true, d + 1, false
		}
		return d, d + 1, false, d + 1, true
	}}
}

func TestUniformFindsAHoleThatRandomWalksRarelyReach(t *testing.T) {
	t.Parallel()
	const depth = 30
	tr := New(deepSpec(depth), 0, true)
	r := rand.New(rand.NewPCG(4, 4))
	for i := 0; i <= depth; i++ {
		tr.fillAt(r, slices.Repeat(Path{Right}, i))
	}
	if filled(tr) != depth+1 || !holesLeft(tr) {
		t.Fatalf("set-up: %d nodes, holes %v", filled(tr), holesLeft(tr))
	}
	want := append(slices.Repeat(Path{Right}, depth), Left)
	u := NewUniform(8)
	for i := 0; i < 5; i++ {
		p, ok := u.Choose(r, tr, nil)
		if !ok || !slices.Equal(p, want) {
			t.Fatalf("Choose = %v, %v; want the only hole %v", pathName(p), ok, pathName(want))
		}
	}
	// Fill finds the holes of such a chain through the fast path and
	// through Choose alike.
	for _, w := range []Weighting{u, viaChoose{u}} {
		c := New(deepSpec(depth), 0, true)
		c.Fill(r, w, depth+6)
		if filled(c) != depth+6 || !holesLeft(c) {
			t.Errorf("%T: %d nodes, want %d", w, filled(c), depth+6)
		}
	}
}

func TestFillStopsAtNAndKeepsSubtreeSizes(t *testing.T) {
	t.Parallel()
	for _, w := range []Weighting{NewUniform(8), viaChoose{NewUniform(8)}, DepthWeighted()} {
		tr := New(bstSpec, [2]int{0, 1000}, true)
		tr.Fill(rand.New(rand.NewPCG(8, 9)), w, 150) // more than two chunks of nodes
		if filled(tr) != 150 {
			t.Errorf("%T: %d nodes, want 150", w, filled(tr))
		}
		var check func(c *Child[[2]int, int]) int
		check = func(c *Child[[2]int, int]) int {
			if c.Node == nil {
				return 0
			}
			n := 1 + check(&c.Node.Kids[Left]) + check(&c.Node.Kids[Right])
			if c.Node.Size != n {
				t.Errorf("%T: node %d has Size %d, its subtree %d nodes", w, c.Node.Label, c.Node.Size, n)
			}
			return n
		}
		check(&tr.Root)
		// In-order labels of a BST are increasing.
		keys := Walk(tr, func(k int, l, r []int) []int { return append(append(l, k), r...) })
		if len(keys) != 150 || !slices.IsSorted(keys) {
			t.Errorf("%T: in-order keys %v are not 150 increasing keys", w, keys)
		}
	}
}

func TestResetClearsReusedNodesAcrossChunks(t *testing.T) {
	t.Parallel()
	u := NewUniform(16)
	tr := New(bstSpec, [2]int{0, 500}, true)
	tr.Fill(rand.New(rand.NewPCG(1, 2)), u, 3*chunkNodes)
	chunks := len(tr.chunks)
	if chunks != 3 {
		t.Errorf("%d chunks for %d nodes, want 3", chunks, 3*chunkNodes)
	}
	for seed := uint64(0); seed < 5; seed++ {
		tr.Reset([2]int{0, 500}, true)
		tr.Fill(rand.New(rand.NewPCG(seed, 3)), u, 3*chunkNodes)
		fresh := New(bstSpec, [2]int{0, 500}, true)
		fresh.Fill(rand.New(rand.NewPCG(seed, 3)), u, 3*chunkNodes)
		if a, b := show(fresh), show(tr); a != b {
			t.Fatalf("seed %d: reused tree differs from a fresh one", seed)
		}
	}
	if len(tr.chunks) != chunks {
		t.Errorf("Reset grew the storage from %d to %d chunks", chunks, len(tr.chunks))
	}
}

func TestFillAtPanicsOnASlotThatIsNotAHole(t *testing.T) {
	t.Parallel()
	tr := threeHoles()
	defer func() {
		if recover() == nil {
			t.Errorf("filling the filled root did not panic")
		}
	}()
	tr.fillAt(rand.New(rand.NewPCG(1, 1)), nil)
}

// fixture is a partial tree given by its filled nodes and its holes, as
// paths ("" is the root, "LR" the root's left child's right child); every
// other child is a done leaf. Its labels are the nodes' paths.
type fixture struct {
	filled []string // parents before children
	holes  []string
}

func (f fixture) build(u *Uniform) *Tree[string, string] {
	open := map[string]bool{}
	for _, p := range append(append([]string(nil), f.filled...), f.holes...) {
		open[p] = true
	}
	spec := Spec[string, string]{Expand: func(_ *rand.Rand, s string) (string, string, bool, string, bool) {
		return s, s + "L", open[s+"L"], s + "R", open[s+"R"]
	}}
	tr := New(spec, "", true)
	r := rand.New(rand.NewPCG(0, 0))
	for _, p := range f.filled {
		var path Path
		for _, c := range p {
			if c == 'L' {
				path = append(path, Left)
			} else {
				path = append(path, Right)
			}
		}
		tr.fillAt(r, path)
	}
	// fillAt does not keep the hole masses the uniform fill relies on:
	// set them bottom-up, as fillUniform would have.
	var setMass func(c *Child[string, string])
	setMass = func(c *Child[string, string]) {
		if c.Node == nil {
			return
		}
		setMass(&c.Node.Kids[Left])
		setMass(&c.Node.Kids[Right])
		c.Node.mass = nodeMass(u, c.Node)
	}
	setMass(&tr.Root)
	return tr
}

// clone returns a deep copy of t whose fills leave t as it is.
func clone[S, L any](t *Tree[S, L]) *Tree[S, L] {
	var cp func(c Child[S, L]) Child[S, L]
	cp = func(c Child[S, L]) Child[S, L] {
		if c.Node != nil {
			n := *c.Node
			n.Kids = [2]Child[S, L]{cp(n.Kids[Left]), cp(n.Kids[Right])}
			c.Node = &n
		}
		return c
	}
	return &Tree[S, L]{Root: cp(t.Root), spec: t.spec}
}

// walkProbs returns the probability that the uniform walk ends at each
// hole, computed from leftProbs: at a node of n filled nodes with k on its
// left, the walk goes left with P_n(k).
func (f fixture) walkProbs() map[string]float64 {
	size := func(q string) int {
		n := 0
		for _, p := range f.filled {
			if strings.HasPrefix(p, q) {
				n++
			}
		}
		return n
	}
	w := map[string]float64{}
	for _, h := range f.holes {
		x := 1.0
		for i := range h {
			q := h[:i]
			pl := leftProbs(size(q))[size(q+"L")]
			if h[i] == 'L' {
				x *= pl
			} else {
				x *= 1 - pl
			}
		}
		w[h] = x
	}
	return w
}

// want returns the probability of each hole under the uniform walk
// conditioned on ending at a hole.
func (f fixture) want() map[string]float64 {
	w, total := f.walkProbs(), 0.0
	for _, x := range w {
		total += x
	}
	for h := range w {
		w[h] /= total
	}
	return w
}

// leftChain returns the paths L, LL, ... of n left turns.
func leftChain(n int) []string {
	var out []string
	for i := 1; i <= n; i++ {
		out = append(out, strings.Repeat("L", i))
	}
	return out
}

func TestUniformChoosesHolesWithTheRenormalizedWalkProbabilities(t *testing.T) {
	t.Parallel()
	fixtures := map[string]fixture{
		// The left subtree has one hole among done leaves (mass below 1);
		// on the right, three holes of unequal weights.
		"mixed": {filled: []string{"", "L", "LL", "LLL", "R", "RL"}, holes: []string{"LLLR", "RLL", "RLR", "RR"}},
		// A left chain of 30 done nodes takes about 98% of the walks: about a
		// third of the Choose calls give up walking and weigh the two holes exactly.
		"rare": {filled: append(append([]string{""}, leftChain(30)...), "R", "RR"), holes: []string{"RL", "RRL"}},
	}
	u := NewUniform(64)
	const draws = 2000
	for name, f := range fixtures {
		want := f.want()
		orig := f.build(u)
		// The exact weights Choose falls back on are the walk's.
		for h, p := range f.walkProbs() {
			var path Path
			for _, c := range h {
				if c == 'L' {
					path = append(path, Left)
				} else {
					path = append(path, Right)
				}
			}
			if got := u.weight(orig.root(), path); math.Abs(got-p) > 1e-12*max(1, p) {
				t.Errorf("%s: weight of hole %s = %v, want %v", name, h, got, p)
			}
		}
		for _, method := range []string{"choose", "fill", "fill via choose"} {
			r := rand.New(rand.NewPCG(21, 22))
			counts := map[string]int{}
			for i := 0; i < draws; i++ {
				tr := clone(orig)
				var got string
				switch method {
				case "choose":
					p, ok := u.Choose(r, tr, nil)
					if !ok {
						t.Fatalf("%s: no hole chosen", name)
					}
					got = pathName(p)
				default:
					var w Weighting = u
					if method == "fill via choose" {
						w = viaChoose{u}
					}
					before := filled(tr)
					tr.Fill(r, w, 1)
					if filled(tr) != before+1 {
						t.Fatalf("%s %s: %d nodes after filling one hole of %d", name, method, filled(tr), before)
					}
					// The new node is at the path of a former hole.
					for _, h := range f.holes {
						c := &tr.Root
						for _, d := range h {
							if d == 'L' {
								c = &c.Node.Kids[Left]
							} else {
								c = &c.Node.Kids[Right]
							}
						}
						if c.Node != nil {
							got = h
						}
					}
				}
				counts[got]++
			}
			for h, p := range want {
				exp := draws * p
				sigma := math.Sqrt(exp * (1 - p))
				if got := float64(counts[h]); math.Abs(got-exp) > 4*sigma+1 {
					t.Errorf("%s, %s: hole %s chosen %v times of %d, want about %.0f (p = %.4f)", name, method, h, got, draws, exp, p)
				}
			}
			if len(counts) > len(want) {
				t.Errorf("%s, %s: chose %v, not only the holes %v", name, method, counts, f.holes)
			}
		}
	}
}
