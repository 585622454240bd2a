package gotest

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/proc"
)

// failmsgWant is, per test of testdata/failmsg, the reason its failure
// must give: the t.Error/t.Fatal message, the panic, rapid's failure line;
// never the lines the test printed ("progress: ..."), its 50 MB of output
// or a t.Log before the failure.
var failmsgWant = map[string]string{
	"TestProgress":    `^failmsg_test\.go:\d+: Neg\(2\) = -2, want 998$`,
	"TestHuge":        `^failmsg_test\.go:\d+: Half\(6\) = 3, want 1003$`,
	"TestSub":         `^failmsg_test\.go:\d+: Twice\(4\) = 8, want 1008$`,
	"TestLogThenFail": `^failmsg_test\.go:\d+: Inc\(1\) = 2, want 1002$`,
	"TestPanic":       `^panic: Sign\(-5\) = -1$`,
	"TestRapid":       `^failmsg_test\.go:\d+: \[rapid\] failed after \d+ tests: Max\(-?\d+, -?\d+\) = -?\d+$`,
}

// TestAKilledTestsReasonIsItsFailureMessage runs each test of
// testdata/failmsg, made to fail (FAILMSG_BROKEN=1), the way mutprop runs
// a mutant (-test.v=test2json, rapid's seed pinned) and classifies the real
// output.
func TestAKilledTestsReasonIsItsFailureMessage(t *testing.T) {
	t.Setenv("FAILMSG_BROKEN", "1")
	ctx := context.Background()
	bin := buildFailmsg(ctx, t)
	for name, want := range failmsgWant {
		dir := t.TempDir()
		st, res, err := bin.runTests(ctx, runSpec{Tests: []string{name}, Dir: dir, Seed: 1, Timeout: 2 * time.Minute})
		if err != nil {
			t.Fatal(err)
		}
		v := classify(st, res)
		if v.Outcome != outcome.Killed || len(v.KilledBy) != 1 || v.KilledBy[0] != name {
			t.Errorf("%s: %s by %v (%q), want killed by it", name, v.Outcome, v.KilledBy, v.Reason)
			continue
		}
		if !regexp.MustCompile(want).MatchString(v.Reason) {
			t.Errorf("%s: reason %q, want %s", name, v.Reason, want)
		}
	}
}

// buildFailmsg builds testdata/failmsg's test binary, from a copy.
func buildFailmsg(ctx context.Context, t *testing.T) *testBinary {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "failmsg")
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("testdata", "failmsg"))); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "failmsg.test")
	cmd := exec.CommandContext(ctx, "go", "test", "-c", "-o", path, ".")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go test -c: %v\n%s", err, out)
	}
	bin, err := openBinary(ctx, path, dir)
	if err != nil {
		t.Fatal(err)
	}
	if !bin.Rapid {
		t.Fatal("the failmsg binary does not define rapid's flags")
	}
	return bin
}

func TestFailureMessageRanksPanicsMarkersMessagesThenPrintedLines(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("é", 300)
	for _, tc := range []struct{ name, out, want string }{
		{"a printed line before the message", "=== RUN   TestA\nprogress: 1\n    a_test.go:3: boom\n--- FAIL: TestA (0.00s)\n", "a_test.go:3: boom"},
		{"the last message before --- FAIL", "    a_test.go:3: checking\n    a_test.go:4: got 1\n        want 2\n--- FAIL: TestA (0.00s)\n    a_test.go:9: cleanup\n", "a_test.go:4: got 1"},
		{"a panic after --- FAIL", "    a_test.go:3: checking\n--- FAIL: TestA (0.00s)\npanic: boom [recovered]\ngoroutine 7 [running]:\n", "panic: boom"},
		{"gopter's printed marker", "progress\n! Max: Falsified after 3 passed tests.\n    a_test.go:3: failed with initial seed: 1\n", "! Max: Falsified after 3 passed tests."},
		{"quick's marker in a message", "    a_test.go:3: starting\n    a_test.go:5: #4: failed on input 7\n    a_test.go:6: done\n", "a_test.go:5: #4: failed on input 7"},
		{"printed lines only", "=== RUN   TestA\nfirst\nsecond\n--- FAIL: TestA (0.00s)\n", "first"},
		{"an example's output", "=== RUN   ExampleA\n--- FAIL: ExampleA (0.00s)\ngot:\n1\nwant:\n2\n", "got:"},
		{"dropped output is no message", "[mutprop: 100 bytes of output dropped here]\n--- FAIL: TestA (0.00s)\n", ""},
		{"a long line is bounded at a rune", "    a_test.go:3: " + long + "\n", ("a_test.go:3: " + long)[:199] + "..."},
		{"nothing", "=== RUN   TestA\n--- FAIL: TestA (0.00s)\n", ""},
	} {
		if got, _ := failureMessage(tc.out); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestAKilledTestsOwnPrintedLineGivesWayToItsSubtestsMessage: a test that
// prints and logs (rapid's TestCollectionsWithImpossibleMinSize logs its
// seed), then runs a failing subtest, is explained by the subtest's
// message; of several failing subtests, the first to start.
func TestAKilledTestsOwnPrintedLineGivesWayToItsSubtestsMessage(t *testing.T) {
	t.Parallel()
	out := frame(`=== RUN   TestT
progress: starting
    t_test.go:2: random seed 2
=== RUN   TestT/z
    t_test.go:5: z failed
--- FAIL: TestT/z (0.00s)
=== RUN   TestT/a
    t_test.go:5: a failed
--- FAIL: TestT/a (0.00s)
=== NAME  TestT
--- FAIL: TestT (0.00s)
FAIL
`)
	v := classify(parseStream(out), proc.Result{ExitCode: 1})
	if v.Outcome != outcome.Killed || v.Reason != "t_test.go:5: z failed" {
		t.Errorf("verdict %+v, want killed with the first failing subtest's message", v)
	}
}

// TestKilledMutantsAreExplainedByTheirTestsFailureMessages scores
// testdata/failmsg: each function is checked by one test, so each killed
// mutant's reason must be that test's failure message.
func TestKilledMutantsAreExplainedByTheirTestsFailureMessages(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "failmsg")
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("testdata", "failmsg"))); err != nil {
		t.Fatal(err)
	}
	res, err := Score(context.Background(), Config{
		Dir: dir, Patterns: []string{"."}, Workers: 2, Seed: 1,
		Timeouts: proc.Timeouts{Factor: 5, Const: 2 * time.Second, Floor: time.Second},
		TempDir:  t.TempDir(),
		NoFloor:  true,
	})
	if err != nil {
		t.Fatalf("score: %v", err)
	}
	want := map[string]string{
		"TestProgress":    `^failmsg_test\.go:\d+: Neg\(2\) = -?\d+, want -2$`,
		"TestHuge":        `^failmsg_test\.go:\d+: Half\(6\) = -?\d+, want 3$`,
		"TestSub":         `^failmsg_test\.go:\d+: Twice\(4\) = -?\d+, want 8$`,
		"TestLogThenFail": `^failmsg_test\.go:\d+: Inc\(1\) = -?\d+, want 2$`,
		"TestPanic":       `^panic: Sign\(-5\) = -?\d+$`,
		"TestRapid":       `^failmsg_test\.go:\d+: \[rapid\] failed after \d+ tests: Max\(-?\d+, -?\d+\) = -?\d+$`,
	}
	killedBy := map[string]int{}
	for _, m := range res.Packages[0].Mutants {
		if m.Outcome != outcome.Killed {
			continue
		}
		if len(m.KilledBy) != 1 || want[m.KilledBy[0]] == "" {
			t.Errorf("%s: killed by %v, want one test of the fixture", m.Mutant.ID, m.KilledBy)
			continue
		}
		killedBy[m.KilledBy[0]]++
		if !regexp.MustCompile(want[m.KilledBy[0]]).MatchString(m.Reason) {
			t.Errorf("%s: killed by %s with reason %q, want %s", m.Mutant.ID, m.KilledBy[0], m.Reason, want[m.KilledBy[0]])
		}
	}
	for test := range want {
		if killedBy[test] == 0 {
			t.Errorf("%s killed no mutant (kills: %v)", test, killedBy)
		}
	}
}
