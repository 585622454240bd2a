package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"github.com/mutprop/mutprop/internal/testfix"
)

// TestTheStrengthExampleFindsTheWeakPropertysSurvivors runs docs/strength.md's
// first command on docs/example and checks what the page says: the weak
// property TestSortedWide covers 20 mutants and kills 17, and the three
// it lets pass are killed by the model property.
func TestTheStrengthExampleFindsTheWeakPropertysSurvivors(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	bin := mutpropBinary(t)
	dir := filepath.Join(t.TempDir(), "example")
	if err := os.CopyFS(dir, os.DirFS("../../docs/example")); err != nil {
		t.Fatal(err)
	}
	report := filepath.Join(t.TempDir(), "r.json")
	cmd := exec.Command(bin, "run", "--matrix", "--no-floor", "--json", report, ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "TMPDIR="+t.TempDir())
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("mutprop run --matrix: %v\n%s", err, out)
	}
	b, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Files map[string]struct {
			Mutants []struct {
				ID        string   `json:"id"`
				CoveredBy []string `json:"coveredBy"`
				KilledBy  []string `json:"killedBy"`
			} `json:"mutants"`
		} `json:"files"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	covered, killed := 0, 0
	var missed []string
	for _, f := range doc.Files {
		for _, m := range f.Mutants {
			if !slices.Contains(m.CoveredBy, "TestSortedWide") {
				continue
			}
			covered++
			if slices.Contains(m.KilledBy, "TestSortedWide") {
				killed++
				continue
			}
			missed = append(missed, m.ID)
			if !slices.Contains(m.KilledBy, "TestModelWide") {
				t.Errorf("%s survives TestSortedWide and TestModelWide: killed by %v", m.ID, m.KilledBy)
			}
		}
	}
	slices.Sort(missed)
	want := []string{
		"operator:sortedset.go:15:16:logical-operand:false",
		"operator:sortedset.go:15:3:range-break:break",
		"operator:sortedset.go:20:2:return-zero:zero",
	}
	if covered != 20 || killed != 17 || !slices.Equal(missed, want) {
		t.Errorf("TestSortedWide covers %d and kills %d, missing %v; docs/strength.md says 20, 17 and %v", covered, killed, missed, want)
	}
}
