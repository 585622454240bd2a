package propsuite

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"runtime/debug"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mutprop/mutprop/engine"
	"github.com/mutprop/mutprop/internal/testfix"
	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/proc"
)

const testWorkerEnv = "MUTPROP_RUNNER_TEST_WORKER"

// testOwnerEnv names the test that started a worker.
const testOwnerEnv = "MUTPROP_RUNNER_TEST_OWNER"

// TestMain lets the test binary act as a pool worker, the way mutprop's own
// binary and users' test binaries do.
func TestMain(m *testing.M) {
	if os.Getenv(testWorkerEnv) == "1" {
		// The overflowing mutant must crash within its cell timeout even
		// on a loaded machine: a 1 MiB stack fills in milliseconds.
		debug.SetMaxStack(1 << 20)
		active, err := ParseActive(os.Getenv(ActiveEnv))
		if err == nil {
			err = Serve(context.Background(), workerSuite(active), active, os.Stdin, os.Stdout)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// workerSuite emulates a schematized subject: the active switch decides
// which "code" runs, as generated schemata code would.
func workerSuite(active int) *Suite {
	subject := func(x int) int {
		switch active {
		case 1:
			return x + 1 // a mutant the property kills
		case 2:
			//lint:ignore SA5002 a mutant that never terminates, on purpose
			for {
			}
		case 3:
			os.Exit(7) // a mutant that kills its process
		case 4:
			var overflow func(int) int
			overflow = func(n int) int { return overflow(n+1) + 1 }
			return overflow(x)
		}
		return x
	}
	return &Suite{
		Name: "pool-test",
		Mutants: []Mutant{{}, {ID: "plus1", Schema: 1}, {ID: "loop", Schema: 2}, {ID: "exit", Schema: 3},
			{ID: "overflow", Schema: 4}, {ID: "bb", Origin: "blackbox"}},
		Properties: []string{"identity", "even-size"},
		Generators: []string{"small", "large"},
		Test: func(m Mutant, p, g string) (Test, error) {
			gen := IntRange(0, 10)
			if g == "large" {
				gen = IntSized()
			}
			f := subject
			if m.ID == "bb" {
				f = func(x int) int { return subject(x) ^ 1 }
			}
			switch p {
			case "identity":
				return ForAll(gen, func(x int) bool { return f(x) == x }), nil
			case "even-size":
				return func(r *rand.Rand, size int) CaseResult {
					x := gen(r, size)
					return Implies(size%2 == 0, func() bool { return f(x)-x < 1 })
				}, nil
			}
			return nil, fmt.Errorf("no property %q", p)
		},
	}
}

// testPool returns a pool of this test binary's workers. Each worker also
// carries testOwnerEnv=<t.Name()>, so assertNoWorkerLeft counts only the
// workers of its own test, not those of tests running in parallel.
func testPool(t *testing.T) *Processes {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return &Processes{
		CellTimeout: 8 * time.Second, // generous: the machine may be loaded
		Command: func() (proc.Spec, error) {
			return proc.Spec{Path: exe, Args: []string{"-test.run=^$"},
				Env: append(os.Environ(), testWorkerEnv+"=1", testOwnerEnv+"="+t.Name())}, nil
		},
	}
}

func outcomes(res *Result) map[string]string {
	m := map[string]string{}
	for _, c := range res.Cells {
		var os []string
		for _, o := range []outcome.Outcome{outcome.Killed, outcome.Survived, outcome.Crashed, outcome.Timeout, outcome.GaveUp} {
			if c.Outcomes[o] > 0 {
				os = append(os, fmt.Sprintf("%s=%d", o, c.Outcomes[o]))
			}
		}
		m[c.Key()] = strings.Join(os, ",")
	}
	return m
}

func TestPoolContainsHangingExitingAndOverflowingMutants(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	s := workerSuite(0)
	// The looping mutant costs a whole timeout per cell: give it one cell.
	one := func(m Mutant, p, g string) bool { return m.ID != "loop" || (p == "identity" && g == "small") }
	res, err := Run(context.Background(), s, &Options{Seed: 3, Workers: 2, Processes: testPool(t), Protocol: &Protocol{Trials: 20}, Select: one})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Cells) != len(s.Mutants)*4-3 {
		t.Fatalf("%d cells, want %d", len(res.Cells), len(s.Mutants)*4-3)
	}
	want := map[string]outcome.Outcome{"": outcome.Survived, "plus1": outcome.Killed, "loop": outcome.Timeout, "exit": outcome.Crashed, "overflow": outcome.Crashed, "bb": outcome.Killed}
	for _, c := range res.Cells {
		w := want[c.Mutant]
		if c.Outcomes[w] == 0 || c.Error != "" {
			t.Errorf("cell %s/%s/%s: outcomes %v error %q, want %s", c.Mutant, c.Property, c.Generator, c.Outcomes, c.Error, w)
		}
	}
	for _, c := range res.Cells {
		if c.Mutant == "overflow" && !strings.Contains(c.Crash, "stack") {
			t.Errorf("overflow crash message does not mention the stack: %.200q", c.Crash)
		}
	}
	assertNoWorkerLeft(t)
}

func TestResultsDoNotDependOnWorkerCountOrProcesses(t *testing.T) {
	t.Parallel()
	s := workerSuite(0)
	s.Mutants = []Mutant{{}, {ID: "bb", Origin: "blackbox"}}
	opts := func(w int, p *Processes) *Options {
		return &Options{Seed: 9, Workers: w, Processes: p, Protocol: &Protocol{Trials: 50}}
	}
	one, err := Run(context.Background(), s, opts(1, nil))
	if err != nil {
		t.Fatal(err)
	}
	two, err := Run(context.Background(), s, opts(2, nil))
	if err != nil {
		t.Fatal(err)
	}
	pooled, err := Run(context.Background(), s, opts(2, testPool(t)))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(one.Cells, two.Cells) || !reflect.DeepEqual(one.Cells, pooled.Cells) {
		t.Fatalf("results differ:\n1 worker: %v\n2 workers: %v\npool: %v", outcomes(one), outcomes(two), outcomes(pooled))
	}
}

func TestAJournalResumesWithoutRerunningFinishedCells(t *testing.T) {
	t.Parallel()
	s := workerSuite(0)
	s.Mutants = []Mutant{{}, {ID: "bb", Origin: "blackbox"}}
	path := filepath.Join(t.TempDir(), "journal.jsonl")
	h := engine.Header{Suite: s.Name, Seed: 5}
	full, err := Run(context.Background(), s, &Options{Seed: 5, Protocol: &Protocol{Trials: 30}})
	if err != nil {
		t.Fatal(err)
	}
	// Write half of the cells, then a torn record, as a kill -9 would leave.
	j, err := OpenCellLog(path, h, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range full.Cells[:3] {
		if err := j.Append(c); err != nil {
			t.Fatal(err)
		}
	}
	j.Close()
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(`{"mutant":"bb","prop`)
	f.Close()

	if _, err := OpenCellLog(path, h, false); err == nil {
		t.Fatal("reopening an existing journal without resume succeeded; it must refuse")
	}
	if _, err := OpenCellLog(path, engine.Header{Suite: s.Name, Seed: 6}, true); err == nil {
		t.Fatal("resuming with another seed succeeded; it must refuse")
	}
	j, err = OpenCellLog(path, h, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(j.Warnings()) != 1 {
		t.Fatalf("warnings %q, want one about the torn record", j.Warnings())
	}
	resumed, err := Run(context.Background(), s, &Options{Seed: 5, Protocol: &Protocol{Trials: 30}, Journal: j})
	if err != nil {
		t.Fatal(err)
	}
	j.Close()
	if resumed.Resumed != 3 {
		t.Fatalf("resumed %d cells, want 3", resumed.Resumed)
	}
	if !reflect.DeepEqual(full.Cells, resumed.Cells) {
		t.Fatal("a resumed run differs from an uninterrupted one")
	}
	_, cells, warnings, err := engine.ReadLog(path, (*Cell).Key)
	if err != nil || len(cells) != len(full.Cells) || len(warnings) != 0 {
		t.Fatalf("final journal: %d cells, warnings %q, err %v; want %d cells, none", len(cells), warnings, err, len(full.Cells))
	}
}

func TestPhasesShareAJournalWithoutTakingEachOthersCells(t *testing.T) {
	t.Parallel()
	s := workerSuite(0)
	s.Mutants = []Mutant{{}, {ID: "bb", Origin: "blackbox"}}
	path := filepath.Join(t.TempDir(), "journal.jsonl")
	h := engine.Header{Suite: s.Name, Seed: 5}
	j, err := OpenCellLog(path, h, false)
	if err != nil {
		t.Fatal(err)
	}
	// The same cells under another protocol: were the phases keyed alike,
	// the second would take the first's cells from the journal.
	first, err := Run(context.Background(), s, &Options{Seed: 5, Protocol: &Protocol{Trials: 3}, Journal: j})
	if err != nil {
		t.Fatal(err)
	}
	second, err := Run(context.Background(), s, &Options{Seed: 5, Protocol: &Protocol{Trials: 30}, Journal: j, Phase: "second"})
	if err != nil {
		t.Fatal(err)
	}
	j.Close()
	if second.Resumed != 0 || len(second.Cells) != len(first.Cells) {
		t.Fatalf("second phase resumed %d cells of %d", second.Resumed, len(second.Cells))
	}
	want, err := Run(context.Background(), s, &Options{Seed: 5, Protocol: &Protocol{Trials: 30}, Phase: "second"})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(second.Cells, want.Cells) {
		t.Fatal("the second phase over the journal differs from the same phase without one")
	}
	differ := false
	for i, c := range second.Cells {
		c.Phase = ""
		differ = differ || !reflect.DeepEqual(c, first.Cells[i])
	}
	if !differ {
		t.Fatal("both phases measured the same cells: the test proves nothing")
	}
	j, err = OpenCellLog(path, h, true)
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	if n := len(j.Cells()); n != 2*len(first.Cells) {
		t.Fatalf("journal holds %d cells, want both phases' %d", n, 2*len(first.Cells))
	}
	again, err := Run(context.Background(), s, &Options{Seed: 5, Protocol: &Protocol{Trials: 30}, Journal: j, Phase: "second"})
	if err != nil {
		t.Fatal(err)
	}
	if again.Resumed != len(second.Cells) || !reflect.DeepEqual(again.Cells, second.Cells) {
		t.Fatalf("resumed second phase: %d cells from the journal, equal %v", again.Resumed, reflect.DeepEqual(again.Cells, second.Cells))
	}
}

func TestShardsPartitionTheCells(t *testing.T) {
	t.Parallel()
	s := workerSuite(0)
	s.Mutants = []Mutant{{}, {ID: "bb", Origin: "blackbox"}}
	seen := map[string]int{}
	for k := 1; k <= 3; k++ {
		res, err := Run(context.Background(), s, &Options{Seed: 1, Shard: engine.Shard{K: k, N: 3}, Protocol: &Protocol{Trials: 5}})
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range res.Cells {
			seen[c.Key()]++
		}
	}
	if len(seen) != 8 {
		t.Fatalf("shards covered %d cells, want 8", len(seen))
	}
	for k, n := range seen {
		if n != 1 {
			t.Fatalf("cell %q ran in %d shards", k, n)
		}
	}
}

func TestShardByPutsACellInTheShardOfTheKeyItNames(t *testing.T) {
	t.Parallel()
	s := workerSuite(0)
	s.Mutants = []Mutant{{}, {ID: "bb", Origin: "blackbox"}}
	// Every cell sharded by its mutant alone: the two mutants' cells go
	// whole to the shard of their mutant's key.
	byMutant := func(m Mutant, _, _ string) string { return "mutant " + m.ID }
	seen := map[string]int{}
	for k := 1; k <= 2; k++ {
		sh := engine.Shard{K: k, N: 2}
		res, err := Run(context.Background(), s, &Options{Seed: 1, Shard: sh, ShardBy: byMutant, Protocol: &Protocol{Trials: 5}})
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range res.Cells {
			if !sh.Has("mutant " + c.Mutant) {
				t.Fatalf("cell %q in shard %s, not its mutant's", c.Key(), sh)
			}
			seen[c.Key()]++
		}
	}
	if len(seen) != 8 {
		t.Fatalf("shards covered %d cells, want 8", len(seen))
	}
}

// assertNoWorkerLeft checks that no worker started by t's pools is still
// running.
func assertNoWorkerLeft(t *testing.T) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Second)
	for {
		var left []string
		procs, _ := filepath.Glob("/proc/[0-9]*/environ")
		for _, p := range procs {
			b, err := os.ReadFile(p)
			if err != nil || !strings.Contains(string(b), "\x00"+testOwnerEnv+"="+t.Name()+"\x00") {
				continue
			}
			pid := filepath.Base(filepath.Dir(p))
			if stat, err := os.ReadFile(filepath.Join("/proc", pid, "stat")); err == nil && strings.Contains(string(stat), ") Z ") {
				continue // a zombie of a parallel test, not running
			}
			left = append(left, pid)
		}
		if len(left) == 0 {
			return
		}
		if time.Now().After(deadline) {
			for _, pid := range left {
				var n int
				fmt.Sscan(pid, &n)
				syscall.Kill(n, syscall.SIGKILL)
			}
			t.Fatalf("worker processes left behind: %v", left)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
