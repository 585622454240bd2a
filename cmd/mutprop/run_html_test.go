package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mutprop/mutprop/internal/testfix"
)

// TestRunHTMLRendersInChromiumWithTheJSONsMutants renders the HTML report
// of a real run of the fixture in headless Chromium: no console output,
// and as many mutants as the JSON report of the same run. The screenshot
// goes to $MUTPROP_ARTIFACTS when set. Under CI=true a missing Chromium is a
// failure (.ci/run installs it); elsewhere the test is skipped.
func TestRunHTMLRendersInChromiumWithTheJSONsMutants(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	bin, err := exec.LookPath("chromium")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("CI=true but chromium is missing: run report/testdata/install-chromium.sh first")
		}
		t.Skip("chromium is not installed (report/testdata/install-chromium.sh)")
	}
	dir := t.TempDir()
	js, page := filepath.Join(dir, "run.json"), filepath.Join(dir, "run.html")
	args := append(append([]string{"run"}, quickFixture...),
		"--results", dir, "--json", js, "--html", page, "./internal/testdata/fixture")
	runMutprop(t, tmpdir(t, "html"), args...)
	b, err := os.ReadFile(js)
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Count(string(b), `"mutatorName"`)
	if want == 0 {
		t.Fatal("the JSON report lists no mutants")
	}

	shot := filepath.Join(dir, "run.png")
	if a := os.Getenv("MUTPROP_ARTIFACTS"); a != "" {
		if err := os.MkdirAll(a, 0o755); err == nil {
			shot = filepath.Join(a, "run-html.png")
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin,
		"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir="+t.TempDir(), "--enable-logging=stderr", "--v=0",
		"--window-size=1280,2400", "--screenshot="+shot, "--dump-dom", "file://"+page)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("chromium: %v\n%s", err, stderr.String())
	}
	for _, l := range strings.Split(stderr.String(), "\n") {
		if strings.Contains(l, ":CONSOLE") || strings.Contains(l, "Uncaught") {
			t.Errorf("console: %s", l)
		}
	}
	m := regexp.MustCompile(`data-mutant-count="(\d+)"`).FindStringSubmatch(stdout.String())
	if m == nil {
		t.Fatal("the rendered page declares no data-mutant-count")
	}
	if got := m[1]; got != strconv.Itoa(want) {
		t.Errorf("the HTML shows %s mutants, the JSON %d", got, want)
	}
	if fi, err := os.Stat(shot); err != nil || fi.Size() == 0 {
		t.Errorf("no screenshot at %s: %v", shot, err)
	}
}
