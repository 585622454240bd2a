package scenarios

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mutprop/mutprop/engine"
	"github.com/mutprop/mutprop/internal/cli"
)

// setupWith parses args into experiment flags (with --in-process) and
// sets the experiment up.
func setupWith(t *testing.T, args ...string) (*ExperimentFlags, *Experiment, *cli.Env, error) {
	t.Helper()
	var f ExperimentFlags
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	f.Register(fs, true)
	if err := fs.Parse(args); err != nil {
		t.Fatal(err)
	}
	e := &cli.Env{Stdout: &bytes.Buffer{}, Stderr: &bytes.Buffer{}}
	x, err := f.Setup(e, engine.Header{Suite: "test", Extra: map[string]string{"k": "v"}})
	return &f, x, e, err
}

func TestBadExperimentFlagsAreUsageErrors(t *testing.T) {
	t.Parallel()
	garbage := filepath.Join(t.TempDir(), "garbage.jsonl")
	if err := os.WriteFile(garbage, []byte("not json\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--workers", "-1"}, "--workers must be at least 0"},
		{[]string{"--shard", "3/2", "--journal", "j"}, `bad shard "3/2"`},
		{[]string{"--shard", "1/2"}, "--shard needs --journal FILE"},
		{[]string{"--resume"}, "--resume needs --journal FILE"},
		{[]string{"--resume", "--journal", garbage}, "garbage.jsonl"},
	} {
		_, _, e, err := setupWith(t, c.args...)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want one containing %q", c.args, err, c.want)
			continue
		}
		if code := cli.Fail(e, "scenario test", err); code != cli.ExitUsage {
			t.Errorf("%q: exit %d, want %d", c.args, code, cli.ExitUsage)
		}
	}
}

func TestAShardJournalsItsCellsAndSaysWhatToDoWithThem(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "j.jsonl")
	f, x, e, err := setupWith(t, "--seed", "7", "--workers", "3", "--in-process", "--shard", "2/3", "--journal", path)
	if err != nil {
		t.Fatal(err)
	}
	if !f.InProcess || x.Options.Seed != 7 || x.Options.Workers != 3 || x.Options.Shard != (engine.Shard{K: 2, N: 3}) || x.Journal == nil || x.Options.Journal != x.Journal {
		t.Fatalf("flags %+v gave options %+v", f, x.Options)
	}
	if err := x.finish(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	if !f.shardDone(e) {
		t.Fatal("a shard is not done")
	}
	if out := e.Stdout.(*bytes.Buffer).String(); !strings.HasPrefix(out, "shard 2/3 done; its cells are in "+path+".") {
		t.Fatalf("stdout %q", out)
	}
}

func TestAnInterruptedRunExits130(t *testing.T) {
	t.Parallel()
	_, x, e, err := setupWith(t)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err = x.finish(ctx, errors.New("stopped"))
	if code := cli.Fail(e, "scenario test", err); code != cli.ExitInterrupted {
		t.Fatalf("exit %d, want %d", code, cli.ExitInterrupted)
	}
	if err := x.finish(context.Background(), nil); err != nil {
		t.Fatalf("a run without error finished with %v", err)
	}
}

// fakeReport prints one line and is written as {"N": n}.
type fakeReport struct{ N int }

func (s *fakeReport) WriteText(w io.Writer) error {
	_, err := fmt.Fprintf(w, "report %d\n", s.N)
	return err
}

func TestReportPrintsAndWritesAReportButNotAShardsNorAFailedRuns(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	jsonPath := filepath.Join(dir, "out.json")
	f, x, e, err := setupWith(t)
	if err != nil {
		t.Fatal(err)
	}
	printed, err := f.Report(context.Background(), e, x, nil, &fakeReport{N: 3}, jsonPath, "  ")
	if !printed || err != nil {
		t.Fatalf("Report = %v, %v; want printed", printed, err)
	}
	if out := e.Stdout.(*bytes.Buffer).String(); out != "report 3\n" {
		t.Errorf("stdout %q", out)
	}
	if b, err := os.ReadFile(jsonPath); err != nil || string(b) != "{\n  \"N\": 3\n}\n" {
		t.Errorf("JSON %q, %v", b, err)
	}

	f, x, e, err = setupWith(t)
	if err != nil {
		t.Fatal(err)
	}
	if printed, err := f.Report(context.Background(), e, x, errors.New("broken"), &fakeReport{}, "", ""); printed || err == nil || err.Error() != "broken" {
		t.Errorf("after a failed run: Report = %v, %v; want the run's error", printed, err)
	}
	if out := e.Stdout.(*bytes.Buffer).String(); out != "" {
		t.Errorf("a failed run printed %q", out)
	}

	f, x, e, err = setupWith(t, "--shard", "1/2", "--journal", filepath.Join(dir, "j.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if printed, err := f.Report(context.Background(), e, x, nil, &fakeReport{N: 4}, jsonPath, ""); printed || err != nil {
		t.Errorf("a shard: Report = %v, %v; want not printed, no error", printed, err)
	}
	if out := e.Stdout.(*bytes.Buffer).String(); !strings.HasPrefix(out, "shard 1/2 done") {
		t.Errorf("a shard printed %q", out)
	}
}
