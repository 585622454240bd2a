package runcache

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mutprop/mutprop/gotest"
	"github.com/mutprop/mutprop/internal/testfix"
	"github.com/mutprop/mutprop/proc"
	"github.com/mutprop/mutprop/runsettings"
)

// TestTheKeyHoldsTheBuildTags: a run with build tags is served from the
// cache by the same run, and not by one without tags, whose log names
// --tags; that run keeps the first one's verdicts; the process's GOFLAGS
// is never set.
func TestTheKeyHoldsTheBuildTags(t *testing.T) {
	testfix.EndToEnd(t)
	dir := filepath.Join(t.TempDir(), "envinit")
	testfix.WriteTxtar(t, filepath.Join("testdata", "envinit.txtar"), dir)
	t.Chdir(dir) // mutprop runs in the module, as go list does
	t.Setenv("GOFLAGS", "")
	results := filepath.Join(dir, ".mutprop")
	run := func(tags ...string) string {
		t.Helper()
		var log strings.Builder
		cfg := &gotest.Config{Dir: dir, Patterns: []string{"."}, Workers: 2, Seed: 1, NoFloor: true, TempDir: t.TempDir(), Tags: tags,
			Timeouts: proc.Timeouts{Factor: 5, Const: time.Second, Floor: time.Second}}
		logf := func(format string, args ...any) { fmt.Fprintf(&log, format+"\n", args...) }
		_, err := Score(context.Background(), cfg, Options{Results: results, Packages: []string{"example.com/envinit"}, Settings: runsettings.Settings{Tags: tags},
			Started: time.Now(), Logf: logf, Warnf: logf})
		require.NoError(t, err, log.String())
		require.Empty(t, os.Getenv("GOFLAGS"), "the process's GOFLAGS")
		return log.String()
	}
	first := run("mutproptag")
	assert.Contains(t, first, "0 of ", "the first run is not from the cache")
	second := run("mutproptag")
	assert.Contains(t, second, "from the cache, 0 run: nothing built", "the same tags")
	third := run()
	assert.NotContains(t, third, "from the cache, 0 run", "the cache served a run with other build tags")
	assert.Contains(t, third, "none with these settings (the last run's differ in --tags)")
	fourth := run("mutproptag")
	assert.Contains(t, fourth, "from the cache, 0 run: nothing built", "the run without tags evicted the verdicts with them")
}
