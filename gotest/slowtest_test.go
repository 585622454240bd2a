package gotest

import (
	"bytes"
	"context"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mutprop/mutprop/internal/testfix"
	"github.com/mutprop/mutprop/proc"
)

// TestATestPastTheLimitIsSetAsideFromTheFirstRun scores slowtest.txtar,
// whose TestSpin computes and TestWaits sleeps without end, under a test
// limit of 1 s: each is stopped in a run together, one after the other,
// and set aside with the limit in its reason; the package is scored with
// TestAdd, which kills Add's mutants. With StrictBaseline the package is
// refused, naming the first.
func TestATestPastTheLimitIsSetAsideFromTheFirstRun(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	for _, strict := range []bool{false, true} {
		t.Run(map[bool]string{false: "set aside", true: "strict"}[strict], func(t *testing.T) {
			t.Parallel()
			dir := filepath.Join(t.TempDir(), "slowtest")
			testfix.WriteTxtar(t, filepath.Join("testdata", "slowtest.txtar"), dir)
			var log bytes.Buffer
			cfg := Config{Dir: dir, Patterns: []string{"."}, Workers: 2, Seed: 1, NoFloor: true, TempDir: t.TempDir(), TestLimit: time.Second,
				StrictBaseline: strict, Log: &log, Timeouts: proc.Timeouts{Factor: 5, Const: time.Second, Floor: time.Second}}
			start := time.Now()
			res, err := Score(context.Background(), cfg)
			if strict {
				require.Error(t, err)
				assert.Contains(t, err.Error(), "TestSpin did not end within the limit of a test (--test-limit 1s of CPU")
				assert.Contains(t, err.Error(), "--strict-baseline")
				return
			}
			require.NoError(t, err, "log:\n%s", log.String())
			assert.Less(t, time.Since(start), 5*time.Minute, "no run waited for the 10 minutes of a baseline run")
			pr := res.Packages[0]
			var names []string
			for _, a := range pr.SetAside {
				names = append(names, a.Test)
				assert.Contains(t, a.Reason, "did not end within the limit of a test (--test-limit 1s of CPU, or as long blocked, or 4s in all)")
			}
			assert.Equal(t, []string{"TestSpin", "TestWaits"}, names, "log:\n%s", log.String())
			require.NotEmpty(t, pr.Mutants)
			for _, m := range pr.Mutants {
				assert.False(t, slices.ContainsFunc(m.Tests(), func(t string) bool { return t != "TestAdd" }), "mutant %s ran %v", m.Mutant.ID, m.Tests())
			}
			assert.True(t, slices.ContainsFunc(pr.Mutants, func(m MutantResult) bool { return slices.Contains(m.KilledBy, "TestAdd") }), "TestAdd kills Add's mutants")
		})
	}
}
