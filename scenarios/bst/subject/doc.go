// Package subject is the binary search tree of How to Specify It! (Hughes,
// TFP 2019): a persistent finite map from int keys to int values, with the
// eight bugs of the paper (and Etna's insert_2) declared as named variants.
//
// Files:
//   - bst.go: the correct implementation (find, nil, insert, delete with
//     Hughes's join, union with below/above, toList, keys, size, valid,
//     insertions). Trees are immutable: every operation shares the parts it
//     does not change, and nil is the empty tree (Leaf).
//   - variants.go: the faults, one function each, marked with
//     //mutprop:variant directives. A variant recurses through its target
//     (Insert, Delete, Union) so that, once the package is schematized, the
//     recursion stays inside the active variant, exactly as it does in
//     Hughes's BSTn.hs modules.
//
// Keys and values are ints. The configurations of the harness pick their
// ranges: keys 0..size and signed values (Holey Generators), keys and values
// uniform on [-size, size] (How to Specify It!), and keys with 0/1 values
// standing for Bool (Etna).
//
// Nothing in this package is imported by the harness directly: it imports
// the schematized copy in ../internal/mutated, generated from this package.
package subject

//go:generate go test -run TestTheSchematizedCopyIsUpToDate -update
