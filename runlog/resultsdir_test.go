package runlog

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestEnsureResultsDirIgnoresWhatItCreates(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "nested", ".mutprop")
	if err := EnsureResultsDir(dir + string(filepath.Separator)); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, ".gitignore"))
	if err != nil {
		t.Fatal(err)
	}
	if lines := strings.Split(strings.TrimSpace(string(b)), "\n"); lines[len(lines)-1] != "*" {
		t.Errorf(".gitignore = %q, want a last line \"*\"", b)
	}
	// A second call (a second run) changes nothing.
	if err := EnsureResultsDir(dir); err != nil {
		t.Fatal(err)
	}
	if b2, _ := os.ReadFile(filepath.Join(dir, ".gitignore")); string(b2) != string(b) {
		t.Errorf(".gitignore changed on the second call: %q", b2)
	}
}

func TestEnsureResultsDirLeavesAnExistingDirectoryAlone(t *testing.T) {
	t.Parallel()
	// The user's own .gitignore stays as written.
	dir := t.TempDir()
	mine := "run.jsonl\n"
	if err := os.WriteFile(filepath.Join(dir, ".gitignore"), []byte(mine), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := EnsureResultsDir(dir); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, ".gitignore")); string(b) != mine {
		t.Errorf("the user's .gitignore became %q", b)
	}
	// A directory the user made (--results results/, say) gets no .gitignore.
	other := t.TempDir()
	if err := EnsureResultsDir(other); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(other, ".gitignore")); !os.IsNotExist(err) {
		t.Errorf("EnsureResultsDir wrote a .gitignore into an existing directory (stat: %v)", err)
	}
	// A file in the way is an error.
	file := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := EnsureResultsDir(file); err == nil {
		t.Error("EnsureResultsDir on a file: want an error")
	}
}

func TestEnsureResultsDirKeepsGitStatusClean(t *testing.T) {
	t.Parallel()
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("git is not installed")
	}
	repo := t.TempDir()
	gitCmd := func(args ...string) string {
		t.Helper()
		cmd := exec.Command(git, args...)
		cmd.Dir = repo
		cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_SYSTEM=/dev/null")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	gitCmd("init", "-q")
	dir := filepath.Join(repo, ".mutprop")
	if err := EnsureResultsDir(dir); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "run.jsonl"), []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if out := gitCmd("status", "--porcelain", "--untracked-files=all"); out != "" {
		t.Errorf("git status after a run is not clean:\n%s", out)
	}
}
