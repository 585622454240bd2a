// Package mutatetest keeps schematized copies of a package up to date from
// that package's own tests.
//
// A case study imports a schematized copy of its subject (written by
// mutate.Generate), so the copy must exist before the harness builds; the
// subject package itself does not import the copy. Its test therefore
// regenerates the copy in memory and compares:
//
//	func TestTheSchematizedCopyIsUpToDate(t *testing.T) {
//		mutatetest.CheckCopy(t, ".", "../internal/mutated", &mutate.Options{NamedOnly: true})
//	}
//
// and `go test -run TestTheSchematizedCopyIsUpToDate -update` rewrites it.
package mutatetest

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/mutprop/mutprop/mutate"
)

// update is the -update flag: rewrite the copies instead of comparing.
var update = flag.Bool("update", false, "rewrite schematized copies that are out of date")

// CheckCopy fails t when the directory dst does not hold exactly the
// schematized copy of the package in dir that mutate.Generate would write
// with opts. With -update it writes the copy instead.
func CheckCopy(t testing.TB, dir, dst string, opts *mutate.Options) {
	t.Helper()
	ctx := context.Background()
	pkgs, err := mutate.Load(ctx, dir, ".")
	if err != nil {
		t.Fatalf("load %s: %v", dir, err)
	}
	if len(pkgs) != 1 {
		t.Fatalf("load %s: %d packages, want 1", dir, len(pkgs))
	}
	if *update {
		if _, _, err := mutate.Generate(ctx, dst, pkgs[0], opts); err != nil {
			t.Fatalf("regenerate %s: %v", dst, err)
		}
		return
	}
	muts, _, err := mutate.Enumerate(ctx, pkgs[0], opts)
	if err != nil {
		t.Fatalf("mutants of %s: %v", dir, err)
	}
	want, err := mutate.GenerateFiles(pkgs[0], muts)
	if err != nil {
		t.Fatalf("schemata of %s: %v", dir, err)
	}
	names := make([]string, 0, len(want))
	for name := range want {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		got, err := os.ReadFile(filepath.Join(dst, name))
		if err != nil {
			t.Errorf("%v (run: go test -run %s -update)", err, t.Name())
			continue
		}
		if !bytes.Equal(got, want[name]) {
			t.Errorf("%s is out of date (run: go test -run %s -update)", filepath.Join(dst, name), t.Name())
		}
	}
}
