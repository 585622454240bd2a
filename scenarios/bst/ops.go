package bst

import (
	mutated "github.com/mutprop/mutprop/scenarios/bst/internal/mutated"
	operators "github.com/mutprop/mutprop/scenarios/bst/internal/operators"
	subjecttree "github.com/mutprop/mutprop/scenarios/bst/internal/tree"
)

// This file is the one place the harness touches the subject: its two
// schematized copies, whose active mutant is fixed per process by
// MUTPROP_ACTIVE. internal/mutated holds the named variants (the eight bugs
// and Etna's insert_2), internal/operators every operator mutant, numbered
// independently. A test reaches the subject only through an ops table, so
// the same properties run against either copy, or against black-box
// mutants of one of its functions.

// tree is the subject's tree; nil is the empty tree.
type tree = subjecttree.Tree

// kv is one binding.
type kv = subjecttree.KV

// ops is the subject's API as the properties see it: BST.hs's find,
// insert, delete, union, valid, size, toList and insertions.
type ops struct {
	find             func(k int, t *tree) (int, bool)
	insert           func(k, v int, t *tree) *tree
	del              func(k int, t *tree) *tree
	union            func(a, b *tree) *tree
	valid            func(t *tree) bool
	size             func(t *tree) int
	appendList       func(dst []kv, t *tree) []kv
	appendInsertions func(dst []kv, t *tree) []kv
}

// namedOps runs the copy with the named variants.
var namedOps = &ops{
	find: mutated.Find, insert: mutated.Insert, del: mutated.Delete, union: mutated.Union,
	valid: mutated.Valid, size: mutated.Size, appendList: mutated.AppendList, appendInsertions: mutated.AppendInsertions,
}

// operatorOps runs the copy with the operator mutants.
var operatorOps = &ops{
	find: operators.Find, insert: operators.Insert, del: operators.Delete, union: operators.Union,
	valid: operators.Valid, size: operators.Size, appendList: operators.AppendList, appendInsertions: operators.AppendInsertions,
}

// subjectMutants lists the named variants compiled into the schematized copy.
func subjectMutants() []mutantInfo {
	out := make([]mutantInfo, 0, len(mutated.Mutants))
	for _, m := range mutated.Mutants {
		out = append(out, mutantInfo{ID: m.ID, Origin: m.Origin, Description: m.Description, Schema: m.Schema})
	}
	return out
}

// operatorMutants lists the operator mutants of the operator copy.
func operatorMutants() []mutantInfo {
	out := make([]mutantInfo, 0, len(operators.Mutants))
	for _, m := range operators.Mutants {
		if m.Origin == "operator" && m.Schema > 0 {
			out = append(out, mutantInfo{ID: m.ID, Origin: m.Origin, Operator: m.Operator, Description: m.Description, Line: m.Line, Schema: m.Schema})
		}
	}
	return out
}

type mutantInfo struct {
	ID, Origin, Operator, Description string
	Line, Schema                      int
}
