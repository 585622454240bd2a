package insert

import (
	"context"
	"io"
	"strings"
	"testing"
)

func TestTheWorkerReadsBackItsArguments(t *testing.T) {
	args := WorkerArgs(Config{Tests: 300, FixedMutants: 20, Lists: ConstructorLists})
	if err := ServeWorker(context.Background(), args, 0, strings.NewReader(""), io.Discard); err != nil {
		t.Fatalf("worker with %q: %v", args, err)
	}
	for _, bad := range [][]string{nil, {"--tests=0", "--mutants=5"}, {"--tests=5", "--mutants=5", "--list-mutator=bogus"}, append(args, "extra")} {
		if err := ServeWorker(context.Background(), bad, 0, strings.NewReader(""), io.Discard); err == nil {
			t.Errorf("worker with %q started", bad)
		}
	}
}
