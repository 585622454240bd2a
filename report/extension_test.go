package report

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/mutprop/mutprop/outcome"
)

// TestJSONRendersTheAliasAndTheExtensionsInOrder renders a run with a
// mutant's alias in a document that embeds the schema and adds two keys:
// the alias is the mutant's "mutpropAlias" (absent without one), the
// keys follow the schema's in the struct's order, and the document is
// the schema's keys plus exactly those, encoded once (HTML characters as
// they are, like the schema's sources).
func TestJSONRendersTheAliasAndTheExtensionsInOrder(t *testing.T) {
	t.Parallel()
	r := Run{Name: "p", Files: []File{{Path: "p.go", Source: "package p\n"}}, Mutants: []Mutant{
		{ID: "a", File: "p.go", Line: 1, Col: 1, Operator: "op", Status: outcome.Survived, Alias: "m-1a2b3c4d"},
		{ID: "b", File: "p.go", Line: 1, Col: 1, Operator: "op", Status: outcome.Killed},
	}}
	schema, err := NewSchema(r)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Encode(struct {
		Schema
		Z []string       `json:"mutpropZ"`
		A map[string]int `json:"mutpropA"`
	}{schema, []string{"x < y"}, map[string]int{"n": 1}})
	if err != nil {
		t.Fatal(err)
	}
	files, _ := decodeSchema(t, r)
	if got := files["p.go"][0]["mutpropAlias"]; got != "m-1a2b3c4d" {
		t.Errorf("mutant a's mutpropAlias = %v, want m-1a2b3c4d", got)
	}
	if _, ok := files["p.go"][1]["mutpropAlias"]; ok {
		t.Errorf("mutant b has no alias, yet its JSON has mutpropAlias")
	}
	z, a := bytes.Index(b, []byte(`"mutpropZ"`)), bytes.Index(b, []byte(`"mutpropA"`))
	if z < bytes.Index(b, []byte(`"framework"`)) || a < z {
		t.Errorf("extensions out of order (framework, mutpropZ, mutpropA):\n%s", b)
	}
	var doc map[string]json.RawMessage
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	// schemaVersion, thresholds, files, framework and the two extensions.
	if len(doc) != 6 || !bytes.Contains(doc["mutpropZ"], []byte(`"x < y"`)) {
		t.Errorf("want 6 keys and mutpropZ as it is, got %d keys and mutpropZ %s", len(doc), doc["mutpropZ"])
	}
}
