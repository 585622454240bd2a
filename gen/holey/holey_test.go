package holey

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// bstSpec labels a hole with a key from its range, as a BST generator does.
var bstSpec = Spec[[2]int, int]{Expand: func(r *rand.Rand, s [2]int) (int, [2]int, bool, [2]int, bool) {
	x := s[0] + r.IntN(s[1]-s[0]+1)
	return x, [2]int{s[0], x - 1}, s[0] <= x-1, [2]int{x + 1, s[1]}, x+1 <= s[1]
}}

// filled returns the number of filled nodes of t.
func filled[S, L any](t *Tree[S, L]) int {
	if t.Root.Node == nil {
		return 0
	}
	return t.Root.Node.Size
}

// holesLeft reports whether some hole of t remains.
func holesLeft[S, L any](t *Tree[S, L]) bool { return childHasHoles(&t.Root) }

func childHasHoles[S, L any](c *Child[S, L]) bool {
	if c.Hole {
		return true
	}
	if c.Node == nil {
		return false
	}
	return childHasHoles(&c.Node.Kids[Left]) || childHasHoles(&c.Node.Kids[Right])
}

func show(t *Tree[[2]int, int]) string {
	return Walk(t, func(k int, l, r string) string { return fmt.Sprintf("(%s %d %s)", l, k, r) })
}

func TestResetFillsLikeANewTreeAndReusesItsNodes(t *testing.T) {
	t.Parallel()
	u := NewUniform(64)
	reused := New(bstSpec, [2]int{0, 0}, true)
	for seed := uint64(0); seed < 50; seed++ {
		n := int(seed % 40)
		fresh := New(bstSpec, [2]int{0, n}, true)
		fresh.Fill(rand.New(rand.NewPCG(seed, 1)), u, n)
		reused.Reset([2]int{0, n}, true)
		reused.Fill(rand.New(rand.NewPCG(seed, 1)), u, n)
		if a, b := show(fresh), show(reused); a != b {
			t.Fatalf("seed %d: after Reset %s, fresh %s", seed, b, a)
		}
		if filled(reused) != n {
			t.Fatalf("seed %d: %d nodes, want %d (n+1 keys leave room for n)", seed, filled(reused), n)
		}
	}
	if got := len(reused.chunks); got != 1 {
		t.Errorf("%d chunks after 50 trees of at most 39 nodes: Reset does not reuse them", got)
	}
}

func TestAFullRangeStopsFillingWhenNoHoleIsLeft(t *testing.T) {
	t.Parallel()
	for _, w := range []Weighting{NewUniform(8), DepthWeighted()} {
		tr := New(bstSpec, [2]int{0, 4}, true) // five keys
		tr.Fill(rand.New(rand.NewPCG(1, 2)), w, 20)
		if filled(tr) != 5 || holesLeft(tr) {
			t.Errorf("%T: %d nodes, holes left %v; want all 5 keys used", w, filled(tr), holesLeft(tr))
		}
		if s := show(tr); s == "" {
			t.Errorf("%T: empty tree", w)
		}
	}
}

// TestFillsWithDifferentWeightingsAddUp fills one tree in turns with the
// uniform weighting and others: every fill adds its nodes, whichever came
// before (the uniform fill's hole masses are recomputed when another fill
// or another Uniform touched the tree).
func TestFillsWithDifferentWeightingsAddUp(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(3, 4))
	tr := New(bstSpec, [2]int{0, 99}, true)
	steps := []Weighting{DepthWeighted(), NewUniform(8), DepthWeighted(), NewUniform(64), NewUniform(64), DepthWeighted()}
	for i, w := range steps {
		tr.Fill(r, w, 3)
		if got, want := filled(tr), 3*(i+1); got != want {
			t.Fatalf("after fill %d (%T): %d nodes, want %d", i+1, w, got, want)
		}
	}
}
