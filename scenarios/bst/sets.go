package bst

import (
	"fmt"
	"slices"
	"strings"
)

// propertySets lists the named property sets:
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
//   - fig8: the 42 hand-written properties that are rows of How to Specify
//     It!'s Fig. 8 (as its CC-BY text is reproduced in
//     jlink/how-to-specify-it): the 48 without the tests of the generator
//     and shrinker (ShrinkValid, Equivs, ShrinkEquivs), SizeInsert, and
//     the duplicates UnionInsert and UnionDeleteDelete. The paper's row
//     InsertPostSameKey is not in the repository.
//   - holey62: holey57 plus its five last drops (the 42+20 the paper's
//     counting reaches first); measuring it shows what each drop changes.
//   - etna18: Etna's 18 BST properties (run with isBST guards).
//
// propertySet also takes a comma-separated list of property names.
func propertySets() []string {
	return []string{"all79", "hughes", "fig8", "holey57", "holey62", "etna18"}
}

// notFig8Rows are the hand-written properties that are no row of Fig. 8.
var notFig8Rows = []string{"ShrinkValid", "Equivs", "ShrinkEquivs", "SizeInsert", "UnionInsert", "UnionDeleteDelete"}

// fig8Row reports whether a property is a row of How to Specify It!'s
// Fig. 8.
func fig8Row(name string) bool {
	p, ok := propertyByName(name)
	return ok && p.Kind != QuickSpec && !slices.Contains(notFig8Rows, name)
}

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

// propertySet returns the properties of the named set, in BSTSpec order.
func propertySet(name string) ([]property, error) {
	all := properties()
	var keep func(p property) bool
	switch name {
	case "all79":
		keep = func(property) bool { return true }
	case "hughes":
		keep = func(p property) bool { return p.Kind != QuickSpec }
	case "fig8":
		keep = func(p property) bool { return fig8Row(p.Name) }
	case "holey57", "holey62":
		keep = func(p property) bool {
			switch {
			case p.Kind == Equivalence:
				return false
			case p.Kind == QuickSpec:
				return p.Duplicate == ""
			default:
				return name == "holey62" || !slices.Contains(holeyInferredDrops, p.Name)
			}
		}
	case "etna18":
		keep = func(p property) bool { return slices.Contains(etna18, p.Name) }
	default:
		names := strings.Split(name, ",")
		for _, n := range names {
			if _, ok := propertyByName(n); !ok {
				return nil, fmt.Errorf("unknown property set or property %q (sets: %v)", n, propertySets())
			}
		}
		keep = func(p property) bool { return slices.Contains(names, p.Name) }
	}
	var out []property
	for _, p := range all {
		if keep(p) {
			out = append(out, p)
		}
	}
	return out, nil
}

// propertyByName finds a property among all 79.
func propertyByName(name string) (property, bool) {
	for _, p := range properties() {
		if p.Name == name {
			return p, true
		}
	}
	return property{}, false
}
