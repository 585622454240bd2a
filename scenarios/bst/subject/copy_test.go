package subject

import (
	"testing"

	"github.com/mutprop/mutprop/mutate"
	"github.com/mutprop/mutprop/mutate/mutatetest"
)

// TestTheSchematizedCopyIsUpToDate checks ../internal/mutated, the copy the
// harness runs, against this package; -update rewrites it.
func TestTheSchematizedCopyIsUpToDate(t *testing.T) {
	t.Parallel()
	mutatetest.CheckCopy(t, ".", "../internal/mutated", &mutate.Options{NamedOnly: true})
}
