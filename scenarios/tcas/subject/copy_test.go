package subject

import (
	"testing"

	"github.com/mutprop/mutprop/mutate"
	"github.com/mutprop/mutprop/mutate/mutatetest"
)

// TestTheSchematizedCopiesAreUpToDate checks the two copies the harness
// runs against this package: ../internal/mutated (the 41 faulty versions)
// and ../internal/operators (operator mutants and the versions); -update
// rewrites them.
func TestTheSchematizedCopiesAreUpToDate(t *testing.T) {
	t.Parallel()
	mutatetest.CheckCopy(t, ".", "../internal/mutated", &mutate.Options{NamedOnly: true})
	mutatetest.CheckCopy(t, ".", "../internal/operators", nil)
}
