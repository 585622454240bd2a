package report

import (
	"fmt"
	"slices"
	"strings"
)

// The kinds of a StrengthImplication.
const (
	// ImplicationEquivalent: the Tests kill the same mutants.
	ImplicationEquivalent = "equivalent"
	// ImplicationImplies: the Tests kill every mutant the Weaker tests
	// kill, and more.
	ImplicationImplies = "implies"
	// ImplicationUnimplied: no test but the Tests kills every mutant
	// they kill.
	ImplicationUnimplied = "unimplied"
	// ImplicationKillsNone: the Tests kill no mutant.
	ImplicationKillsNone = "kills-none"
)

// StrengthImplication is one of FitSpec's conjectures between the tests of
// one function (Braquehais and Runciman, "FitSpec: refining property sets
// for functional testing", Haskell 2016), read from their kill sets over
// the function's scored black-box mutants. A test implies another when it
// kills every mutant the other kills: on these mutants, the other adds
// nothing. Each black-box mutant runs every test it infects alone, so the
// kill sets are complete; a statement holds for the run's mutants and
// claims nothing beyond them.
type StrengthImplication struct {
	Package  string `json:"package"`
	Function string `json:"function"`
	// Kind is ImplicationEquivalent, ImplicationImplies,
	// ImplicationUnimplied or ImplicationKillsNone.
	Kind string `json:"kind"`
	// Tests are tests that kill the same mutants (an equivalence class),
	// in the strength table's order: the stronger side of an implication.
	Tests []string `json:"tests"`
	// Weaker, for an implication, are the tests (a class) whose every
	// kill Tests make too; a direct implication: no class lies between.
	Weaker []string `json:"weaker,omitempty"`
	// Killed is the number of mutants Tests kill, WeakerKilled that of
	// Weaker (all of them killed by Tests too), Mutants the number of
	// the function's scored mutants.
	Killed       int `json:"killed"`
	WeakerKilled int `json:"weakerKilled,omitempty"`
	Mutants      int `json:"mutants"`
}

// Sentence states the implication in words, naming each class by its
// first test (the equivalence's own statement names them all).
func (im StrengthImplication) Sentence() string {
	first := ""
	if len(im.Tests) > 0 {
		first = im.Tests[0]
	}
	switch im.Kind {
	case ImplicationEquivalent:
		return fmt.Sprintf("%s kill the same %d of %d mutants", joinAnd(im.Tests), im.Killed, im.Mutants)
	case ImplicationImplies:
		weaker := ""
		if len(im.Weaker) > 0 {
			weaker = im.Weaker[0]
		}
		return fmt.Sprintf("%s kills every mutant %s kills (%d of %d), and %d more", first, weaker, im.WeakerKilled, im.Mutants, im.Killed-im.WeakerKilled)
	case ImplicationUnimplied:
		if len(im.Tests) > 1 {
			return fmt.Sprintf("no other test kills every mutant %s and its equivalents kill (%d of %d)", first, im.Killed, im.Mutants)
		}
		return fmt.Sprintf("no other test kills every mutant %s kills (%d of %d)", first, im.Killed, im.Mutants)
	case ImplicationKillsNone:
		verb := "kills"
		if len(im.Tests) > 1 {
			verb = "kill"
		}
		return fmt.Sprintf("%s %s none of the %d mutants", joinAnd(im.Tests), verb, im.Mutants)
	}
	return im.Kind
}

// joinAnd joins names as "A", "A and B", "A, B and C".
func joinAnd(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// implications returns FitSpec's implications between the tests of f,
// given its rows in rank order and each test's kill set over its scored
// mutants: the classes of tests that kill the same mutants (equivalences
// of two tests or more); the direct strict inclusions between classes
// (the Hasse diagram: "A kills every mutant B kills, and more"); the
// classes that kill a mutant and that no other class includes; and the
// class that kills none. A function with fewer than two tests has none.
func implications(f StrengthFunc, rows []StrengthRow, kills map[string][]bool, scored int) []StrengthImplication {
	if len(rows) < 2 || scored == 0 {
		return nil
	}
	type class struct {
		tests  []string
		kills  []bool
		killed int
	}
	var classes []*class
	for _, r := range rows {
		k := kills[r.Test]
		i := slices.IndexFunc(classes, func(c *class) bool { return slices.Equal(c.kills, k) })
		if i < 0 {
			n := 0
			for _, x := range k {
				if x {
					n++
				}
			}
			classes = append(classes, &class{kills: k, killed: n})
			i = len(classes) - 1
		}
		classes[i].tests = append(classes[i].tests, r.Test)
	}
	// below reports whether a's kills are a strict subset of b's.
	below := func(a, b *class) bool {
		if a.killed >= b.killed {
			return false
		}
		for i, x := range a.kills {
			if x && !b.kills[i] {
				return false
			}
		}
		return true
	}
	base := StrengthImplication{Package: f.Package, Function: f.Function, Mutants: scored}
	var eq, imp, top, none []StrengthImplication
	for _, c := range classes {
		im := base
		im.Tests, im.Killed = c.tests, c.killed
		if len(c.tests) > 1 && c.killed > 0 {
			im.Kind = ImplicationEquivalent
			eq = append(eq, im)
		}
		if c.killed == 0 {
			im.Kind = ImplicationKillsNone
			none = append(none, im)
			continue
		}
		implied := false
		for _, b := range classes {
			if !below(c, b) {
				continue
			}
			implied = true
			direct := !slices.ContainsFunc(classes, func(m *class) bool { return below(c, m) && below(m, b) })
			if direct {
				x := base
				x.Kind, x.Tests, x.Killed, x.Weaker, x.WeakerKilled = ImplicationImplies, b.tests, b.killed, c.tests, c.killed
				imp = append(imp, x)
			}
		}
		if !implied && len(classes) > 1 {
			im.Kind = ImplicationUnimplied
			top = append(top, im)
		}
	}
	// The implications by their stronger class's rank, then the weaker's.
	rank := map[string]int{}
	for i, r := range rows {
		rank[r.Test] = i
	}
	slices.SortStableFunc(imp, func(a, b StrengthImplication) int {
		if d := rank[a.Tests[0]] - rank[b.Tests[0]]; d != 0 {
			return d
		}
		return rank[a.Weaker[0]] - rank[b.Weaker[0]]
	})
	return slices.Concat(eq, imp, top, none)
}

// ImplicationsTable renders the implications between the tests of pkg's
// functions, one statement a row (StrengthImplication.Sentence); false
// when there are none.
func ImplicationsTable(s Strength, pkg string) (Table, bool) {
	t := Table{
		Title:  "Implications between the tests of " + pkg + " (black-box mutants; FitSpec)",
		Header: []string{"function", "implication"},
	}
	for _, im := range s.Implications {
		if im.Package == pkg {
			t.Rows = append(t.Rows, []string{im.Function, im.Sentence()})
		}
	}
	if len(t.Rows) == 0 {
		return Table{}, false
	}
	t.Notes = append(t.Notes,
		"A kills every mutant B kills: B's kills are among A's, so on these mutants B adds nothing to A; only direct implications are listed (none through a third test)",
		"read from the kill sets of the function's black-box mutants, each run against every test it infects: they hold for these mutants, not for every fault",
		"an every-point mutant is wrong at every input, so tests of many cases all kill it and come out equivalent: with --blackbox-points P, mutants wrong at about one input in P (as FitSpec's differ at few inputs) tell them apart")
	return t, true
}
