package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mutprop/mutprop/internal/testfix"
	"github.com/mutprop/mutprop/mutate"
)

// TestListingIsAPlainTableOfTheEnumeratedMutants lists a small package's
// mutants as mutprop mutants prints them: a header line, one line per
// mutant with its columns aligned, and the stats line.
func TestListingIsAPlainTableOfTheEnumeratedMutants(t *testing.T) {
	t.Parallel()
	dir := testfix.Module(t, filepath.Join("testdata", "list.txtar"))
	ls, err := mutate.List(context.Background(), dir, []string{"."}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(ls) != 1 || len(ls[0].Mutants) == 0 {
		t.Fatalf("listings %+v: want the mutants of example.com/list", ls)
	}
	var table bytes.Buffer
	if err := writeListings(&table, ls); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(table.String(), "\n"), "\n")
	if want := len(ls[0].Mutants) + 2; len(lines) != want || !strings.HasPrefix(lines[0], "ID ") || lines[len(lines)-1] != "example.com/list: "+ls[0].Stats.String() {
		t.Errorf("table of %d lines, want %d (header, mutants, stats):\n%s", len(lines), want, &table)
	}
	// A plain listing: the header line, then per mutant its ID, location,
	// operator and description, each starting under its heading, with no
	// grid characters and no trailing blanks.
	if strings.Join(strings.Fields(lines[0]), " ") != "ID LOCATION OPERATOR DESCRIPTION" || strings.ContainsAny(table.String(), "+|") {
		t.Errorf("listing header %q, want the plain header line ID LOCATION OPERATOR DESCRIPTION:\n%s", lines[0], &table)
	}
	locCol, opCol := strings.Index(lines[0], "LOCATION"), strings.Index(lines[0], "OPERATOR")
	for i, m := range ls[0].Mutants {
		if i+1 >= len(lines) {
			break
		}
		line := lines[i+1]
		if !strings.HasPrefix(line, m.ID+" ") || !strings.HasPrefix(line[locCol:], m.Location()+" ") || !strings.HasPrefix(line[opCol:], m.Operator+" ") ||
			!strings.HasSuffix(line, m.Description) || line != strings.TrimRight(line, " ") {
			t.Errorf("mutant line %q, want %s, %s under LOCATION, %s under OPERATOR, then %q", line, m.ID, m.Location(), m.Operator, m.Description)
		}
	}
}
