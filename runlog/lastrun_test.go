package runlog

import (
	"os"
	"path/filepath"
	"testing"
)

// TestLastRunReadsRunJournalsThroughTheJournalsParser: the mutant records
// of run*.jsonl, a torn last line ignored, a scenario's journal and a
// file that is no journal skipped, a directory given twice read once.
func TestLastRunReadsRunJournalsThroughTheJournalsParser(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(name, content string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("run.jsonl", `{"mutprop_journal":"1","suite":"mutprop run","seed":1}`+"\n"+
		`{"package":"p","info":{"name":"p","files":[],"tests":["TestA"],"stats":{},"universe":2}}`+"\n"+
		`{"package":"p","mutant":{"index":0,"def":{"id":"named:b","origin":"named","description":"","file":"","line":0,"col":0,"original":"","replacement":"","edits":null},"outcome":"killed","killedBy":["TestA"],"infectedBy":null}}`+"\n"+
		`{"package":"p","mutant":{"index":1,"def":{"id":"named:a"`)
	write("run-1-of-2.jsonl", `{"mutprop_journal":"1","suite":"insert","seed":1}`+"\n")
	write("run-notes.jsonl", "hello\n")
	got := LastRun(dir, dir)
	if len(got) != 1 {
		t.Fatalf("LastRun = %+v, want the one finished mutant of run.jsonl", got)
	}
	j := got[0]
	if j.Package != "p" || j.Mutant.Mutant.ID != "named:b" || j.Mutant.Outcome != "killed" || j.Journal != filepath.Join(dir, "run.jsonl") || j.ModTime.IsZero() {
		t.Errorf("LastRun[0] = %+v", j)
	}
}
