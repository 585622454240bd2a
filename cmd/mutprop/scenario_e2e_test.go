package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/mutprop/mutprop/internal/testfix"
)

// resumeAndShards checks a scenario's journal end to end: its run killed
// with SIGKILL mid-way and resumed, and its run as two shards merged and
// resumed, both give the uninterrupted run's JSON, as same compares it.
// cells is the number of cells the journal of a whole run holds; workerArg
// is an argument only this test's worker processes carry.
func resumeAndShards(t *testing.T, args []string, cells int, workerArg string, same func(t *testing.T, a, b []byte)) {
	t.Helper()
	bin := mutpropBinary(t)
	dir := t.TempDir()
	run := func(extra ...string) string {
		t.Helper()
		out, err := exec.Command(bin, append(append([]string(nil), args...), extra...)...).CombinedOutput()
		if err != nil {
			t.Fatalf("%q: %v\n%s", extra, err, out)
		}
		return string(out)
	}
	read := func(name string) []byte {
		t.Helper()
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	path := func(name string) string { return filepath.Join(dir, name) }

	run("--json", path("full.json"))
	full := read("full.json")

	killMidRun(t, bin, args, path("killed.jsonl"), cells)
	if left := processesWithArg(t, bin, workerArg); len(left) > 0 {
		t.Fatalf("processes of the killed run left behind: %v", left)
	}
	run("--journal", path("killed.jsonl"), "--resume", "--json", path("resumed.json"))
	same(t, full, read("resumed.json"))

	for _, k := range []string{"1", "2"} {
		if out := run("--shard", k+"/2", "--journal", path(k+".jsonl")); !strings.Contains(out, "shard "+k+"/2 done") {
			t.Fatalf("shard %s/2 says %q, want that it is done", k, out)
		}
	}
	if out, err := exec.Command(bin, "merge", "-o", path("merged.jsonl"), path("1.jsonl"), path("2.jsonl")).CombinedOutput(); err != nil {
		t.Fatalf("merge: %v\n%s", err, out)
	}
	if n := bytes.Count(read("merged.jsonl"), []byte("\n")) - 1; n != cells {
		t.Fatalf("the merged journal holds %d cells, want %d", n, cells)
	}
	// Resumed from the merged journal, the run measures nothing: no
	// progress line, and the same results.
	out := run("--journal", path("merged.jsonl"), "--resume", "--json", path("merged.json"))
	if strings.Contains(out, ", ETA ") {
		t.Errorf("the run resumed from the merged journal measured cells:\n%s", out)
	}
	same(t, full, read("merged.json"))
}

func TestBSTResumesAndMergesShardsToTheUninterruptedCells(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	args := []string{"scenario", "bst", "--config", "hughes", "--bugs", "bug2,bug5", "--generators", "api",
		"--properties", "InsertValid,DeletePost,FindDelete,DeleteDelete,InsertPost,UnionPost,DeleteModel,UnionDeleteInsert",
		"--trials", "10", "--seed", "5", "--samples", "1000", "--workers", "2"}
	resumeAndShards(t, args, 16, `"properties":["InsertValid","DeletePost"`, func(t *testing.T, a, b []byte) {
		t.Helper()
		var st struct{ Cells []map[string]any }
		if err := json.Unmarshal(a, &st); err != nil || len(st.Cells) != 16 {
			t.Fatalf("uninterrupted JSON: %d cells, %v; want 16", len(st.Cells), err)
		}
		if !bytes.Equal(a, b) {
			t.Fatalf("JSON differs from the uninterrupted run's:\n%s\n---\n%s", a, b)
		}
	})
}

func TestTCASResumesAndMergesShardsToTheUninterruptedCells(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	args := []string{"scenario", "tcas", "--experiment", "random", "--domain", "nist", "--samples", "5000", "--trials", "5", "--seed", "2", "--workers", "2"}
	// The journal holds the random experiment's cells: the 40 scored
	// versions under the differential oracle and the 5 properties that
	// hold, over NIST.
	resumeAndShards(t, args, 40*6, "mttf:nist;", func(t *testing.T, a, b []byte) {
		t.Helper()
		var x, y map[string]any
		if err := json.Unmarshal(a, &x); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(b, &y); err != nil {
			t.Fatal(err)
		}
		if mttf, _ := x["mttf"].([]any); len(mttf) != 40*6 {
			t.Fatalf("uninterrupted JSON: %d random cells, want %d", len(mttf), 40*6)
		}
		if !reflect.DeepEqual(withoutTimes(x), withoutTimes(y)) {
			t.Fatalf("JSON differs from the uninterrupted run's beyond times:\n%s\n---\n%s", a, b)
		}
	})
}

// withoutTimes removes the timing and memory fields of a TCAS report,
// which differ between runs.
func withoutTimes(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k := range x {
			if strings.HasSuffix(k, "_seconds") || strings.HasSuffix(k, "rss_bytes") || k == "peak_heap_bytes" || k == "allocated_bytes" {
				delete(x, k)
				continue
			}
			x[k] = withoutTimes(x[k])
		}
	case []any:
		for i := range x {
			x[i] = withoutTimes(x[i])
		}
	}
	return v
}
