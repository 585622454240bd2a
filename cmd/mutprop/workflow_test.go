package main

import (
	"maps"
	"os"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"
)

// workflowFile is the GitHub Actions workflow docs/ci.md documents.
const workflowFile = "../../docs/ci/mutprop.yml"

type workflowStep struct {
	Name string         `yaml:"name"`
	Uses string         `yaml:"uses"`
	Run  string         `yaml:"run"`
	With map[string]any `yaml:"with"`
}

type workflowJob struct {
	Needs    any `yaml:"needs"` // a job name or a list of them
	Strategy struct {
		Matrix map[string]any `yaml:"matrix"`
	} `yaml:"strategy"`
	Steps []workflowStep `yaml:"steps"`
}

// matrixShard matches the matrix variable in a workflow expression.
var matrixShard = regexp.MustCompile(`\$\{\{\s*matrix\.shard\s*\}\}`)

// word matches a shell word that may hold ${{ expressions }} (with spaces).
const word = `(?:\$\{\{[^}]*\}\}|[^\s$])+`

// forShard is a templated value as the job of shard k sees it.
func forShard(s string, k int) string { return matrixShard.ReplaceAllString(s, strconv.Itoa(k)) }

// jobWith returns the job one of whose steps runs a command containing s,
// and that step.
func jobWith(t *testing.T, jobs map[string]workflowJob, s string) (string, workflowJob, workflowStep) {
	t.Helper()
	for _, name := range slices.Sorted(maps.Keys(jobs)) {
		for _, st := range jobs[name].Steps {
			if strings.Contains(st.Run, s) {
				return name, jobs[name], st
			}
		}
	}
	t.Fatalf("no step of %s runs %q", workflowFile, s)
	return "", workflowJob{}, workflowStep{}
}

// stepUsing returns the job's only step that uses the action (any version).
func stepUsing(t *testing.T, job workflowJob, action string) workflowStep {
	t.Helper()
	var found []workflowStep
	for _, st := range job.Steps {
		if strings.HasPrefix(st.Uses, action+"@") {
			found = append(found, st)
		}
	}
	require.Len(t, found, 1, "steps using %s", action)
	return found[0]
}

// TestTheCIWorkflowsShardsArtifactsAndMergeAgree parses the documented
// workflow: the matrix has shards 1..N and every --shard says N, each
// shard uploads its journal under a name the report job downloads, and
// the merge step reads every journal; docs/ci.md shows the file as it is.
func TestTheCIWorkflowsShardsArtifactsAndMergeAgree(t *testing.T) {
	t.Parallel()
	raw, err := os.ReadFile(workflowFile)
	require.NoError(t, err)
	var wf struct {
		Jobs map[string]workflowJob `yaml:"jobs"`
	}
	require.NoError(t, yaml.Unmarshal(raw, &wf))

	// The matrix: shards 1..n.
	shardJob, job, runStep := jobWith(t, wf.Jobs, "mutprop run")
	shards, ok := job.Strategy.Matrix["shard"].([]any)
	require.True(t, ok, "the shard job's matrix has no shard list")
	n := len(shards)
	require.Greater(t, n, 1)
	for i, s := range shards {
		require.Equal(t, i+1, s, "matrix shard %d", i)
	}

	// Every --shard is K/n with K the matrix's.
	all := regexp.MustCompile(`--shard[ =](`+word+`)/(\S+)`).FindAllStringSubmatch(string(raw), -1)
	require.NotEmpty(t, all)
	for _, m := range all {
		assert.True(t, matrixShard.MatchString(m[1]), "--shard %s/%s: K is not the matrix's", m[1], m[2])
		assert.Equal(t, strconv.Itoa(n), m[2], "--shard %s/%s in a matrix of %d shards", m[1], m[2], n)
	}
	jm := regexp.MustCompile(`--journal[ =](` + word + `)`).FindStringSubmatch(runStep.Run)
	require.NotNil(t, jm, "the shard's run has no --journal")
	journal := jm[1]

	// Each shard uploads its journal; the report job downloads them all.
	up := stepUsing(t, job, "actions/upload-artifact")
	assert.Equal(t, journal, up.With["path"], "the uploaded file is not the journal")
	reportJob, report, mergeStep := jobWith(t, wf.Jobs, "mutprop merge")
	assert.Contains(t, []any{shardJob, []any{shardJob}}, report.Needs, "the report job does not wait for the shards")
	down := stepUsing(t, report, "actions/download-artifact")
	pattern, _ := down.With["pattern"].(string)
	dir, _ := down.With["path"].(string)
	require.NotEmpty(t, pattern, "the download has no pattern")
	assert.Equal(t, true, down.With["merge-multiple"], "the download does not merge the artifacts into one directory")
	for _, st := range report.Steps {
		if name, ok := st.With["name"].(string); ok && strings.HasPrefix(st.Uses, "actions/upload-artifact@") {
			ok, _ := path.Match(pattern, name)
			assert.False(t, ok, "the report job's artifact %s matches the shards' pattern %s", name, pattern)
		}
	}

	// The merge step reads every journal and reports for GitHub.
	args := strings.Fields(mergeStep.Run[strings.Index(mergeStep.Run, "mutprop merge")+len("mutprop merge"):])
	var globs []string
	flags := map[string]string{}
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case !strings.HasPrefix(a, "-"):
			globs = append(globs, a)
		case strings.Contains(a, "="):
			k, v, _ := strings.Cut(a, "=")
			flags[strings.TrimLeft(k, "-")] = v
		case a == "--update-baseline":
		case i+1 < len(args):
			flags[strings.TrimLeft(a, "-")] = args[i+1]
			i++
		}
	}
	assert.Equal(t, "github", flags["annotations"])
	assert.NotEmpty(t, flags["json"])
	assert.NotEmpty(t, flags["html"])
	for k := 1; k <= n; k++ {
		name := forShard(up.With["name"].(string), k)
		ok, err := path.Match(pattern, name)
		require.NoError(t, err)
		assert.True(t, ok, "shard %d's artifact %s does not match the download pattern %s", k, name, pattern)
		file := path.Join(dir, path.Base(forShard(journal, k)))
		read := false
		for _, g := range globs {
			if ok, _ := path.Match(g, file); ok {
				read = true
			}
		}
		assert.True(t, read, "the merge step of %s (%v) does not read shard %d's journal %s", reportJob, globs, k, file)
	}
	for k := 1; k < n; k++ {
		assert.NotEqual(t, forShard(up.With["name"].(string), k), forShard(up.With["name"].(string), k+1), "artifact names do not depend on the shard")
	}

	// docs/ci.md embeds the file as it is.
	doc, err := os.ReadFile("../../docs/ci.md")
	require.NoError(t, err)
	assert.True(t, strings.Contains(string(doc), "```yaml\n"+string(raw)+"```\n"), "docs/ci.md does not show docs/ci/mutprop.yml as it is")
}
