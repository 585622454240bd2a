package suitehost

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/proc"
	"github.com/mutprop/mutprop/propsuite"
)

func TestSuiteTestsFindsTheTestsThatRegisterSuitesDirectlyOrThroughHelpers(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"go.mod": "module example.com/p\n\ngo 1.26\n",
		"p.go":   "package p\n",
		"a_test.go": `package p

import (
	"strings"
	"time"
	"github.com/mutprop/mutprop/proc"
	"testing"

	mpt "github.com/mutprop/mutprop/mutproptest"
)

func TestDirect(t *testing.T) { mpt.Run(t, nil) }

func check(t *testing.T) { mpt.Run(t, nil) }

func wrapped(t *testing.T) { check(t) }

func TestThroughHelpers(t *testing.T) { wrapped(t) }

func TestUnrelated(t *testing.T) {}

func Testlower(t *testing.T) { check(t) }
`,
		"b_test.go": `package p_test

import (
	"strings"
	"time"
	"github.com/mutprop/mutprop/proc"
	"testing"

	"github.com/mutprop/mutprop/mutproptest"
)

func TestMain(m *testing.M) { mutproptest.Main(m, nil) }

func TestCheck(t *testing.T) { check(t) } // not the internal package's check
func check(*testing.T) {}
`,
		"c_test.go": `//go:build never

package p

import (
	"strings"
	"time"
	"github.com/mutprop/mutprop/proc"
	"testing"

	"github.com/mutprop/mutprop/mutproptest"
)

func TestExcluded(t *testing.T) { mutproptest.Run(t, nil) }
`,
	}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tests, hasMain, err := Tests(dir)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"TestDirect", "TestThroughHelpers"}; !slices.Equal(tests, want) || !hasMain {
		t.Errorf("Tests = %v, TestMain %v; want %v, true", tests, hasMain, want)
	}
}

func TestCellStatusOrdersKillsBeforeCrashesBeforeTimeouts(t *testing.T) {
	for _, c := range []struct {
		cell propsuite.Cell
		want outcome.Outcome
	}{
		{propsuite.Cell{Outcomes: map[outcome.Outcome]int{outcome.Survived: 3}}, outcome.Survived},
		{propsuite.Cell{Outcomes: map[outcome.Outcome]int{outcome.Killed: 1, outcome.Crashed: 1}}, outcome.Killed},
		{propsuite.Cell{Outcomes: map[outcome.Outcome]int{outcome.Crashed: 1}}, outcome.Crashed},
		{propsuite.Cell{Outcomes: map[outcome.Outcome]int{outcome.Timeout: 1}}, outcome.Timeout},
		{propsuite.Cell{Outcomes: map[outcome.Outcome]int{outcome.GaveUp: 1}}, outcome.GaveUp},
		{propsuite.Cell{Error: "no such cell"}, outcome.Error},
		{propsuite.Cell{Score: &propsuite.ScoreResult{Tests: 10, Failed: 2}}, outcome.Killed},
		{propsuite.Cell{Score: &propsuite.ScoreResult{Tests: 10}}, outcome.Survived},
	} {
		if got := cellStatus(c.cell); got != c.want {
			t.Errorf("cellStatus(%+v) = %s, want %s", c.cell, got, c.want)
		}
	}
}

// describer writes a test binary stand-in that registers the suites lines
// (JSON) in describe mode.
func describer(t *testing.T, lines string) proc.Spec {
	t.Helper()
	dir := t.TempDir()
	script := filepath.Join(dir, "p.test")
	body := "#!/bin/sh\ncat > \"$" + propsuite.SuiteDescribeEnv + "\" <<'END'\n" + lines + "END\n"
	if err := os.WriteFile(script, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	return proc.Spec{Path: script, Dir: dir, Timeout: time.Minute}
}

func TestDescribeReadsTheRegisteredSuitesAndRefusesTwoOfOneName(t *testing.T) {
	t.Parallel()
	out := filepath.Join(t.TempDir(), "suites.jsonl")
	infos, err := Describe(t.Context(), "p", describer(t, `{"name":"a","properties":["P"]}`+"\n"+`{"name":"b"}`+"\n"), out)
	if err != nil || len(infos) != 2 || infos[0].Name != "a" || infos[1].Name != "b" || !slices.Equal(infos[0].Properties, []string{"P"}) {
		t.Fatalf("Describe = %+v, %v; want suites a (property P) and b", infos, err)
	}
	out2 := filepath.Join(t.TempDir(), "suites.jsonl")
	if _, err := Describe(t.Context(), "p", describer(t, `{"name":"a"}`+"\n"+`{"name":"a"}`+"\n"), out2); err == nil || !strings.Contains(err.Error(), `two suites are named "a"`) {
		t.Errorf("two suites of one name: %v", err)
	}
}
