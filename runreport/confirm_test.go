package runreport

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mutprop/mutprop/gotest"
	"github.com/mutprop/mutprop/internal/mutantid"
	"github.com/mutprop/mutprop/mutate"
	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/runlog"
)

// TestKillsThatDidNotCountShowInTheTablesAndTheJSON reports a package
// whose m1 had a kill that did not recur, and whose m0 and m1 had kills
// by a test that failed on the original: the status table names both;
// the JSON holds m1's "mutpropUnstable", and the flaky test once, with
// both mutants ("mutpropFlaky").
func TestKillsThatDidNotCountShowInTheTablesAndTheJSON(t *testing.T) {
	t.Parallel()
	p := pkg("example.com/a")
	flaky := gotest.FlakyTest{Test: "TestRand", Evidence: "failed 4 of 4 runs against the mutant (3 of 3 more in one process), 1 of 1 on the original, with seed 1"}
	p.Mutants[0].Flaky = []gotest.FlakyTest{flaky}
	p.Mutants[1].Flaky = []gotest.FlakyTest{flaky}
	p.Mutants[1].Unstable = "TestF failed 1 of 2 runs against the mutant (0 of 3 more in one process), with seed 1"
	jsonPath := filepath.Join(t.TempDir(), "r.json")
	var out bytes.Buffer
	require.NoError(t, Write(&out, mustNew([]runlog.Package{p}), Outputs{JSON: jsonPath}))
	assert.Contains(t, out.String(), "flaky: TestRand "+flaky.Evidence+" (m0): its kills of 2 mutants are not kills")
	assert.Contains(t, out.String(), "unstable: 1 mutants whose kill did not recur when its test ran again against them (not counted as kills): "+
		mutantid.Alias("example.com/a", "m1")+" (TestF failed 1 of 2 runs")

	b, err := os.ReadFile(jsonPath)
	require.NoError(t, err)
	var doc struct {
		Files map[string]struct {
			Mutants []struct {
				ID       string
				Unstable string `json:"mutpropUnstable"`
			}
		}
		Flaky []FlakyKiller `json:"mutpropFlaky"`
	}
	require.NoError(t, json.Unmarshal(b, &doc))
	muts := doc.Files["p.go"].Mutants
	require.Len(t, muts, 2)
	assert.Empty(t, muts[0].Unstable)
	assert.Equal(t, p.Mutants[1].Unstable, muts[1].Unstable)
	assert.Equal(t, []FlakyKiller{{Package: "example.com/a", Test: "TestRand", Evidence: flaky.Evidence + " (m0)", Mutants: []string{"m0", "m1"}}}, doc.Flaky)
}

// TestTheVerboseLineOfAKilledMutantNamesItsUnstableKills: -v's line of a
// mutant killed by TestG says which other kill did not recur; a
// survivor's reason says it already.
func TestTheVerboseLineOfAKilledMutantNamesItsUnstableKills(t *testing.T) {
	t.Parallel()
	m := gotest.MutantResult{Mutant: mutate.Mutant{ID: "m0"}, Outcome: outcome.Killed, KilledBy: []string{"TestG"},
		Unstable: "TestF failed 1 of 2 runs against the mutant", Reason: "g_test.go:3: wrong; unstable: TestF failed 1 of 2 runs against the mutant: not a kill"}
	assert.Equal(t, " (unstable: TestF failed 1 of 2 runs against the mutant)", confirmNote(m))
	m.Outcome, m.KilledBy = outcome.Survived, nil
	assert.Empty(t, confirmNote(m))
}
