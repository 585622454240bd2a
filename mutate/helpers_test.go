package mutate

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/mutprop/mutprop/internal/testfix"
)

// copyFixture writes the module testdata/<name>.txtar into a fresh
// temporary directory, <name>, and returns its path: fixtures are never
// used in place.
func copyFixture(t *testing.T, name string) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), name)
	testfix.WriteTxtar(t, filepath.Join("testdata", name+".txtar"), dst)
	return dst
}

// loadFixture copies and loads the one package of testdata/<name>.txtar.
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
