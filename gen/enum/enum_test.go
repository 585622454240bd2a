package enum

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// shapeString renders a shape as nested parentheses: "" for nil, "(L R)".
func shapeString(s *Shape) string {
	if s == nil {
		return "."
	}
	return "(" + shapeString(s.Left) + " " + shapeString(s.Right) + ")"
}

// shapeSize returns the number of nodes of s.
func shapeSize(s *Shape) int {
	if s == nil {
		return 0
	}
	return 1 + shapeSize(s.Left) + shapeSize(s.Right)
}

func TestCatalanMatchesTheKnownSequence(t *testing.T) {
	want := []int64{1, 1, 2, 5, 14, 42, 132, 429, 1430, 4862, 16796}
	c := NewCounts()
	// Ask for a large index first so the cache is filled in one go, then
	// read the small ones from it.
	if got := c.catalan(30).String(); got != "3814986502092304" {
		t.Errorf("C_30 = %s, want 3814986502092304", got)
	}
	for n, w := range want {
		if got := c.catalan(n); got.Int64() != w {
			t.Errorf("C_%d = %v, want %d", n, got, w)
		}
	}
	// A fresh cache filled bottom-up gives the same numbers.
	d := NewCounts()
	for n := len(want) - 1; n >= 0; n-- {
		if got := d.catalan(n); got.Int64() != want[n] {
			t.Errorf("fresh C_%d = %v, want %d", n, got, want[n])
		}
	}
}

func TestBinomialIsZeroOutsideTheTriangleAndCached(t *testing.T) {
	c := NewCounts()
	cases := []struct{ m, k, want int64 }{
		{5, 0, 1}, {5, 1, 5}, {5, 2, 10}, {5, 3, 10}, {5, 5, 1},
		{5, -1, 0}, {5, 6, 0}, {0, 0, 1}, {0, 1, 0}, {10, 4, 210},
	}
	for _, tc := range cases {
		if got := c.binomial(int(tc.m), int(tc.k)); got.Int64() != tc.want {
			t.Errorf("Binomial(%d, %d) = %v, want %d", tc.m, tc.k, got, tc.want)
		}
	}
	if a, b := c.binomial(10, 4), c.binomial(10, 4); a != b {
		t.Errorf("Binomial(10, 4) is not cached: two calls gave two values")
	}
	if got := c.BSTs(4, 3).Int64(); got != 20 {
		t.Errorf("BSTs(4, 3) = %d, want C(4,3)*C_3 = 20", got)
	}
	if got := c.BSTs(3, 4).Sign(); got != 0 {
		t.Errorf("BSTs(3, 4) = %v, want 0 (more nodes than keys)", c.BSTs(3, 4))
	}
}

func TestShapeEnumeratesEveryShapeOnceInOrder(t *testing.T) {
	c := NewCounts()
	for n := 0; n <= 7; n++ {
		total := int(c.catalan(n).Int64())
		seen := map[string]bool{}
		prevLeft := -1
		for i := 0; i < total; i++ {
			idx := big.NewInt(int64(i))
			s, err := c.shape(n, idx)
			if err != nil {
				t.Fatalf("Shape(%d, %d): %v", n, i, err)
			}
			if idx.Int64() != int64(i) {
				t.Fatalf("Shape(%d, %d) modified its index to %v", n, i, idx)
			}
			if got := shapeSize(s); got != n {
				t.Fatalf("Shape(%d, %d) has %d nodes", n, i, got)
			}
			key := shapeString(s)
			if seen[key] {
				t.Fatalf("Shape(%d, %d) = %s repeats an earlier rank", n, i, key)
			}
			seen[key] = true
			if n > 0 {
				l := shapeSize(s.Left)
				if l < prevLeft {
					t.Fatalf("Shape(%d, %d): left size %d after %d; ranks are ordered by left size", n, i, l, prevLeft)
				}
				prevLeft = l
			}
		}
	}
	// The first shape of 3 nodes has an empty left subtree and a right
	// chain; the last a left chain.
	first, _ := c.shape(3, big.NewInt(0))
	last, _ := c.shape(3, big.NewInt(4))
	if got := shapeString(first); got != "(. (. (. .)))" {
		t.Errorf("Shape(3, 0) = %s, want the right chain", got)
	}
	if got := shapeString(last); got != "(((. .) .) .)" {
		t.Errorf("Shape(3, 4) = %s, want the left chain", got)
	}
	// Within one left size the left rank is the major key:
	// n=4, left size 1, right size 2: ranks 5 and 6 share the left leaf.
	mid, _ := c.shape(4, big.NewInt(5))
	if got := shapeString(mid); got != "((. .) (. (. .)))" {
		t.Errorf("Shape(4, 5) = %s", got)
	}
}

func TestShapeRejectsIndexesOutOfRange(t *testing.T) {
	c := NewCounts()
	for _, idx := range []int64{-1, 5, 6} {
		if s, err := c.shape(3, big.NewInt(idx)); err == nil {
			t.Errorf("Shape(3, %d) = %s, want an error (C_3 = 5)", idx, shapeString(s))
		} else if !strings.Contains(err.Error(), "out of range") {
			t.Errorf("Shape(3, %d): error %q does not say out of range", idx, err)
		}
	}
	if s, err := c.shape(0, big.NewInt(0)); err != nil || s != nil {
		t.Errorf("Shape(0, 0) = %v, %v; want the empty tree", s, err)
	}
}

func TestSubsetEnumeratesKSubsetsInLexicographicOrder(t *testing.T) {
	c := NewCounts()
	for m := 0; m <= 7; m++ {
		for k := 0; k <= m; k++ {
			total := int(c.binomial(m, k).Int64())
			var prev []int
			for i := 0; i < total; i++ {
				idx := big.NewInt(int64(i))
				got, err := c.subset(m, k, idx)
				if err != nil {
					t.Fatalf("Subset(%d, %d, %d): %v", m, k, i, err)
				}
				if idx.Int64() != int64(i) {
					t.Fatalf("Subset(%d, %d, %d) modified its index", m, k, i)
				}
				if len(got) != k {
					t.Fatalf("Subset(%d, %d, %d) = %v, want %d elements", m, k, i, got, k)
				}
				for j, x := range got {
					if x < 0 || x >= m || (j > 0 && got[j-1] >= x) {
						t.Fatalf("Subset(%d, %d, %d) = %v, want increasing elements of 0..%d", m, k, i, got, m-1)
					}
				}
				if i > 0 && slices.Compare(prev, got) >= 0 {
					t.Fatalf("Subset(%d, %d, %d) = %v does not follow %v", m, k, i, got, prev)
				}
				prev = got
			}
		}
	}
	got, _ := c.subset(5, 2, big.NewInt(4))
	if !slices.Equal(got, []int{1, 2}) {
		t.Errorf("Subset(5, 2, 4) = %v, want [1 2]", got)
	}
	for _, idx := range []int64{-1, 10, 11} {
		if s, err := c.subset(5, 2, big.NewInt(idx)); err == nil {
			t.Errorf("Subset(5, 2, %d) = %v, want an error (C(5,2) = 10)", idx, s)
		}
	}
}

func TestBSTSplitsTheRankIntoKeySetAndShape(t *testing.T) {
	c := NewCounts()
	total := int(c.BSTs(4, 3).Int64())
	seen := map[string]bool{}
	for i := 0; i < total; i++ {
		s, keys, err := c.BST(4, 3, big.NewInt(int64(i)))
		if err != nil {
			t.Fatalf("BST(4, 3, %d): %v", i, err)
		}
		wantKeys, _ := c.subset(4, 3, big.NewInt(int64(i/5)))
		wantShape, _ := c.shape(3, big.NewInt(int64(i%5)))
		if !slices.Equal(keys, wantKeys) || shapeString(s) != shapeString(wantShape) {
			t.Fatalf("BST(4, 3, %d) = %s %v, want %s %v (subset rank %d, shape rank %d)",
				i, shapeString(s), keys, shapeString(wantShape), wantKeys, i/5, i%5)
		}
		key := fmt.Sprint(shapeString(s), keys)
		if seen[key] {
			t.Fatalf("BST(4, 3, %d) repeats %s", i, key)
		}
		seen[key] = true
	}
	for _, idx := range []int64{-1, 20} {
		_, _, err := c.BST(4, 3, big.NewInt(idx))
		if err == nil || !strings.Contains(err.Error(), "bst index") {
			t.Errorf("BST(4, 3, %d): err = %v, want a wrapped range error", idx, err)
		}
	}
}

func TestRandomBelowPanicsOnANonPositiveBound(t *testing.T) {
	for _, b := range []int64{0, -3} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("RandomBelow(%d) did not panic", b)
				}
			}()
			RandomBelow(rand.New(rand.NewPCG(1, 2)), big.NewInt(b))
		}()
	}
}

func TestRandomBelowIsUniformForSmallAndLargeBounds(t *testing.T) {
	two64 := new(big.Int).Lsh(big.NewInt(1), 64)
	cases := []struct {
		name  string
		bound *big.Int
		// bucket maps a draw to one of 3 equally likely buckets.
		bucket func(x *big.Int) int
	}{
		{"3", big.NewInt(3), func(x *big.Int) int { return int(x.Int64()) }},
		// 3·2^64 needs 66 bits: two words of random bits shifted right by 62.
		{"3*2^64", new(big.Int).Mul(big.NewInt(3), two64), func(x *big.Int) int {
			return int(new(big.Int).Rsh(x, 64).Int64())
		}},
		// 3·2^63 needs 65 bits: two words shifted right by 63.
		{"3*2^63", new(big.Int).Lsh(big.NewInt(3), 63), func(x *big.Int) int {
			return int(new(big.Int).Rsh(x, 63).Int64())
		}},
		// 3·2^130 needs 132 bits: three words shifted right by 60.
		{"3*2^130", new(big.Int).Lsh(big.NewInt(3), 130), func(x *big.Int) int {
			return int(new(big.Int).Rsh(x, 130).Int64())
		}},
	}
	const draws = 3000
	for _, tc := range cases {
		r := rand.New(rand.NewPCG(7, 11))
		var counts [3]int
		for i := 0; i < draws; i++ {
			x := RandomBelow(r, tc.bound)
			if x.Sign() < 0 || x.Cmp(tc.bound) >= 0 {
				t.Fatalf("%s: RandomBelow = %v, outside [0, bound)", tc.name, x)
			}
			counts[tc.bucket(x)]++
		}
		// Each bucket expects 1000; 850..1150 is more than 5 sigma wide.
		for b, n := range counts {
			if n < 850 || n > 1150 {
				t.Errorf("%s: bucket %d got %d of %d draws, want about %d", tc.name, b, n, draws, draws/3)
			}
		}
	}
}

func TestRandomBelowFillsTheLowBitsOfLargeBounds(t *testing.T) {
	// With a 130-bit bound, the low 64 bits of a draw must vary and the
	// draws must not all be multiples of a power of two.
	bound := new(big.Int).Lsh(big.NewInt(1), 130)
	bound.Add(bound, big.NewInt(12345))
	r := rand.New(rand.NewPCG(3, 4))
	var ones [8]int
	distinctLow := map[uint64]bool{}
	for i := 0; i < 200; i++ {
		x := RandomBelow(r, bound)
		for b := range ones {
			ones[b] += int(x.Bit(b))
		}
		distinctLow[new(big.Int).And(x, new(big.Int).SetUint64(^uint64(0))).Uint64()] = true
	}
	// Each of the low bits is set in about half the draws (sigma 7).
	for b, n := range ones {
		if n < 60 || n > 140 {
			t.Errorf("bit %d set in %d of 200 draws, want about 100", b, n)
		}
	}
	if len(distinctLow) < 190 {
		t.Errorf("only %d distinct low words in 200 draws", len(distinctLow))
	}
}

func TestRandomBelowIsDeterministicForASeed(t *testing.T) {
	bound := new(big.Int).Lsh(big.NewInt(5), 100)
	a, b := rand.New(rand.NewPCG(9, 9)), rand.New(rand.NewPCG(9, 9))
	for i := 0; i < 20; i++ {
		x, y := RandomBelow(a, bound), RandomBelow(b, bound)
		if x.Cmp(y) != 0 {
			t.Fatalf("draw %d: %v vs %v from the same seed", i, x, y)
		}
	}
}
