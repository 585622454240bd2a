package mutproptest

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/mutprop/mutprop/propsuite"
)

func TestTopLevelPatternStopsAtTheFirstSlashOutsideGroups(t *testing.T) {
	for pat, want := range map[string]string{
		"":                    "",
		"TestX":               "TestX",
		"TestX/sub":           "TestX",
		"^(TestA|TestB)$/x":   "^(TestA|TestB)$",
		"Test[/]X/y":          "Test[/]X",
		`Test\/X/y`:           `Test\/X`,
		"^TestMutpropSuite$/": "^TestMutpropSuite$",
	} {
		if got := topLevelPattern(pat); got != want {
			t.Errorf("topLevelPattern(%q) = %q, want %q", pat, got, want)
		}
	}
}

func TestTopLevelPatternAtTheStartOfThePattern(t *testing.T) {
	for pat, want := range map[string]string{
		"/sub":    "",
		"(a/b)/c": "(a/b)",
		"[/]/c":   "[/]",
	} {
		if got := topLevelPattern(pat); got != want {
			t.Errorf("topLevelPattern(%q) = %q, want %q", pat, got, want)
		}
	}
}

func TestOptionsTakeTestsAndProtocolAndTheFlagWins(t *testing.T) {
	p := propsuite.Protocol{Kind: "trials", Trials: 3}
	o := newOptions([]Option{nil, Tests(7), WithProtocol(p)})
	if o.tests != 7 || o.protocol != p {
		t.Errorf("options %+v, want 7 tests and %+v", o, p)
	}
	if o := newOptions(nil); o.tests != DefaultTests {
		t.Errorf("default options %+v, want %d tests", o, DefaultTests)
	}
	if err := flag.Set("mutprop.tests", "5"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = flag.Set("mutprop.tests", "0") })
	if o := newOptions([]Option{Tests(7)}); o.tests != 5 {
		t.Errorf("-mutprop.tests=5 with Tests(7): %d tests, want 5", o.tests)
	}
	if err := flag.Set("mutprop.tests", "1"); err != nil {
		t.Fatal(err)
	}
	if o := newOptions(nil); o.tests != 1 {
		t.Errorf("-mutprop.tests=1: %d tests, want 1", o.tests)
	}
}

func TestDescribeAppendsOneJSONLinePerSuite(t *testing.T) {
	path := filepath.Join(t.TempDir(), "suites.jsonl")
	infos := []propsuite.SuiteInfo{
		{Name: "one", Test: "TestOne", Mutants: []propsuite.Mutant{{}, {ID: "m1"}}, Properties: []string{"p"}, Generators: []string{"g"}},
		{Name: "two", Properties: []string{"q"}, Generators: []string{"h"}},
	}
	for _, info := range infos {
		if err := describe(path, info); err != nil {
			t.Fatal(err)
		}
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	if len(lines) != len(infos) {
		t.Fatalf("%d lines, want %d: %q", len(lines), len(infos), b)
	}
	for i, l := range lines {
		var got propsuite.SuiteInfo
		if err := json.Unmarshal([]byte(l), &got); err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		if !reflect.DeepEqual(got, infos[i]) {
			t.Errorf("line %d = %+v, want %+v", i+1, got, infos[i])
		}
	}
	err = describe(filepath.Join(t.TempDir(), "missing", "x.jsonl"), infos[0])
	if err == nil || !strings.Contains(err.Error(), "describe suite one") {
		t.Errorf("describe into a missing directory: %v, want an error naming the suite", err)
	}
}
