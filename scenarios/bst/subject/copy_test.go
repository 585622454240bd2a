package subject

import (
	"testing"

	"github.com/mutprop/mutprop/mutate"
	"github.com/mutprop/mutprop/mutate/mutatetest"
)

// TestTheSchematizedCopyIsUpToDate checks the two copies the harness runs
// against this package: ../internal/mutated (the named variants: the eight
// bugs and Etna's insert_2) and ../internal/operators (every operator
// mutant, for scoring the properties); -update rewrites them.
func TestTheSchematizedCopyIsUpToDate(t *testing.T) {
	t.Parallel()
	mutatetest.CheckCopy(t, ".", "../internal/mutated", &mutate.Options{NamedOnly: true})
	mutatetest.CheckCopy(t, ".", "../internal/operators", &mutate.Options{NoNamed: true})
}
