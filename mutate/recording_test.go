package mutate

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mutprop/mutprop/internal/testfix"
)

// hotRun runs bin as the original with HOTLOOP_N=n, with its recording
// on when probe is set, and returns its output, the recording's lines and
// its memory: what it took from the system and what it allocated in all
// (runtime.MemStats.Sys and TotalAlloc, which the fixture prints on
// stderr: a child's getrusage peak would include the parent's).
func hotRun(t *testing.T, bin string, n int, probe string) (out string, recorded []string, sys, alloc uint64) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin)
	cmd.Env = append(os.Environ(), "HOTLOOP_N="+strconv.Itoa(n))
	if probe != "" {
		cmd.Env = append(cmd.Env, ProbeEnv+"="+probe)
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s with HOTLOOP_N=%d: %v\n%s%s", bin, n, err, stdout.String(), stderr.String())
	}
	if _, err := fmt.Sscan(stderr.String(), &sys, &alloc); err != nil {
		t.Fatalf("%s with HOTLOOP_N=%d: memory statistics %q: %v", bin, n, stderr.String(), err)
	}
	if probe == "" {
		return stdout.String(), nil, sys, alloc
	}
	b, err := os.ReadFile(probe)
	if err != nil {
		t.Fatalf("the recording wrote no file: %v", err)
	}
	return stdout.String(), strings.Split(strings.TrimSpace(string(b)), "\n"), sys, alloc
}

// TestRecordingIsBoundedWhateverTheRunsLength builds the hotloop fixture
// as mutprop run does (copies, probes, coverage) and runs its sites a
// thousand, then millions of times: each guarded site records its first
// run once, each infected schema once, so the recording holds at most one
// line per site and schema however long the run; and the recording run's
// peak memory is that of the plain build's, plus a constant.
func TestRecordingIsBoundedWhateverTheRunsLength(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	pkg, muts, _ := enumerateFixture(t, "hotloop")
	work := t.TempDir()
	bin := buildSchemata(t, pkg, muts, SchemataOptions{Copies: true, Probes: true, Coverage: true}, work)
	plainBin := filepath.Join(work, "plain.bin")
	if err := goBuild(t, pkg.Dir, writeEmptyOverlay(t, work), plainBin); err != nil {
		t.Fatal(err)
	}
	schemata := 0
	for _, m := range muts {
		if m.Schema != 0 {
			schemata++
		}
	}
	const short, long = 1000, 3_000_000
	var lines [2]int
	for i, n := range []int{short, long} {
		want, _, plainSys, plainAlloc := hotRun(t, plainBin, n, "")
		got, recorded, sys, alloc := hotRun(t, bin, n, filepath.Join(t.TempDir(), "probe"))
		if got != want {
			t.Fatalf("HOTLOOP_N=%d: the recording run prints %q, the plain build %q", n, got, want)
		}
		reached, infected := map[string]bool{}, map[string]bool{}
		for _, l := range recorded {
			list, isReach := strings.CutPrefix(l, "r ")
			if !isReach {
				if infected[l] {
					t.Errorf("HOTLOOP_N=%d: schema %s recorded as infected twice", n, l)
				}
				infected[l] = true
				continue
			}
			for _, s := range strings.Fields(list) {
				if reached[s] {
					t.Errorf("HOTLOOP_N=%d: schema %s recorded as reached twice", n, s)
				}
				reached[s] = true
			}
		}
		if len(reached) == 0 || len(infected) == 0 {
			t.Errorf("HOTLOOP_N=%d: %d reached and %d infected schemata: want both above zero for the check to mean something", n, len(reached), len(infected))
		}
		if len(recorded) > 2*schemata {
			t.Errorf("HOTLOOP_N=%d: %d lines recorded for %d schemata", n, len(recorded), schemata)
		}
		lines[i] = len(recorded)
		// A recording that kept (or allocated) anything per evaluation
		// would allocate millions of times at the long run.
		if sys > plainSys+16<<20 || alloc > plainAlloc+1<<20 {
			t.Errorf("HOTLOOP_N=%d: the recording run took %d KiB from the system and allocated %d KiB, the plain build %d and %d KiB: want at most 16 MiB and 1 MiB more",
				n, sys>>10, alloc>>10, plainSys>>10, plainAlloc>>10)
		}
		t.Logf("HOTLOOP_N=%d: %d lines recorded (%d schemata); memory %d KiB, allocated %d KiB (plain %d, %d KiB)",
			n, len(recorded), schemata, sys>>10, alloc>>10, plainSys>>10, plainAlloc>>10)
	}
	if lines[1] > 2*lines[0] {
		t.Errorf("%d lines recorded for %d runs of the loop, %d for %d: the recording grows with the run", lines[1], long, lines[0], short)
	}
}
