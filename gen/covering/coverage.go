package covering

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"
)

// subset is one parameter subset to cover and its coverage bitset. params
// are model indexes in processing order, so the last one owns the subset:
// it is covered while that parameter is added. The code of a value tuple is
// mixed-radix with the last parameter least significant.
type subset struct {
	params []int
	sizes  []int
	bits   []uint64 // 1 = covered or not required
	left   int      // required tuples not yet covered
	n      int      // number of tuples
}

func newSubset(params []int, sizes []int) *subset {
	n := 1
	for _, s := range sizes {
		n *= s
	}
	return &subset{params: params, sizes: sizes, bits: make([]uint64, (n+63)/64), left: n, n: n}
}

// prefix returns the code of row on all but the last parameter.
func (s *subset) prefix(row []int) (int, bool) {
	c := 0
	for i, q := range s.params[:len(s.params)-1] {
		v := row[q]
		if v < 0 {
			return 0, false
		}
		c = c*s.sizes[i] + v
	}
	return c, true
}

// code returns the code of row on the subset.
func (s *subset) code(row []int) (int, bool) {
	c := 0
	for i, q := range s.params {
		v := row[q]
		if v < 0 {
			return 0, false
		}
		c = c*s.sizes[i] + v
	}
	return c, true
}

// decode writes the values of code c into vals.
func (s *subset) decode(c int, vals []int) {
	for i := len(s.sizes) - 1; i >= 0; i-- {
		vals[i] = c % s.sizes[i]
		c /= s.sizes[i]
	}
}

// cover marks c covered and reports whether it was a newly covered
// required tuple.
func (s *subset) cover(c int) bool {
	w, b := c>>6, uint64(1)<<(c&63)
	if s.bits[w]&b != 0 {
		return false
	}
	s.bits[w] |= b
	s.left--
	return true
}

// nextUncovered returns the first uncovered code >= c, or -1.
func (s *subset) nextUncovered(c int) int {
	for w := c >> 6; w < len(s.bits); w++ {
		x := ^s.bits[w]
		if w == c>>6 {
			x &= ^uint64(0) << (c & 63)
		}
		if x != 0 {
			r := w<<6 + bits.TrailingZeros64(x)
			if r >= s.n {
				return -1
			}
			return r
		}
	}
	return -1
}

// buildSubsets enumerates the subsets required by m's relations (shared
// subsets once), each with params in processing order, and groups them by
// the position of their owner. pos maps a model index to its position.
func buildSubsets(m *Model, pos []int) [][]*subset {
	owned := make([][]*subset, len(m.Params))
	seen := make(map[string]bool)
	var key strings.Builder
	for _, r := range m.Relations {
		ps := slices.Clone(r.Params)
		slices.SortFunc(ps, func(a, b int) int { return pos[a] - pos[b] })
		combinations(len(ps), r.Strength, func(idx []int) {
			params := make([]int, len(idx))
			sizes := make([]int, len(idx))
			key.Reset()
			for i, j := range idx {
				params[i] = ps[j]
				sizes[i] = m.Params[ps[j]].Size
				fmt.Fprintf(&key, "%d,", ps[j])
			}
			if seen[key.String()] {
				return
			}
			seen[key.String()] = true
			o := pos[params[len(params)-1]]
			owned[o] = append(owned[o], newSubset(params, sizes))
		})
	}
	return owned
}

// combinations calls f with every k-subset of 0..n-1 in lexicographic
// order; f must not retain idx.
func combinations(n, k int, f func(idx []int)) {
	idx := make([]int, k)
	for i := range idx {
		idx[i] = i
	}
	for {
		f(idx)
		i := k - 1
		for i >= 0 && idx[i] == n-k+i {
			i--
		}
		if i < 0 {
			return
		}
		idx[i]++
		for j := i + 1; j < k; j++ {
			idx[j] = idx[j-1] + 1
		}
	}
}
