package runlog

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mutprop/mutprop/gotest"
	"github.com/mutprop/mutprop/internal/testlog"
	"github.com/mutprop/mutprop/mutate"
	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/runsettings"
)

// shardRun writes into dir the journal of one shard ("" for a whole run)
// of a run of a package whose mutants are muts, universe of them in all,
// with the mutants finish lists (by index) finished; it returns its path.
func shardRun(t *testing.T, dir, shard string, muts []mutate.Mutant, universe int, finish []int) string {
	t.Helper()
	src := filepath.Join(dir, "p.go")
	require.NoError(t, os.WriteFile(src, []byte("package p\n"), 0o644))
	path := filepath.Join(dir, "run"+strings.ReplaceAll(shard, "/", "-of-")+".jsonl")
	j, _, err := OpenJournal(path, runsettings.Settings{Seed: 1, Shard: shard}, &Tree{}, false)
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
// resume gives back its finished mutants and counts them; a description
// that differs while nothing the verdicts depend on changed is refused,
// and so is the journal of other settings.
func TestAResumedJournalGivesBackWhatFinished(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	muts := mutants(3)
	path := shardRun(t, dir, "", muts, 3, []int{0, 2})

	j, warnings, err := OpenJournal(path, runsettings.Settings{Seed: 1}, &Tree{}, true)
	require.NoError(t, err)
	assert.Empty(t, warnings)
	defer j.Close()
	assert.Empty(t, j.StaleNote())
	r, ok := j.Prior("example.com/p", muts[2])
	require.True(t, ok)
	assert.Equal(t, outcome.Killed, r.Outcome)
	assert.Equal(t, 2, r.Index)
	_, ok = j.Prior("example.com/p", muts[1])
	assert.False(t, ok, "an unfinished mutant")
	assert.Equal(t, "resumed 1 of the 2 finished mutants in "+path+"; 1 are not mutants of this run (other sources, operators or flags) and were ignored", j.ResumeNote())

	src := filepath.Join(dir, "p.go")
	err = j.Ready(&gotest.PackageResult{Path: "example.com/p", Name: "p", Files: []string{src}, Universe: 3, Tests: []gotest.TestInfo{{Name: "TestP"}},
		SetAside: []gotest.SetAside{{Test: "TestQ", Reason: "flaky"}}})
	assert.ErrorContains(t, err, "was written for other tests set aside of example.com/p")

	_, _, err = OpenJournal(path, runsettings.Settings{Seed: 2}, &Tree{}, true)
	assert.Error(t, err, "the journal of another run")
	_, _, err = OpenJournal(path, runsettings.Settings{Seed: 1, OwnTests: true}, &Tree{}, true)
	assert.ErrorContains(t, err, "belongs to another", "--own-tests is in the header")
}

// TestAResumedJournalRerunsWhatChangedSinceIt: each verdict runs again
// when what it depends on changed between the interrupt and the resume: a
// file the package's own tests read reruns their kills and the
// survivors, not what another package's tests killed; a variable that
// package's tests read reruns its kills; an edit of its tests, or of the
// code, reruns theirs, and the new description replaces the journal's.
func TestAResumedJournalRerunsWhatChangedSinceIt(t *testing.T) {
	const p, q = "example.com/p", "example.com/q"
	dir := t.TempDir()
	root := filepath.Join(dir, "mod")
	require.NoError(t, os.MkdirAll(filepath.Join(root, "fixtures"), 0o755))
	write := func(name, content string) {
		t.Helper()
		require.NoError(t, os.WriteFile(filepath.Join(root, name), []byte(content), 0o644))
	}
	write("p.go", "package p\n")
	write("fixtures/mode.txt", "on\n")
	t.Setenv("JOURNAL_TEST_MODE", "a")
	// tree is the tree as a run starts: hashed afresh.
	code, qFiles := "code1", "q1"
	tree := func() *Tree {
		return &Tree{Code: map[string]string{p: code}, TestFiles: map[string]string{p: "p1", q: qFiles}, TestLinks: map[string]string{p: "l", q: "l"},
			Counting: map[string][]string{p: {p, q}}, Roots: map[string]string{p: root, q: root}}
	}
	muts := mutants(3)
	pr := &gotest.PackageResult{Path: p, Name: "p", Files: []string{filepath.Join(root, "p.go")}, Universe: 3, Tests: []gotest.TestInfo{{Name: "TestP"}},
		Inputs: map[string][]testlog.Input{
			p: {{Op: testlog.Open, Name: "fixtures/mode.txt"}},
			q: {{Op: testlog.Getenv, Name: "JOURNAL_TEST_MODE"}},
		}}
	results := []gotest.MutantResult{
		{Mutant: muts[0], Index: 0, Outcome: outcome.Killed, KilledBy: []string{"TestP"}},
		{Mutant: muts[1], Index: 1, Outcome: outcome.Killed, KilledBy: []string{q + ".TestQ"}},
		{Mutant: muts[2], Index: 2, Outcome: outcome.Survived},
	}
	path := filepath.Join(dir, "run.jsonl")
	j, _, err := OpenJournal(path, runsettings.Settings{Seed: 1}, tree(), false)
	require.NoError(t, err)
	require.NoError(t, j.Ready(pr))
	for _, r := range results {
		require.NoError(t, j.Finished(pr, r))
	}
	require.NoError(t, j.Close())

	// resume reopens the journal and returns which mutants it gives back.
	resume := func() (*Journal, []int) {
		t.Helper()
		j, _, err := OpenJournal(path, runsettings.Settings{Seed: 1}, tree(), true)
		require.NoError(t, err)
		t.Cleanup(func() { j.Close() })
		var kept []int
		for i, m := range muts {
			if _, ok := j.Prior(p, m); ok {
				kept = append(kept, i)
			}
		}
		return j, kept
	}
	j, kept := resume()
	assert.Equal(t, []int{0, 1, 2}, kept, "nothing changed")
	assert.Empty(t, j.StaleNote())

	write("fixtures/mode.txt", "off\n")
	j, kept = resume()
	assert.Equal(t, []int{1}, kept, "p's tests read the file: their kill and the survivor depend on it")
	assert.Equal(t, "2 of 3 journaled mutants run again: fixtures/mode.txt, which example.com/p's tests read, changed since the journal", j.StaleNote())
	assert.Equal(t, "resumed 1 of the 3 finished mutants in "+path+"; 2 run again, as said above", j.ResumeNote())
	write("fixtures/mode.txt", "on\n")

	t.Setenv("JOURNAL_TEST_MODE", "b")
	j, kept = resume()
	assert.Equal(t, []int{0}, kept)
	assert.Contains(t, j.StaleNote(), "environment variable JOURNAL_TEST_MODE, which example.com/q's tests read, changed since the journal")
	t.Setenv("JOURNAL_TEST_MODE", "a")

	t.Setenv("JOURNAL_TEST_UNREAD", "x")
	_, kept = resume()
	assert.Equal(t, []int{0, 1, 2}, kept, "a variable no test reads")

	qFiles = "q2"
	j, kept = resume()
	assert.Equal(t, []int{0}, kept)
	assert.Equal(t, "2 of 3 journaled mutants run again: example.com/q's tests changed since the journal", j.StaleNote())
	qFiles = "q1"

	code = "code2"
	write("p.go", "package p\n\n// Edited.\n")
	j, kept = resume()
	assert.Empty(t, kept)
	assert.Equal(t, "3 of 3 journaled mutants run again: example.com/p's code changed since the journal", j.StaleNote())
	require.NoError(t, j.Ready(pr), "a description that changed with the code replaces the journal's")
	require.NoError(t, j.Close())
	_, kept = resume()
	assert.Empty(t, kept, "the verdicts of the old code stay stale under the new description")
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
	assert.Len(t, m.Records, 5, "a description, its inputs and three mutants")

	_, _, err = Merge([]string{a})
	assert.ErrorContains(t, err, "the journals hold 2 of its 3 mutants")
}

// TestAJournalOfAnOlderMutpropIsRefused: a journal whose header has no
// records version (an older mutprop wrote it, with another mutant record
// and no Ended records) is refused by a resume and by merge, saying what
// to do, rather than misread; this version's journal resumes.
func TestAJournalOfAnOlderMutpropIsRefused(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := shardRun(t, dir, "", mutants(2), 2, []int{0, 1})
	j, _, err := OpenJournal(path, runsettings.Settings{Seed: 1}, &Tree{}, true)
	require.NoError(t, err)
	require.NoError(t, j.Close())

	b, err := os.ReadFile(path)
	require.NoError(t, err)
	old := strings.Replace(string(b), `"records":"2",`, "", 1)
	require.NotEqual(t, string(b), old, "the header holds the records' version")
	require.NoError(t, os.WriteFile(path, []byte(old), 0o644))
	_, _, err = OpenJournal(path, runsettings.Settings{Seed: 1}, &Tree{}, true)
	assert.ErrorContains(t, err, "journal "+path+" was written by an older mutprop; run again without --resume")
	_, _, err = Merge([]string{path})
	assert.ErrorContains(t, err, "journal "+path+" was written by an older mutprop; run its shard again")
}

// TestEndedRecordsCarryTheSuitesToTheMergedPackage: the Ended record a
// finished run writes gives the merged package the run's stages and
// registered suites; written again unchanged (a finished run resumed),
// it is not appended twice.
func TestEndedRecordsCarryTheSuitesToTheMergedPackage(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	muts := mutants(2)
	path := shardRun(t, dir, "", muts, 2, []int{0, 1})
	res := &gotest.Result{Packages: []*gotest.PackageResult{{Path: "example.com/p", Build: time.Second,
		Suites: []gotest.SuiteResult{{Package: "example.com/p", Name: "s", Test: "TestS", Seed: 1}}}}}
	for range 2 {
		j, _, err := OpenJournal(path, runsettings.Settings{Seed: 1}, &Tree{}, true)
		require.NoError(t, err)
		require.NoError(t, j.Ended(res))
		require.NoError(t, j.Close())
	}
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, 1, strings.Count(string(b), `"ended"`), "the Ended record, once")

	m, _, err := Merge([]string{path})
	require.NoError(t, err)
	require.Len(t, m.Packages, 1)
	p := m.Packages[0]
	assert.Equal(t, res.Packages[0].Suites, p.Suites)
	assert.Equal(t, "stages: build 1s, baseline 0s, coverage and probes 0s, mutants 0s", p.Stages)
}

// TestAWholeRunsEndedPartStandsAlone: a merged journal resumed holds the
// shards' Ended parts and the whole run's; merged again, the package has
// the whole run's suites, not the parts joined with it.
func TestAWholeRunsEndedPartStandsAlone(t *testing.T) {
	t.Parallel()
	suites := func(name string) []gotest.SuiteResult {
		return []gotest.SuiteResult{{Package: "example.com/p", Name: name, Seed: 1}}
	}
	p := Package{Path: "example.com/p"}
	require.NoError(t, p.joinEnded([]Ended{{Shard: "1/2", Suites: suites("s")}, {Shard: "", Suites: suites("whole")}, {Shard: "2/2", Suites: suites("s")}}))
	assert.Equal(t, suites("whole"), p.Suites)
}
