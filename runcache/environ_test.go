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
	"github.com/mutprop/mutprop/proc"
)

// TestTheKeyHoldsEveryVariableButTheVolatileOnes: a variable's value
// changes its entry, a volatile one (shell, terminal, session) has none,
// and no value is written as is.
func TestTheKeyHoldsEveryVariableButTheVolatileOnes(t *testing.T) {
	t.Parallel()
	a := environment([]string{"HOME=/home/u", "FOO=1", "PWD=/a", "OLDPWD=/b", "SHLVL=2", "_=/usr/bin/mutprop", "TERM=xterm", "SSH_TTY=/dev/pts/1"})
	b := environment([]string{"HOME=/home/u", "FOO=2", "PWD=/c", "SHLVL=3", "TERM_PROGRAM=x", "SSH_CONNECTION=1"})
	assert.ElementsMatch(t, []string{envPrefix + "HOME", envPrefix + "FOO"}, sortedKeys(a))
	assert.Equal(t, a[envPrefix+"HOME"], b[envPrefix+"HOME"])
	assert.NotEqual(t, a[envPrefix+"FOO"], b[envPrefix+"FOO"])
	for _, v := range a {
		assert.NotContains(t, v, "/home/u")
	}
	assert.Equal(t, "environment variable FOO", envName(envPrefix+"FOO"))
}

// TestAChangedEnvironmentRunsAgain: a package whose init panics when
// ENVINIT_PANIC is set is scored, then scored again from the cache (the
// shell's volatile variables changed), then with ENVINIT_PANIC set: that
// run is not served from the cache, and fails as go test does.
func TestAChangedEnvironmentRunsAgain(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "envinit")
	require.NoError(t, os.CopyFS(dir, os.DirFS(filepath.Join("testdata", "envinit"))))
	t.Chdir(dir) // mutprop runs in the module, as go list does
	results := filepath.Join(dir, ".mutprop")
	run := func() (string, error) {
		t.Helper()
		var log strings.Builder
		cfg := &gotest.Config{Dir: dir, Patterns: []string{"."}, Workers: 2, Seed: 1, NoFloor: true, TempDir: t.TempDir(),
			Timeouts: proc.Timeouts{Factor: 5, Const: time.Second, Floor: time.Second}}
		logf := func(format string, args ...any) { fmt.Fprintf(&log, format+"\n", args...) }
		_, err := Score(context.Background(), cfg, Options{Results: results, Packages: []string{"example.com/envinit"},
			Started: time.Now(), Logf: logf, Warnf: logf})
		return log.String(), err
	}
	t.Setenv("ENVINIT_PANIC", "")
	os.Unsetenv("ENVINIT_PANIC")
	first, err := run()
	require.NoError(t, err, first)
	assert.Contains(t, first, "0 of ", "the first run is not from the cache")

	t.Setenv("SHLVL", "42")
	t.Setenv("OLDPWD", t.TempDir())
	second, err := run()
	require.NoError(t, err, second)
	assert.Contains(t, second, "from the cache, 0 run: nothing built", "volatile variables changed the key")

	t.Setenv("ENVINIT_PANIC", "1")
	third, err := run()
	assert.NotContains(t, third, "from the cache, 0 run", "the cache served a run whose environment changed")
	require.Error(t, err, "init panics: the baseline must fail\n%s", third)
	assert.Contains(t, err.Error(), "ENVINIT_PANIC is set")
}
