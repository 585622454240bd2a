package bst

import (
	"context"
	"fmt"
	"os"
	"slices"
	"testing"

	"github.com/mutprop/mutprop/internal/testfix"
	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/propsuite"
)

func TestThereAre79PropertiesWithTheDocumentedSetSizes(t *testing.T) {
	t.Parallel()
	want := map[string]int{"all79": 79, "hughes": 48, "fig8": 42, "holey57": 57, "holey62": 62, "etna18": 18}
	for name, n := range want {
		ps, err := propertySet(name)
		if err != nil {
			t.Fatal(err)
		}
		if len(ps) != n {
			t.Errorf("set %s has %d properties, want %d", name, len(ps), n)
		}
	}
	kinds := map[Kind]int{}
	dups := 0
	for _, p := range properties() {
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
	testfix.EndToEnd(t)
	t.Parallel()
	if active, _ := propsuite.ParseActive(os.Getenv(propsuite.ActiveEnv)); active != 0 {
		t.Skip("this process runs a mutant")
	}
	cases := []struct{ config, generator string }{}
	for _, g := range generators() {
		cases = append(cases, struct{ config, generator string }{"holey", g.Name})
	}
	cases = append(cases, struct{ config, generator string }{"hughes", "api"}, struct{ config, generator string }{"etna", "etna-size"})
	for _, c := range cases {
		t.Run(c.config+"/"+c.generator, func(t *testing.T) {
			t.Parallel()
			cfg, err := configByName(c.config)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range properties() {
				test, err := newTest(p.Name, c.generator, cfg, c.config == "etna")
				if err != nil {
					t.Fatal(err)
				}
				seed := propsuite.TrialSeed(1, "", p.Name, c.generator+"/"+c.config, 0)
				// 500 tests (five rounds of sizes 0..99) with the Fig. 13
				// generators, 200 with the others, keep the package's tests
				// under a minute on 2 cores.
				budget := 200
				if c.config == "holey" && slices.Contains([]string{"api", "classic", "holey", "tuned-api", "tuned-classic"}, c.generator) {
					budget = 500
				}
				res := propsuite.RunTrial(context.Background(), test, seed, &propsuite.TrialConfig{MaxTests: budget})
				if res.Outcome != outcome.Survived {
					t.Errorf("%s: %s after %d tests %s", p.Name, res.Outcome, res.Tests, res.Crash)
				}
			}
		})
	}
}

func TestEachShrinkStreamsGenericShrinkInOrder(t *testing.T) {
	t.Parallel()
	tr := namedOps.insert(4, -3, namedOps.insert(2, 5, namedOps.insert(6, 1, namedOps.insert(5, 7, nil))))
	before := dumpTree(tr)
	var want []string
	for _, s := range genericShrink(tr) {
		want = append(want, dumpTree(s))
	}
	// The streamed candidates reuse scratch nodes: record each as it comes.
	var got []string
	eachShrink(tr, func(s *tree) bool { got = append(got, dumpTree(s)); return true })
	if !slices.Equal(got, want) {
		t.Fatalf("streamed shrinks\n%v\ngenericShrink\n%v", got, want)
	}
	if dumpTree(tr) != before {
		t.Fatalf("streaming wrote the tree: %s, was %s", dumpTree(tr), before)
	}
	n := 0
	eachShrink(tr, func(*tree) bool { n++; return n < 3 })
	if n != 3 {
		t.Errorf("yield returned false at 3 but %d shrinks came", n)
	}
}

func dumpTree(t *tree) string {
	if t == nil {
		return "L"
	}
	return fmt.Sprintf("N(%s %d:%d %s)", dumpTree(t.Left), t.Key, t.Val, dumpTree(t.Right))
}
