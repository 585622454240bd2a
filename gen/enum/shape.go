package enum

import (
	"fmt"
	"math/big"
)

// Shape is an unlabeled binary tree; nil is the empty tree.
type Shape struct {
	Left, Right *Shape
}

// shape returns the shape of n nodes with the given rank, 0 <= idx < C_n.
// Shapes are ordered by the size of the left subtree, then by the left
// subtree's rank, then by the right subtree's rank.
func (c *Counts) shape(n int, idx *big.Int) (*Shape, error) {
	if idx.Sign() < 0 || idx.Cmp(c.catalan(n)) >= 0 {
		return nil, fmt.Errorf("shape index %v out of range for %d nodes", idx, n)
	}
	return c.unrank(n, new(big.Int).Set(idx)), nil
}

// unrank returns the shape of n nodes with rank idx; it consumes idx.
func (c *Counts) unrank(n int, idx *big.Int) *Shape {
	if n == 0 {
		return nil
	}
	var block, q, rem big.Int
	for l := 0; l < n; l++ {
		rsz := n - 1 - l
		block.Mul(c.catalan(l), c.catalan(rsz))
		if idx.Cmp(&block) < 0 {
			// idx = li * C_r + ri
			q.QuoRem(idx, c.catalan(rsz), &rem)
			return &Shape{Left: c.unrank(l, &q), Right: c.unrank(rsz, &rem)}
		}
		idx.Sub(idx, &block)
	}
	panic("enum: shape index out of range")
}

// subset returns the k-subset of {0..m-1} with the given rank in
// lexicographic order, 0 <= idx < C(m, k), in increasing order.
func (c *Counts) subset(m, k int, idx *big.Int) ([]int, error) {
	if idx.Sign() < 0 || idx.Cmp(c.binomial(m, k)) >= 0 {
		return nil, fmt.Errorf("subset index %v out of range for C(%d, %d)", idx, m, k)
	}
	rest := new(big.Int).Set(idx)
	out := make([]int, 0, k)
	for x := 0; len(out) < k; x++ {
		// Subsets whose next element is x: C(m-x-1, k-len-1).
		b := c.binomial(m-x-1, k-len(out)-1)
		if rest.Cmp(b) < 0 {
			out = append(out, x)
			continue
		}
		rest.Sub(rest, b)
	}
	return out, nil
}

// BST returns the binary search tree shape and key set of the given rank
// among the C(m, n)·C_n trees of n nodes over m keys: rank = subset rank ·
// C_n + shape rank. The keys fill the shape in order.
func (c *Counts) BST(m, n int, idx *big.Int) (*Shape, []int, error) {
	var q, rem big.Int
	q.QuoRem(idx, c.catalan(n), &rem)
	keys, err := c.subset(m, n, &q)
	if err != nil {
		return nil, nil, fmt.Errorf("bst index %v: %w", idx, err)
	}
	s, err := c.shape(n, &rem)
	if err != nil {
		return nil, nil, fmt.Errorf("bst index %v: %w", idx, err)
	}
	return s, keys, nil
}
