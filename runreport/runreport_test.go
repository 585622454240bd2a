package runreport

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mutprop/mutprop/gotest"
	"github.com/mutprop/mutprop/mutate"
	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/runlog"
)

// pkg is a package of one file with a killed and a surviving mutant.
func pkg(path string) runlog.Package {
	def := func(id string, col int) mutate.Mutant {
		return mutate.Mutant{ID: id, Origin: mutate.OriginOperator, File: "p.go", Line: 3, Col: col, Operator: "boundary", Description: "replace > with >="}
	}
	return runlog.Package{
		Path: path,
		Info: runlog.PackageInfo{Name: "p", Files: []runlog.File{{Path: "p.go", Source: "package p\n\nfunc F(x int) bool { return x > 0 }\n"}},
			Tests: []string{"TestF"}, Universe: 2,
			SetAside: []gotest.SetAside{{Test: "TestAllocs", Reason: "fails only on mutprop's build"}}},
		Mutants: []runlog.Mutant{
			{Index: 0, Mutant: def("m0", 30), Outcome: outcome.Killed, KilledBy: []string{"TestF"}, CoveredBy: []string{"TestF"}},
			{Index: 1, Mutant: def("m1", 32), Outcome: outcome.Survived, CoveredBy: []string{"TestF"}},
		},
	}
}

// TestWriteGivesTablesAScoreAndReportsOfAllPackages reports two packages:
// their tables, the score of both, and a JSON report whose IDs are
// prefixed by package and that lists the tests set aside.
func TestWriteGivesTablesAScoreAndReportsOfAllPackages(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	jsonPath, htmlPath := filepath.Join(dir, "r.json"), filepath.Join(dir, "r.html")
	var out bytes.Buffer
	score, err := Write(&out, []runlog.Package{pkg("example.com/a"), pkg("example.com/b")}, Outputs{JSON: jsonPath, HTML: htmlPath})
	require.NoError(t, err)
	assert.Equal(t, 2, score.Detected)
	assert.Equal(t, 4, score.Valid)
	assert.Contains(t, out.String(), "Undetected mutants of example.com/a")
	assert.Contains(t, out.String(), "set aside TestAllocs: fails only on mutprop's build")
	assert.Contains(t, out.String(), "mutation score of all packages: 2/4 = 50.0%\n")

	b, err := os.ReadFile(jsonPath)
	require.NoError(t, err)
	var doc struct {
		Files map[string]struct {
			Mutants []struct{ ID string }
		}
		MutpropSetAside []struct{ Package, Test string }
	}
	require.NoError(t, json.Unmarshal(b, &doc))
	require.Contains(t, doc.Files, "example.com/b/p.go")
	assert.Equal(t, "example.com/b/m1", doc.Files["example.com/b/p.go"].Mutants[1].ID)
	assert.Len(t, doc.MutpropSetAside, 2)
	assert.Equal(t, "example.com/a", doc.MutpropSetAside[0].Package)
	_, err = os.Stat(htmlPath)
	assert.NoError(t, err)
}

func TestTheFloorLineIsTheRunAsAMultipleOfTheFloor(t *testing.T) {
	t.Parallel()
	assert.Empty(t, FloorLine([]runlog.Package{pkg("example.com/a")}, time.Second), "no floor measured")
	p := pkg("example.com/a")
	p.Floor, p.FloorBuild, p.FloorTests, p.Workers = 2*time.Second, time.Second, 2*time.Second, 2
	assert.Equal(t, "floor: 2.0 s (build 1.0 s + tests 2.0 s / 2 workers); run took 4.5x the floor (9.0 s)",
		FloorLine([]runlog.Package{p}, 10*time.Second))
	p.Mutants[1].Outcome, p.Mutants[1].Duration = outcome.Timeout, 3*time.Second
	assert.Equal(t, "floor: 2.0 s (build 1.0 s + tests 2.0 s / 2 workers); run took 4.5x the floor (9.0 s); "+
		"1 mutants timed out, in 3.0 worker-seconds (17% of the workers' time): the rest is 3.8x the floor",
		FloorLine([]runlog.Package{p}, 10*time.Second))
}
