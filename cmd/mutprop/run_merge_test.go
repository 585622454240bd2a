package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/mutprop/mutprop/runlog"
)

// suitedModule is testdata/suited.txtar, a module whose tests register a
// suite, with this mutprop module as its mutproptest.
func suitedModule(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	require.NoError(t, err)
	return fixture(t, "suited", "MUTPROP_ROOT", root)
}

// timeless is a JSON report without its timings (the mutants' duration,
// the suites' duration_ns and cell_timeout_ns), indented.
func timeless(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	var doc any
	require.NoError(t, json.Unmarshal(b, &doc), path)
	var strip func(v any)
	strip = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			for _, k := range []string{"duration", "duration_ns", "cell_timeout_ns"} {
				delete(v, k)
			}
			for _, x := range v {
				strip(x)
			}
		case []any:
			for _, x := range v {
				strip(x)
			}
		}
	}
	strip(doc)
	out, err := json.MarshalIndent(doc, "", " ")
	require.NoError(t, err)
	return string(out)
}

// suitesOf reads the registered suites a run journal's Ended records
// hold: each shard's white-box mutants measured, by suite.
func suitesOf(t *testing.T, journal string) (whiteBox int) {
	t.Helper()
	b, err := os.ReadFile(journal)
	require.NoError(t, err)
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n")[1:] {
		var r runlog.Record
		require.NoError(t, json.Unmarshal([]byte(line), &r))
		if r.Ended == nil {
			continue
		}
		for _, s := range r.Ended.Suites {
			for _, m := range s.Mutants {
				if m.Origin != "blackbox" {
					whiteBox++
				}
			}
		}
	}
	return whiteBox
}

// TestMergedShardsAndAResumedRunReportWhatTheLiveRunDoes runs
// testdata/suited.txtar, whose tests register a suite, whole, as two
// shards merged, and cut after some mutants then resumed: the three JSON
// reports are equal but for their timings, the registered suites
// ("mutpropSuites") included, though each shard measured the suite
// against its part of the white-box mutants only. A journal that an
// older mutprop wrote (no records version in its header) is refused by
// --resume and by merge, with what to do.
func TestMergedShardsAndAResumedRunReportWhatTheLiveRunDoes(t *testing.T) {
	t.Parallel()
	dir, out := suitedModule(t), t.TempDir()
	// Deadlines of seconds: a suite's cell or a mutant that times out on
	// a loaded machine in one run and not in another is not what this
	// test compares.
	flags := []string{"run", "--workers", "2", "--no-cache", "--timeout-factor", "10", "--timeout-const", "10s"}
	run := func(args ...string) {
		t.Helper()
		cmd := exec.Command(mutpropBinary(t), append(append(flags, args...), ".")...)
		cmd.Dir = dir
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		require.NoError(t, cmd.Run(), "mutprop run %v\n%s", args, &stderr)
	}
	merge := func(args ...string) (string, error) {
		t.Helper()
		b, err := exec.Command(mutpropBinary(t), append([]string{"merge"}, args...)...).CombinedOutput()
		return string(b), err
	}
	at := func(name string) string { return filepath.Join(out, name) }

	run("--journal", at("live.jsonl"), "--json", at("live.json"))
	live := timeless(t, at("live.json"))
	var doc struct {
		Suites []struct {
			Name       string `json:"name"`
			NotCovered int    `json:"not_covered"`
			Mutants    []struct {
				Origin string `json:"origin"`
			} `json:"mutants"`
		} `json:"mutpropSuites"`
	}
	require.NoError(t, json.Unmarshal([]byte(live), &doc))
	require.Len(t, doc.Suites, 1, "the live run measures the registered suite")
	require.Equal(t, "percent", doc.Suites[0].Name)
	require.Positive(t, doc.Suites[0].NotCovered, "the suite's test does not reach Half's mutants")
	whiteBox := 0
	for _, m := range doc.Suites[0].Mutants {
		if m.Origin != "blackbox" {
			whiteBox++
		}
	}

	// Two shards, merged: each measured the suite against its part of
	// the white-box mutants; the merged report joins them.
	run("--shard", "1/2", "--journal", at("s1.jsonl"))
	run("--shard", "2/2", "--journal", at("s2.jsonl"))
	w1, w2 := suitesOf(t, at("s1.jsonl")), suitesOf(t, at("s2.jsonl"))
	require.True(t, w1 > 0 && w2 > 0 && w1+w2 == whiteBox,
		"the shards' suites hold %d and %d white-box mutants, want two parts of the live run's %d", w1, w2, whiteBox)
	msg, err := merge("--json", at("merged.json"), at("s1.jsonl"), at("s2.jsonl"))
	require.NoError(t, err, msg)
	require.Equal(t, live, timeless(t, at("merged.json")), "the merged shards' report")

	// Cut after 6 mutants (as a kill leaves it), then resumed.
	const k = 6
	require.Greater(t, cutJournal(t, at("live.jsonl"), at("cut.jsonl"), k), k)
	run("--journal", at("cut.jsonl"), "--resume", "--json", at("resumed.json"))
	require.Equal(t, live, timeless(t, at("resumed.json")), "the resumed run's report")
	// The resumed journal, merged alone, is the run's too.
	msg, err = merge("--json", at("remerged.json"), at("cut.jsonl"))
	require.NoError(t, err, msg)
	require.Equal(t, live, timeless(t, at("remerged.json")), "the resumed journal merged")

	// A journal of an older mutprop: refused, saying what to do.
	b, err := os.ReadFile(at("s1.jsonl"))
	require.NoError(t, err)
	old := strings.Replace(string(b), `"records":"2",`, "", 1)
	require.NotEqual(t, string(b), old, "the header holds the records' version")
	require.NoError(t, os.WriteFile(at("old.jsonl"), []byte(old), 0o644))
	cmd := exec.Command(mutpropBinary(t), append(flags, "--resume", "--shard", "1/2", "--journal", at("old.jsonl"), ".")...)
	cmd.Dir = dir
	b, err = cmd.CombinedOutput()
	require.Error(t, err)
	require.Contains(t, string(b), "written by an older mutprop; run again without --resume")
	msg, err = merge(at("old.jsonl"), at("s2.jsonl"))
	require.Error(t, err)
	require.Contains(t, msg, "written by an older mutprop")
}
