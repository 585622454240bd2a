package mutate

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// copyFixture copies testdata/<name> into a fresh temporary directory and
// returns the copy's path: fixtures are never used in place.
func copyFixture(t *testing.T, name string) string {
	t.Helper()
	src := filepath.Join("testdata", name)
	dst := filepath.Join(t.TempDir(), name)
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
	if err != nil {
		t.Fatalf("copy fixture %s: %v", name, err)
	}
	return dst
}

// loadFixture copies and loads the one package of testdata/<name>.
func loadFixture(t *testing.T, name string) *Package {
	t.Helper()
	dir := copyFixture(t, name)
	pkgs, err := Load(context.Background(), dir, ".")
	if err != nil {
		t.Fatalf("load %s: %v", name, err)
	}
	if len(pkgs) != 1 {
		t.Fatalf("load %s: %d packages, want 1", name, len(pkgs))
	}
	return pkgs[0]
}

// enumerateFixture loads the fixture package name and enumerates its
// mutants with every operator.
func enumerateFixture(t *testing.T, name string) (*Package, []Mutant, Stats) {
	t.Helper()
	pkg := loadFixture(t, name)
	muts, st, err := Enumerate(context.Background(), pkg, nil)
	if err != nil {
		t.Fatalf("enumerate %s: %v", name, err)
	}
	return pkg, muts, st
}
