package runreport

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"testing"
	"time"

	"github.com/mutprop/mutprop/internal/testfix"
	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/propsuite"
	"github.com/mutprop/mutprop/report"
)

// TestSuiteTablesAndJSONKeepTheirBytes renders registered suites of every
// protocol, with a failing original, a property never run, several
// generators, left-out mutants and an error, as console tables and under
// the JSON report's key; the golden was written by internal/suitehost's
// renderer before it moved here.
func TestSuiteTablesAndJSONKeepTheirBytes(t *testing.T) {
	t.Parallel()
	kills := func(total, killed, crashed, timeout int, ttf float64) propsuite.Kills {
		return propsuite.Kills{Total: total, Detected: killed + crashed + timeout, Killed: killed, Crashed: crashed, Timeout: timeout, MeanTestsToFailure: ttf}
	}
	suites := []propsuite.HostedResult{{
		Package: "example.com/m/insert", Name: "insert", Test: "TestInsertSuite", Seed: 7,
		Protocol: propsuite.Protocol{Kind: "mttf", Trials: 5, DecideBudget: 300, FailBudget: 1000},
		Properties: []propsuite.PropertyKills{
			{Property: "ordered", Generator: "ints", Original: outcome.Survived, BlackBox: kills(20, 12, 1, 2, 3.25), WhiteBox: kills(8, 5, 0, 1, 1.5)},
			{Property: "complete", Generator: "ints", Original: outcome.Killed},
			{Property: "never", Generator: "ints"},
		},
		Mutants: []propsuite.MutantStatus{
			{ID: "blackbox:insert.Insert:1", Origin: "blackbox", Status: outcome.Killed, KilledBy: []string{"ordered"}},
			{ID: "named:hang", Origin: "named", Description: "loops", Status: outcome.Timeout},
			{ID: "operator:insert.go:3:4:cmp:<", Origin: "operator", Description: "< to <=", Status: outcome.Survived},
			{ID: "operator:insert.go:5:4:cmp:>", Origin: "operator", Description: "> to >=", Status: outcome.GaveUp},
			{ID: "operator:insert.go:7:4:cmp:==", Origin: "operator", Status: outcome.Error},
		},
		Cells:      []propsuite.Cell{{Mutant: "named:hang", Property: "ordered", Generator: "ints", Outcomes: map[outcome.Outcome]int{outcome.Timeout: 1}}},
		NotCovered: 3, NotInSchemata: 2,
		CellTimeout: 1500 * time.Millisecond, Duration: 12345 * time.Millisecond,
		Err: "worker died\nwith more lines",
	}, {
		Package: "example.com/m/insert", Name: "multi", Seed: 7,
		Protocol: propsuite.Protocol{Kind: "trials", Trials: 10, DecideBudget: 100},
		Properties: []propsuite.PropertyKills{
			{Property: "p", Generator: "small", Original: outcome.Survived, BlackBox: kills(2, 2, 0, 0, 1)},
			{Property: "p", Generator: "large", Original: outcome.Survived, BlackBox: kills(2, 1, 0, 0, 4)},
		},
	}, {
		Package: "example.com/m/other", Name: "score", Test: "TestScore", Seed: 1,
		Protocol: propsuite.Protocol{Kind: "score", Tests: 50},
	}}
	var got bytes.Buffer
	if err := report.Write(&got, report.FormatText, suiteTables(suites)...); err != nil {
		t.Fatal(err)
	}
	doc, err := json.MarshalIndent(map[string]any{suitesJSONKey: suites}, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got.Write(doc)
	testfix.Golden(t, filepath.Join("testdata", "suites.golden"), got.Bytes())
}
