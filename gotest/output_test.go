package gotest_test

import (
	"path/filepath"
	"testing"

	"github.com/mutprop/mutprop/internal/testfix"
	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/proc"
)

// TestALongOutputLosesNoTestsEnd scores testdata/loud's variant: two of
// its tests print 3 MiB in one process (the baseline's, and the mutant's
// after TestQuick alone), more than a run keeps (its first and last MiB),
// and TestFirst ends in the part dropped. The stream is read whole as it
// comes, so TestFirst passed: the baseline passes (it refused the package
// as failing, "go test fails too") and the variant survives.
func TestALongOutputLosesNoTestsEnd(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	_, m, log := scoreNamed(t, testfix.Module(t, filepath.Join("testdata", "loud.txtar")), "named:sum", proc.Timeouts{})
	if m.Outcome != outcome.Survived {
		t.Errorf("%s: %s (%s), want survived\n%s", m.Mutant.ID, m.Outcome, m.Reason, log)
	}
}
