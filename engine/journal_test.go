package engine

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

type rec struct {
	K string `json:"k"`
	V int    `json:"v"`
}

func recKey(r *rec) string { return r.K }

func openRecs(t *testing.T, path string, resume bool) *Log[rec] {
	t.Helper()
	j, err := OpenLog(path, Header{Suite: "edges", Seed: 1}, resume, recKey)
	if err != nil {
		t.Fatal(err)
	}
	return j
}

func TestAJournalTornAfterOneByteResumesCleanly(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "j.jsonl")
	j := openRecs(t, path, false)
	if err := j.Append(rec{"a", 1}); err != nil {
		t.Fatal(err)
	}
	j.Close()
	if info, err := os.Stat(path); err != nil || info.Mode().Perm()&0o600 != 0o600 {
		t.Fatalf("journal mode %v (%v): the owner must read and write it", info.Mode(), err)
	}
	// A kill in the middle of the next write left one byte of it.
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("{")
	f.Close()
	j = openRecs(t, path, true)
	if w := j.Warnings(); len(w) != 1 || !strings.Contains(w[0], "j.jsonl:3:") {
		t.Errorf("warnings %q, want one naming line 3, the torn record", w)
	}
	if err := j.Append(rec{"b", 2}); err != nil {
		t.Fatal(err)
	}
	j.Close()
	j = openRecs(t, path, true)
	defer j.Close()
	if c := j.Cells(); len(c) != 2 || c["a"].V != 1 || c["b"].V != 2 || len(j.Warnings()) != 0 {
		t.Errorf("after the repair and one more record: %v, warnings %q", c, j.Warnings())
	}
}

func TestAJournalWithABlankLineResumes(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "j.jsonl")
	j := openRecs(t, path, false)
	j.Close()
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("{\"k\":\"a\",\"v\":1}\n\n{\"k\":\"b\",\"v\":2}\n")
	f.Close()
	j = openRecs(t, path, true)
	defer j.Close()
	if c := j.Cells(); len(c) != 2 {
		t.Errorf("cells %v, want a and b around the blank line", c)
	}
}

func TestAJSONFileThatIsNotAJournalIsRefusedAsSuch(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "x.json")
	if err := os.WriteFile(path, []byte("{\"name\":\"x\"}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := OpenLog(path, Header{Suite: "edges"}, true, recKey)
	if err == nil || !strings.Contains(err.Error(), "not a mutprop journal") {
		t.Errorf("OpenLog of a JSON file: %v, want 'not a mutprop journal'", err)
	}
}

// FuzzReadJournal feeds arbitrary bytes to the journal reader: it must
// return cells or an error, never panic, and whatever it accepts must
// survive a reopen for resume with the header it reported.
func FuzzReadJournal(f *testing.F) {
	f.Add([]byte(`{"mutprop_journal":"1","suite":"s","seed":1,"protocol":{}}` + "\n" +
		`{"k":"m","v":3}` + "\n"))
	f.Add([]byte(`{"mutprop_journal":"1","suite":"s","seed":1,"protocol":{}}` + "\n" + `{"k":"m","v`))
	f.Add([]byte(`{"mutprop_journal":"1"}`))
	f.Add([]byte("\n\n"))
	f.Add([]byte(`not json at all`))
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		path := filepath.Join(dir, "j.jsonl")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		h, cells, _, err := ReadLog(path, recKey)
		if err != nil {
			return
		}
		j, err := OpenLog(path, h, true, recKey)
		if err != nil {
			t.Fatalf("ReadJournal accepted the journal but resuming it fails: %v", err)
		}
		defer j.Close()
		if len(j.Cells()) != len(cells) {
			t.Fatalf("resume sees %d cells, ReadJournal %d", len(j.Cells()), len(cells))
		}
		if err := j.Append(rec{K: "x"}); err != nil {
			t.Fatal(err)
		}
		if _, again, _, err := ReadLog(path, recKey); err != nil || len(again) < len(cells) {
			t.Fatalf("after an append the journal reads back %d cells, err %v (had %d)", len(again), err, len(cells))
		}
	})
}

// TestAJournalSyncsAtMostOnceASyncEveryAndAtClose appends records on a
// clock of the test's own: every record is in the file at once (a killed
// run loses none), and the disk is synced for the first, then once
// SyncEvery has passed, then at Close.
func TestAJournalSyncsAtMostOnceASyncEveryAndAtClose(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "j.jsonl")
	j := openRecs(t, path, false)
	clock, syncs := time.Now().Add(SyncEvery), 0 // the header synced at open
	j.now = func() time.Time { return clock }
	j.sync = func() error { syncs++; return nil }
	for i := range 100 {
		if err := j.Append(rec{string(rune('a' + i%26)), i}); err != nil {
			t.Fatal(err)
		}
		if i == 49 {
			clock = clock.Add(SyncEvery)
		}
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(data), "\n"); n != 101 {
		t.Errorf("%d lines before Close, want the header and 100 records", n)
	}
	if syncs != 2 {
		t.Errorf("%d syncs for 100 records over one SyncEvery, want 2", syncs)
	}
	if err := j.Close(); err != nil {
		t.Fatal(err)
	}
	if syncs != 3 {
		t.Errorf("%d syncs after Close, want 3", syncs)
	}
}
