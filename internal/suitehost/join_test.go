package suitehost

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/propsuite"
)

// joinCell is a cell of property "a" under generator "g".
func joinCell(mutant string, o outcome.Outcome, counts ...int) propsuite.Cell {
	return propsuite.Cell{Mutant: mutant, Property: "a", Generator: "g", Counts: counts, Outcomes: map[outcome.Outcome]int{o: max(1, len(counts))}}
}

// joinParts is a suite measured whole, and as two shards measure it:
// each against the original and the suite's own mutant s/1, the first
// against white-box mutant w1, the second against w2.
func joinParts() (whole propsuite.HostedResult, parts [][]propsuite.HostedResult) {
	orig, own := joinCell("", outcome.Survived), joinCell("s/1", outcome.Killed, 2)
	w1, w2 := joinCell("w1", outcome.Killed, 1, 2), joinCell("w2", outcome.Killed, 4)
	bb := propsuite.Kills{Total: 1, Detected: 1, Killed: 1, MeanTestsToFailure: 2}
	result := func(white propsuite.Kills, cells []propsuite.Cell, muts []propsuite.MutantStatus, notCovered int, d time.Duration) propsuite.HostedResult {
		return propsuite.HostedResult{Package: "p", Name: "s", Test: "TestS", Seed: 1, Protocol: propsuite.Protocol{Kind: "mttf", Trials: 2},
			Properties: []propsuite.PropertyKills{{Property: "a", Generator: "g", Original: outcome.Survived, BlackBox: bb, WhiteBox: white}},
			Mutants:    muts, Cells: cells, NotCovered: notCovered, CellTimeout: d, Duration: d}
	}
	status := func(id, origin string) propsuite.MutantStatus {
		return propsuite.MutantStatus{ID: id, Origin: origin, Status: outcome.Killed, KilledBy: []string{"a"}}
	}
	whole = result(propsuite.Kills{Total: 2, Detected: 2, Killed: 2, MeanTestsToFailure: (1.5 + 4) / 2},
		[]propsuite.Cell{orig, own, w1, w2}, []propsuite.MutantStatus{status("s/1", "blackbox"), status("w1", "operator"), status("w2", "named")}, 3, 3*time.Second)
	one := result(propsuite.Kills{Total: 1, Detected: 1, Killed: 1, MeanTestsToFailure: 1.5},
		[]propsuite.Cell{orig, own, w1}, []propsuite.MutantStatus{status("s/1", "blackbox"), status("w1", "operator")}, 1, time.Second)
	two := result(propsuite.Kills{Total: 1, Detected: 1, Killed: 1, MeanTestsToFailure: 4},
		[]propsuite.Cell{orig, own, w2}, []propsuite.MutantStatus{status("s/1", "blackbox"), status("w2", "named")}, 2, 2*time.Second)
	whole.CellTimeout = 2 * time.Second // the larger shard's
	return whole, [][]propsuite.HostedResult{{two}, {one}}
}

// TestJoinGivesTheUnshardedSuite joins two shards' measures of a suite
// (given in reverse order): the suite's own mutant once, the white-box
// mutants and their cells in index order, the white-box kills summed and
// their mean tests-to-failure over both shards' mutants, the mutants
// left out summed; a mutant two shards measured is an error.
func TestJoinGivesTheUnshardedSuite(t *testing.T) {
	t.Parallel()
	whole, parts := joinParts()
	index := map[string]int{"w1": 0, "w2": 7}
	got, err := Join(parts, index)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, []propsuite.HostedResult{whole}) {
		t.Errorf("joined:\n%+v\nwant:\n%+v", got, []propsuite.HostedResult{whole})
	}
	if got, _ := Join(parts[:1], index); !reflect.DeepEqual(got, parts[0]) {
		t.Errorf("one part is not returned as it is: %+v", got)
	}
	if _, err := Join([][]propsuite.HostedResult{parts[0], parts[0]}, index); err == nil || !strings.Contains(err.Error(), "two shards measured mutant w2") {
		t.Errorf("a mutant in two shards: %v", err)
	}
}
