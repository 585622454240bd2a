package propsuite

import (
	"math/rand/v2"
)

// A Generator produces a value from a seeded random source and a size. The
// same source state and size always give the same value: generators must draw
// all their randomness from r.
type Generator[T any] func(r *rand.Rand, size int) T

// Const always generates v.
func Const[T any](v T) Generator[T] {
	return func(*rand.Rand, int) T { return v }
}

// IntRange generates integers uniformly in [lo, hi]. It panics if lo > hi:
// that is a programming error in the generator's definition.
func IntRange(lo, hi int) Generator[int] {
	if lo > hi {
		panic("propsuite.IntRange: lo > hi")
	}
	return func(r *rand.Rand, _ int) int { return lo + r.IntN(hi-lo+1) }
}

// IntSized generates integers uniformly in [-size, size], like QuickCheck's
// arbitrary for Int.
func IntSized() Generator[int] {
	return func(r *rand.Rand, size int) int {
		if size <= 0 {
			return 0
		}
		return r.IntN(2*size+1) - size
	}
}

// NatSized generates integers uniformly in [0, size].
func NatSized() Generator[int] {
	return func(r *rand.Rand, size int) int {
		if size <= 0 {
			return 0
		}
		return r.IntN(size + 1)
	}
}

// Bool generates true and false with equal probability.
func Bool() Generator[bool] {
	return func(r *rand.Rand, _ int) bool { return r.IntN(2) == 1 }
}

// Float64Sized generates floats uniformly in [-size, size].
func Float64Sized() Generator[float64] {
	return func(r *rand.Rand, size int) float64 {
		return (r.Float64()*2 - 1) * float64(size)
	}
}

// SliceOf generates slices whose length is uniform on [0, size], each
// element drawn from g at the same size (QuickCheck's listOf).
func SliceOf[T any](g Generator[T]) Generator[[]T] {
	return func(r *rand.Rand, size int) []T {
		n := 0
		if size > 0 {
			n = r.IntN(size + 1)
		}
		xs := make([]T, n)
		for i := range xs {
			xs[i] = g(r, size)
		}
		return xs
	}
}

// SliceN generates slices of exactly n elements drawn from g.
func SliceN[T any](n int, g Generator[T]) Generator[[]T] {
	return func(r *rand.Rand, size int) []T {
		xs := make([]T, n)
		for i := range xs {
			xs[i] = g(r, size)
		}
		return xs
	}
}

// MapOf generates maps with up to size entries (duplicate keys collapse).
func MapOf[K comparable, V any](kg Generator[K], vg Generator[V]) Generator[map[K]V] {
	return func(r *rand.Rand, size int) map[K]V {
		n := 0
		if size > 0 {
			n = r.IntN(size + 1)
		}
		m := make(map[K]V, n)
		for range n {
			k := kg(r, size)
			m[k] = vg(r, size)
		}
		return m
	}
}

// PairOf holds two generated values.
type PairOf[A, B any] struct {
	First  A
	Second B
}

// Pair generates a pair, drawing the first component before the second.
func Pair[A, B any](ga Generator[A], gb Generator[B]) Generator[PairOf[A, B]] {
	return func(r *rand.Rand, size int) PairOf[A, B] {
		a := ga(r, size)
		return PairOf[A, B]{a, gb(r, size)}
	}
}

// OneOf picks one of gs uniformly and runs it.
func OneOf[T any](gs ...Generator[T]) Generator[T] {
	if len(gs) == 0 {
		panic("propsuite.OneOf: no generators")
	}
	return func(r *rand.Rand, size int) T { return gs[r.IntN(len(gs))](r, size) }
}

// Weighted is a generator with a relative weight, for Frequency.
type Weighted[T any] struct {
	Weight int
	Gen    Generator[T]
}

// Frequency picks one of the weighted generators with probability
// proportional to its weight (QuickCheck's frequency).
func Frequency[T any](ws ...Weighted[T]) Generator[T] {
	total := 0
	for _, w := range ws {
		if w.Weight < 0 {
			panic("propsuite.Frequency: negative weight")
		}
		total += w.Weight
	}
	if total == 0 {
		panic("propsuite.Frequency: total weight is zero")
	}
	return func(r *rand.Rand, size int) T {
		n := r.IntN(total)
		for _, w := range ws {
			if n < w.Weight {
				return w.Gen(r, size)
			}
			n -= w.Weight
		}
		panic("unreachable")
	}
}

// Map applies f to every value g generates.
func Map[T, U any](g Generator[T], f func(T) U) Generator[U] {
	return func(r *rand.Rand, size int) U { return f(g(r, size)) }
}

// Filter regenerates until pred holds (QuickCheck's suchThat), growing the
// size after every 10 failed attempts. It panics after 10,000 attempts,
// which always means the predicate is (nearly) unsatisfiable.
func Filter[T any](g Generator[T], pred func(T) bool) Generator[T] {
	return func(r *rand.Rand, size int) T {
		for i := range 10000 {
			if v := g(r, size+i/10); pred(v) {
				return v
			}
		}
		panic("propsuite.Filter: predicate rejected 10000 values")
	}
}

// Sized builds a generator from the current size (QuickCheck's sized).
func Sized[T any](f func(size int) Generator[T]) Generator[T] {
	return func(r *rand.Rand, size int) T { return f(size)(r, size) }
}

// Resize runs g at a fixed size.
func Resize[T any](g Generator[T], size int) Generator[T] {
	return func(r *rand.Rand, _ int) T { return g(r, size) }
}

// Scale runs g at f(size).
func Scale[T any](g Generator[T], f func(int) int) Generator[T] {
	return func(r *rand.Rand, size int) T { return g(r, f(size)) }
}

// Shuffle returns a uniformly shuffled copy of xs.
func Shuffle[T any](r *rand.Rand, xs []T) []T {
	ys := append([]T(nil), xs...)
	r.Shuffle(len(ys), func(i, j int) { ys[i], ys[j] = ys[j], ys[i] })
	return ys
}
