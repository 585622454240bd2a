package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/mutprop/mutprop/internal/testfix"
	"github.com/mutprop/mutprop/runlog"
)

// cutJournal writes to dst the journal at src as a kill after its first k
// mutants leaves it: its header and descriptions, and those mutants. It
// returns how many mutants src held.
func cutJournal(t *testing.T, src, dst string, k int) int {
	t.Helper()
	b, err := os.ReadFile(src)
	require.NoError(t, err)
	var kept []string
	n := 0
	for i, line := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n") {
		var r runlog.Record
		if i > 0 {
			require.NoError(t, json.Unmarshal([]byte(line), &r))
		}
		if r.Mutant != nil {
			n++
			if n > k {
				continue
			}
		}
		kept = append(kept, line)
	}
	require.NoError(t, os.WriteFile(dst, []byte(strings.Join(kept, "\n")+"\n"), 0o644))
	return n
}

// TestResumeRerunsTheMutantsATestEditChanged interrupts a run of
// testdata/count.txtar (its journal cut after some mutants, as a kill
// leaves it), then edits its test into one that cannot fail: --resume
// runs the journaled mutants again, says how many and why, and reports
// what a fresh run reports, not the journal's kills.
func TestResumeRerunsTheMutantsATestEditChanged(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	dir, out := fixture(t, "count"), t.TempDir()
	run := func(args ...string) (stderr string) {
		t.Helper()
		cmd := exec.Command(mutpropBinary(t), append(append([]string{"run", "--workers", "2", "--no-cache"}, args...), ".")...)
		cmd.Dir = dir
		var buf bytes.Buffer
		cmd.Stderr = &buf
		require.NoError(t, cmd.Run(), "mutprop run %v\n%s", args, &buf)
		return buf.String()
	}
	full, cut := filepath.Join(out, "full.jsonl"), filepath.Join(out, "cut.jsonl")
	run("--journal", full)
	const k = 8
	n := cutJournal(t, full, cut, k)
	require.Greater(t, n, k, "the run must have more mutants than the journal keeps")

	// Unchanged, the resumed run reuses every journaled verdict.
	unchanged := filepath.Join(out, "unchanged.jsonl")
	cutJournal(t, full, unchanged, k)
	stderr := run("--journal", unchanged, "--resume")
	require.Contains(t, stderr, fmt.Sprintf("resumed %d of the %d finished mutants", k, k))
	require.NotContains(t, stderr, "run again")

	src := filepath.Join(dir, "count_test.go")
	b, err := os.ReadFile(src)
	require.NoError(t, err)
	edited := strings.Replace(string(b), "CountUp(5) != 5", "CountUp(5) != CountUp(5)", 1)
	require.NotEqual(t, string(b), edited)
	require.NoError(t, os.WriteFile(src, []byte(edited), 0o644))

	resumed := filepath.Join(out, "resumed.json")
	stderr = run("--journal", cut, "--resume", "--json", resumed)
	require.Contains(t, stderr, fmt.Sprintf("%d of %d journaled mutants run again: example.com/count's tests changed since the journal", k, k))
	require.Contains(t, stderr, fmt.Sprintf("resumed 0 of the %d finished mutants", k))
	fresh := filepath.Join(out, "fresh.json")
	run("--no-journal", "--json", fresh)
	require.Equal(t, reportStatuses(t, fresh), reportStatuses(t, resumed), "the resumed report is not a fresh run's")
}

// reportStatuses reads a JSON report: each mutant's status, by ID.
func reportStatuses(t *testing.T, path string) map[string]string {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	var doc struct {
		Files map[string]struct {
			Mutants []struct{ ID, Status string }
		}
	}
	require.NoError(t, json.Unmarshal(b, &doc))
	out := map[string]string{}
	for _, f := range doc.Files {
		for _, m := range f.Mutants {
			out[m.ID] = m.Status
		}
	}
	require.NotEmpty(t, out)
	return out
}
