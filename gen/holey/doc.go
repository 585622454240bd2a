// Package holey implements holey generators for binary trees (Cutler et al.,
// Functional Pearl: Holey Generators!, §2-4): a tree is built by filling
// holes one at a time, and a hole weighting that sees the whole partial tree
// chooses which hole to fill next, which gives global control over shapes.
//
// Files:
//   - holey.go: Spec (the "generated holey generator": what a filled hole
//     becomes, with labels drawn when the hole is filled), the partial tree of
//     filled nodes, holes and done leaves, and Fill (the paper's
//     recursively), which fills up to n holes; Reset reuses a tree's node
//     storage for the next draw.
//   - weighting.go: the hole weightings of §2-3: Uniform (the random walk
//     with the probabilities P_n(k) of §3, exactly uniform over shapes of
//     each size when no hole is done) and DepthWeighted.
//
// Drawing a label when its hole is filled, rather than generating the whole
// hypothetical tree first (which Haskell's laziness makes free), gives the
// same distribution, because a label is independent of everything but its
// own range and is only seen if its hole is filled.
package holey
