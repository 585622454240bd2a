package gotest_test

import (
	"strings"
	"testing"

	"github.com/mutprop/mutprop/internal/testfix"
	"github.com/mutprop/mutprop/mutate"
	"github.com/mutprop/mutprop/outcome"
)

// The modules testdata/realmods/go12.txtar, go112, go117 and nogoline say go 1.2,
// 1.12, 1.17 and nothing (which the go command compiles as go 1.16): the
// compiler checks the package, mutprop's generated code included, at that
// language version, so the schemata, the probes and the overlays must use
// nothing newer.
func TestOldGoModulesScoreWithProbes(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	ops, err := mutate.SelectOperators("arithmetic,bitwise,relational,literal")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"go12", "go112", "go117", "nogoline"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			cfg := realModConfig(t, copyRealMod(t, name), ".")
			cfg.Operators = ops
			res, err := scoreRealMod(t, cfg)
			if err != nil {
				t.Fatalf("score: %v", err)
			}
			if len(res.Packages) != 1 {
				t.Fatalf("%d packages scored, want 1", len(res.Packages))
			}
			pr := res.Packages[0]
			if len(pr.SetAside) > 0 {
				t.Errorf("tests set aside: %+v; every test passes under go test", pr.SetAside)
			}
			if pr.Probed == 0 {
				t.Errorf("no mutant probed: the probes, the path that broke on old modules, did not run")
			}
			n := tally(pr)
			t.Logf("%d mutants (%d probed): %v", len(pr.Mutants), pr.Probed, n)
			if n[outcome.Killed] == 0 || n[outcome.NotViable] > 0 || n[outcome.Crashed] > 0 {
				t.Errorf("outcomes %v: want kills, nothing not-viable or crashed", n)
			}
			for _, r := range pr.Mutants {
				if r.Mutant.Schema == 0 {
					t.Errorf("%s is not in the schemata (its guard did not type-check at the module's version)", r.Mutant.ID)
				}
				if r.Outcome == outcome.NotViable || strings.Contains(r.Reason, "requires go1") {
					t.Errorf("%s: %s: %s", r.Mutant.ID, r.Outcome, r.Reason)
				}
			}
		})
	}
}
