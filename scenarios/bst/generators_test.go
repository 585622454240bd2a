package bst

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/mutprop/mutprop/gen/enum"
	"github.com/mutprop/mutprop/gen/holey"
)

func TestEveryGeneratorMakesValidTreesOfTheDocumentedSizes(t *testing.T) {
	t.Parallel()
	cfg, _ := configByName("holey")
	for _, g := range generators() {
		tg, err := newTreeGen(g.Name, cfg, namedOps)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(3, 4))
		total := 0
		for i := 0; i < 2000; i++ {
			n := i % 100
			tg.reset()
			tr := tg.tree(r, n)
			if !namedOps.valid(tr) {
				t.Fatalf("%s made an invalid tree at size %d", g.Name, n)
			}
			s := namedOps.size(tr)
			total += s
			switch g.Name {
			case "etna-size":
				if s != n {
					t.Fatalf("etna-size made %d nodes at size %d", s, n)
				}
			case "classic":
				if d := depth(tr); d > 0 && (1<<(d-1)) > n {
					t.Fatalf("classic made depth %d at size %d", d, n)
				}
			case "holey", "enum", "api", "api-correct", "tuned-api", "tuned-api-correct":
				if s > n+1 {
					t.Fatalf("%s made %d nodes at size %d", g.Name, s, n)
				}
			}
		}
		mean := float64(total) / 2000
		// holey and enum: size uniform on 0..n+1, so about (49.5+1)/2.
		if (g.Name == "holey" || g.Name == "enum") && (mean < 23 || mean > 28) {
			t.Errorf("%s: mean tree size %.1f, want about 25", g.Name, mean)
		}
	}
}

// chiSquare is Pearson's statistic of counts against a uniform expectation.
func chiSquare(counts map[string]int, cells, n int) float64 {
	e := float64(n) / float64(cells)
	x := 0.0
	for _, c := range counts {
		x += (float64(c) - e) * (float64(c) - e) / e
	}
	x += float64(cells-len(counts)) * e // cells never seen
	return x
}

func shapeKey(t *tree) string {
	if t == nil {
		return "L"
	}
	return fmt.Sprintf("N(%s%d%s)", shapeKey(t.Left), t.Key, shapeKey(t.Right))
}

func TestHoleyUniformWeightingIsUniformOverShapes(t *testing.T) {
	t.Parallel()
	// Unlabeled trees (every hole can always be filled): size 4 has C_4 =
	// 14 shapes, each should come up 1/14 of the time.
	spec := holey.Spec[int, int]{Expand: func(*rand.Rand, int) (int, int, bool, int, bool) { return 0, 0, true, 0, true }}
	u := holey.NewUniform(16)
	r := rand.New(rand.NewPCG(5, 6))
	counts := map[string]int{}
	const draws = 14000
	for range draws {
		ht := holey.New(spec, 0, true)
		ht.Fill(r, u, 4)
		tr := holey.Walk(ht, func(_ int, l, rt *tree) *tree { return &tree{Left: l, Right: rt} })
		counts[shapeKey(tr)]++
	}
	if len(counts) != 14 {
		t.Fatalf("saw %d shapes of size 4, want 14", len(counts))
	}
	// chi-square, 13 degrees of freedom: 34.5 is the 0.001 critical value.
	if x := chiSquare(counts, 14, draws); x > 34.5 {
		t.Errorf("chi-square %.1f over 14 shapes: not uniform (%v)", x, counts)
	}
	// A depth-weighted filling is far from uniform.
	counts = map[string]int{}
	for range draws {
		ht := holey.New(spec, 0, true)
		ht.Fill(r, holey.DepthWeighted(), 4)
		counts[shapeKey(holey.Walk(ht, func(_ int, l, rt *tree) *tree { return &tree{Left: l, Right: rt} }))]++
	}
	if x := chiSquare(counts, 14, draws); x < 100 {
		t.Errorf("depth-weighted chi-square %.1f: looks uniform", x)
	}
}

func TestEnumDrawsEveryBSTOfASizeEquallyOften(t *testing.T) {
	t.Parallel()
	// Keys 0..3, 3 nodes: C(4,3)·C_3 = 20 trees.
	c := enum.NewCounts()
	if got := c.BSTs(4, 3).Int64(); got != 20 {
		t.Fatalf("BSTs(4, 3) = %d, want 20", got)
	}
	r := rand.New(rand.NewPCG(7, 8))
	counts := map[string]int{}
	const draws = 20000
	var a treeArena
	for range draws {
		s, keys, err := c.BST(4, 3, enum.RandomBelow(r, c.BSTs(4, 3)))
		if err != nil {
			t.Fatal(err)
		}
		i := 0
		a.reset()
		tr := labelShape(&a, s, func() (int, int) { i++; return keys[i-1], 0 })
		if !namedOps.valid(tr) {
			t.Fatal("enum made an invalid tree")
		}
		counts[shapeKey(tr)]++
	}
	if len(counts) != 20 {
		t.Fatalf("saw %d trees, want 20", len(counts))
	}
	// 19 degrees of freedom: 43.8 is the 0.001 critical value.
	if x := chiSquare(counts, 20, draws); x > 43.8 {
		t.Errorf("chi-square %.1f: not uniform", x)
	}
}

func TestExhaustiveStartsWithTheSmallestTrees(t *testing.T) {
	t.Parallel()
	cfg, _ := configByName("holey")
	g, _ := newTreeGen("exhaustive", cfg, namedOps)
	r := rand.New(rand.NewPCG(1, 1))
	if tr := g.tree(r, 0); tr != nil {
		t.Fatalf("first tree %v, want the empty tree", tr)
	}
	for k := 0; k < 8; k++ {
		if tr := g.tree(r, 0); namedOps.size(tr) != 1 || tr.Key != k {
			t.Fatalf("tree %d: %s, want the single node %d", k+1, shapeKey(tr), k)
		}
	}
	if tr := g.tree(r, 0); namedOps.size(tr) != 2 {
		t.Fatalf("tree 10 has %d nodes, want 2", namedOps.size(tr))
	}
}
