package insert

import (
	"fmt"

	"github.com/mutprop/mutprop/blackbox"
)

// mutants returns the every-point black-box mutants of Insert and Sort for
// one seed: functions of the same types whose output differs from the
// original's at every input, the same wrong answer for the same input.
func mutants(seed uint64) (InsertFunc, SortFunc, error) {
	ins, err := blackbox.MutateFunc(Insert, blackbox.Seed(seed), blackbox.Name("Insert"))
	if err != nil {
		return nil, nil, fmt.Errorf("mutate Insert: %w", err)
	}
	sort, err := blackbox.MutateFunc(Sort, blackbox.Seed(seed), blackbox.Name("Sort"))
	if err != nil {
		return nil, nil, fmt.Errorf("mutate Sort: %w", err)
	}
	return ins, sort, nil
}
