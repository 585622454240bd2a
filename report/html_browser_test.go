package report

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"html"
	"image/png"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/mutprop/mutprop/internal/testfix"
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

// offlineFlags keep Chromium off the network: no host name resolves, every
// request goes to a proxy on a closed local port, and background traffic
// is off. The pages' Content-Security-Policy blocks external loads as well,
// and logs each attempt to the console, which the tests read.
var offlineFlags = []string{
	"--host-resolver-rules=MAP * ~NOTFOUND", "--proxy-server=http://127.0.0.1:9", "--proxy-bypass-list=<-loopback>",
	"--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-quic",
	"--disable-domain-reliability", "--no-pings", "--disable-client-side-phishing-detection",
}

// browse loads a file (url is file://page, plus fragment, a "#..." or "")
// in headless Chromium, offline, saving a screenshot, and returns the DOM
// after scripts ran (and virtual time ran out: timers fire, the page's
// custom elements render) and the console lines Chromium logged.
func browse(t *testing.T, bin, page, fragment, screenshot string) (dom string, console []string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	args := append([]string{
		"--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
		"--user-data-dir=" + t.TempDir(), "--enable-logging=stderr", "--v=0",
		"--window-size=1280,2400", "--virtual-time-budget=15000",
		"--screenshot=" + screenshot, "--dump-dom",
	}, offlineFlags...)
	args = append(args, "file://"+page+fragment)
	cmd := exec.CommandContext(ctx, bin, args...)
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

// viewerProbe is a test hook appended to a copy of the report page. The
// viewer renders into shadow roots, which --dump-dom does not show, so the
// probe walks them and writes what it found as JSON into a light-DOM <pre>:
// the files the viewer's file picker offers (it lists up to 150), and for
// each, after navigating the viewer to it (#mutant/<file>), the distinct
// mutant IDs marked in the rendered source and the sum of the per-status
// counts on its state filter; the resources the page loaded (want none:
// everything is inline). On a timeout it writes an error instead.
const viewerProbe = `<pre id="viewer-probe"></pre><script>
(function () {
  "use strict";
  var out = document.getElementById("viewer-probe");
  var result = { files: [], mutants: {}, filterCounts: {}, resources: [] };
  function finish(err) {
    if (err) { result.error = err; }
    result.resources = performance.getEntriesByType("resource").map(function (e) { return e.name; });
    out.textContent = JSON.stringify(result);
  }
  function root(el) { return el && el.shadowRoot; }
  function app() { return root(document.querySelector("mutation-test-report-app")); }
  function waitFor(what, get, then, tries) {
    var v = get();
    if (v) { then(v); return; }
    if (tries <= 0) { finish("timed out waiting for " + what); return; }
    setTimeout(function () { waitFor(what, get, then, tries - 1); }, 50);
  }
  waitFor("the file picker", function () {
    var links = root(app() && app().querySelector("mte-file-picker"));
    links = links && links.querySelectorAll("#files a[href*='#mutant/']");
    return links && links.length ? links : null;
  }, function (links) {
    result.files = Array.prototype.map.call(links, function (a) {
      return decodeURIComponent(a.getAttribute("href").split("#mutant/")[1]);
    });
    var i = 0;
    (function next() {
      if (i === result.files.length) { finish(); return; }
      var name = result.files[i++];
      location.hash = "#mutant/" + name.split("/").map(encodeURIComponent).join("/");
      waitFor("the source view of " + name, function () {
        var view = root(app().querySelector("mte-mutant-view"));
        var file = root(view && view.querySelector("mte-file"));
        var filter = root(file && file.querySelector("mte-state-filter"));
        var title = app().querySelector("h1");
        if (!file || !filter || !file.querySelector("#report-code-block") || !title || title.textContent.indexOf(name) < 0) { return null; }
        return { file: file, filter: filter };
      }, function (v) {
        var ids = {};
        v.file.querySelectorAll("[data-mutant-id]").forEach(function (m) { ids[m.dataset.mutantId] = true; });
        result.mutants[name] = Object.keys(ids).sort();
        var n = 0;
        v.filter.querySelectorAll("label[for^='filter-']").forEach(function (l) {
          var m = /\((\d+)\)\s*$/.exec(l.textContent);
          if (m) { n += Number(m[1]); }
        });
        result.filterCounts[name] = n;
        next();
      }, 100);
    })();
  }, 100);
})();
</script>`

// probeResult is what viewerProbe writes.
type probeResult struct {
	Files        []string            `json:"files"`
	Mutants      map[string][]string `json:"mutants"`
	FilterCounts map[string]int      `json:"filterCounts"`
	Resources    []string            `json:"resources"`
	Error        string              `json:"error"`
}

// probeViewer loads a copy of the page with viewerProbe in Chromium and
// returns what the probe found, the DOM and the console lines.
func probeViewer(t *testing.T, bin, page, screenshot string) (probeResult, string, []string) {
	t.Helper()
	raw, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	i := bytes.LastIndex(raw, []byte("</body>"))
	if i < 0 {
		t.Fatalf("%s has no </body>", page)
	}
	probed := filepath.Join(t.TempDir(), "probed.html")
	out := append(append(append([]byte{}, raw[:i]...), viewerProbe...), raw[i:]...)
	if err := os.WriteFile(probed, out, 0o644); err != nil {
		t.Fatal(err)
	}
	dom, console := browse(t, bin, probed, "", screenshot)
	m := regexp.MustCompile(`(?s)<pre id="viewer-probe">(.*?)</pre>`).FindStringSubmatch(dom)
	if m == nil || m[1] == "" {
		t.Fatalf("the viewer probe wrote nothing; console:\n%s", strings.Join(console, "\n"))
	}
	var res probeResult
	if err := json.Unmarshal([]byte(html.UnescapeString(m[1])), &res); err != nil {
		t.Fatalf("viewer probe output %q: %v", m[1], err)
	}
	return res, dom, console
}

// schemaMutants reads a schema JSON report: each file's mutant IDs, sorted.
func schemaMutants(t *testing.T, doc []byte) map[string][]string {
	t.Helper()
	var rep struct {
		Files map[string]struct {
			Mutants []struct{ ID string }
		}
	}
	if err := json.Unmarshal(doc, &rep); err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	for name, f := range rep.Files {
		ids := []string{}
		for _, m := range f.Mutants {
			ids = append(ids, m.ID)
		}
		sort.Strings(ids)
		out[name] = ids
	}
	return out
}

// viewerProblems compares what the probe saw with the report's files and
// mutants; nil means the viewer showed every file and every mutant.
func viewerProblems(res probeResult, want map[string][]string) []string {
	var probs []string
	if res.Error != "" {
		probs = append(probs, "viewer probe: "+res.Error)
	}
	names := slices.Sorted(maps.Keys(want))
	got := slices.Clone(res.Files)
	sort.Strings(got)
	if !slices.Equal(got, names) {
		probs = append(probs, fmt.Sprintf("the viewer lists files %q, want %q", got, names))
	}
	for _, name := range names {
		if ids := res.Mutants[name]; !slices.Equal(ids, want[name]) {
			probs = append(probs, fmt.Sprintf("%s: the viewer marks mutants %q in the source, want %q", name, ids, want[name]))
		}
		if n := res.FilterCounts[name]; n != len(want[name]) {
			probs = append(probs, fmt.Sprintf("%s: the viewer's status filter counts %d mutants, want %d", name, n, len(want[name])))
		}
	}
	for _, r := range res.Resources {
		if !strings.HasPrefix(r, "data:") {
			probs = append(probs, "the page loaded a resource: "+r)
		}
	}
	return probs
}

func TestHTMLReportRendersInChromiumWithoutConsoleErrors(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	bin := chromium(t)
	dir := artifactDir(t)
	r, e := sampleRun(), sampleExperiment()
	page, err := HTML(Page{Title: "BST report", Run: &r, Experiment: &e, Matrix: true})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "report.html")
	if err := os.WriteFile(path, page, 0o644); err != nil {
		t.Fatal(err)
	}
	doc, err := JSON(r)
	if err != nil {
		t.Fatal(err)
	}
	want := schemaMutants(t, doc)

	// The page as a user opens it: the viewer's overview and mutprop's views.
	shot := filepath.Join(dir, "report.png")
	dom, console := browse(t, bin, path, "", shot)
	if len(console) > 0 {
		t.Errorf("the page wrote to the console:\n%s", strings.Join(console, "\n"))
	}
	if !regexp.MustCompile(`<body[^>]*data-ready="true"`).MatchString(dom) {
		t.Errorf("the page's script did not run to its end (no data-ready on body)")
	}
	if !strings.Contains(dom, `data-mutant-count="8"`) {
		t.Errorf("body does not declare data-mutant-count=\"8\"")
	}
	if !regexp.MustCompile(`<mutation-test-report-app [^>]*theme="light"`).MatchString(dom) {
		t.Errorf("the viewer element was not upgraded (no theme attribute reflected)")
	}
	if !regexp.MustCompile(`<title>All files - mutprop</title>`).MatchString(dom) {
		t.Errorf("the viewer did not set the page title from its report")
	}
	for _, id := range []string{"undetected-operator:2", "undetected-operator:6", "undetected-blackbox:1", "kill-matrix-table"} {
		if !strings.Contains(dom, `id="`+id+`"`) {
			t.Errorf("mutprop's views lack #%s", id)
		}
	}
	if n := strings.Count(dom, `src="data:image/svg+xml;base64,`); n != len(experimentCharts(e)) {
		t.Errorf("the page embeds %d charts, want %d", n, len(experimentCharts(e)))
	}
	checkScreenshot(t, shot)

	// The viewer itself, through its shadow DOM: every file, every mutant.
	probeShot := filepath.Join(dir, "report-source-view.png")
	res, _, console := probeViewer(t, bin, path, probeShot)
	if len(console) > 0 {
		t.Errorf("the page with the probe wrote to the console:\n%s", strings.Join(console, "\n"))
	}
	for _, p := range viewerProblems(res, want) {
		t.Error(p)
	}
	checkScreenshot(t, probeShot)
	t.Logf("screenshots: %s, %s", shot, probeShot)
}

// TestViewerProbeFailsWhenTheViewerDoesNotRender is the probe's negative
// control: the same page without the viewer's bundle renders nothing in the
// viewer, and the comparison must say so.
func TestViewerProbeFailsWhenTheViewerDoesNotRender(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	bin := chromium(t)
	r := sampleRun()
	page, err := HTML(Page{Run: &r})
	if err != nil {
		t.Fatal(err)
	}
	start := bytes.Index(page, []byte(`<script id="mutation-testing-elements"`))
	end := bytes.Index(page[max(start, 0):], []byte("</script>"))
	if start < 0 || end < 0 {
		t.Fatal("the page has no viewer bundle script")
	}
	broken := append(append([]byte{}, page[:start]...), page[start+end+len("</script>"):]...)
	path := filepath.Join(t.TempDir(), "no-viewer.html")
	if err := os.WriteFile(path, broken, 0o644); err != nil {
		t.Fatal(err)
	}
	doc, err := JSON(r)
	if err != nil {
		t.Fatal(err)
	}
	res, _, _ := probeViewer(t, bin, path, filepath.Join(t.TempDir(), "no-viewer.png"))
	probs := viewerProblems(res, schemaMutants(t, doc))
	if len(probs) == 0 || res.Error == "" {
		t.Errorf("the probe passed a page without the viewer: %+v", res)
	}
}

// checkScreenshot checks that a screenshot is a PNG 1280 pixels wide.
func checkScreenshot(t *testing.T, shot string) {
	t.Helper()
	raw, err := os.ReadFile(shot)
	if err != nil {
		t.Errorf("no screenshot: %v", err)
		return
	}
	img, err := png.Decode(bytes.NewReader(raw))
	if err != nil {
		t.Errorf("screenshot %s: %v", shot, err)
		return
	}
	if w := img.Bounds().Dx(); w != 1280 {
		t.Errorf("screenshot %s is %d pixels wide, want 1280", shot, w)
	}
}

func TestBrowserConsoleCheckCatchesScriptErrorsAndBlockedLoads(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	bin := chromium(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "bad.html")
	bad := `<!DOCTYPE html><html><head><meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; script-src 'unsafe-inline'"></head>` +
		`<body><img src="https://example.invalid/x.png"><script>undefinedFunction();</script></body></html>`
	if err := os.WriteFile(path, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	_, console := browse(t, bin, path, "", filepath.Join(dir, "bad.png"))
	joined := strings.Join(console, "\n")
	if !strings.Contains(joined, "Uncaught ReferenceError") {
		t.Errorf("the uncaught exception was not seen; console lines:\n%s", joined)
	}
	if !strings.Contains(joined, "Content Security Policy") {
		t.Errorf("the blocked external image was not seen; console lines:\n%s", joined)
	}
}
