package bst

import (
	"fmt"
	"slices"
)

// PropertySets lists the named property sets:
//
//   - all79: every active property of BSTSpec.hs.
//   - hughes: the 48 hand-written ones (How to Specify It! Figs. 8-9).
//   - holey57: the Holey Generators §5 set. The paper took its 49
//     properties (BSTSpec's 48 plus the commented-out
//     InsertPreservesEquivWeak) and QuickSpec's 31, dropped the 7 that
//     quantify over equivalent trees (the 6 active ones plus
//     InsertPreservesEquivWeak: 49-7 = 42, i.e. all 42 hand-written
//     non-equivalence properties of the repository), the 11 QuickSpec
//     duplicates (31-11 = 20) and "all duplicate properties". 42+20 = 62
//     needs 5 more drops: UnionDeleteDelete and FindUnion, marked as
//     duplicates in BSTSpec.hs, and, INFERRED (not stated anywhere), the
//     exact logical duplicates UnionInsert (of InsertUnion), FindInsert (of
//     InsertPost) and FindDelete (of DeletePost). ShrinkValid stays in.
//   - etna18: Etna's 18 BST properties (run with isBST guards).
func PropertySets() []string { return []string{"all79", "hughes", "holey57", "etna18"} }

// holeyInferredDrops are the five hand-written properties holey57 drops as
// duplicates (two marked in BSTSpec.hs, three inferred).
var holeyInferredDrops = []string{"UnionDeleteDelete", "FindUnion", "UnionInsert", "FindInsert", "FindDelete"}

// etna18 are Etna's BST properties.
var etna18 = []string{
	"InsertValid", "DeleteValid", "UnionValid",
	"InsertPost", "DeletePost", "UnionPost",
	"InsertModel", "DeleteModel", "UnionModel",
	"InsertInsert", "InsertDelete", "InsertUnion", "DeleteInsert", "DeleteDelete",
	"DeleteUnion", "UnionDeleteInsert", "UnionUnionIdem", "UnionUnionAssoc",
}

// PropertySet returns the properties of the named set, in BSTSpec order.
func PropertySet(name string) ([]Property, error) {
	all := Properties()
	var keep func(p Property) bool
	switch name {
	case "all79":
		keep = func(Property) bool { return true }
	case "hughes":
		keep = func(p Property) bool { return p.Kind != QuickSpec }
	case "holey57":
		keep = func(p Property) bool {
			switch {
			case p.Kind == Equivalence:
				return false
			case p.Kind == QuickSpec:
				return p.Duplicate == ""
			default:
				return !slices.Contains(holeyInferredDrops, p.Name)
			}
		}
	case "etna18":
		keep = func(p Property) bool { return slices.Contains(etna18, p.Name) }
	default:
		return nil, fmt.Errorf("unknown property set %q (known: %v)", name, PropertySets())
	}
	var out []Property
	for _, p := range all {
		if keep(p) {
			out = append(out, p)
		}
	}
	return out, nil
}

// propertyByName finds a property among all 79.
func propertyByName(name string) (Property, bool) {
	for _, p := range Properties() {
		if p.Name == name {
			return p, true
		}
	}
	return Property{}, false
}
