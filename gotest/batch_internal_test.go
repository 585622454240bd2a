package gotest

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mutprop/mutprop/internal/sandbox"
	"github.com/mutprop/mutprop/internal/testwatch"
	"github.com/mutprop/mutprop/mutate"
)

func TestUnswitchableSitesRunBeforeTheTestsOrInTheFirstRunOnly(t *testing.T) {
	t.Parallel()
	rec := "r 1 2\n" + // initialization
		"t 0 TestA\nr 3\n4\nt 0 TestB\nr 5 6\nr 7\n" +
		"t 1 TestA\nr 3\nt 1 TestB\nr 5\nr 7\n"
	got, err := unswitchable([]byte(rec))
	if err != nil {
		t.Fatal(err)
	}
	if keys := slices.Sorted(maps.Keys(got)); !slices.Equal(keys, []int{1, 2, 6}) {
		t.Fatalf("unswitchable = %v, want 1 and 2 (initialization) and 6 (the first run only)", keys)
	}
}

// TestTheSwitchIsAStandardPackageOfTheBuildWhereGOROOTIsKnown checks
// batchBuild: with a GOROOT, the switch is an overlay entry under its
// src, import path mutpropswitch, and nothing is written into the
// module's copy (the go command's cache keeps the compiled switch from
// run to run); without one, it is written into the copy, import path
// MODULE/mutpropswitch. The tests' rewrites call it by that path.
func TestTheSwitchIsAStandardPackageOfTheBuildWhereGOROOTIsKnown(t *testing.T) {
	t.Parallel()
	user := t.TempDir()
	for name, text := range map[string]string{
		"go.mod":    "module example.com/m\n\ngo 1.21\n",
		"m.go":      "package m\n\nfunc F() int { return 1 }\n",
		"m_test.go": "package m\n\nimport \"testing\"\n\nfunc TestF(t *testing.T) {}\n",
	} {
		if err := os.WriteFile(filepath.Join(user, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct{ goroot, path string }{
		{"/goroot", "mutpropswitch"},
		{"", "example.com/m/mutpropswitch"},
	} {
		tmpl, err := sandbox.CopyModule(user, filepath.Join(t.TempDir(), "copy"))
		if err != nil {
			t.Fatal(err)
		}
		rs := &runState{cfg: &Config{}}
		path, files, err := rs.batchBuild(tmpl, []string{user}, c.goroot)
		if err != nil {
			t.Fatal(err)
		}
		if path != c.path {
			t.Errorf("GOROOT %q: the switch's path %q, want %q", c.goroot, path, c.path)
		}
		_, inOverlay := files["/goroot/src/mutpropswitch/switch.go"]
		_, statErr := os.Stat(filepath.Join(tmpl.Root(), mutate.SwitchDir, "switch.go"))
		if written := statErr == nil; inOverlay == written || inOverlay != (c.goroot != "") {
			t.Errorf("GOROOT %q: the switch in the overlay %v, written into the copy %v", c.goroot, inOverlay, written)
		}
		test := files[filepath.Join(tmpl.PkgDir(), "m_test.go")]
		if want := "import mutpropswitch " + strconv.Quote(c.path); !strings.Contains(string(test), want) {
			t.Errorf("GOROOT %q: the test's rewrite lacks %q:\n%s", c.goroot, want, test)
		}
	}
}

// TestABatchOfASlowFirstTestHoldsFewMutants checks batchSizeOf: 32
// mutants a batch for a first test under 100 ms alone, 4 from 100 ms
// (its speed class, testorder.Class), whether the CPU alone or, missing,
// the baseline's time says so.
func TestABatchOfASlowFirstTestHoldsFewMutants(t *testing.T) {
	t.Parallel()
	s := &session{
		usage: map[string]testwatch.Usage{
			"TestQuick": {CPU: 99 * time.Millisecond},
			"TestSlow":  {CPU: 100 * time.Millisecond},
		},
		baseline: map[string]time.Duration{
			"TestQuick":      2 * time.Second, // the CPU alone decides
			"TestSlow":       time.Millisecond,
			"TestUnmeasured": 300 * time.Millisecond,
		},
	}
	for test, want := range map[string]int{"TestQuick": batchSize, "TestSlow": slowBatchSize, "TestUnmeasured": slowBatchSize} {
		if got := batchSizeOf(s, test); got != want {
			t.Errorf("batchSizeOf(%s) = %d, want %d", test, got, want)
		}
	}
}
