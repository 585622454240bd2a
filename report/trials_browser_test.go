package report

import (
	"bytes"
	"context"
	"fmt"
	"image/png"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mutprop/mutprop/internal/testfix"
	"github.com/mutprop/mutprop/outcome"
)

// syntheticTrials is a report of n mutants spread over functions of at
// most perFn mutants, each reached by the tests named, trials trials of
// at most budget cases each. Test k of a function finds a mutant at each
// case with a probability that falls with k; some mutants it never
// finds. The same n gives the same report.
func syntheticTrials(t *testing.T, n, perFn, trials, budget int, tests []string) TrialsReport {
	t.Helper()
	rng := rand.New(rand.NewPCG(uint64(n), 31))
	var cells []TrialCell
	for m := range n {
		fn := fmt.Sprintf("Func%02d", m/perFn)
		base := math.Pow(10, -3*rng.Float64()) // per-case probability 0.001 to 1
		for k, test := range tests {
			p := base / (1 + 3*float64(k)*rng.Float64())
			if rng.IntN(10) == 0 {
				p = 0 // this test never finds this mutant
			}
			c := TrialCell{Package: "example.com/big", Mutant: fmt.Sprintf("operator:f%02d.go:%d:5:relational:==", m/perFn, 10+m), Function: fn,
				Test: test, Library: "rapid", Seeded: true, Budget: budget, Budgeted: true}
			for i := range trials {
				tr := Trial{Seed: uint64(i + 1), Outcome: outcome.Survived, Cases: budget, Seconds: float64(budget) * 0.001}
				for j := 1; j <= budget; j++ {
					if rng.Float64() < p {
						tr = Trial{Seed: uint64(i + 1), Outcome: outcome.Killed, Cases: j, TestsToFailure: j, Seconds: float64(j) * 0.001}
						break
					}
				}
				c.Trials = append(c.Trials, tr)
			}
			cells = append(cells, c)
		}
	}
	r, err := SummarizeTrials(trials, 1, budget, cells)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestTrialsPageScalesInChromium renders the trials of 20, 200 and 2,000
// mutants and loads each page in headless Chromium at 1,400 pixels: no
// console error, one cumulative chart per function, a per-mutant plot
// only for a function of at most maxMutantsPerPlot mutants, and a
// screenshot (in $MUTPROP_ARTIFACTS when set; docs/strength.md keeps the
// verdict on them).
func TestTrialsPageScalesInChromium(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	bin := chromium(t)
	dir := artifactDir(t)
	tests := []string{"TestModelNarrow", "TestModelWide", "TestLength"}
	for _, c := range []struct{ n, perFn, charts int }{
		{20, 10, 2 * 2}, // two functions of 10: both charts each
		{200, 50, 4},    // four functions of 50: cumulative only
		{2000, 100, 20}, // twenty functions of 100
	} {
		r := syntheticTrials(t, c.n, c.perFn, 10, 100, tests)
		page, err := HTML(Page{Title: fmt.Sprintf("trials of %d mutants", c.n), Trials: &r})
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, fmt.Sprintf("trials-%d.html", c.n))
		if err := os.WriteFile(path, page, 0o644); err != nil {
			t.Fatal(err)
		}
		shot := filepath.Join(dir, fmt.Sprintf("trials-%d.png", c.n))
		dom, console := browseAt(t, bin, path, shot, "1400,2000")
		if len(console) > 0 {
			t.Errorf("%d mutants: the page wrote to the console:\n%s", c.n, strings.Join(console, "\n"))
		}
		if got := strings.Count(dom, `src="data:image/svg+xml;base64,`); got != c.charts {
			t.Errorf("%d mutants: %d charts, want %d", c.n, got, c.charts)
		}
		raw, err := os.ReadFile(shot)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(raw))
		if err != nil || img.Bounds().Dx() != 1400 {
			t.Errorf("%d mutants: screenshot %v (%v), want 1400 pixels wide", c.n, img.Bounds(), err)
		}
		t.Logf("%d mutants: %s (%d KiB), %s", c.n, path, len(page)>>10, shot)
	}
}

// browseAt is browse at a window size, without its virtual-time budget
// (the trials section has no script to wait for).
func browseAt(t *testing.T, bin, page, screenshot, size string) (dom string, console []string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	args := append([]string{
		"--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--hide-scrollbars",
		"--user-data-dir=" + t.TempDir(), "--enable-logging=stderr", "--v=0",
		"--window-size=" + size, "--screenshot=" + screenshot, "--dump-dom",
	}, offlineFlags...)
	cmd := exec.CommandContext(ctx, bin, append(args, "file://"+page)...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("chromium: %v\n%s", err, stderr.String())
	}
	for _, l := range strings.Split(stderr.String(), "\n") {
		if strings.Contains(l, ":CONSOLE") || strings.Contains(l, "Uncaught") {
			console = append(console, l)
		}
	}
	return stdout.String(), console
}
