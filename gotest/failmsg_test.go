package gotest

import (
	"context"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"github.com/mutprop/mutprop/internal/testbin"
	"github.com/mutprop/mutprop/internal/testfix"
	"github.com/mutprop/mutprop/internal/testjson"
	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/proc"
)

// failmsgWant is, per test of testdata/failmsg.txtar, the reason its failure
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
// testdata/failmsg.txtar, made to fail (FAILMSG_BROKEN=1), the way mutprop runs
// a mutant (-test.v=test2json, rapid's seed pinned) and classifies the real
// output.
func TestAKilledTestsReasonIsItsFailureMessage(t *testing.T) {
	testfix.EndToEnd(t)
	t.Setenv("FAILMSG_BROKEN", "1")
	ctx := context.Background()
	bin := buildFailmsg(ctx, t)
	for name, want := range failmsgWant {
		dir := t.TempDir()
		st, res, err := bin.Run(ctx, testbin.RunSpec{Tests: []string{name}, Dir: dir, Seed: 1, Timeout: 2 * time.Minute})
		if err != nil {
			t.Fatal(err)
		}
		v := testjson.Classify(st, res)
		if v.Outcome != outcome.Killed || len(v.KilledBy) != 1 || v.KilledBy[0] != name {
			t.Errorf("%s: %s by %v (%q), want killed by it", name, v.Outcome, v.KilledBy, v.Reason)
			continue
		}
		if !regexp.MustCompile(want).MatchString(v.Reason) {
			t.Errorf("%s: reason %q, want %s", name, v.Reason, want)
		}
	}
}

// buildFailmsg builds testdata/failmsg.txtar's test binary, from a copy.
func buildFailmsg(ctx context.Context, t *testing.T) *testbin.Binary {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "failmsg")
	testfix.WriteTxtar(t, filepath.Join("testdata", "failmsg.txtar"), dir)
	path := filepath.Join(t.TempDir(), "failmsg.test")
	cmd := exec.CommandContext(ctx, "go", "test", "-c", "-o", path, ".")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go test -c: %v\n%s", err, out)
	}
	bin, err := testbin.Open(ctx, path, dir)
	if err != nil {
		t.Fatal(err)
	}
	if !bin.Rapid {
		t.Fatal("the failmsg binary does not define rapid's flags")
	}
	return bin
}

// TestKilledMutantsAreExplainedByTheirTestsFailureMessages scores
// testdata/failmsg.txtar: each function is checked by one test, so each killed
// mutant's reason must be that test's failure message.
func TestKilledMutantsAreExplainedByTheirTestsFailureMessages(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "failmsg")
	testfix.WriteTxtar(t, filepath.Join("testdata", "failmsg.txtar"), dir)
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
