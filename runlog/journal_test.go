package runlog

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mutprop/mutprop/engine"
	"github.com/mutprop/mutprop/gotest"
	"github.com/mutprop/mutprop/mutate"
	"github.com/mutprop/mutprop/outcome"
)

// shardRun writes into dir the journal of one shard ("" for a whole run)
// of a run of a package whose mutants are muts, universe of them in all,
// with the mutants finish lists (by index) finished; it returns its path.
func shardRun(t *testing.T, dir, shard string, muts []mutate.Mutant, universe int, finish []int) string {
	t.Helper()
	src := filepath.Join(dir, "p.go")
	require.NoError(t, os.WriteFile(src, []byte("package p\n"), 0o644))
	path := filepath.Join(dir, "run"+strings.ReplaceAll(shard, "/", "-of-")+".jsonl")
	j, _, err := OpenJournal(path, engine.Header{Seed: 1, Extra: map[string]string{engine.ShardKey: shard}}, false)
	require.NoError(t, err)
	pr := &gotest.PackageResult{Path: "example.com/p", Name: "p", Files: []string{src}, Universe: universe,
		Tests: []gotest.TestInfo{{Name: "TestP"}}}
	require.NoError(t, j.Ready(pr))
	for _, i := range finish {
		require.NoError(t, j.Finished(pr, gotest.MutantResult{Mutant: muts[i], Index: i, Outcome: outcome.Killed, KilledBy: []string{"TestP"}}))
	}
	require.NoError(t, j.Close())
	return path
}

func mutants(n int) []mutate.Mutant {
	var out []mutate.Mutant
	for i := range n {
		out = append(out, mutate.Mutant{ID: "operator:p.go:1:" + string(rune('a'+i)), Origin: mutate.OriginOperator, File: "p.go", Line: 1})
	}
	return out
}

// TestAResumedJournalGivesBackWhatFinished: a journal reopened with
// resume gives back its finished mutants, counts them, and refuses a
// package whose sources changed.
func TestAResumedJournalGivesBackWhatFinished(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	muts := mutants(3)
	path := shardRun(t, dir, "", muts, 3, []int{0, 2})

	j, warnings, err := OpenJournal(path, engine.Header{Seed: 1, Extra: map[string]string{engine.ShardKey: ""}}, true)
	require.NoError(t, err)
	assert.Empty(t, warnings)
	defer j.Close()
	r, ok := j.Prior("example.com/p", muts[2])
	require.True(t, ok)
	assert.Equal(t, outcome.Killed, r.Outcome)
	assert.Equal(t, 2, r.Index)
	_, ok = j.Prior("example.com/p", muts[1])
	assert.False(t, ok, "an unfinished mutant")
	assert.Equal(t, "resumed 1 of the 2 finished mutants in "+path+"; 1 are not mutants of this run (other sources, operators or flags) and were ignored", j.ResumeNote())

	src := filepath.Join(dir, "p.go")
	require.NoError(t, os.WriteFile(src, []byte("package p\n\n// Edited.\n"), 0o644))
	err = j.Ready(&gotest.PackageResult{Path: "example.com/p", Name: "p", Files: []string{src}, Universe: 3, Tests: []gotest.TestInfo{{Name: "TestP"}}})
	assert.ErrorContains(t, err, "was written for other sources or tests of example.com/p")

	_, _, err = OpenJournal(path, engine.Header{Seed: 2}, true)
	assert.Error(t, err, "the journal of another run")
}

// TestMergedShardsGatherEveryMutantInOrder merges two complete shards
// into one package in index order, and refuses shards that leave a
// mutant out.
func TestMergedShardsGatherEveryMutantInOrder(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	muts := mutants(3)
	a := shardRun(t, dir, "1/2", muts, 3, []int{2, 0})
	b := shardRun(t, dir, "2/2", muts, 3, []int{1})
	assert.True(t, IsJournal(a))
	assert.False(t, IsJournal(filepath.Join(dir, "p.go")))

	m, _, err := Merge([]string{a, b})
	require.NoError(t, err)
	require.Len(t, m.Packages, 1)
	p := m.Packages[0]
	assert.Equal(t, "example.com/p", p.Path)
	require.Len(t, p.Mutants, 3)
	for i, rm := range p.Mutants {
		assert.Equal(t, i, rm.Index)
		assert.Equal(t, muts[i].ID, rm.Mutant.ID)
	}
	assert.Len(t, m.Records, 4, "one description and three mutants")

	_, _, err = Merge([]string{a})
	assert.ErrorContains(t, err, "the journals hold 2 of its 3 mutants")
}
