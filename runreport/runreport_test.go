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

	"github.com/mutprop/mutprop/ci"
	"github.com/mutprop/mutprop/gotest"
	"github.com/mutprop/mutprop/internal/mutantid"
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
	r := mustNew([]runlog.Package{pkg("example.com/a"), pkg("example.com/b")})
	require.NoError(t, Write(&out, r, Outputs{JSON: jsonPath, HTML: htmlPath}))
	assert.Equal(t, 2, r.Score.Detected)
	assert.Equal(t, 4, r.Score.Valid)
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
	// The whole wall: the floor's own build ran beside the run's.
	assert.Equal(t, "floor: 2.0 s (build 1.0 s + tests 2.0 s / 2 workers); run took 5.0x the floor (10.0 s)",
		FloorLine([]runlog.Package{p}, 10*time.Second))
	p.Mutants[1].Outcome, p.Mutants[1].Duration = outcome.Timeout, 3*time.Second
	assert.Equal(t, "floor: 2.0 s (build 1.0 s + tests 2.0 s / 2 workers); run took 5.0x the floor (10.0 s); "+
		"1 mutants timed out, in 3.0 worker-seconds (15% of the workers' time): the rest is 4.2x the floor",
		FloorLine([]runlog.Package{p}, 10*time.Second))
	// Confirming the kills took 5 s of the workers': 2.5 s of the wall,
	// 25 %; with the timeouts' 1.5 s, the rest is (10 - 4) / 2 = 3.0x.
	p.ConfirmTime = 5 * time.Second
	assert.Equal(t, "floor: 2.0 s (build 1.0 s + tests 2.0 s / 2 workers); run took 5.0x the floor (10.0 s); "+
		"1 mutants timed out, in 3.0 worker-seconds (15% of the workers' time), and "+
		"confirming the kills (each kill's test run again) took 5.0 worker-seconds (25%): the rest is 3.0x the floor",
		FloorLine([]runlog.Package{p}, 10*time.Second))
	p.Mutants[1].Outcome = outcome.Killed // (10 - 2.5) / 2 = 3.75: 3.8x
	assert.Equal(t, "floor: 2.0 s (build 1.0 s + tests 2.0 s / 2 workers); run took 5.0x the floor (10.0 s); "+
		"confirming the kills (each kill's test run again) took 5.0 worker-seconds (25%): the rest is 3.8x the floor",
		FloorLine([]runlog.Package{p}, 10*time.Second))
	// Under 2 % of the wall (0.3 s of 20 s: 0.15 s), it is left out; at
	// 2 %, in hundredths below a second.
	p.ConfirmTime = 300 * time.Millisecond
	assert.Equal(t, "floor: 2.0 s (build 1.0 s + tests 2.0 s / 2 workers); run took 10.0x the floor (20.0 s)",
		FloorLine([]runlog.Package{p}, 20*time.Second))
	p.ConfirmTime = 800 * time.Millisecond
	assert.Equal(t, "floor: 2.0 s (build 1.0 s + tests 2.0 s / 2 workers); run took 10.0x the floor (20.0 s); "+
		"confirming the kills (each kill's test run again) took 0.80 worker-seconds (2%): the rest is 9.8x the floor",
		FloorLine([]runlog.Package{p}, 20*time.Second))
	// 40 processes of 15 ms outside their tests, over 2 workers: 0.3 s.
	p.FloorProcesses, p.FloorOverhead = 40, 15*time.Millisecond
	assert.Contains(t, FloorLine([]runlog.Package{p}, 10*time.Second),
		"; one process per mutant would add 0.3 s (40 processes x 15ms / 2 workers)")
}

// TestTheModelGivesEachMutantItsAliasAndCountsBlackBoxMutants reports
// two packages, one with a black-box mutant: every mutant of the JSON
// report carries the alias the survivor lines print (that of its ID in
// its package), and the console and HTML summaries count the black-box
// mutant.
func TestTheModelGivesEachMutantItsAliasAndCountsBlackBoxMutants(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	jsonPath, htmlPath := filepath.Join(dir, "r.json"), filepath.Join(dir, "r.html")
	a, b := pkg("example.com/a"), pkg("example.com/b")
	b.Info.Stats = mutate.Stats{Generated: 2, Kept: 2}
	b.Info.Universe = 3
	b.Mutants = append(b.Mutants, runlog.Mutant{Index: 2, Outcome: outcome.Killed, KilledBy: []string{"TestF"},
		Mutant: mutate.Mutant{ID: "blackbox:example.com/b.F:1", Origin: mutate.OriginBlackbox, Operator: "blackbox", Description: "F's results perturbed"}})
	var out bytes.Buffer
	r := mustNew([]runlog.Package{a, b})
	require.NoError(t, Write(&out, r, Outputs{JSON: jsonPath, HTML: htmlPath}))
	assert.Contains(t, out.String(), "3 mutants (1 black-box): 2 generated by operators,")
	assert.NotContains(t, out.String(), "mutants (0 black-box)", "a package without black-box mutants keeps its line")

	raw, err := os.ReadFile(jsonPath)
	require.NoError(t, err)
	var doc struct {
		Files map[string]struct {
			Mutants []struct{ ID, MutpropAlias string }
		}
	}
	require.NoError(t, json.Unmarshal(raw, &doc))
	want := map[string]string{}
	for _, p := range []runlog.Package{a, b} {
		for _, m := range p.Mutants {
			want[p.Path+"/"+m.Mutant.ID] = mutantid.Alias(p.Path, m.Mutant.ID)
		}
	}
	got := map[string]string{}
	for _, f := range doc.Files {
		for _, m := range f.Mutants {
			got[m.ID] = m.MutpropAlias
		}
	}
	assert.Equal(t, want, got)
	assert.Len(t, got, 5)

	page, err := os.ReadFile(htmlPath)
	require.NoError(t, err)
	assert.Contains(t, string(page), "5 in all (1 black-box).")
	assert.Contains(t, string(page), `(alias <code class="alias">`+mutantid.Alias("example.com/a", "m1")+`</code>)`)
}

// TestTheJSONReportHoldsTheBaselineTheModelCarries renders a model with
// CI baseline verdicts: the report holds them under mutpropBaseline,
// after the tests set aside, as the typed model has them.
func TestTheJSONReportHoldsTheBaselineTheModelCarries(t *testing.T) {
	t.Parallel()
	r := mustNew([]runlog.Package{pkg("example.com/a")})
	r.Baseline = &ci.BaselineJSON{File: "b.json", Accepted: []string{"m1"}, New: []string{}, Stale: []ci.StaleEntry{}}
	b, err := r.JSON()
	require.NoError(t, err)
	var doc map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(b, &doc))
	var got ci.BaselineJSON
	require.NoError(t, json.Unmarshal(doc[ci.BaselineJSONKey], &got))
	assert.Equal(t, *r.Baseline, got)
	assert.Less(t, bytes.Index(b, []byte(`"mutpropSetAside"`)), bytes.Index(b, []byte(`"mutpropBaseline"`)))
}

// mustNew is New without options, for tests.
func mustNew(pkgs []runlog.Package) *Report {
	r, err := New(pkgs, Options{})
	if err != nil {
		panic(err)
	}
	return r
}
