package mutate

import (
	"slices"
	"strings"
	"testing"

	"github.com/mutprop/mutprop/internal/testfix"
)

// TestOnlyTablesNothingElseCanSeeGetTableProbes: of the fixture's
// package-level slices and arrays, dec (keyed, read by index) and weights
// (read at a constant index and through len) are lookup tables; a sliced,
// a written and an exported one are not.
func TestOnlyTablesNothingElseCanSeeGetTableProbes(t *testing.T) {
	t.Parallel()
	pkg := loadFixture(t, "tables")
	var names []string
	for _, tb := range findTables(pkg) {
		names = append(names, tb.name)
	}
	if want := []string{"dec", "weights"}; !slices.Equal(names, want) {
		t.Errorf("tables %v, want %v", names, want)
	}
	for _, tb := range findTables(pkg) {
		if tb.name == "dec" && len(tb.reads) != 2 {
			t.Errorf("dec: %d reads, want 2", len(tb.reads))
		}
	}
}

// TestTableProbesAreSound builds the tables fixture as mutprop run does
// (copies, probes, coverage) and checks the table probes' promise: a
// mutant of a table's element that no read infects prints what the
// original prints, and the elements the program reads infect their
// mutants. The tables' other mutants (sliced, written, exported) are left
// to the expression probes, which see them at initialisation.
func TestTableProbesAreSound(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	pkg, muts, _ := enumerateFixture(t, "tables")
	bin := buildSchemata(t, pkg, muts, SchemataOptions{Copies: true, Probes: true, Coverage: true}, t.TempDir())
	original := runBinary(bin, 0)
	recorded, infected, _ := runRecorded(t, bin)
	if recorded != original {
		t.Fatalf("with recording on, the original prints\n%s\nwant\n%s", recorded, original)
	}
	line := func(m Mutant) string {
		return strings.TrimSpace(string(pkg.src[pkg.Filenames[0]][m.Edits[0].Start:m.Edits[0].End]))
	}
	var inDec, uninfected, killed int
	for _, m := range muts {
		if m.Schema == 0 {
			t.Errorf("mutant %s was left out of the schemata", m.ID)
			continue
		}
		tb, elem := tableElement(findTables(pkg), 0, m.Edits[0].Start, m.Edits[0].End)
		changed := runBinary(bin, m.Schema) != original
		switch {
		case tb == nil:
			if m.Probed && !infected[m.Schema] && m.Line < 30 {
				t.Errorf("mutant %s (%s) of a package-level value that is not a table: not infected at initialisation", m.ID, line(m))
			}
			continue
		case !m.Probed:
			t.Errorf("mutant %s of table %s is not probed", m.ID, tb.name)
		case !infected[m.Schema] && changed:
			t.Errorf("mutant %s of %s[%d] changes the output but no read recorded it", m.ID, tb.name, elem)
		case !infected[m.Schema]:
			uninfected++
		case changed:
			killed++
		}
		if tb.name == "dec" {
			inDec++
			read := elem >= '0' && elem <= '3' || elem == '9'
			if infected[m.Schema] != read {
				t.Errorf("mutant %s of dec[%d]: infected %v, want %v (the program reads dec at 0-3 and 9)", m.ID, elem, infected[m.Schema], read)
			}
		}
	}
	for _, tb := range findTables(pkg) {
		if tb.name == "weights" && len(tb.elems) != 4 {
			t.Errorf("weights: %d elements count, want 4 (not bump(8), which has effects)", len(tb.elems))
		}
	}
	t.Logf("%d mutants of dec; table mutants: %d uninfected, %d infected and killed", inDec, uninfected, killed)
	if inDec == 0 || uninfected == 0 || killed == 0 {
		t.Errorf("want mutants of dec, uninfected and killed table mutants: %d, %d, %d", inDec, uninfected, killed)
	}
}
