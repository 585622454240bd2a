package holey

import "math/rand/v2"

// Spec describes a holey generator for binary trees with labels L whose holes
// carry a state S (for BSTs, the range of keys the node may hold). Expand is
// called when a hole is filled: it draws the node's label and returns the
// states of its two children, with ok false for a child that can never be
// filled (a done leaf, the paper's DoneLeaf).
type Spec[S, L any] struct {
	Expand func(r *rand.Rand, s S) (label L, left S, leftOK bool, right S, rightOK bool)
}

// Node is a filled node of a partial tree. A child is either a filled node,
// a hole (Hole true) or a done leaf.
type Node[S, L any] struct {
	Label L
	Kids  [2]Child[S, L]
	// Size is the number of filled nodes in the subtree rooted here.
	Size int
	// mass is the probability that a uniform walk from this node ends at a
	// hole (rather than a done leaf); kept up to date by the uniform fill
	// for the Uniform in Tree.massOf.
	mass float64
}

// Child is one child slot of a Node (or the root slot of a tree).
type Child[S, L any] struct {
	Node  *Node[S, L]
	Hole  bool
	State S
}

// Left and Right are the indexes of a node's children.
const (
	Left  = 0
	Right = 1
)

// Tree is a partial tree: the root slot, and the number of filled nodes.
type Tree[S, L any] struct {
	Root Child[S, L]
	spec Spec[S, L]
	// chunks hold the nodes, reused by Reset; used counts those in use.
	chunks [][]Node[S, L]
	used   int
	stack  []*Node[S, L] // the uniform fill's path, reused
	// massOf is the Uniform the nodes' masses were computed for; nil when
	// they are stale (a fill by another weighting, a Reset).
	massOf *Uniform
}

// chunkNodes is the number of nodes allocated at once.
const chunkNodes = 64

// New returns the partial tree whose root is a hole with state root, or a
// done leaf when rootOK is false (no tree but the empty one can be built).
func New[S, L any](spec Spec[S, L], root S, rootOK bool) *Tree[S, L] {
	return &Tree[S, L]{Root: Child[S, L]{Hole: rootOK, State: root}, spec: spec}
}

// Reset makes t a new partial tree with the given root, as New does, and
// keeps its node storage for the fills to come: the nodes of the previous
// tree (and what Walk built from their labels, if it kept pointers to
// them) must no longer be used. A generator that draws many trees resets
// one Tree instead of allocating every node again.
func (t *Tree[S, L]) Reset(root S, rootOK bool) {
	t.Root = Child[S, L]{Hole: rootOK, State: root}
	t.used = 0
	t.massOf = nil
}

// newNode returns a zeroed node from t's storage.
func (t *Tree[S, L]) newNode() *Node[S, L] {
	ci, i := t.used/chunkNodes, t.used%chunkNodes
	if ci == len(t.chunks) {
		t.chunks = append(t.chunks, make([]Node[S, L], chunkNodes))
	}
	t.used++
	n := &t.chunks[ci][i]
	*n = Node[S, L]{}
	return n
}

// Path is a hole's position: the turns (Left or Right) from the root.
type Path []int8

// fillAt fills the hole at path p.
func (t *Tree[S, L]) fillAt(r *rand.Rand, p Path) {
	c := &t.Root
	for _, d := range p {
		c.Node.Size++
		c = &c.Node.Kids[d]
	}
	if !c.Hole {
		panic("holey: fill of a slot that is not a hole")
	}
	label, ls, lok, rs, rok := t.spec.Expand(r, c.State)
	var zero S
	nd := t.newNode()
	nd.Label, nd.Size, nd.Kids = label, 1, [2]Child[S, L]{{Hole: lok, State: ls}, {Hole: rok, State: rs}}
	c.Node, c.Hole, c.State = nd, false, zero
}

// Fill fills up to n holes, each chosen by w, and stops early when no hole
// remains (the paper's recursively, with the size as the target).
func (t *Tree[S, L]) Fill(r *rand.Rand, w Weighting, n int) {
	if u, ok := w.(*Uniform); ok {
		t.fillUniform(r, u, n)
		return
	}
	t.massOf = nil
	var buf Path
	for i := 0; i < n; i++ {
		p, ok := w.Choose(r, t, buf[:0])
		if !ok {
			return
		}
		t.fillAt(r, p)
		buf = p
	}
}

// Walk calls f for every filled node in order (left subtree, node, right
// subtree) and builds a result bottom-up: f receives the results of the
// children (the zero T for holes and done leaves, which become leaves).
func Walk[S, L, T any](t *Tree[S, L], f func(label L, left, right T) T) T {
	return walk(t.Root.Node, f)
}

func walk[S, L, T any](n *Node[S, L], f func(L, T, T) T) T {
	if n == nil {
		var zero T
		return zero
	}
	l := walk(n.Kids[Left].Node, f)
	r := walk(n.Kids[Right].Node, f)
	return f(n.Label, l, r)
}

// mass is the probability that a uniform walk from c ends at a hole.
func (c *Child[S, L]) mass() float64 {
	switch {
	case c.Hole:
		return 1
	case c.Node == nil:
		return 0
	default:
		return c.Node.mass
	}
}

// fillUniform is Fill with the Uniform weighting in O(depth) per hole: each
// node keeps the hole mass of its subtree, so the walk conditioned on
// ending at a hole is sampled directly (exactly the renormalized weights).
func (t *Tree[S, L]) fillUniform(r *rand.Rand, u *Uniform, n int) {
	if t.massOf != u {
		setMasses(u, t.Root.Node)
		t.massOf = u
	}
	stack := t.stack[:0]
	defer func() { t.stack = stack[:0] }()
	for i := 0; i < n; i++ {
		if t.Root.mass() == 0 {
			return
		}
		stack = stack[:0]
		c := &t.Root
		for !c.Hole {
			nd := c.Node
			stack = append(stack, nd)
			pl := u.p(nd.Size, nd.Kids[Left].size())
			ml := pl * nd.Kids[Left].mass()
			mr := (1 - pl) * nd.Kids[Right].mass()
			if r.Float64()*(ml+mr) < ml {
				c = &nd.Kids[Left]
			} else {
				c = &nd.Kids[Right]
			}
		}
		label, ls, lok, rs, rok := t.spec.Expand(r, c.State)
		var zero S
		nd := t.newNode()
		nd.Label, nd.Size, nd.Kids = label, 1, [2]Child[S, L]{{Hole: lok, State: ls}, {Hole: rok, State: rs}}
		nd.mass = nodeMass(u, nd)
		c.Node, c.Hole, c.State = nd, false, zero
		for j := len(stack) - 1; j >= 0; j-- {
			stack[j].Size++
			stack[j].mass = nodeMass(u, stack[j])
		}
	}
}

func (c *Child[S, L]) size() int {
	if c.Node == nil {
		return 0
	}
	return c.Node.Size
}

// setMasses computes the masses of nd's subtree for u, bottom-up.
func setMasses[S, L any](u *Uniform, nd *Node[S, L]) {
	if nd == nil {
		return
	}
	setMasses(u, nd.Kids[Left].Node)
	setMasses(u, nd.Kids[Right].Node)
	nd.mass = nodeMass(u, nd)
}

func nodeMass[S, L any](u *Uniform, nd *Node[S, L]) float64 {
	pl := u.p(nd.Size, nd.Kids[Left].size())
	return pl*nd.Kids[Left].mass() + (1-pl)*nd.Kids[Right].mass()
}
