package runner

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzReadJournal feeds arbitrary bytes to the journal reader: it must
// return cells or an error, never panic, and whatever it accepts must
// survive a reopen for resume with the header it reported.
func FuzzReadJournal(f *testing.F) {
	f.Add([]byte(`{"mutprop_journal":"1","suite":"s","seed":1,"protocol":{}}` + "\n" +
		`{"mutant":"m","property":"p","generator":"g","fails":true,"counts":[3],"summary":{"n":1},"outcomes":{"killed":1}}` + "\n"))
	f.Add([]byte(`{"mutprop_journal":"1","suite":"s","seed":1,"protocol":{}}` + "\n" + `{"mutant":"m","prop`))
	f.Add([]byte(`{"mutprop_journal":"1"}`))
	f.Add([]byte("\n\n"))
	f.Add([]byte(`not json at all`))
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		path := filepath.Join(dir, "j.jsonl")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		h, cells, _, err := ReadJournal(path)
		if err != nil {
			return
		}
		j, err := OpenJournal(path, h, true)
		if err != nil {
			t.Fatalf("ReadJournal accepted the journal but resuming it fails: %v", err)
		}
		defer j.Close()
		if len(j.Cells()) != len(cells) {
			t.Fatalf("resume sees %d cells, ReadJournal %d", len(j.Cells()), len(cells))
		}
		if err := j.Append(Cell{Mutant: "x", Property: "y", Generator: "z"}); err != nil {
			t.Fatal(err)
		}
		if _, again, _, err := ReadJournal(path); err != nil || len(again) < len(cells) {
			t.Fatalf("after an append the journal reads back %d cells, err %v (had %d)", len(again), err, len(cells))
		}
	})
}
