// Package enum counts and indexes binary trees in the style of FEAT
// (Duregård, thesis papers I-II): for every size it knows how many values
// there are, and it maps every index below that count to one value, so that
// a uniform index gives a value uniform among those of its size, and
// indexes 0, 1, 2, ... enumerate them exhaustively.
//
// Files:
//   - count.go: Catalan numbers and binomials as big.Int tables, and
//     uniform random indexes below a big.Int bound (rejection on random
//     bits, so any *rand.Rand of math/rand/v2 drives it).
//   - shape.go: binary tree shapes of n nodes, indexed by rank, and the
//     k-subsets of 0..m-1; together they index the binary search trees
//     over a key range (Counts.BST): a BST is a shape plus a key set.
package enum
