package mutproptest_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mutprop/mutprop/mutproptest"
	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/proc"
	"github.com/mutprop/mutprop/propsuite"
)

// insert is a sorted insert, the subject of the Func suite below.
func insert(x int, xs []int) []int {
	out := make([]int, 0, len(xs)+1)
	i := 0
	for i < len(xs) && xs[i] < x {
		out = append(out, xs[i])
		i++
	}
	out = append(out, x)
	return append(out, xs[i:]...)
}

type insertFunc = func(int, []int) []int

type input struct {
	x  int
	xs []int
}

var orderedInputs = propsuite.Map(propsuite.Pair(propsuite.IntSized(), propsuite.SliceOf(propsuite.IntSized())),
	func(p propsuite.PairOf[int, []int]) input {
		slices.Sort(p.Second)
		return input{p.First, p.Second}
	})

func prop(name string, check func(f insertFunc, in input) bool) mutproptest.Property[insertFunc] {
	return mutproptest.Property[insertFunc]{Name: name, Test: func(f insertFunc) propsuite.Test {
		return propsuite.ForAll(orderedInputs, func(in input) bool { return check(f, in) })
	}}
}

var insertSuite = mutproptest.Func[insertFunc]{
	Name:    "insert",
	Subject: insert,
	Mutants: 10,
	Properties: []mutproptest.Property[insertFunc]{
		prop("deterministic", func(f insertFunc, in input) bool { return slices.Equal(f(in.x, in.xs), f(in.x, in.xs)) }),
		prop("complete", func(f insertFunc, in input) bool {
			want := append(slices.Clone(in.xs), in.x)
			slices.Sort(want)
			return slices.Equal(f(in.x, in.xs), want)
		}),
	},
}.Suite()

// TestInsertSuite registers the Func suite: under go test its properties
// run on insert.
func TestInsertSuite(t *testing.T) { mutproptest.Run(t, insertSuite) }

func TestFuncSuiteMutantsAreDetectedOnlyByACompleteProperty(t *testing.T) {
	res, err := propsuite.Run(context.Background(), insertSuite, &propsuite.Options{Seed: 1, Workers: 2,
		Protocol: &propsuite.Protocol{Kind: "trials", Trials: 1, DecideBudget: 200}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Cells) != 2*11 {
		t.Fatalf("got %d cells, want 22 (11 mutants x 2 properties)", len(res.Cells))
	}
	for _, c := range res.Cells {
		switch {
		case c.Error != "":
			t.Errorf("%s/%s: %s", c.Mutant, c.Property, c.Error)
		case c.Mutant == "" && c.Fails:
			t.Errorf("the original fails %s", c.Property)
		case c.Mutant != "" && c.Property == "deterministic" && c.Fails:
			t.Errorf("%s fails the tautology: a black-box mutant must be a function", c.Mutant)
		case c.Mutant != "" && c.Property == "complete":
			// An every-point mutant differs from insert at every input, so
			// a complete property fails at the first test.
			if !slices.Equal(c.Counts, []int{1}) {
				t.Errorf("%s: complete property: tests-to-failure %v, want [1]", c.Mutant, c.Counts)
			}
		}
	}
}

func TestFuncSuiteOfAnUnmutableFunctionFailsEveryCell(t *testing.T) {
	s := mutproptest.Func[func(int)]{Name: "noresult", Subject: func(int) {},
		Properties: []mutproptest.Property[func(int)]{{Name: "p", Test: func(func(int)) propsuite.Test {
			return propsuite.ForAll(propsuite.IntSized(), func(int) bool { return true })
		}}}}.Suite()
	_, err := s.Test(propsuite.Mutant{}, "p", mutproptest.DefaultGenerator)
	if err == nil || !strings.Contains(err.Error(), "no results") {
		t.Fatalf("want blackbox's error naming the problem, got %v", err)
	}
}

// The worker suite: its original passes, and each mutant ends a different
// way. The schemata mutant is the original code under MUTPROP_ACTIVE=3,
// as in a test binary built over schemata.
var workerSuite = &propsuite.Suite{
	Name: "worker",
	Mutants: []propsuite.Mutant{{}, {ID: "fails"}, {ID: "panics"}, {ID: "exits"}, {ID: "hangs"},
		{ID: "operator:double.go:1:1:arith", Origin: "operator", Schema: 3}},
	Properties: []string{"double"},
	Generators: []string{"ints"},
	Test: func(m propsuite.Mutant, _, _ string) (propsuite.Test, error) {
		double := func(x int) int { return 2 * x }
		switch m.ID {
		case "":
			if os.Getenv(propsuite.ActiveEnv) == "3" {
				double = func(x int) int {
					if x > 5 {
						return 2*x + 1
					}
					return 2 * x
				}
			}
		case "fails":
			double = func(x int) int {
				fmt.Println("noise on standard output") // must not corrupt the protocol
				if x%7 == 3 {
					return x
				}
				return 2 * x
			}
		case "panics":
			double = func(x int) int {
				if x > 4 {
					panic("double: too big")
				}
				return 2 * x
			}
		case "exits":
			double = func(int) int { os.Exit(3); return 0 }
		case "hangs":
			double = func(int) int { time.Sleep(time.Hour); return 0 }
		default:
			return nil, fmt.Errorf("no mutant %q", m.ID)
		}
		return propsuite.ForAll(propsuite.IntSized(), func(x int) bool { return double(x) == x+x }), nil
	},
}

// TestWorkerHost registers the worker suite: under go test it checks the
// original; started with propsuite.SuiteWorkerEnv=worker it is the worker.
func TestWorkerHost(t *testing.T) { mutproptest.Run(t, workerSuite, mutproptest.Tests(300)) }

func workerPool(timeout time.Duration) *propsuite.Processes {
	return &propsuite.Processes{CellTimeout: timeout, Command: func() (proc.Spec, error) {
		return proc.Spec{Path: os.Args[0], Args: []string{"-test.run=^TestWorkerHost$", "-test.count=1"},
			Env: append(os.Environ(), propsuite.SuiteWorkerEnv+"=worker")}, nil
	}}
}

func TestTheTestBinaryServesTrialsAndItsDeadOrHungWorkersAreReplaced(t *testing.T) {
	proto := &propsuite.Protocol{Kind: "mttf", Trials: 3, DecideBudget: 200, FailBudget: 1000}
	res, err := propsuite.Run(context.Background(), workerSuite, &propsuite.Options{Seed: 7, Workers: 2, Protocol: proto, Processes: workerPool(2 * time.Second)})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]propsuite.Cell{}
	for _, c := range res.Cells {
		got[c.Mutant] = c
	}
	want := map[string]outcome.Outcome{"": outcome.Survived, "fails": outcome.Killed, "panics": outcome.Crashed,
		"exits": outcome.Crashed, "hangs": outcome.Timeout, "operator:double.go:1:1:arith": outcome.Killed}
	for id, o := range want {
		c, ok := got[id]
		if !ok {
			t.Errorf("no cell for %q", id)
			continue
		}
		if c.Error != "" || c.Outcomes[o] == 0 {
			t.Errorf("%q: outcomes %v error %q, want %s", id, c.Outcomes, c.Error, o)
		}
	}
	if c := got["exits"]; !strings.Contains(c.Crash, "worker died") {
		t.Errorf("exits: crash %q does not say the worker died", c.Crash)
	}
	if c := got["panics"]; !strings.Contains(c.Crash, "double: too big") {
		t.Errorf("panics: crash %q lacks the panic", c.Crash)
	}

	// The cells that ran to the end are the numbers an in-process run
	// gives: the worker adds nothing but a process boundary.
	local := *workerSuite
	local.Mutants = []propsuite.Mutant{{}, {ID: "fails"}, {ID: "panics"}}
	lres, err := propsuite.Run(context.Background(), &local, &propsuite.Options{Seed: 7, Workers: 1, Protocol: proto})
	if err != nil {
		t.Fatal(err)
	}
	for _, lc := range lres.Cells {
		c := got[lc.Mutant]
		if !slices.Equal(c.Counts, lc.Counts) || fmt.Sprint(c.Outcomes) != fmt.Sprint(lc.Outcomes) {
			t.Errorf("%q: worker %v %v, in process %v %v", lc.Mutant, c.Outcomes, c.Counts, lc.Outcomes, lc.Counts)
		}
	}
	if c := got["fails"]; len(c.Counts) != 4 {
		t.Errorf("fails: mttf should record the deciding trial and 3 more, got counts %v", c.Counts)
	}
}

func TestDescribeModeWritesTheSuiteAndRunsNothing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "suites.jsonl")
	cmd := exec.Command(os.Args[0], "-test.run=^(TestWorkerHost|TestInsertSuite)$", "-test.count=1", "-test.v")
	cmd.Env = append(os.Environ(), propsuite.SuiteDescribeEnv+"="+path)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if !strings.Contains(string(out), "--- SKIP: TestWorkerHost") {
		t.Errorf("in describe mode the test should skip:\n%s", out)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var infos []propsuite.SuiteInfo
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var in propsuite.SuiteInfo
		if err := json.Unmarshal(sc.Bytes(), &in); err != nil {
			t.Fatal(err)
		}
		infos = append(infos, in)
	}
	slices.SortFunc(infos, func(a, b propsuite.SuiteInfo) int { return strings.Compare(a.Name, b.Name) })
	if len(infos) != 2 || infos[0].Name != "insert" || infos[1].Name != "worker" {
		t.Fatalf("described %+v, want the suites insert and worker", infos)
	}
	in, w := infos[0], infos[1]
	if in.Test != "TestInsertSuite" || len(in.Mutants) != 11 || in.Mutants[1].ID != mutproptest.MutantID("insert", 1) ||
		!slices.Equal(in.Properties, []string{"deterministic", "complete"}) || !slices.Equal(in.Generators, []string{"default"}) {
		t.Errorf("insert described as %+v", in)
	}
	if w.Test != "TestWorkerHost" || len(w.Mutants) != 6 || w.Protocol != propsuite.HostedProtocol(propsuite.Protocol{}) {
		t.Errorf("worker described as %+v", w)
	}
}

// failing is a suite whose properties fail on the original: under go test
// the test that registers it must fail, with mutprop's message.
var failing = &propsuite.Suite{
	Name: "failing", Mutants: []propsuite.Mutant{{}}, Properties: []string{"small", "nonzero", "holds"}, Generators: []string{"ints"},
	Test: func(_ propsuite.Mutant, p, _ string) (propsuite.Test, error) {
		switch p {
		case "small":
			return propsuite.ForAll(propsuite.IntSized(), func(x int) bool { return x < 10 }), nil
		case "nonzero":
			return propsuite.ForAll(propsuite.IntSized(), func(x int) bool { return 100/x != 1000 }), nil // divides by zero at size 0
		}
		return propsuite.ForAll(propsuite.IntSized(), func(x int) bool { return x >= -1000 }), nil // IntSized stays within ±100
	},
}

func TestHelperFailingSuite(t *testing.T) {
	if os.Getenv("MUTPROPTEST_CHILD") != "failing" {
		return // only the child process of the test below registers the failing suite
	}
	mutproptest.Run(t, failing)
}

func TestAPropertyThatFailsOnTheOriginalFailsGoTest(t *testing.T) {
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperFailingSuite$", "-test.count=1", "-test.v")
	cmd.Env = append(os.Environ(), "MUTPROPTEST_CHILD=failing")
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 1 {
		t.Fatalf("want exit status 1, got %v\n%s", err, out)
	}
	for _, want := range []string{
		"--- FAIL: TestHelperFailingSuite/small", "[mutprop] failed after",
		"--- FAIL: TestHelperFailingSuite/nonzero", "[mutprop] panic after 1 tests", "integer divide by zero",
		"--- PASS: TestHelperFailingSuite/holds",
	} {
		if !strings.Contains(string(out), want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}
