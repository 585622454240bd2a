package testorder

import (
	"reflect"
	"testing"
	"time"
)

func TestSpeedClassesArePowersOfTenFrom100ms(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		d    time.Duration
		want int
	}{
		{0, 0}, {99 * time.Millisecond, 0}, {100 * time.Millisecond, 1}, {999 * time.Millisecond, 1},
		{time.Second, 2}, {15 * time.Second, 3}, {10 * time.Hour, 6},
	} {
		if got := Class(c.d); got != c.want {
			t.Errorf("Class(%v) = %d, want %d", c.d, got, c.want)
		}
	}
}

// sorted sorts tests (Sort) and returns their names in order.
func sorted(tests []Test) []string {
	Sort(tests)
	names := make([]string, len(tests))
	for i, tc := range tests {
		names[i] = tc.Name
	}
	return names
}

// TestTestsSortByClassThenOwnThenOrder: a 50 ms test of another package
// comes before a 2 s test of the package itself; within a class the
// package's own tests come first, then the binaries' order; speeds that
// differ within a class do not reorder (timing noise moves no test).
func TestTestsSortByClassThenOwnThenOrder(t *testing.T) {
	t.Parallel()
	tests := []Test{
		{Name: "TestSlow", Own: true, Order: 0, Speed: 2 * time.Second},
		{Name: "other.TestB", Order: 1 << 20, Speed: 50 * time.Millisecond},
		{Name: "TestA2", Own: true, Order: 2, Speed: 90 * time.Millisecond},
		{Name: "TestA1", Own: true, Order: 1, Speed: time.Millisecond},
	}
	if got, want := sorted(tests), []string{"TestA1", "TestA2", "other.TestB", "TestSlow"}; !reflect.DeepEqual(got, want) {
		t.Errorf("order %v, want %v", got, want)
	}
}

// TestNearTestsComeFirstWithinAClass: a test near the mutant (of its
// file) comes before the package's own tests of its class, never before
// a quicker class.
func TestNearTestsComeFirstWithinAClass(t *testing.T) {
	t.Parallel()
	tests := []Test{
		{Name: "TestA", Own: true, Order: 0, Speed: time.Millisecond},
		{Name: "TestSlowNear", Own: true, Order: 1, Speed: 2 * time.Second, Near: true},
		{Name: "other.TestNear", Order: 1 << 20, Speed: time.Millisecond, Near: true},
		{Name: "TestNear", Own: true, Order: 3, Speed: time.Millisecond, Near: true},
	}
	if got, want := sorted(tests), []string{"TestNear", "other.TestNear", "TestA", "TestSlowNear"}; !reflect.DeepEqual(got, want) {
		t.Errorf("order %v, want %v", got, want)
	}
}

// TestTheFirstTestRunsAloneThenOneProcessPerBinaryAndClass.
func TestTheFirstTestRunsAloneThenOneProcessPerBinaryAndClass(t *testing.T) {
	t.Parallel()
	bin := map[string]int{"A": 0, "B": 0, "C": 1, "D": 0, "E": 0}
	speed := map[string]time.Duration{"A": 1, "B": 2, "C": 3, "D": 4, "E": 2 * time.Second}
	got := Stages([]string{"A", "B", "C", "D", "E"}, func(n string) int { return bin[n] }, func(n string) time.Duration { return speed[n] })
	want := [][]string{{"A"}, {"B", "D"}, {"C"}, {"E"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("stages %v, want %v", got, want)
	}
	if Stages(nil, func(string) int { return 0 }, func(string) time.Duration { return 0 }) != nil {
		t.Errorf("no tests, some stages")
	}
}

func TestUnreachedLeavesOutWhatPassedAndTheCulprit(t *testing.T) {
	t.Parallel()
	got := Unreached([]string{"A", "B", "C", "D"}, []string{"A"}, "B")
	if want := []string{"C", "D"}; !reflect.DeepEqual(got, want) {
		t.Errorf("unreached %v, want %v", got, want)
	}
	if got, want := Unreached([]string{"A", "B"}, nil, ""), []string{"A", "B"}; !reflect.DeepEqual(got, want) {
		t.Errorf("no culprit: unreached %v, want %v", got, want)
	}
}
