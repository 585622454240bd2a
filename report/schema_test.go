package report

import (
	"context"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The npm packages the schema test installs: the official schema and a
// JSON-schema validator.
const (
	schemaPackage = "mutation-testing-report-schema@3.8.4"
	ajvPackage    = "ajv@8.17.1"
	ajvFormats    = "ajv-formats@3.0.1"
)

// schemaTools returns a directory with node_modules holding the schema
// package and ajv, installed from the npm registry into the user's cache
// ($XDG_CACHE_HOME/mutprop/...) on first use. In CI a failure to install
// fails the test; elsewhere it skips.
func schemaTools(t *testing.T) (dir, schemaFile string) {
	t.Helper()
	ci := os.Getenv("CI") == "true"
	unavailable := func(format string, args ...any) {
		t.Helper()
		if ci {
			t.Fatalf(format, args...)
		}
		t.Skipf(format, args...)
	}
	if _, err := exec.LookPath("node"); err != nil {
		unavailable("node is not installed; the schema test needs node and npm (Debian: apt-get install nodejs npm): %v", err)
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = os.TempDir()
	}
	key := strings.NewReplacer("@", "-", "/", "-").Replace(schemaPackage + "_" + ajvPackage + "_" + ajvFormats)
	dir = filepath.Join(cache, "mutprop", "npm", key)
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "ajv-formats")); err != nil {
		npm, err := exec.LookPath("npm")
		if err != nil {
			unavailable("npm is not installed; the schema test fetches %s from the npm registry: %v", schemaPackage, err)
		}
		if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
			t.Fatal(err)
		}
		tmp, err := os.MkdirTemp(filepath.Dir(dir), "install-")
		if err != nil {
			t.Fatal(err)
		}
		defer os.RemoveAll(tmp)
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
		defer cancel()
		cmd := exec.CommandContext(ctx, npm, "install", "--prefix", tmp, "--no-audit", "--no-fund", "--no-save", "--loglevel=error", schemaPackage, ajvPackage, ajvFormats)
		cmd.Dir = tmp
		if out, err := cmd.CombinedOutput(); err != nil {
			unavailable("npm install %s from the registry failed (registry unreachable?): %v\n%s", schemaPackage, err, out)
		}
		// Another test process may have won the race; either copy is good.
		if err := os.Rename(tmp, dir); err != nil && !errors.Is(err, fs.ErrExist) {
			if _, statErr := os.Stat(filepath.Join(dir, "node_modules", "ajv-formats")); statErr != nil {
				t.Fatalf("cache npm packages: %v", err)
			}
		}
	}
	pkg := filepath.Join(dir, "node_modules", "mutation-testing-report-schema")
	err = filepath.WalkDir(pkg, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && d.Name() == "mutation-testing-report-schema.json" && schemaFile == "" {
			schemaFile = p
		}
		return nil
	})
	if err != nil || schemaFile == "" {
		t.Fatalf("no mutation-testing-report-schema.json in %s (%v)", pkg, err)
	}
	return dir, schemaFile
}

const validateScript = `
const fs = require("fs");
const { createRequire } = require("module");
const [modDir, schemaPath, ...reports] = process.argv.slice(2);
const req = createRequire(modDir + "/");
const Ajv = req("ajv");
const addFormats = req("ajv-formats");
const ajv = new (Ajv.default || Ajv)({ allErrors: true, strict: false });
(addFormats.default || addFormats)(ajv);
const validate = ajv.compile(JSON.parse(fs.readFileSync(schemaPath, "utf8")));
const out = {};
for (const r of reports) {
  out[r] = validate(JSON.parse(fs.readFileSync(r, "utf8"))) ? [] : validate.errors;
}
process.stdout.write(JSON.stringify(out));
`

// validateReports validates report files against the schema with ajv and
// returns each file's errors (empty when valid).
func validateReports(t *testing.T, files ...string) map[string][]json.RawMessage {
	t.Helper()
	dir, schema := schemaTools(t)
	script := filepath.Join(t.TempDir(), "validate.cjs")
	if err := os.WriteFile(script, []byte(validateScript), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	args := append([]string{script, dir, schema}, files...)
	out, err := exec.CommandContext(ctx, "node", args...).Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			t.Fatalf("node validate: %v\n%s", err, ee.Stderr)
		}
		t.Fatalf("node validate: %v", err)
	}
	res := map[string][]json.RawMessage{}
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("validator output %q: %v", out, err)
	}
	return res
}

func TestJSONReportValidatesAgainstTheOfficialSchema(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(name string, b []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	full, err := JSON(sampleRun())
	if err != nil {
		t.Fatal(err)
	}
	empty, err := JSON(Run{Name: "empty"})
	if err != nil {
		t.Fatal(err)
	}
	// A negative control: the validator must reject a report with an
	// unknown status and no thresholds.
	var broken map[string]any
	if err := json.Unmarshal(full, &broken); err != nil {
		t.Fatal(err)
	}
	delete(broken, "thresholds")
	broken["files"].(map[string]any)["bst.go"].(map[string]any)["mutants"].([]any)[0].(map[string]any)["status"] = "Bogus"
	brokenJSON, err := json.Marshal(broken)
	if err != nil {
		t.Fatal(err)
	}
	pFull, pEmpty, pBroken := write("full.json", full), write("empty.json", empty), write("broken.json", brokenJSON)

	res := validateReports(t, pFull, pEmpty, pBroken)
	for _, p := range []string{pFull, pEmpty} {
		errs, ok := res[p]
		if !ok {
			t.Fatalf("validator did not report on %s", p)
		}
		if len(errs) > 0 {
			t.Errorf("%s does not match the schema:\n%s", filepath.Base(p), errs)
		}
	}
	if got := len(res[pBroken]); got < 2 {
		t.Errorf("validator found %d errors in the broken report, want at least 2 (status, thresholds)", got)
	}
}
