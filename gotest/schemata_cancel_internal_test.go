package gotest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mutprop/mutprop/mutate"
)

// TestAnInterruptDoesNotWaitForTheSchemata checks that runState.schemata
// returns when its context ends, before a package of some 10,000 mutants
// is rendered and type-checked (seconds of work): in less than a quarter
// of the time the whole schemata takes in the same test. The mutants it
// was numbering on copies are left as they were.
func TestAnInterruptDoesNotWaitForTheSchemata(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	var src strings.Builder
	src.WriteString("package big\n\n")
	for i := 0; i < 1000; i++ {
		fmt.Fprintf(&src, "func F%d(a, b int) int {\n\tif a < b && a > %d {\n\t\treturn a*b + %d\n\t}\n\treturn a - b\n}\n\n", i, i, i)
	}
	for name, text := range map[string]string{"go.mod": "module example.com/big\n\ngo 1.22\n", "big.go": src.String()} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ctx := context.Background()
	pkgs, err := mutate.Load(ctx, dir, ".")
	if err != nil {
		t.Fatal(err)
	}
	muts, _, err := mutate.Enumerate(ctx, pkgs[0], nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(muts) < 5000 {
		t.Fatalf("%d mutants: the package is too small to take the schemata seconds", len(muts))
	}
	rs := &runState{cfg: &Config{}}
	start := time.Now()
	if _, _, err := rs.schemata(ctx, &target{pkg: pkgs[0], muts: slices.Clone(muts)}, 0, ""); err != nil {
		t.Fatal(err)
	}
	whole := time.Since(start)

	tg := &target{pkg: pkgs[0], muts: muts}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	start = time.Now()
	_, _, err = rs.schemata(cctx, tg, 0, "")
	if took := time.Since(start); took > whole/4 {
		t.Errorf("a cancelled schemata of %d mutants returned after %v, the whole one took %v: it waited for the work", len(muts), took, whole)
	}
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("schemata of %d mutants, cancelled: err = %v, want context.Canceled", len(muts), err)
	}
	for _, m := range tg.muts {
		if m.Schema != 0 {
			t.Fatalf("%s: schema %d after a cancelled schemata, want 0 (untouched)", m.ID, m.Schema)
		}
	}
}
