package ci

import (
	"bytes"
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mutprop/mutprop/internal/mutantid"
	"github.com/mutprop/mutprop/mutate"
	"github.com/mutprop/mutprop/report"
	"github.com/mutprop/mutprop/runlog"
)

func TestGithubAnnotationsAreEscapedAsTheRunnerExpects(t *testing.T) {
	t.Parallel()
	assert.Equal(t, "::warning file=a%2Cb%3Ac.go,line=3,col=4::50%25 survived%0Anext%0Dline: a, b: c",
		githubCommand("warning", "a,b:c.go", 3, 4, "50% survived\nnext\rline: a, b: c"))
	assert.Equal(t, "::notice::stale", githubCommand("notice", "", 0, 0, "stale"))
}

func TestTheAnnotationsFlagTakesGithubAndGitlabWithAFile(t *testing.T) {
	t.Parallel()
	var a Annotations
	require.NoError(t, a.Set("github"))
	require.NoError(t, a.Set("gitlab=cq.json"))
	assert.Equal(t, Annotations{GitHub: true, GitLab: "cq.json"}, a)
	a = Annotations{}
	require.NoError(t, a.Set("github,gitlab:out/cq.json"))
	assert.Equal(t, Annotations{GitHub: true, GitLab: "out/cq.json"}, a)
	a = Annotations{}
	require.NoError(t, a.Set("gitlab"))
	assert.Equal(t, Annotations{GitLab: DefaultGitLabReport, gitlabBare: true}, a)
	for _, bad := range []string{"", "jenkins", "github=x", "gitlab="} {
		assert.Error(t, (&Annotations{}).Set(bad), bad)
	}
	// The issue's spelling, --annotations gitlab FILE, is caught rather
	// than taking FILE for a package.
	o := Options{Annotations: Annotations{GitLab: DefaultGitLabReport, gitlabBare: true}}
	_, err := Open(o, []string{"cq.json", "./..."})
	require.ErrorContains(t, err, "write --annotations gitlab=cq.json")
}

func TestFunctionNamesAreTheStackTraceNames(t *testing.T) {
	t.Parallel()
	src := `package p
func F() {}
func (T) V() {}
func (*T) P() {}
func (t *G[K]) Q() {}
func (g (G2[K, V])) R() {}
`
	f, err := parser.ParseFile(token.NewFileSet(), "p.go", src, 0)
	require.NoError(t, err)
	var got []string
	for _, d := range f.Decls {
		got = append(got, funcDeclName(d.(*ast.FuncDecl)))
	}
	assert.Equal(t, []string{"F", "T.V", "(*T).P", "(*G).Q", "G2.R"}, got)
}

// keyedPackage is a package of one file with the mutants at the given
// "line:col" positions, all the same mutation of "x > 0".
func keyedPackage(src string, at ...[2]int) runlog.Package {
	p := runlog.Package{Path: "example.com/p", Info: runlog.PackageInfo{Files: []runlog.File{{Path: "p.go", Source: src}}}}
	for i, lc := range at {
		p.Mutants = append(p.Mutants, runlog.Mutant{Index: i, Outcome: "survived", Mutant: mutate.Mutant{
			ID: strings.Repeat("m", i+1), Operator: "boundary", File: "p.go", Line: lc[0], Col: lc[1],
			Original: "x > 0", Replacement: "x >= 0",
		}})
	}
	return p
}

func TestTheBaselineKeyIgnoresLinesAndTellsTwinsApart(t *testing.T) {
	t.Parallel()
	src := "package p\n\nvar v = 1 > 0\n\nfunc (s *S) F(x int) bool {\n\treturn x > 0 && x > 0\n}\n"
	// Columns of the ">" in "x > 0": 11 and 20 on line 6; 11 on line 3.
	a := baselineKeys(keyedPackage(src, [2]int{6, 11}, [2]int{6, 20}, [2]int{3, 11}))
	assert.Equal(t, "(*S).F", a["m"].Function)
	assert.Equal(t, 0, a["m"].Occurrence)
	assert.Equal(t, 2, a["mm"].Occurrence)
	assert.Equal(t, "var v", a["mmm"].Function)
	assert.NotEqual(t, a["m"].key(), a["mm"].key())

	moved := "package p\n\n// A comment\n// of three\n// lines.\nfunc G() {}\n\nvar v = 1 > 0\n\nfunc (s *S) F(x int) bool {\n\treturn x > 0 && x > 0\n}\n"
	b := baselineKeys(keyedPackage(moved, [2]int{11, 11}, [2]int{11, 20}, [2]int{8, 11}))
	for _, id := range []string{"m", "mm", "mmm"} {
		assert.Equal(t, a[id].key(), b[id].key(), id)
	}
}

// TestTheBaselineGatesOnlyNewSurvivors writes a baseline from a run's
// survivors, then reports a run with one more survivor: only the new one
// fails it, and a GitLab report marks it major.
func TestTheBaselineGatesOnlyNewSurvivors(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	baseline, gitlab := filepath.Join(dir, "b.json"), filepath.Join(dir, "cq.json")
	src := "package p\n\nfunc F(x int) bool {\n\treturn x > 0 && x > 0\n}\n"
	runCI := func(o Options, p runlog.Package) (stderr string, gate error) {
		t.Helper()
		r, err := Open(o, nil)
		require.NoError(t, err)
		var out, errOut bytes.Buffer
		gate, err = r.Report(r.Assess([]runlog.Package{p}, Run{Cmd: "run", Complete: true, Stdout: &out, Stderr: &errOut}), report.Score{})
		require.NoError(t, err)
		return errOut.String(), gate
	}

	_, gate := runCI(Options{Baseline: baseline, UpdateBaseline: true}, keyedPackage(src, [2]int{4, 11}))
	require.NoError(t, gate)
	stderr, gate := runCI(Options{Baseline: baseline, Annotations: Annotations{GitLab: gitlab}}, keyedPackage(src, [2]int{4, 11}, [2]int{4, 20}))
	require.EqualError(t, gate, "1 undetected mutants are not in the baseline "+baseline+": kill them, or accept them with --update-baseline")
	assert.Contains(t, stderr, "example.com/p/p.go:4:11: survived (accepted):  (m, alias "+mutantid.Alias("example.com/p", "m")+")\n")
	assert.Contains(t, stderr, "example.com/p/p.go:4:20: survived (new):  (mm, alias "+mutantid.Alias("example.com/p", "mm")+")\n")
	assert.Contains(t, stderr, "mutprop run: baseline "+baseline+": 1 accepted survivors, 1 new, 0 stale entries")

	b, err := os.ReadFile(gitlab)
	require.NoError(t, err)
	var issues []GitLabIssue
	require.NoError(t, json.Unmarshal(b, &issues))
	require.Len(t, issues, 2)
	assert.Equal(t, []string{"info", "major"}, []string{issues[0].Severity, issues[1].Severity})
}

// TestABaselineEntryMayNameItsMutantByIDOrAlias accepts one survivor by
// its ID and another by its alias: neither fails the run, a third does,
// and --update-baseline rewrites the entries keyed by text, keeping
// their reasons.
func TestABaselineEntryMayNameItsMutantByIDOrAlias(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	baseline := filepath.Join(dir, "b.json")
	src := "package p\n\nfunc F(x int) bool {\n\treturn x > 0 && x > 0 && x > 0\n}\n"
	pkg := keyedPackage(src, [2]int{4, 11}, [2]int{4, 20}, [2]int{4, 29})
	alias := mutantid.Alias("example.com/p", "mm")
	require.NoError(t, os.WriteFile(baseline, []byte(`{"version": 1, "accepted": [
  {"package": "example.com/p", "id": "m", "reason": "by ID"},
  {"package": "example.com/p", "id": "`+alias+`", "reason": "by alias"}
]}`), 0o644))
	report1 := func(o Options) (string, error) {
		t.Helper()
		r, err := Open(o, nil)
		require.NoError(t, err)
		var out, errOut bytes.Buffer
		gate, err := r.Report(r.Assess([]runlog.Package{pkg}, Run{Cmd: "run", Complete: true, Stdout: &out, Stderr: &errOut}), report.Score{})
		require.NoError(t, err)
		return errOut.String(), gate
	}
	stderr, gate := report1(Options{Baseline: baseline})
	require.EqualError(t, gate, "1 undetected mutants are not in the baseline "+baseline+": kill them, or accept them with --update-baseline")
	assert.Contains(t, stderr, "2 accepted survivors, 1 new, 0 stale entries")
	assert.Contains(t, stderr, "survived (new):  (mmm, alias "+mutantid.Alias("example.com/p", "mmm")+")")

	_, gate = report1(Options{Baseline: baseline, UpdateBaseline: true})
	require.NoError(t, gate)
	b, err := os.ReadFile(baseline)
	require.NoError(t, err)
	var f BaselineFile
	require.NoError(t, json.Unmarshal(b, &f))
	require.Len(t, f.Accepted, 3)
	var reasons []string
	for _, e := range f.Accepted {
		assert.Empty(t, e.ID, "an entry rewritten by --update-baseline is keyed by text")
		assert.Equal(t, "boundary", e.Operator)
		reasons = append(reasons, e.Reason)
	}
	assert.ElementsMatch(t, []string{"by ID", "by alias", ""}, reasons)
}

// TestTheVerdictsGiveTheJSONReportItsBaseline assesses a run before any
// report is written: without a baseline there is nothing for the JSON
// report; with one, its accepted and new mutants by ID, stale empty.
func TestTheVerdictsGiveTheJSONReportItsBaseline(t *testing.T) {
	t.Parallel()
	src := "package p\n\nfunc F(x int) bool {\n\treturn x > 0 && x > 0\n}\n"
	pkg := keyedPackage(src, [2]int{4, 11}, [2]int{4, 20})
	run := Run{Cmd: "run", Complete: true, Stdout: &bytes.Buffer{}, Stderr: &bytes.Buffer{}}
	r, err := Open(Options{}, nil)
	require.NoError(t, err)
	assert.Nil(t, r.Assess([]runlog.Package{pkg}, run).Baseline())

	baseline := filepath.Join(t.TempDir(), "b.json")
	require.NoError(t, os.WriteFile(baseline, []byte(`{"version": 1, "accepted": [{"package": "example.com/p", "id": "m"}]}`), 0o644))
	r, err = Open(Options{Baseline: baseline}, nil)
	require.NoError(t, err)
	got := r.Assess([]runlog.Package{pkg}, run).Baseline()
	require.NotNil(t, got)
	assert.Equal(t, BaselineJSON{File: baseline, Accepted: []string{"m"}, New: []string{"mm"}, Stale: []StaleEntry{}}, *got)
}
