package gotest_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mutprop/mutprop/gotest"
	"github.com/mutprop/mutprop/internal/testfix"
	"github.com/mutprop/mutprop/internal/testlog"
	"github.com/mutprop/mutprop/proc"
)

// TestTheBaselineRecordsWhatTheTestsRead scores testdata/reads.txtar,
// whose test reads files outside its package's directory, looks up a
// variable, and reads back what it wrote: the package's Inputs hold the
// user's inputs, paths relative to the module root, with the variables
// the runtime reads; not the files the test wrote, its TMPDIR or
// anything in the run's temporary directory.
func TestTheBaselineRecordsWhatTheTestsRead(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	dir := testfix.Module(t, filepath.Join("testdata", "reads.txtar"))
	tmp := t.TempDir()
	var inputs map[string][]testlog.Input
	cfg := gotest.Config{Dir: dir, Patterns: []string{"./app"}, Workers: 2, Seed: 1, NoFloor: true, TempDir: tmp,
		Timeouts: proc.Timeouts{Factor: 5, Const: time.Second, Floor: time.Second},
		Observer: observerFuncs{ready: func(pr *gotest.PackageResult) error { inputs = pr.Inputs; return nil }}}
	_, err := gotest.Score(context.Background(), cfg)
	require.NoError(t, err)
	got := inputs["example.com/reads/app"]
	t.Logf("inputs: %v", got)
	require.NotNil(t, got, "no inputs for the package's own tests: %v", inputs)
	for _, want := range append(testlog.RuntimeEnv(),
		testlog.Input{Op: testlog.Open, Name: "fixtures/mode.txt"},
		testlog.Input{Op: testlog.Stat, Name: "fixtures/optional.txt"},
		testlog.Input{Op: testlog.Open, Name: "shared/exp.txt"},
		testlog.Input{Op: testlog.Getenv, Name: "READS_MODE"},
	) {
		assert.Contains(t, got, want)
	}
	for _, in := range got {
		switch {
		case in.Op == testlog.Getenv:
			assert.NotEqual(t, "TMPDIR", in.Name, "mutprop sets TMPDIR")
		case filepath.IsAbs(in.Name):
			assert.False(t, strings.HasPrefix(in.Name, tmp), "an input in the run's temporary directory: %s", in)
		default:
			assert.NotContains(t, in.Name, "out.txt", "a file the test wrote itself")
		}
	}
}
