package report

import (
	"bytes"
	"context"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// chromium returns the path of a headless-capable Chromium. Missing, it is
// installed with testdata/install-chromium.sh when CI=true and running as
// root; in CI otherwise the test fails, elsewhere it is skipped.
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	ci := os.Getenv("CI") == "true"
	if !ci {
		t.Skip("chromium is not installed; run report/testdata/install-chromium.sh (as root) to enable the browser test")
	}
	if os.Geteuid() != 0 {
		t.Fatal("CI=true but chromium is missing and this is not root: run report/testdata/install-chromium.sh as root before the tests")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Minute)
	defer cancel()
	out, err := exec.CommandContext(ctx, "bash", filepath.Join("testdata", "install-chromium.sh")).Output()
	if err != nil {
		t.Fatalf("install chromium: %v", err)
	}
	return strings.TrimSpace(string(out))
}

// artifactDir is $MUTPROP_ARTIFACTS/<test name> when set, else a temp dir.
func artifactDir(t *testing.T) string {
	t.Helper()
	base := os.Getenv("MUTPROP_ARTIFACTS")
	if base == "" {
		return t.TempDir()
	}
	dir := filepath.Join(base, strings.ReplaceAll(t.Name(), "/", "_"))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// browse loads a file in headless Chromium, saving a screenshot, and
// returns the DOM after scripts ran and the console lines Chromium logged.
func browse(t *testing.T, bin, page, screenshot string) (dom string, console []string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin,
		"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir="+t.TempDir(), "--enable-logging=stderr", "--v=0",
		"--window-size=1280,2400", "--screenshot="+screenshot, "--dump-dom",
		"file://"+page)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("chromium: %v\n%s", err, stderr.String())
	}
	for _, l := range strings.Split(stderr.String(), "\n") {
		// Chromium logs every console message, error or not, and every
		// uncaught exception and CSP violation as INFO:CONSOLE.
		if strings.Contains(l, ":CONSOLE") || strings.Contains(l, "Uncaught") {
			console = append(console, l)
		}
	}
	return stdout.String(), console
}

func TestHTMLReportRendersInChromiumWithoutConsoleErrors(t *testing.T) {
	t.Parallel()
	bin := chromium(t)
	dir := artifactDir(t)
	r, e := sampleRun(), sampleExperiment()
	page, err := HTML(Page{Title: "BST report", Run: &r, Experiment: &e})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "report.html")
	if err := os.WriteFile(path, page, 0o644); err != nil {
		t.Fatal(err)
	}
	shot := filepath.Join(dir, "report.png")
	dom, console := browse(t, bin, path, shot)
	if len(console) > 0 {
		t.Errorf("the page wrote to the console:\n%s", strings.Join(console, "\n"))
	}
	if !regexp.MustCompile(`<body[^>]*data-ready="true"`).MatchString(dom) {
		t.Errorf("the page's script did not run to its end (no data-ready on body)")
	}
	if !strings.Contains(dom, `data-mutant-count="8"`) {
		t.Errorf("body does not declare data-mutant-count=\"8\"")
	}
	if n := len(regexp.MustCompile(`<details class="mutant `).FindAllString(dom, -1)); n != len(r.Mutants) {
		t.Errorf("the page shows %d mutants, want %d", n, len(r.Mutants))
	}
	if !strings.Contains(dom, `<span id="visible-count">8</span>`) {
		t.Errorf("the status filter does not count 8 visible mutants")
	}
	if n := strings.Count(dom, `src="data:image/svg+xml;base64,`); n != len(ExperimentCharts(e)) {
		t.Errorf("the page embeds %d charts, want %d", n, len(ExperimentCharts(e)))
	}
	raw, err := os.ReadFile(shot)
	if err != nil {
		t.Fatalf("no screenshot: %v", err)
	}
	img, err := png.Decode(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	if w := img.Bounds().Dx(); w != 1280 {
		t.Errorf("screenshot is %d pixels wide, want 1280", w)
	}
	t.Logf("screenshot: %s", shot)
}

func TestBrowserConsoleCheckCatchesScriptErrorsAndBlockedLoads(t *testing.T) {
	t.Parallel()
	bin := chromium(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "bad.html")
	bad := `<!DOCTYPE html><html><head><meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; script-src 'unsafe-inline'"></head>` +
		`<body><img src="https://example.invalid/x.png"><script>undefinedFunction();</script></body></html>`
	if err := os.WriteFile(path, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	_, console := browse(t, bin, path, filepath.Join(dir, "bad.png"))
	joined := strings.Join(console, "\n")
	if !strings.Contains(joined, "Uncaught ReferenceError") {
		t.Errorf("the uncaught exception was not seen; console lines:\n%s", joined)
	}
	if !strings.Contains(joined, "Content Security Policy") {
		t.Errorf("the blocked external image was not seen; console lines:\n%s", joined)
	}
}
