package changes

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/mutprop/mutprop/mutate"
)

func TestParseDiffKeepsTheNewSideLines(t *testing.T) {
	t.Parallel()
	diff := `diff --git a/p/a.go b/p/a.go
index 1..2 100644
--- a/p/a.go
+++ b/p/a.go
@@ -3 +3 @@ func A() {
-	x := 1
+	x := 2
@@ -10,0 +11,2 @@ func B() {
+	y++
+	y++
@@ -20,3 +22,0 @@ func C() {
-	a
-	b
-	c
diff --git a/p/gone.go b/p/gone.go
deleted file mode 100644
--- a/p/gone.go
+++ /dev/null
@@ -1,2 +0,0 @@
-package p
-
`
	ch, err := parseDiff("/repo", diff)
	if err != nil {
		t.Fatal(err)
	}
	if len(ch) != 1 {
		t.Fatalf("want one changed file, got %v", ch)
	}
	ls := ch["/repo/p/a.go"]
	if ls == nil {
		t.Fatalf("a.go missing: %v", ch)
	}
	var lines []int
	for l := range ls.lines {
		lines = append(lines, l)
	}
	sort.Ints(lines)
	// 3 (replaced), 11-12 (added), 22-23 (both sides of a deletion).
	if want := []int{3, 11, 12, 22, 23}; !reflect.DeepEqual(lines, want) {
		t.Errorf("changed lines %v, want %v", lines, want)
	}
	keep := ch.Filter(&mutate.Package{Dir: "/repo/p"})
	for _, c := range []struct {
		m    mutate.Mutant
		want bool
	}{
		{mutate.Mutant{File: "a.go", Line: 3}, true},
		{mutate.Mutant{File: "a.go", Line: 4}, false},
		{mutate.Mutant{File: "a.go", Line: 9, EndLine: 11}, true},
		{mutate.Mutant{File: "b.go", Line: 3}, false},
	} {
		if got := keep(c.m); got != c.want {
			t.Errorf("%s:%d-%d: kept %v, want %v", c.m.File, c.m.Line, c.m.EndLine, got, c.want)
		}
	}
}

func TestBadHunkHeadersAreErrors(t *testing.T) {
	t.Parallel()
	for _, h := range []string{"@@ -1 @@", "@@ -1 +x @@", "@@ -1 +2,y @@"} {
		if _, _, err := hunkNewSide(h); err == nil {
			t.Errorf("%q: no error", h)
		}
	}
}

// TestSinceTellsBadArgumentsFromFailuresOfGit: a directory outside any
// git repository and an unknown revision are *InputError; a file git does
// not track counts as changed on every line.
func TestSinceTellsBadArgumentsFromFailuresOfGit(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	outside := t.TempDir()
	var ie *InputError
	if _, err := Since(context.Background(), []string{outside}, "HEAD"); !errors.As(err, &ie) {
		t.Errorf("outside a repository: %v, want an *InputError", err)
	}

	repo := t.TempDir()
	gitIn := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-c", "user.name=mutprop", "-c", "user.email=mutprop@example.com", "-c", "commit.gpgsign=false"}, args...)...)
		cmd.Dir = repo
		cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_SYSTEM=/dev/null")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	gitIn("init", "-q")
	if err := os.WriteFile(filepath.Join(repo, "a.go"), []byte("package p\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	gitIn("add", "a.go")
	gitIn("commit", "-q", "-m", "a")
	if _, err := Since(context.Background(), []string{repo}, "no-such-rev"); !errors.As(err, &ie) || !strings.Contains(err.Error(), "is not a revision") {
		t.Errorf("an unknown revision: %v, want an *InputError", err)
	}
	if err := os.WriteFile(filepath.Join(repo, "b.go"), []byte("package p\n\nvar B = 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ch, err := Since(context.Background(), []string{repo, repo}, "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	keep := ch.Filter(&mutate.Package{Dir: repo})
	if !keep(mutate.Mutant{File: "b.go", Line: 3}) || keep(mutate.Mutant{File: "a.go", Line: 1}) {
		t.Errorf("want the untracked b.go changed and a.go not: %v", ch)
	}
}
