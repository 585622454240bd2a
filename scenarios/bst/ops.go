package bst

import (
	mutated "github.com/mutprop/mutprop/scenarios/bst/internal/mutated"
)

// This file is the one place the harness touches the subject: the
// schematized copy of ./subject, whose active mutant is fixed per process by
// MUTPROP_ACTIVE. Everything else calls these wrappers.

// Tree is the subject's tree; nil is the empty tree.
type Tree = mutated.Tree

// KV is one binding.
type KV = mutated.KV

func find(k int, t *Tree) (int, bool) { return mutated.Find(k, t) }
func insert(k, v int, t *Tree) *Tree  { return mutated.Insert(k, v, t) }
func del(k int, t *Tree) *Tree        { return mutated.Delete(k, t) }
func union(a, b *Tree) *Tree          { return mutated.Union(a, b) }
func valid(t *Tree) bool              { return mutated.Valid(t) }
func size(t *Tree) int                { return mutated.Size(t) }

// subjectMutants lists the named variants compiled into the schematized copy.
func subjectMutants() []mutantInfo {
	out := make([]mutantInfo, 0, len(mutated.Mutants))
	for _, m := range mutated.Mutants {
		out = append(out, mutantInfo{ID: m.ID, Origin: m.Origin, Description: m.Description, Schema: m.Schema})
	}
	return out
}

type mutantInfo struct {
	ID, Origin, Description string
	Schema                  int
}
