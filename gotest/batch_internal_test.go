package gotest

import (
	"maps"
	"slices"
	"testing"
)

func TestUnswitchableSitesRunBeforeTheTestsOrInTheFirstRunOnly(t *testing.T) {
	t.Parallel()
	rec := "r 1 2\n" + // initialization
		"t 0 TestA\nr 3\n4\nt 0 TestB\nr 5 6\nr 7\n" +
		"t 1 TestA\nr 3\nt 1 TestB\nr 5\nr 7\n"
	got, err := unswitchable([]byte(rec))
	if err != nil {
		t.Fatal(err)
	}
	if keys := slices.Sorted(maps.Keys(got)); !slices.Equal(keys, []int{1, 2, 6}) {
		t.Fatalf("unswitchable = %v, want 1 and 2 (initialization) and 6 (the first run only)", keys)
	}
}
