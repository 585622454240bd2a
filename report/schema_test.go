package report

import (
	"context"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// schemaToolsDir holds the npm packages of the schema test, the official
// schema and the ajv validator: their versions in package.json and
// package-lock.json, their files in node_modules. installSchemaTools puts
// them there; the test reads them and needs no network.
const (
	schemaToolsDir     = "testdata/schema-tools"
	installSchemaTools = "bash report/testdata/install-schema-tools.sh"
)

// requireSchemaEnv, set to 1, turns a missing node or npm package into the
// schema test's failure instead of a skip, as CI=true does. .ci/run sets
// it after it installs them.
const requireSchemaEnv = "MUTPROP_REQUIRE_SCHEMA"

// schemaTools returns the directory whose node_modules hold the schema
// package and ajv at the versions package.json pins, and the schema's
// file. Where they or node are missing the test skips, naming the command
// that installs them; under MUTPROP_REQUIRE_SCHEMA=1 or CI=true it fails.
func schemaTools(t *testing.T) (dir, schemaFile string) {
	t.Helper()
	required := os.Getenv(requireSchemaEnv) == "1" || os.Getenv("CI") == "true"
	unavailable := func(format string, args ...any) {
		t.Helper()
		if required {
			t.Fatalf(format, args...)
		}
		t.Skipf(format, args...)
	}
	if _, err := exec.LookPath("node"); err != nil {
		unavailable("node is not installed; the schema test needs node and npm (Debian: apt-get install nodejs npm), then %s: %v", installSchemaTools, err)
	}
	dir, err := filepath.Abs(filepath.FromSlash(schemaToolsDir))
	if err != nil {
		t.Fatal(err)
	}
	var manifest struct{ Dependencies map[string]string }
	b, err := os.ReadFile(filepath.Join(dir, "package.json"))
	if err == nil {
		err = json.Unmarshal(b, &manifest)
	}
	if err != nil || len(manifest.Dependencies) == 0 {
		t.Fatalf("read the schema test's pinned npm packages: %v", err)
	}
	for name, want := range manifest.Dependencies {
		var installed struct{ Version string }
		b, err := os.ReadFile(filepath.Join(dir, "node_modules", name, "package.json"))
		if err == nil {
			err = json.Unmarshal(b, &installed)
		}
		switch {
		case err != nil:
			unavailable("npm package %s is not installed for the schema test (%v): run %s", name, err, installSchemaTools)
		case installed.Version != want:
			unavailable("npm package %s is installed at %s, want %s: run %s", name, installed.Version, want, installSchemaTools)
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
