package gotest_test

import (
	"context"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mutprop/mutprop/gotest"
	"github.com/mutprop/mutprop/internal/testfix"
)

// TestATestThatFailsOnlyInMutpropsCopyIsNotSaidToFailUnderGoTest scores
// testdata/outside, whose TestShared reads a file beside the module: go
// test passes in the user's tree, and the test fails in mutprop's copy
// of the module. The refusal says so, and never that go test fails too.
func TestATestThatFailsOnlyInMutpropsCopyIsNotSaidToFailUnderGoTest(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	dir := filepath.Join(testfix.Module(t, filepath.Join("testdata", "outside.txtar")), "mod")
	goTest := exec.Command("go", "test", "-count=1", ".")
	goTest.Dir = dir
	if out, err := goTest.CombinedOutput(); err != nil {
		t.Fatalf("go test fails in the fixture's tree: %v\n%s", err, out)
	}
	_, err := gotest.Score(context.Background(), gotest.Config{Dir: dir, Patterns: []string{"."}, Workers: 2, TempDir: t.TempDir(), NoFloor: true})
	if err == nil {
		t.Fatal("scored a package whose TestShared fails in mutprop's copy")
	}
	msg := err.Error()
	if strings.Contains(msg, "go test fails too") {
		t.Errorf("the refusal says go test fails too: %s", msg)
	}
	for _, want := range []string{"fails in mutprop's copy of the module, though go test", "passes in your tree", "TestShared"} {
		if !strings.Contains(msg, want) {
			t.Errorf("the refusal lacks %q: %s", want, msg)
		}
	}
}
