package cli

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCheckWritableNamesThePathAndLeavesNothingBehind(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		path string
		want string // "" for no error
	}{
		{filepath.Join(dir, "r.json"), ""},
		{file, ""},
		{filepath.Join(dir, "nodir", "r.json"), "does not exist"},
		{filepath.Join(file, "r.json"), "is not a directory"},
		{dir, "is a directory"},
	} {
		err := CheckWritable("--json", c.path)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", c.path, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "--json "+c.path)):
			t.Errorf("%s: error %v, want one naming --json and the path with %q", c.path, err, c.want)
		case c.want != "":
			var ce *codedError
			if !errors.As(err, &ce) || ce.code != ExitUsage {
				t.Errorf("%s: %v is not a usage error", c.path, err)
			}
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 {
		t.Errorf("the check left files behind: %v", entries)
	}
	if b, _ := os.ReadFile(file); string(b) != "x" {
		t.Errorf("the check changed an existing file: %q", b)
	}
}

func TestCheckDistinctFindsOneFileUnderTwoNames(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	if err := os.WriteFile("a.json", []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Link("a.json", "hard.json"); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir("out", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("out", "link"); err != nil {
		t.Skipf("no symbolic links: %v", err)
	}
	for _, c := range []struct {
		a, b string
		same bool
	}{
		{"a.json", "a.json", true},
		{"a.json", "./out/../a.json", true},
		{"a.json", filepath.Join(dir, "a.json"), true},
		{"a.json", "hard.json", true},
		{"out/new.json", "link/new.json", true}, // neither exists yet
		{"a.json", "b.json", false},
		{"out/new.json", "out/other.json", false},
	} {
		err := CheckDistinct([][2]string{{"--json", c.a}, {"--html", ""}, {"--html", c.b}})
		if got := err != nil; got != c.same {
			t.Errorf("%s and %s: error %v, want one: %v", c.a, c.b, err, c.same)
		}
		if err != nil && !strings.Contains(err.Error(), "are the same file") {
			t.Errorf("%s and %s: %v", c.a, c.b, err)
		}
	}
}
