package mutate

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// TestListingsAndShowPrintTheEnumeratedMutants lists a small package's
// mutants as a table and as JSON, finds one by ID and prints it with its
// diff, as mutprop mutants and mutprop show do.
func TestListingsAndShowPrintTheEnumeratedMutants(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "go.mod"), "module example.com/list\n\ngo 1.22\n")
	writeFile(t, filepath.Join(dir, "list.go"), "package list\n\n// Pos reports whether x is positive.\nfunc Pos(x int) bool { return x > 0 }\n")
	ctx := context.Background()
	ls, err := List(ctx, dir, []string{"."}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(ls) != 1 || ls[0].Path != "example.com/list" || len(ls[0].Mutants) == 0 {
		t.Fatalf("listings %+v: want the mutants of example.com/list", ls)
	}
	var table bytes.Buffer
	if err := WriteListings(&table, ls); err != nil {
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
	var doc struct {
		Packages []Listing `json:"packages"`
	}
	var js bytes.Buffer
	if err := WriteListingsJSON(&js, ls); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(js.Bytes(), &doc); err != nil || len(doc.Packages) != 1 || len(doc.Packages[0].Mutants) != len(ls[0].Mutants) {
		t.Errorf("JSON listing %s: %v", &js, err)
	}

	want := ls[0].Mutants[0]
	pkg, m, found, err := Find(ctx, dir, ".", want.ID)
	if err != nil || !found || m.ID != want.ID {
		t.Fatalf("Find(%s) = %v, %v, %v", want.ID, m.ID, found, err)
	}
	var show bytes.Buffer
	if err := WriteMutant(&show, pkg, m); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(show.String(), m.ID+"\n"+m.Origin+" (") || !strings.Contains(show.String(), "\n--- ") {
		t.Errorf("show:\n%s", &show)
	}
	if _, _, found, err := Find(ctx, dir, ".", "operator:nope"); found || err != nil {
		t.Errorf("Find of a missing ID: found %v, %v", found, err)
	}
}
