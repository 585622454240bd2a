package bst

import (
	"context"
	"os"
	"slices"
	"testing"

	"github.com/mutprop/mutprop/runner"
)

func TestThereAre79PropertiesWithTheDocumentedSetSizes(t *testing.T) {
	t.Parallel()
	want := map[string]int{"all79": 79, "hughes": 48, "holey57": 57, "etna18": 18}
	for name, n := range want {
		ps, err := PropertySet(name)
		if err != nil {
			t.Fatal(err)
		}
		if len(ps) != n {
			t.Errorf("set %s has %d properties, want %d", name, len(ps), n)
		}
	}
	kinds := map[Kind]int{}
	dups := 0
	for _, p := range Properties() {
		kinds[p.Kind]++
		if p.Duplicate != "" {
			dups++
			if _, ok := propertyByName(p.Duplicate); !ok {
				t.Errorf("%s duplicates unknown property %s", p.Name, p.Duplicate)
			}
		}
	}
	wantKinds := map[Kind]int{Validity: 6, Postcondition: 6, Metamorphic: 22, Equivalence: 6, Completeness: 3, Model: 5, QuickSpec: 31}
	for k, n := range wantKinds {
		if kinds[k] != n {
			t.Errorf("%d %s properties, want %d", kinds[k], k, n)
		}
	}
	if dups != 11 {
		t.Errorf("%d QuickSpec duplicates, want 11", dups)
	}
}

func TestEveryPropertyPassesOnTheOriginalWithEveryGenerator(t *testing.T) {
	t.Parallel()
	if active, _ := runner.ParseActive(os.Getenv(runner.ActiveEnv)); active != 0 {
		t.Skip("this process runs a mutant")
	}
	cases := []struct{ config, generator string }{}
	for _, g := range Generators() {
		cases = append(cases, struct{ config, generator string }{"holey", g.Name})
	}
	cases = append(cases, struct{ config, generator string }{"hughes", "api"}, struct{ config, generator string }{"etna", "etna-size"})
	for _, c := range cases {
		t.Run(c.config+"/"+c.generator, func(t *testing.T) {
			t.Parallel()
			cfg, err := ConfigByName(c.config)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range Properties() {
				test, err := NewTest(p.Name, c.generator, cfg, c.config == "etna")
				if err != nil {
					t.Fatal(err)
				}
				seed := runner.TrialSeed(1, "", p.Name, c.generator+"/"+c.config, 0)
				// 1,000 tests with the Fig. 13 generators; 300 with the others
				// keep the package's tests under a minute on 2 cores.
				budget := 300
				if c.config == "holey" && slices.Contains([]string{"api", "classic", "holey", "tuned-api", "tuned-classic"}, c.generator) {
					budget = 1000
				}
				res := runner.RunTrial(context.Background(), test, seed, &runner.TrialConfig{MaxTests: budget})
				if res.Outcome != runner.Survived {
					t.Errorf("%s: %s after %d tests %s", p.Name, res.Outcome, res.Tests, res.Crash)
				}
			}
		})
	}
}
