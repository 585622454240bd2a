package runcache

// The end-to-end tests of the cache run the mutprop binary
// (cmd/mutprop/cache_test.go); these check its rules one by one.

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mutprop/mutprop/gotest"
	"github.com/mutprop/mutprop/outcome"
)

// TestAVerdictDependsOnTheTestsThatDecidedIt: a mutant killed by a test
// depends on that test's package only (its own tests are named bare,
// another package's by import path); any other verdict on every test
// package that counts, and goes stale when one changes, stops counting or
// starts to.
func TestAVerdictDependsOnTheTestsThatDecidedIt(t *testing.T) {
	t.Parallel()
	const a, c = "example.com/inc/a", "example.com/inc/c"
	cr := &cacheRun{
		tests:    map[string]string{a: "ha", c: "hc"},
		counting: map[string][]string{a: {a, c}},
	}
	deps, all := cr.deps(a, gotest.MutantResult{Outcome: outcome.Killed, KilledBy: []string{"TestAdd"}})
	assert.Equal(t, map[string]string{a: "ha"}, deps)
	assert.False(t, all)
	deps, all = cr.deps(a, gotest.MutantResult{Outcome: outcome.Killed, KilledBy: []string{c + ".TestPosOfOne"}})
	assert.Equal(t, map[string]string{c: "hc"}, deps)
	assert.False(t, all)
	cr.matrix = true
	deps, all = cr.deps(a, gotest.MutantResult{Outcome: outcome.Killed, KilledBy: []string{"TestAdd"}})
	assert.Equal(t, map[string]string{a: "ha", c: "hc"}, deps, "with --matrix every verdict needs every test")
	assert.True(t, all)
	cr.matrix = false
	survived, all := cr.deps(a, gotest.MutantResult{Outcome: outcome.Survived})
	assert.Equal(t, map[string]string{a: "ha", c: "hc"}, survived)
	assert.True(t, all)

	killedByC := &cachedMutant{Deps: map[string]string{c: "hc"}}
	assert.Empty(t, cr.stale(a, killedByC))
	assert.Empty(t, cr.stale(a, &cachedMutant{Deps: survived, All: true}))

	cr.tests[a] = "ha2"
	assert.Empty(t, cr.stale(a, killedByC), "a's tests do not decide what c's killed")
	assert.Equal(t, a+"'s tests changed", cr.stale(a, &cachedMutant{Deps: survived, All: true}))
	cr.changed = map[string]string{a: "fixtures/mode.txt, which " + a + "'s tests read, changed"}
	assert.Equal(t, cr.changed[a], cr.stale(a, &cachedMutant{Deps: survived, All: true}), "the reason names what changed")
	cr.tests[a] = "ha"

	cr.counting[a] = []string{a, c, "example.com/inc/d"}
	assert.Equal(t, "example.com/inc/d's tests count now", cr.stale(a, &cachedMutant{Deps: survived, All: true}))
	assert.Empty(t, cr.stale(a, killedByC))
	cr.counting[a] = []string{a}
	assert.Equal(t, c+"'s tests no longer count", cr.stale(a, killedByC))
}

// TestTheTreeHashesSplitCodeFromTestsAndSkipOutputs: a package's code
// hash covers its non-test build files; its tests hash covers the other
// files of its directory and its testdata; neither covers what mutprop
// wrote there (a report, its temporary file).
func TestTheTreeHashesSplitCodeFromTestsAndSkipOutputs(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(name, content string) {
		t.Helper()
		p := filepath.Join(dir, name)
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(content), 0o644))
	}
	write("a.go", "package a\n")
	write("a_test.go", "package a\n")
	write("testdata/golden.txt", "1\n")
	write("r.json", "{}\n")
	report := filepath.Join(dir, "r.json")
	hashes := func() (code, tests string) {
		t.Helper()
		h := newTreeHasher([]string{report})
		code, err := h.code(dir, nil)
		require.NoError(t, err)
		tests, err = h.tests(dir, nil)
		require.NoError(t, err)
		return code, tests
	}
	code, tests := hashes()

	write("r.json", "{\"changed\": true}\n")
	write("r.json.tmp", "{\n")
	c2, t2 := hashes()
	assert.Equal(t, []string{code, tests}, []string{c2, t2}, "a report mutprop wrote changed the hashes")

	write("a_test.go", "package a\n\n// An edit.\n")
	c3, t3 := hashes()
	assert.Equal(t, code, c3, "a test file changed the code hash")
	assert.NotEqual(t, tests, t3)

	write("testdata/golden.txt", "2\n")
	c4, t4 := hashes()
	assert.Equal(t, code, c4)
	assert.NotEqual(t, t3, t4, "testdata does not count for the tests")

	write("a.go", "package a\n\n// An edit.\n")
	c5, t5 := hashes()
	assert.NotEqual(t, code, c5)
	assert.Equal(t, t4, t5)
}

func TestTheMissNoteListsTheCommonestReasonFirst(t *testing.T) {
	t.Parallel()
	cr := &cacheRun{misses: map[string]int{"x's tests changed": 3, "not in the cache": 12, "y's code changed": 3}}
	assert.Equal(t, " (12: not in the cache; 3: x's tests changed; 3: y's code changed)", cr.missNote())
	assert.Empty(t, (&cacheRun{}).missNote())
}
