package enum

import (
	"math/big"
	"math/rand/v2"
)

// Counts caches Catalan numbers and binomial coefficients. A Counts is not
// safe for concurrent use; give each goroutine its own.
type Counts struct {
	cat   []*big.Int
	binom map[[2]int]*big.Int
}

// NewCounts returns an empty cache.
func NewCounts() *Counts { return &Counts{binom: map[[2]int]*big.Int{}} }

// catalan returns C_n, the number of binary tree shapes with n nodes. The
// result is shared: do not modify it.
func (c *Counts) catalan(n int) *big.Int {
	for len(c.cat) <= n {
		m := len(c.cat)
		if m == 0 {
			c.cat = append(c.cat, big.NewInt(1))
			continue
		}
		// C_m = sum_{l=0}^{m-1} C_l C_{m-1-l}
		s := new(big.Int)
		var t big.Int
		for l := 0; l < m; l++ {
			s.Add(s, t.Mul(c.cat[l], c.cat[m-1-l]))
		}
		c.cat = append(c.cat, s)
	}
	return c.cat[n]
}

// binomial returns C(m, k) (0 when k < 0 or k > m). Do not modify it.
func (c *Counts) binomial(m, k int) *big.Int {
	if k < 0 || k > m {
		return new(big.Int)
	}
	key := [2]int{m, k}
	if b, ok := c.binom[key]; ok {
		return b
	}
	b := new(big.Int).Binomial(int64(m), int64(k))
	c.binom[key] = b
	return b
}

// BSTs returns the number of binary search trees with n nodes whose keys
// come from m consecutive keys: C(m, n) key sets times C_n shapes.
func (c *Counts) BSTs(m, n int) *big.Int {
	return new(big.Int).Mul(c.binomial(m, n), c.catalan(n))
}

// RandomBelow returns an index uniform on [0, bound) drawn from r. It panics
// if bound is not positive.
func RandomBelow(r *rand.Rand, bound *big.Int) *big.Int {
	if bound.Sign() <= 0 {
		panic("enum.RandomBelow: bound must be positive")
	}
	if bound.IsUint64() {
		return new(big.Int).SetUint64(r.Uint64N(bound.Uint64()))
	}
	bits := bound.BitLen()
	words := (bits + 63) / 64
	x := new(big.Int)
	var w big.Int
	for {
		x.SetUint64(0)
		for i := 0; i < words; i++ {
			x.Lsh(x, 64)
			x.Or(x, w.SetUint64(r.Uint64()))
		}
		x.Rsh(x, uint(words*64-bits))
		if x.Cmp(bound) < 0 {
			return x
		}
	}
}
