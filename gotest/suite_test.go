package gotest_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mutprop/mutprop/gotest"
	"github.com/mutprop/mutprop/internal/testbin"
	"github.com/mutprop/mutprop/internal/testfix"
	"github.com/mutprop/mutprop/mutate"
	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/proc"
	"github.com/mutprop/mutprop/propsuite"
	"github.com/mutprop/mutprop/report"
)

const suiteDir = "../internal/testdata/suite"

// suiteListing is the golden form of a suite: each property's line, then
// each mutant's status and the properties that killed it. Whether a cell of
// named:overflow crashes or times out depends on the machine's load, so
// the property lines count detected mutants, not crashes and timeouts
// apart.
func suiteListing(r gotest.SuiteResult) string {
	lines := []string{fmt.Sprintf("# suite %s", r.Label())}
	for _, p := range r.Properties {
		lines = append(lines, fmt.Sprintf("property %s: original %s; black-box %d/%d (killed %d); white-box %d/%d (killed %d)",
			p.Property, p.Original, p.BlackBox.Detected, p.BlackBox.Total, p.BlackBox.Killed,
			p.WhiteBox.Detected, p.WhiteBox.Total, p.WhiteBox.Killed))
	}
	for _, m := range r.Mutants {
		lines = append(lines, strings.TrimSpace(fmt.Sprintf("%s %s %s", m.ID, m.Status, strings.Join(m.KilledBy, ","))))
	}
	return strings.Join(lines, "\n") + "\n"
}

// TestARegisteredSuiteIsMeasuredInWorkersOfThePackagesTestBinary scores the
// example package: its suite (mutproptest.Run in TestInsertSuite) is found,
// described and measured by re-executing the schemata test binary as
// worker processes, against its 20 black-box mutants and the package's
// white-box mutants that TestInsertSuite covers.
func TestARegisteredSuiteIsMeasuredInWorkersOfThePackagesTestBinary(t *testing.T) {
	testfix.EndToEnd(t)
	before := testfix.SnapshotTree(t, suiteDir)
	// The operators that make no looping mutant: each loop costs a deadline
	// per property. named:hang sleeps, so four workers time out its four
	// cells at once; the deadline leaves named:overflow time to fill its
	// 64 MiB of stack on a loaded machine.
	ops, err := mutate.SelectOperators("relational,boundary,negate-condition,logical,logical-operand,literal,return-zero,incdec,loop-condition")
	if err != nil {
		t.Fatal(err)
	}
	// Only the suite's test scores the white-box mutants, so that it is the
	// one that kills them (tests run fastest first, and stop at a kill).
	cfg := gotest.Config{
		Dir: suiteDir, Patterns: []string{"."}, Workers: 4, Seed: 1, Operators: ops, Run: regexp.MustCompile("^TestInsertSuite$"),
		Timeouts: proc.Timeouts{Factor: 10, Const: 8 * time.Second, Floor: time.Second},
		TempDir:  t.TempDir(),
	}
	start := time.Now()
	res, err := gotest.Score(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("scored in %v", time.Since(start).Round(time.Millisecond))
	if len(res.Packages) != 1 || len(res.Packages[0].Suites) != 1 {
		t.Fatalf("want one package with one suite, got %+v", res.Packages)
	}
	p := res.Packages[0]
	r := p.Suites[0]
	if r.Err != "" {
		t.Fatalf("suite error: %s", r.Err)
	}
	t.Logf("suite measured in %v, deadline of a deciding cell %v", r.Duration.Round(time.Millisecond), r.CellTimeout.Round(time.Millisecond))
	if r.Name != "insert" || r.Test != "TestInsertSuite" || r.Protocol.DecideBudget != 300 || r.Protocol.Trials != 5 {
		t.Errorf("suite %s (%s), protocol %+v: want insert (TestInsertSuite) with the protocol it registered", r.Name, r.Test, r.Protocol)
	}

	got := suiteListing(r)
	testfix.Golden(t, filepath.Join("testdata", "suite.golden"), []byte(got))

	// What holds whatever the golden list says.
	whiteBox := 0
	for _, m := range p.Mutants {
		if m.Mutant.Schema > 0 {
			whiteBox++
		}
	}
	props := map[string]propsuite.PropertyKills{}
	for _, sp := range r.Properties {
		props[sp.Property] = sp
		if sp.Original != outcome.Survived {
			t.Errorf("%s: %s on the original", sp.Property, sp.Original)
		}
		if sp.BlackBox.Total != 20 || sp.WhiteBox.Total+r.NotCovered != whiteBox {
			t.Errorf("%s measured %d black-box and %d+%d not covered white-box mutants, want 20 and %d", sp.Property,
				sp.BlackBox.Total, sp.WhiteBox.Total, r.NotCovered, whiteBox)
		}
	}
	if d := props["deterministic"]; d.BlackBox.Detected != 0 || d.WhiteBox.Killed != 0 {
		t.Errorf("the tautology killed %d black-box and %d white-box mutants: a mutant is a function", d.BlackBox.Detected, d.WhiteBox.Killed)
	}
	if c := props["complete"]; c.BlackBox.Detected != 20 || c.BlackBox.MeanTestsToFailure != 1 {
		t.Errorf("the complete property detected %d/20 every-point black-box mutants after %.2f tests on average, want all at the first test",
			c.BlackBox.Detected, c.BlackBox.MeanTestsToFailure)
	}
	for _, sp := range r.Properties {
		if sp.Property != "complete" && sp.BlackBox.Detected+sp.WhiteBox.Detected > props["complete"].BlackBox.Detected+props["complete"].WhiteBox.Detected {
			t.Errorf("%s detects more mutants than the complete property", sp.Property)
		}
	}
	status := map[string]outcome.Outcome{}
	for _, m := range r.Mutants {
		status[m.ID] = m.Status
	}
	// A mutant's status is its strongest cell's: named:overflow crashes its
	// worker at least once (a cell on a loaded machine may time out first).
	if status["named:hang"] != outcome.Timeout || status["named:overflow"] != outcome.Crashed {
		t.Errorf("named:hang is %q (want timeout), named:overflow %q (want crashed)", status["named:hang"], status["named:overflow"])
	}
	for _, c := range r.Cells {
		if c.Mutant == "named:hang" && c.Outcomes["timeout"] != 1 {
			t.Errorf("named:hang under %s: %v, want a timeout in every property", c.Property, c.Outcomes)
		}
	}

	// The suite's test is also an ordinary test of the package: it kills
	// white-box mutants, with tests-to-failure read from its message.
	ttf := 0
	for _, m := range p.Mutants {
		if n, ok := m.TestsToFailure["TestInsertSuite"]; ok && n > 0 {
			ttf++
		}
	}
	if killed := props["complete"].WhiteBox.Killed; ttf < killed {
		t.Errorf("TestInsertSuite killed %d white-box mutants with a tests-to-failure count, want at least the %d its complete property kills", ttf, killed)
	}

	if len(p.Suites) == 0 || len(p.Suites[0].Properties) != 4 || p.Suites[0].Label() != "insert (TestInsertSuite)" {
		t.Errorf("suites: %+v, want insert (TestInsertSuite) first, with 4 properties", p.Suites)
	}
	schema, err := report.NewSchema(report.Run{Name: p.Path})
	if err != nil {
		t.Fatal(err)
	}
	doc, err := report.Encode(struct {
		report.Schema
		Suites []gotest.SuiteResult `json:"mutpropSuites"`
	}{schema, p.Suites})
	if err != nil {
		t.Fatal(err)
	}
	var parsed struct {
		SchemaVersion string               `json:"schemaVersion"`
		Suites        []gotest.SuiteResult `json:"mutpropSuites"`
	}
	if err := json.Unmarshal(doc, &parsed); err != nil || parsed.SchemaVersion == "" || len(parsed.Suites) != 1 ||
		!slices.Equal(propertyNames(parsed.Suites[0]), []string{"deterministic", "one-longer", "ordered", "complete"}) {
		t.Errorf("JSON with suites: %v %+v", err, parsed)
	}

	testfix.AssertTreeUnchanged(t, suiteDir, before)
	assertNothingLeft(t, cfg.TempDir)
}

func propertyNames(r gotest.SuiteResult) []string {
	var out []string
	for _, p := range r.Properties {
		out = append(out, p.Property)
	}
	return out
}

const viaMainDir = "../internal/testdata/suite/viamain"

// TestASuiteRegisteredInTestMainIsATestAndAWorker checks mutproptest.Main's
// three parts: under go test its suite runs after the tests as
// TestMutpropSuite, selected by -test.run and failing the binary when a
// property fails; under mutprop run it is described and served by TestMain
// before any test runs.
func TestASuiteRegisteredInTestMainIsATestAndAWorker(t *testing.T) {
	testfix.EndToEnd(t)
	ctx := context.Background()
	tmp := t.TempDir()
	bin := filepath.Join(tmp, "viamain.test")
	if err := testbin.Build(ctx, testbin.BuildSpec{Dir: viaMainDir, Out: bin}); err != nil {
		t.Fatal(err)
	}
	run := func(env []string, args ...string) (string, int) {
		t.Helper()
		res, err := proc.Run(ctx, proc.Spec{Path: bin, Args: args, Dir: tmp, Env: append(os.Environ(), env...), Timeout: time.Minute})
		if err != nil {
			t.Fatal(err)
		}
		return string(res.Output), res.ExitCode
	}
	out, code := run(nil, "-test.v")
	if code != 0 || !strings.Contains(out, "--- PASS: TestMutpropSuite/max/upper-bound") || !strings.Contains(out, "--- PASS: TestMaxExamples") {
		t.Errorf("go test: exit %d, want the suite's properties to pass after the tests:\n%s", code, out)
	}
	out, code = run(nil, "-test.v", "-test.run", "^TestMaxExamples$")
	if code != 0 || strings.Contains(out, "TestMutpropSuite") {
		t.Errorf("go test -run TestMaxExamples: exit %d, want the suite left out:\n%s", code, out)
	}
	out, code = run([]string{"VIAMAIN_BREAK=1"}, "-test.v", "-test.run", "TestMutpropSuite/max")
	if code != 1 || !strings.Contains(out, "--- FAIL: TestMutpropSuite/max/upper-bound") || !strings.Contains(out, "[mutprop] failed after") ||
		!strings.Contains(out, "--- PASS: TestMutpropSuite/max/commutative") {
		t.Errorf("a property failing on the original: exit %d, want 1 and its failure:\n%s", code, out)
	}

	ops, err := mutate.SelectOperators("relational")
	if err != nil {
		t.Fatal(err)
	}
	cfg := gotest.Config{Dir: viaMainDir, Patterns: []string{"."}, Workers: 2, Seed: 1, Operators: ops, TempDir: t.TempDir(),
		Timeouts: proc.Timeouts{Factor: 10, Const: 2 * time.Second, Floor: time.Second}}
	res, err := gotest.Score(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	p := res.Packages[0]
	if len(p.Suites) != 1 {
		t.Fatalf("want the suite of TestMain, got %+v", p.Suites)
	}
	r := p.Suites[0]
	if r.Err != "" || r.Name != "max" || r.Test != "" || r.Protocol.DecideBudget != 100 || len(r.Properties) != 2 {
		t.Fatalf("suite %+v", r)
	}
	for _, sp := range r.Properties {
		if sp.Original != outcome.Survived || sp.BlackBox.Total != 5 || sp.WhiteBox.Total != len(p.Mutants) {
			t.Errorf("%s: original %s, %d black-box and %d white-box mutants measured, want survived, 5 and %d",
				sp.Property, sp.Original, sp.BlackBox.Total, sp.WhiteBox.Total, len(p.Mutants))
		}
		if sp.Property == "upper-bound" && sp.BlackBox.Detected != 5 {
			t.Errorf("upper-bound (complete for Max) detected %d/5 black-box mutants", sp.BlackBox.Detected)
		}
	}
	for _, c := range r.Cells {
		if c.Error != "" {
			t.Errorf("cell %s/%s: %s", c.Mutant, c.Property, c.Error)
		}
	}
	assertNothingLeft(t, cfg.TempDir)
}
