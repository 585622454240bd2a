package holey

import (
	"math"
	"math/rand/v2"
)

// A Weighting chooses the next hole to fill, seeing the whole partial tree
// (the paper's HoleWeighting). Choose appends the chosen hole's path to buf
// and returns it, or false when the tree has no hole.
type Weighting interface {
	Choose(r *rand.Rand, t Shape, buf Path) (Path, bool)
}

// Shape is what a weighting may see of a partial tree: its root slot. It is
// implemented by *Tree[S, L] for every S and L.
type Shape interface {
	root() slot
}

// slot is the label-free view of a child slot.
type slot interface {
	hole() bool
	node() (left, right slot, size int, ok bool)
}

func (t *Tree[S, L]) root() slot { return childSlot[S, L]{&t.Root} }

type childSlot[S, L any] struct{ c *Child[S, L] }

func (s childSlot[S, L]) hole() bool { return s.c.Hole }

func (s childSlot[S, L]) node() (slot, slot, int, bool) {
	n := s.c.Node
	if n == nil {
		return nil, nil, 0, false
	}
	return childSlot[S, L]{&n.Kids[Left]}, childSlot[S, L]{&n.Kids[Right]}, n.Size, true
}

func sizeOf(s slot) int {
	_, _, n, _ := s.node()
	return n
}

// holeInfo is one hole with the statistics the weightings need.
type holeInfo struct {
	path  Path
	depth int // depth from the root
}

// holes lists every hole of t.
func holes(t Shape) []holeInfo {
	var out []holeInfo
	var rec func(s slot, p Path)
	rec = func(s slot, p Path) {
		if s.hole() {
			out = append(out, holeInfo{append(Path(nil), p...), len(p)})
			return
		}
		l, r, _, ok := s.node()
		if !ok {
			return
		}
		rec(l, append(p, Left))
		rec(r, append(p, Right))
	}
	rec(t.root(), nil)
	return out
}

// byWeight picks a hole with probability proportional to weight(h).
func byWeight(r *rand.Rand, t Shape, buf Path, weight func(h holeInfo) float64) (Path, bool) {
	hs := holes(t)
	if len(hs) == 0 {
		return buf, false
	}
	total := 0.0
	ws := make([]float64, len(hs))
	for i, h := range hs {
		ws[i] = weight(h)
		total += ws[i]
	}
	x := r.Float64() * total
	for i, w := range ws {
		if x < w {
			return append(buf, hs[i].path...), true
		}
		x -= w
	}
	return append(buf, hs[len(hs)-1].path...), true
}

// weightFunc adapts a per-hole weight to a Weighting.
type weightFunc func(h holeInfo) float64

func (f weightFunc) Choose(r *rand.Rand, t Shape, buf Path) (Path, bool) {
	return byWeight(r, t, buf, f)
}

// DepthWeighted weights a hole 4^depth: deep holes beget deeper trees
// (long, stringy trees).
func DepthWeighted() Weighting {
	return weightFunc(func(h holeInfo) float64 { return math.Pow(4, float64(h.depth)) })
}

// Uniform is the weighting of §3: a random walk from the root that, at a
// node whose subtree has n filled nodes and a left subtree of k, goes left
// with probability P_n(k). Iterated from the empty tree it gives every
// shape of each size the same probability. Holes are sampled by rejection:
// a walk that ends at a done leaf is restarted, which is exactly the
// paper's renormalization of the hole weights; after many rejections the
// weights are enumerated instead.
type Uniform struct {
	probs [][]float64 // probs[n][k] = P_n(k), 0 <= k < n
}

// NewUniform returns the uniform weighting with P_n(k) precomputed for
// subtrees of up to maxN nodes (larger subtrees are computed on the fly).
func NewUniform(maxN int) *Uniform {
	u := &Uniform{probs: make([][]float64, maxN+1)}
	for n := 1; n <= maxN; n++ {
		u.probs[n] = leftProbs(n)
	}
	return u
}

// leftProbs returns P_n(k) for k = 0..n-1 (the paper's leftProbs, Fig. 8).
func leftProbs(n int) []float64 {
	ps := make([]float64, n)
	fn := float64(n)
	ps[0] = 3 / ((fn + 1) * (2*fn + 1))
	for k := 1; k < n; k++ {
		fk := float64(k)
		a := (2*fn - 2*fk - 1) / (fn - fk + 1)
		b := (fn + 2) / (2*fn + 1)
		c := (fk + 1) / (2*fk - 1)
		ps[k] = min(1, max(0, 1-a*(b-c*ps[k-1])))
	}
	return ps
}

func (u *Uniform) p(n, k int) float64 {
	if n < len(u.probs) {
		return u.probs[n][k]
	}
	return leftProbs(n)[k]
}

// Choose implements Weighting.
func (u *Uniform) Choose(r *rand.Rand, t Shape, buf Path) (Path, bool) {
	for try := 0; try < 64; try++ {
		p, ok, done := u.walk(r, t.root(), buf[:0])
		if ok {
			return p, true
		}
		if done {
			return buf, false
		}
	}
	// Many walks ended at done leaves: weigh every hole exactly.
	return byWeight(r, t, buf[:0], func(h holeInfo) float64 { return u.weight(t.root(), h.path) })
}

// walk takes one random walk; ok when it ends at a hole, done when the
// tree has no hole at all (its root is a done leaf).
func (u *Uniform) walk(r *rand.Rand, s slot, p Path) (Path, bool, bool) {
	first := true
	for {
		if s.hole() {
			return p, true, false
		}
		l, rt, n, ok := s.node()
		if !ok {
			return p, false, first
		}
		first = false
		if r.Float64() < u.p(n, sizeOf(l)) {
			s, p = l, append(p, Left)
		} else {
			s, p = rt, append(p, Right)
		}
	}
}

// weight is the probability that a walk ends at the hole at path.
func (u *Uniform) weight(s slot, path Path) float64 {
	w := 1.0
	for _, d := range path {
		l, rt, n, _ := s.node()
		pl := u.p(n, sizeOf(l))
		if d == Left {
			w, s = w*pl, l
		} else {
			w, s = w*(1-pl), rt
		}
	}
	return w
}
