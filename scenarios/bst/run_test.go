package bst

import (
	"reflect"
	"testing"

	"github.com/mutprop/mutprop/propsuite"
)

func TestTheJournalHeaderRefusesAnotherRun(t *testing.T) {
	exp, err := ExperimentByName("fig13")
	if err != nil {
		t.Fatal(err)
	}
	base := RunConfig{Experiment: exp, Trials: 40, Explain: true}
	h, err := base.JournalHeader()
	if err != nil {
		t.Fatal(err)
	}
	if h.Suite != "bst-fig13" || h.Extra["generators"] != "api,classic,holey,tuned-api,tuned-classic" || h.Extra["explain"] != "true" {
		t.Errorf("header %+v", h)
	}
	other := func(f func(c *RunConfig)) RunConfig {
		c := base
		c.Experiment.Mutants = append([]string(nil), exp.Mutants...)
		f(&c)
		return c
	}
	for name, c := range map[string]RunConfig{
		"trials":     other(func(c *RunConfig) { c.Trials = 41 }),
		"generators": other(func(c *RunConfig) { c.Generators = []string{"api"} }),
		"properties": other(func(c *RunConfig) { c.Experiment.PropertySet = "holey62" }),
		"bugs":       other(func(c *RunConfig) { c.Experiment.Mutants = []string{"bug2"} }),
		"explain":    other(func(c *RunConfig) { c.Explain = false }),
	} {
		o, err := c.JournalHeader()
		if err != nil {
			t.Fatal(err)
		}
		if reflect.DeepEqual(h, o) {
			t.Errorf("another %s gives the same header", name)
		}
	}
}

func TestAnExplanationCellThatDependsOnAMainCellIsShardedWithIt(t *testing.T) {
	bug2 := propsuite.Mutant{ID: "named:bug2"}
	main := (&propsuite.Cell{Mutant: bug2.ID, Property: "InsertPost", Generator: "api"}).Key()
	if got := explainShardKey(bug2, "InsertPost", "api"+validOnlySuffix); got != main {
		t.Errorf("guarded cell sharded by %q, want its main cell's key %q", got, main)
	}
	own := (&propsuite.Cell{Phase: explainPhase, Mutant: bug2.ID, Property: "InsertPost", Generator: "api-correct"}).Key()
	if got := explainShardKey(bug2, "InsertPost", "api-correct"); got != own {
		t.Errorf("independent cell sharded by %q, want its own key %q", got, own)
	}
}
