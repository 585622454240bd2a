package bst

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/propsuite"
	"github.com/mutprop/mutprop/report"
)

func TestTheOperatorCopyHasMutantsOfEveryFunctionThePropertiesCall(t *testing.T) {
	t.Parallel()
	ms := operatorMutants()
	if len(ms) < 100 {
		t.Fatalf("%d operator mutants, want over 100", len(ms))
	}
	// Lines of Find, Insert, Delete, join, Union, below, above, AppendList,
	// Size, validRange and AppendInsertions each have mutants; the thin
	// wrappers ToList, Keys and Insertions are ignored.
	for _, line := range []int{19, 34, 49, 65, 77, 88, 99, 116, 139, 156, 187} {
		if !slices.ContainsFunc(ms, func(m mutantInfo) bool { return m.Line == line }) {
			t.Errorf("no operator mutant on bst.go:%d", line)
		}
	}
	schemas := map[int]bool{}
	for _, m := range ms {
		if schemas[m.Schema] {
			t.Errorf("schema %d used twice", m.Schema)
		}
		schemas[m.Schema] = true
	}
}

func TestBlackBoxMutantsAreWrongAtEveryInputAndDeterministic(t *testing.T) {
	t.Parallel()
	tr := namedOps.insert(5, 1, namedOps.insert(3, 1, nil))
	for _, fn := range blackBoxFunctions {
		o, err := blackBoxOps(fn, 7)
		if err != nil {
			t.Fatal(err)
		}
		o2, _ := blackBoxOps(fn, 7)
		switch fn {
		case "insert":
			a, b := o.insert(4, 2, tr), namedOps.insert(4, 2, tr)
			if same(a, b) || !same(a, o2.insert(4, 2, tr)) {
				t.Errorf("insert mutant: %v vs original %v", shapeKey(a), shapeKey(b))
			}
		case "delete":
			if a := o.del(3, tr); same(a, namedOps.del(3, tr)) || !same(a, o2.del(3, tr)) {
				t.Errorf("delete mutant: %v", shapeKey(a))
			}
		case "union":
			if a := o.union(tr, nil); same(a, tr) || !same(a, o2.union(tr, nil)) {
				t.Errorf("union mutant: %v", shapeKey(a))
			}
		case "find":
			v, ok := o.find(3, tr)
			v2, ok2 := o2.find(3, tr)
			if (v == 1 && ok) || v != v2 || ok != ok2 {
				t.Errorf("find mutant: %d %v", v, ok)
			}
		}
	}
	if _, err := mutantOps("blackbox:sort:1"); err == nil {
		t.Error("a black-box mutant of an unknown function was accepted")
	}
}

// Not parallel: the watchdog reads the CPU time of the whole process,
// which parallel tests would spend while the sleeping test runs.
func TestTheWatchdogTripsOnASpinningTestButNotOnAnIdleOne(t *testing.T) {
	wd := &watchdog{MaxTestCPU: 100 * time.Millisecond, Poll: 5 * time.Millisecond}
	tripped := make(chan string, 1)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go wd.run(ctx, func(reason string) { tripped <- reason })
	// A test that sleeps (uses no CPU) for longer than the limit is fine.
	wd.wrap(func(*rand.Rand, int) propsuite.CaseResult { time.Sleep(300 * time.Millisecond); return propsuite.Pass })(nil, 0)
	select {
	case r := <-tripped:
		t.Fatalf("tripped on a sleeping test: %s", r)
	default:
	}
	var stop atomic.Bool
	go wd.wrap(func(*rand.Rand, int) propsuite.CaseResult {
		for !stop.Load() {
		}
		return propsuite.Pass
	})(nil, 0)
	defer stop.Store(true)
	select {
	case r := <-tripped:
		if !strings.Contains(r, "does not terminate") {
			t.Errorf("reason %q", r)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the watchdog did not trip on a spinning test")
	}
}

func TestTheMutantStudyKillsScoresAndSurvivesWhatItShould(t *testing.T) {
	t.Parallel()
	s, err := MutantSuite(MutantOptions{Generator: "holey", BlackBoxSeeds: 2})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]outcome.Outcome{
		"operator:bst.go:35:3:return-zero:zero":        "killed",   // insert into Leaf returns nil
		"operator:bst.go:29:9:literal:1":               "survived", // find's value when absent: unobservable
		"operator:bst.go:22:4:remove-statement:remove": "crashed",  // find loops: the watchdog ends the worker
		"blackbox:insert:1":                            "killed",
	}
	props := []string{"InsertModel", "FindModel", "DeleteModel", "NilValid"}
	exe := testPool(t, "mutants", []string{"holey"})
	res, err := propsuite.Run(context.Background(), s, &propsuite.Options{Seed: 3, Workers: 2, Processes: exe,
		Protocol: &propsuite.Protocol{Kind: "trials", Trials: 1, DecideBudget: 300},
		Select: func(m propsuite.Mutant, p, g string) bool {
			_, ok := want[m.ID]
			return (ok || m.ID == "") && slices.Contains(props, p)
		}})
	if err != nil {
		t.Fatal(err)
	}
	sub := *s
	sub.Properties = props
	sub.Mutants = slices.DeleteFunc(slices.Clone(s.Mutants), func(m propsuite.Mutant) bool { _, ok := want[m.ID]; return m.ID != "" && !ok })
	st, err := scoreMutants(&sub, res)
	if err != nil {
		t.Fatal(err)
	}
	if len(st.Mutants) != 4 {
		t.Fatalf("%d mutants scored, want 4", len(st.Mutants))
	}
	for _, m := range st.Mutants {
		if m.Status != want[m.ID] {
			t.Errorf("%s: %s (killed by %v), want %s", m.ID, m.Status, m.KilledBy, want[m.ID])
		}
	}
	byName := map[string]PropertyScore{}
	for _, p := range st.Properties {
		byName[p.Property] = p
	}
	if byName["NilValid"].Kills != 0 || !slices.Contains(st.Redundant, "NilValid") {
		t.Errorf("NilValid kills %d, redundant %v", byName["NilValid"].Kills, st.Redundant)
	}
	if len(st.Minimal) == 0 || len(st.Minimal) > 3 || slices.Contains(st.Minimal, "NilValid") {
		t.Errorf("minimal killing set %v", st.Minimal)
	}
	if b, err := report.JSON(st.Report()); err != nil || !strings.Contains(string(b), `"bst.go"`) {
		t.Errorf("mutation report: %v", err)
	}
}
