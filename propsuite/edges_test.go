package propsuite

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestSizedGeneratorsAtSizeOne(t *testing.T) {
	t.Parallel()
	wantExactly(t, "IntSized at 1", draws(IntSized(), 1, 300), -1, 1)
	wantExactly(t, "NatSized at 1", draws(NatSized(), 1, 300), 0, 1)
	var lens []int
	for _, m := range draws(MapOf(IntRange(0, 1000), Const(0)), 1, 300) {
		lens = append(lens, len(m))
	}
	wantExactly(t, "len(MapOf) at 1", lens, 0, 1)
	lens = lens[:0]
	for _, xs := range draws(SliceOf(Const(0)), 1, 300) {
		lens = append(lens, len(xs))
	}
	wantExactly(t, "len(SliceOf) at 1", lens, 0, 1)
}

func TestBoolIsFair(t *testing.T) {
	t.Parallel()
	n := 0
	for _, b := range draws(Bool(), 0, 4000) {
		if b {
			n++
		}
	}
	// 2000 expected, sigma about 32.
	if n < 1850 || n > 2150 {
		t.Errorf("Bool drew true %d times in 4000", n)
	}
}

func TestOneOfOfOneGeneratorAndOfNone(t *testing.T) {
	t.Parallel()
	if got := draws(OneOf(Const(5)), 0, 3); got[0] != 5 || got[2] != 5 {
		t.Errorf("OneOf(Const(5)) drew %v", got)
	}
	defer func() {
		if recover() == nil {
			t.Errorf("OneOf() did not panic when built")
		}
	}()
	OneOf[int]()
}

func TestFrequencyOfEqualWeightsDrawsEachAlike(t *testing.T) {
	t.Parallel()
	n := map[int]int{}
	for _, x := range draws(Frequency(Weighted[int]{1, Const(0)}, Weighted[int]{1, Const(1)}, Weighted[int]{1, Const(2)}), 0, 3000) {
		n[x]++
	}
	for v := 0; v < 3; v++ {
		if n[v] < 850 || n[v] > 1150 {
			t.Errorf("weights 1:1:1 drew %d %d times in 3000", v, n[v])
		}
	}
}

func TestFilterGivesUpAfterTenThousandAttempts(t *testing.T) {
	t.Parallel()
	attempts := 0
	g := Filter(Const(0), func(int) bool { attempts++; return false })
	func() {
		defer func() { _ = recover() }()
		draws(g, 0, 1)
	}()
	if attempts != 10000 {
		t.Errorf("Filter tried %d values before giving up, want 10000", attempts)
	}
}

func TestHostedProtocolFillsAZeroOrNegativeProtocolAndKeepsOnes(t *testing.T) {
	t.Parallel()
	def := Protocol{Kind: "mttf", Trials: 10, DecideBudget: 1000, FailBudget: 10000, Tests: 1000}
	if got := HostedProtocol(Protocol{}); got != def {
		t.Errorf("HostedProtocol(zero) = %+v, want %+v", got, def)
	}
	if got := HostedProtocol(Protocol{Trials: -1, DecideBudget: -1, FailBudget: -1, Tests: -1}); got != def {
		t.Errorf("HostedProtocol(negative) = %+v, want %+v", got, def)
	}
	ones := Protocol{Kind: "score", Trials: 1, DecideBudget: 1, FailBudget: 1, Tests: 1}
	if got := HostedProtocol(ones); got != ones {
		t.Errorf("HostedProtocol(%+v) = %+v, want it unchanged", ones, got)
	}
}

func TestHostedTestTreatsSchemaOneAsWhiteBox(t *testing.T) {
	t.Parallel()
	var asked []string
	s := &Suite{Name: "s", Mutants: []Mutant{{}}, Properties: []string{"p"}, Generators: []string{"g"},
		Test: func(m Mutant, _, _ string) (Test, error) {
			asked = append(asked, m.ID)
			return func(*rand.Rand, int) CaseResult { return Pass }, nil
		}}
	if _, err := HostedTest(s)(Mutant{ID: "operator:x.go:1:1:literal:1", Schema: 1}, "p", "g"); err != nil {
		t.Fatal(err)
	}
	if len(asked) != 1 || asked[0] != "" {
		t.Errorf("schema 1: the suite was asked for %q, want the original", asked)
	}
}

func TestASchemataMutantWithoutAPoolIsAnError(t *testing.T) {
	t.Parallel()
	s := &Suite{Name: "s", Mutants: []Mutant{{}, {ID: "w", Schema: 1}}, Properties: []string{"p"}, Generators: []string{"g"},
		Test: func(Mutant, string, string) (Test, error) {
			return func(*rand.Rand, int) CaseResult { return Pass }, nil
		}}
	_, err := Run(context.Background(), s, &Options{Seed: 1, Protocol: &Protocol{Kind: "trials", Trials: 1, DecideBudget: 5}})
	if err == nil || !strings.Contains(err.Error(), "worker pool") {
		t.Errorf("Run of a schemata mutant in process: %v, want an error asking for a worker pool", err)
	}
}
