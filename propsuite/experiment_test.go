package propsuite

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/mutprop/mutprop/engine"
	"github.com/mutprop/mutprop/outcome"
)

// countingSuite is an in-process suite of 2 mutants x 2 properties x 2
// generators whose cells fail when the mutant is "bad", and which counts
// the cells it builds a test for.
func countingSuite() (*Suite, *sync.Map) {
	var built sync.Map
	s := &Suite{
		Name:       "counting",
		Mutants:    []Mutant{{ID: "good"}, {ID: "bad"}},
		Properties: []string{"p1", "p2"},
		Generators: []string{"g1", "g2"},
		Test: func(m Mutant, p, g string) (Test, error) {
			n, _ := built.LoadOrStore(cellKey("", m.ID, p, g), new(int))
			*n.(*int)++
			return func(r *rand.Rand, size int) CaseResult {
				if m.ID == "bad" && r.IntN(4) == 0 {
					return Fail
				}
				return Pass
			}, nil
		},
	}
	return s, &built
}

func TestResumedCellsAreNotRunAgain(t *testing.T) {
	t.Parallel()
	proto := &Protocol{Kind: "trials", Trials: 20, DecideBudget: 50}
	s, _ := countingSuite()
	full, err := Run(context.Background(), s, &Options{Seed: 3, Protocol: proto, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "j.jsonl")
	h := engine.Header{Suite: s.Name, Seed: 3}
	j, err := OpenCellLog(path, h, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range full.Cells[:5] {
		if err := j.Append(c); err != nil {
			t.Fatal(err)
		}
	}
	j.Close()
	if j, err = OpenCellLog(path, h, true); err != nil {
		t.Fatal(err)
	}
	s2, built := countingSuite()
	var last Progress
	res, err := Run(context.Background(), s2, &Options{Seed: 3, Protocol: proto, Workers: 2, Journal: j,
		Progress: func(p Progress) { last = p }})
	j.Close()
	if err != nil {
		t.Fatal(err)
	}
	if res.Resumed != 5 {
		t.Errorf("resumed %d, want 5", res.Resumed)
	}
	for _, c := range full.Cells[:5] {
		if _, ok := built.Load(c.Key()); ok {
			t.Errorf("cell %s was in the journal but ran again", strings.ReplaceAll(c.Key(), "\x1f", "/"))
		}
	}
	for _, c := range full.Cells[5:] {
		if n, ok := built.Load(c.Key()); !ok || *n.(*int) != 1 {
			t.Errorf("cell %s: want it run once", strings.ReplaceAll(c.Key(), "\x1f", "/"))
		}
	}
	failing := 0
	for _, c := range full.Cells {
		if c.Fails {
			failing++
		}
	}
	if failing != 4 {
		t.Fatalf("%d failing cells, want the 4 cells of the bad mutant", failing)
	}
	if last.Done != 8 || last.Total != 8 || last.Failing != failing {
		t.Errorf("last progress %+v, want 8/8 done with %d failing", last, failing)
	}
}

func TestACrashingCellKeepsItsFirstCrashAndStops(t *testing.T) {
	t.Parallel()
	calls := 0
	s := &Suite{
		Name: "crash", Mutants: []Mutant{{ID: "m"}}, Properties: []string{"p"}, Generators: []string{"g"},
		Test: func(Mutant, string, string) (Test, error) {
			return func(*rand.Rand, int) CaseResult {
				calls++
				if calls == 1 {
					return Fail // the deciding trial kills
				}
				panic(fmt.Sprintf("boom %d", calls))
			}, nil
		},
	}
	res, err := Run(context.Background(), s, &Options{Workers: 1, Protocol: &Protocol{Trials: 10, DecideBudget: 5, FailBudget: 5}})
	if err != nil {
		t.Fatal(err)
	}
	c := res.Cells[0]
	if !c.Fails || c.Outcomes[outcome.Killed] != 1 || c.Outcomes[outcome.Crashed] != 1 || c.Trials() != 2 {
		t.Fatalf("cell %+v, want one killed trial, then one crashed trial and no more", c)
	}
	if !strings.Contains(c.Crash, "boom 2") {
		t.Errorf("crash %q, want the first crash's message (boom 2)", c.Crash)
	}
	if len(c.Counts) != 1 || c.Counts[0] != 1 || c.Summary.N != 1 {
		t.Errorf("counts %v summary %+v, want the one killed trial's count 1", c.Counts, c.Summary)
	}
}

func TestACellThatCannotRunRecordsTheError(t *testing.T) {
	t.Parallel()
	s := &Suite{
		Name: "misuse", Mutants: []Mutant{{ID: "m"}}, Properties: []string{"p"}, Generators: []string{"g"},
		Test: func(Mutant, string, string) (Test, error) { return nil, fmt.Errorf("no such generator") },
	}
	res, err := Run(context.Background(), s, &Options{Workers: 1, Protocol: &Protocol{Trials: 3}})
	if err != nil {
		t.Fatal(err)
	}
	if c := res.Cells[0]; c.Error != "no such generator" || c.Fails || c.Trials() != 0 {
		t.Errorf("cell %+v, want the error recorded and no trial", c)
	}
}

func TestTheTrialsProtocolKeepsTheFirstCrashOfMany(t *testing.T) {
	t.Parallel()
	trial := 0
	s := &Suite{
		Name: "crashes", Mutants: []Mutant{{ID: "m"}}, Properties: []string{"p"}, Generators: []string{"g"},
		Test: func(Mutant, string, string) (Test, error) {
			return func(*rand.Rand, int) CaseResult {
				trial++
				if trial%2 == 0 {
					panic(fmt.Sprintf("crash in call %d", trial))
				}
				return Fail
			}, nil
		},
	}
	res, err := Run(context.Background(), s, &Options{Workers: 1, Protocol: &Protocol{Kind: "trials", Trials: 6, DecideBudget: 3}})
	if err != nil {
		t.Fatal(err)
	}
	c := res.Cells[0]
	if c.Outcomes[outcome.Killed] != 3 || c.Outcomes[outcome.Crashed] != 3 || !c.Fails || len(c.Counts) != 3 {
		t.Fatalf("cell %+v, want 3 killed and 3 crashed trials", c)
	}
	if !strings.Contains(c.Crash, "crash in call 2\n") {
		t.Errorf("crash %q, want the first (call 2)", c.Crash)
	}
}
