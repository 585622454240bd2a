package report

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/mutprop/mutprop/outcome"
)

// TestJSONRendersTheAliasAndTheExtensionsInOrder renders a run with a
// mutant's alias and two extensions: the alias is the mutant's
// "mutpropAlias" (absent without one), the extensions follow the
// schema's keys in the order given, and the document is the schema's
// keys plus exactly those, their values escaped as before.
func TestJSONRendersTheAliasAndTheExtensionsInOrder(t *testing.T) {
	t.Parallel()
	r := Run{Name: "p", Files: []File{{Path: "p.go", Source: "package p\n"}}, Mutants: []Mutant{
		{ID: "a", File: "p.go", Line: 1, Col: 1, Operator: "op", Status: outcome.Survived, Alias: "m-1a2b3c4d"},
		{ID: "b", File: "p.go", Line: 1, Col: 1, Operator: "op", Status: outcome.Killed},
	}}
	b, err := JSON(r, Extension{Key: "mutpropZ", Value: []string{"x < y"}}, Extension{Key: "mutpropA", Value: map[string]int{"n": 1}})
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
	// schemaVersion, thresholds, files, framework and the two extensions;
	// values HTML-escaped as encoding/json does, as before the model.
	if len(doc) != 6 || !bytes.Contains(doc["mutpropZ"], []byte(`"x \u003c y"`)) {
		t.Errorf("want 6 keys and mutpropZ escaped, got %d keys and mutpropZ %s", len(doc), doc["mutpropZ"])
	}
}
