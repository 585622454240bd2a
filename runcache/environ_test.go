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
)

// TestTheCodeNamesTheVariablesReadBeforeTheLog: the variables named by
// literal in os.Getenv, os.LookupEnv and syscall.Getenv calls of a test
// package's test files and of the code it links, but mutprop's own, and
// nothing else.
func TestTheCodeNamesTheVariablesReadBeforeTheLog(t *testing.T) {
	t.Parallel()
	dir, lib := t.TempDir(), t.TempDir()
	write := func(dir, name, content string) {
		t.Helper()
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644))
	}
	write(dir, "a.go", `package a; import "os"; func init() { _ = os.Getenv("A_INIT"); _, _ = os.LookupEnv( "A_LOOKUP" ); _ = os.Getenv(name) }`)
	write(dir, "a_test.go", `package a; import ("os"; "syscall"); func TestMain() { syscall.Getenv("A_MAIN"); os.Getenv("TMPDIR") }`)
	write(dir, "notes.txt", `os.Getenv("NOT_GO")`)
	write(lib, "lib.go", `package lib; import "os"; var mode = os.Getenv("LIB_MODE")`)
	write(lib, "lib_test.go", `package lib; import "os"; var x = os.Getenv("LIB_TEST_ONLY")`)
	h := newTreeHasher(nil)
	got := h.getenvs(dir, map[string]*goListDep{dir: {}, lib: {}})
	assert.Equal(t, []string{"A_INIT", "A_LOOKUP", "A_MAIN", "LIB_MODE"}, got)
}

// TestOnlyWhatTheTestsReadOfTheEnvironmentRunsAgain: a package whose init
// panics when ENVINIT_PANIC is set is scored, then scored again from the
// cache although variables no test reads changed (HOSTNAME, the shell's
// SHLVL and OLDPWD), then with ENVINIT_PANIC set: the init function reads
// it before the test log starts, and its code names it, so that run is
// not served from the cache, and fails as go test does.
func TestOnlyWhatTheTestsReadOfTheEnvironmentRunsAgain(t *testing.T) {
	testfix.EndToEnd(t)
	dir := filepath.Join(t.TempDir(), "envinit")
	testfix.WriteTxtar(t, filepath.Join("testdata", "envinit.txtar"), dir)
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

	t.Setenv("HOSTNAME", "another-host")
	t.Setenv("SHLVL", "42")
	t.Setenv("OLDPWD", t.TempDir())
	second, err := run()
	require.NoError(t, err, second)
	assert.Contains(t, second, "from the cache, 0 run: nothing built", "variables no test reads changed the key")

	t.Setenv("ENVINIT_PANIC", "1")
	third, err := run()
	assert.NotContains(t, third, "from the cache, 0 run", "the cache served a run whose environment changed")
	require.Error(t, err, "init panics: the baseline must fail\n%s", third)
	assert.Contains(t, err.Error(), "ENVINIT_PANIC is set")
}
