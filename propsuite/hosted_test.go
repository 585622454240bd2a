package propsuite

import (
	"math/rand/v2"
	"slices"
	"testing"
)

func TestHostedTestRunsTheOriginalsTestForWhiteBoxMutants(t *testing.T) {
	var asked []string
	s := &Suite{Name: "s", Mutants: []Mutant{{}, {ID: "bb"}}, Properties: []string{"p"}, Generators: []string{"g"},
		Test: func(m Mutant, _, _ string) (Test, error) {
			asked = append(asked, m.ID)
			return func(*rand.Rand, int) CaseResult { return Pass }, nil
		}}
	test := HostedTest(s)
	for _, m := range []Mutant{{}, {ID: "bb"}, {ID: "operator:x.go:1:1:relational:<", Origin: "operator", Schema: 7}} {
		if _, err := test(m, "p", "g"); err != nil {
			t.Fatal(err)
		}
	}
	if want := []string{"", "bb", ""}; !slices.Equal(asked, want) {
		t.Errorf("the suite was asked for %q, want %q", asked, want)
	}
}

func TestHostedProtocolKeepsWhatIsSetAndFillsTheRest(t *testing.T) {
	got := HostedProtocol(Protocol{DecideBudget: 300, Trials: 5})
	want := Protocol{Kind: "mttf", Trials: 5, DecideBudget: 300, FailBudget: 10000, Tests: 1000}
	if got != want {
		t.Errorf("HostedProtocol = %+v, want %+v", got, want)
	}
	info := (&Suite{Name: "s", Mutants: []Mutant{{}}, Properties: []string{"p"}, Generators: []string{"g"}}).Info("TestS", Protocol{Kind: "trials"})
	if info.Test != "TestS" || info.Protocol.Kind != "trials" || info.Protocol.Trials != 10 || len(info.Mutants) != 1 {
		t.Errorf("Info = %+v", info)
	}
}
