package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mutprop/mutprop/ci"
	"github.com/mutprop/mutprop/internal/cli"
	"github.com/mutprop/mutprop/internal/mutantid"
	"github.com/mutprop/mutprop/internal/testfix"
	"github.com/mutprop/mutprop/outcome"
)

// ciResult is one run of the mutprop binary.
type ciResult struct {
	code           int
	stdout, stderr string
}

// runIn runs the mutprop binary in dir with extra environment variables,
// none of the CI's own (the tests may run in GitHub Actions or GitLab CI).
func runIn(t *testing.T, dir string, env []string, args ...string) ciResult {
	t.Helper()
	cmd := exec.Command(mutpropBinary(t), args...)
	cmd.Dir = dir
	for _, kv := range os.Environ() {
		switch k, _, _ := strings.Cut(kv, "="); k {
		case "GITHUB_WORKSPACE", "GITHUB_STEP_SUMMARY", "CI_PROJECT_DIR":
		default:
			cmd.Env = append(cmd.Env, kv)
		}
	}
	cmd.Env = append(append(cmd.Env, "TMPDIR="+t.TempDir()), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.Run()
	return ciResult{code: cmd.ProcessState.ExitCode(), stdout: stdout.String(), stderr: stderr.String()}
}

// baselineModule is tinyModule in a git repository whose module lies in
// mod/; it returns the module's directory.
func baselineModule(t *testing.T) string {
	repo := t.TempDir()
	require.NoError(t, os.Mkdir(filepath.Join(repo, ".git"), 0o755))
	mod := filepath.Join(repo, "mod")
	require.NoError(t, os.Rename(tinyModule(t), mod))
	return mod
}

// survivorLines are the "file:line:col: ..." lines of stderr.
func survivorLines(stderr string) []string {
	var out []string
	for _, l := range strings.Split(stderr, "\n") {
		if strings.HasPrefix(l, "tiny.go:") {
			out = append(out, l)
		}
	}
	return out
}

func TestSurvivorsPrintForEditorsAndAsGithubAndGitlabAnnotations(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	dir := baselineModule(t)
	r := runIn(t, dir, nil, "run", "--workers", "2", "--journal", "j.jsonl", ".")
	require.Equal(t, cli.ExitOK, r.code, r.stderr)
	assert.Equal(t, []string{
		"tiny.go:7:33: survived: replace > with >= (operator:tiny.go:7:33:boundary:>=, alias " + mutantid.Alias("example.com/tiny", "operator:tiny.go:7:33:boundary:>=") + ")",
		"tiny.go:7:35: survived: replace 0 with -1 (operator:tiny.go:7:35:literal:-1, alias " + mutantid.Alias("example.com/tiny", "operator:tiny.go:7:35:literal:-1") + ")",
		"tiny.go:7:35: survived: replace 0 with 1 (operator:tiny.go:7:35:literal:1, alias " + mutantid.Alias("example.com/tiny", "operator:tiny.go:7:35:literal:1") + ")",
	}, survivorLines(r.stderr))
	assert.NotContains(t, r.stdout, "::warning")

	summary := filepath.Join(t.TempDir(), "summary.md")
	require.NoError(t, os.WriteFile(summary, []byte("earlier step\n"), 0o644))
	r = runIn(t, dir, []string{"GITHUB_STEP_SUMMARY=" + summary}, "merge", "--annotations", "github", "--annotations", "gitlab=cq.json", "j.jsonl")
	require.Equal(t, cli.ExitOK, r.code, r.stderr)
	var warnings []string
	for _, l := range strings.Split(r.stdout, "\n") {
		if strings.HasPrefix(l, "::") {
			warnings = append(warnings, l)
		}
	}
	// Paths are the repository's, not the module's.
	assert.Equal(t, []string{
		"::warning file=mod/tiny.go,line=7,col=33::survived: replace > with >= (operator:tiny.go:7:33:boundary:>=, alias " + mutantid.Alias("example.com/tiny", "operator:tiny.go:7:33:boundary:>=") + ")",
		"::warning file=mod/tiny.go,line=7,col=35::survived: replace 0 with -1 (operator:tiny.go:7:35:literal:-1, alias " + mutantid.Alias("example.com/tiny", "operator:tiny.go:7:35:literal:-1") + ")",
		"::warning file=mod/tiny.go,line=7,col=35::survived: replace 0 with 1 (operator:tiny.go:7:35:literal:1, alias " + mutantid.Alias("example.com/tiny", "operator:tiny.go:7:35:literal:1") + ")",
	}, warnings)
	assert.Empty(t, survivorLines(r.stderr), "the annotations replace the editor lines")

	b, err := os.ReadFile(summary)
	require.NoError(t, err)
	md := string(b)
	assert.True(t, strings.HasPrefix(md, "earlier step\n### mutprop: mutation score 57.1 % (4 of 7 detected)"), md)
	assert.Contains(t, md, "| example.com/tiny | 7 | 4 | 3 | 0 | 0 | 57.1 % |")
	assert.Contains(t, md, "| mod/tiny.go:7 | survived | replace &gt; with &gt;= |")

	b, err = os.ReadFile(filepath.Join(dir, "cq.json"))
	require.NoError(t, err)
	var issues []ci.GitLabIssue
	require.NoError(t, json.Unmarshal(b, &issues))
	require.Len(t, issues, 3)
	assert.Equal(t, "mutprop/boundary", issues[0].CheckName)
	assert.Equal(t, "minor", issues[0].Severity)
	assert.Equal(t, ci.GitLabLocation{Path: "mod/tiny.go", Lines: ci.GitLabLines{Begin: 7}}, issues[0].Location)
	assert.Len(t, issues[0].Fingerprint, 64)
	assert.NotEqual(t, issues[1].Fingerprint, issues[2].Fingerprint)
}

// readBaselineFile reads a baseline's entries.
func readBaselineFile(t *testing.T, path string) []ci.BaselineEntry {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	var f ci.BaselineFile
	require.NoError(t, json.Unmarshal(b, &f))
	require.Equal(t, ci.BaselineVersion, f.Version)
	return f.Accepted
}

func TestTheBaselineFailsOnlyOnNewSurvivorsAndReportsStaleOnes(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	dir := baselineModule(t)
	run := func(args ...string) ciResult {
		t.Helper()
		return runIn(t, dir, nil, append([]string{"run", "--workers", "2", "--no-journal", "--no-floor"}, append(args, ".")...)...)
	}
	edit := func(name, old, new string) {
		t.Helper()
		p := filepath.Join(dir, name)
		b, err := os.ReadFile(p)
		require.NoError(t, err)
		require.Contains(t, string(b), old)
		require.NoError(t, os.WriteFile(p, []byte(strings.Replace(string(b), old, new, 1)), 0o644))
	}

	r := run("--baseline", "b.json")
	require.Equal(t, cli.ExitUsage, r.code, "a missing baseline is an error:\n%s", r.stderr)

	r = run("--baseline", "b.json", "--update-baseline")
	require.Equal(t, cli.ExitOK, r.code, r.stderr)
	entries := readBaselineFile(t, filepath.Join(dir, "b.json"))
	require.Len(t, entries, 3)
	assert.Equal(t, ci.BaselineEntry{Package: "example.com/tiny", Function: "Pos", Operator: "boundary", Original: "x > 0", Replacement: "x >= 0",
		Status: "survived", Description: "replace > with >="}, entries[0])

	// Lines inserted above the function: the same survivors, accepted.
	edit("tiny.go", "// Pos reports", "// Three lines\n// inserted above\n// Pos.\n\n// Pos reports")
	r = run("--baseline", "b.json", "--json", "r.json")
	require.Equal(t, cli.ExitOK, r.code, r.stderr)
	assert.Contains(t, r.stderr, "tiny.go:11:33: survived (accepted): replace > with >=")
	assert.Contains(t, r.stderr, "baseline b.json: 3 accepted survivors, 0 new, 0 stale entries")
	var doc struct{ MutpropBaseline ci.BaselineJSON }
	b, err := os.ReadFile(filepath.Join(dir, "r.json"))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(b, &doc))
	assert.Len(t, doc.MutpropBaseline.Accepted, 3)
	assert.Empty(t, doc.MutpropBaseline.New)

	// A new survivor fails the run.
	edit("tiny.go", "// Three lines", "// Neg reports whether x is negative.\nfunc Neg(x int) bool { return x < 0 }\n\n// Three lines")
	edit("tiny_test.go", "func TestPos", "func TestNeg(t *testing.T) {\n\tif !Neg(-5) || Neg(5) {\n\t\tt.Fatal(\"Neg\")\n\t}\n}\n\nfunc TestPos")
	r = run("--baseline", "b.json")
	require.Equal(t, cli.ExitFailed, r.code, r.stderr)
	assert.Contains(t, r.stderr, "tiny.go:7:33: survived (new): replace < with <=")
	assert.Contains(t, r.stderr, "tiny.go:14:33: survived (accepted): replace > with >=")
	assert.Contains(t, r.stderr, "undetected mutants are not in the baseline b.json")

	// A test that kills accepted survivors: they are stale, the run passes.
	edit("tiny.go", "// Neg reports whether x is negative.\nfunc Neg(x int) bool { return x < 0 }\n\n", "")
	edit("tiny_test.go", "func TestNeg(t *testing.T) {\n\tif !Neg(-5) || Neg(5) {\n\t\tt.Fatal(\"Neg\")\n\t}\n}\n\n", "")
	edit("tiny_test.go", "!Pos(5) || Pos(-5)", "!Pos(5) || Pos(-5) || Pos(0)")
	r = run("--baseline", "b.json", "--json", "r.json")
	require.Equal(t, cli.ExitOK, r.code, r.stderr)
	assert.Contains(t, r.stderr, `tiny.go:11:33: stale baseline entry: the accepted survivor example.com/tiny Pos boundary: "x > 0" -> "x >= 0" is now killed by TestPos`)
	assert.Contains(t, r.stderr, "baseline b.json: 1 accepted survivors, 0 new, 2 stale entries")
	b, err = os.ReadFile(filepath.Join(dir, "r.json"))
	require.NoError(t, err)
	doc.MutpropBaseline = ci.BaselineJSON{}
	require.NoError(t, json.Unmarshal(b, &doc))
	require.Len(t, doc.MutpropBaseline.Stale, 2)
	assert.Equal(t, outcome.Killed, doc.MutpropBaseline.Stale[0].Now)

	// --update-baseline prunes them.
	r = run("--baseline", "b.json", "--update-baseline")
	require.Equal(t, cli.ExitOK, r.code, r.stderr)
	entries = readBaselineFile(t, filepath.Join(dir, "b.json"))
	require.Len(t, entries, 1)
	assert.Equal(t, "1", entries[0].Replacement)
}
