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
// mutants as JSON, finds one by ID and prints it with its diff, as
// mutprop mutants --json and mutprop show do (cmd/mutprop draws the
// listing's table).
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
