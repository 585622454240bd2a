package blackbox_test

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/mutprop/mutprop/blackbox"
)

func double(x int) int { return 2 * x }

func TestMutateRejectsWhatIsNotAFunctionWithAClearMessage(t *testing.T) {
	t.Parallel()
	cases := []struct {
		f    any
		want string
	}{
		{nil, "mutate: nil, want a function"},
		{3, "mutate int: not a function"},
		{(func(int) int)(nil), "mutate func(int) int: nil function"},
		{func() {}, "no results"},
		{func() struct{} { return struct{}{} }, "cannot perturb struct {}"},
	}
	for _, c := range cases {
		_, err := blackbox.Mutate(c.f)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Mutate(%T): error %v, want one containing %q", c.f, err, c.want)
		}
	}
}

func TestOptionsRejectNilAndOutOfRangeArguments(t *testing.T) {
	t.Parallel()
	apps := []blackbox.Application{{Hash: 1}}
	cases := []struct {
		opt  blackbox.Option
		want string
	}{
		{blackbox.Equal(nil), "Equal: nil equality"},
		{blackbox.WithMutator(nil, blackbox.MutatorFunc(nil)), "nil type or mutator"},
		{blackbox.WithMutator(reflect.TypeFor[int](), nil), "nil type or mutator"},
		{blackbox.WithLog(nil), "WithLog: nil log"},
		{blackbox.AtMostK(0, apps), "AtMostK(0): k must be at least 1"},
		{blackbox.AtInputs(), "no recorded application"},
		{blackbox.AtMostK(2, nil), "no recorded application"},
	}
	for _, c := range cases {
		_, err := blackbox.Mutate(double, c.opt)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("error %v, want one containing %q", err, c.want)
		}
		if strings.Contains(c.want, "recorded") && !errors.Is(err, blackbox.ErrNoCoverage) {
			t.Errorf("error %v does not wrap ErrNoCoverage", err)
		}
	}
	// The zero Option is ignored; EveryPoint restores the default after a
	// point mode.
	m, err := blackbox.MutateFunc(double, blackbox.Option{}, blackbox.AtInputs(1), blackbox.EveryPoint())
	if err != nil {
		t.Fatal(err)
	}
	for x := range 20 {
		if m(x) == double(x) {
			t.Fatalf("after EveryPoint the mutant answered like double at %d", x)
		}
	}
}

func TestTheLogNamesTheFunctionByDefaultOrByName(t *testing.T) {
	t.Parallel()
	var l blackbox.Log
	m := mustMutate(t, double, blackbox.WithLog(&l))
	m(4)
	e, ok := l.First()
	if !ok || e.Name != "blackbox_test.double" || e.Input != "4" || e.Original != "8" {
		t.Fatalf("event %+v, want blackbox_test.double(4), original 8", e)
	}
	var named blackbox.Log
	m = mustMutate(t, double, blackbox.WithLog(&named), blackbox.Name("Twice"))
	m(1)
	if e, _ := named.First(); e.Name != "Twice" || !strings.HasPrefix(e.String(), "Twice(1) returned ") {
		t.Errorf("event %q, want it named Twice", e)
	}
}

func TestAtMostKChoosesDistinctInputsWhateverTheirOrder(t *testing.T) {
	t.Parallel()
	rec, err := blackbox.Record(double)
	if err != nil {
		t.Fatal(err)
	}
	f := rec.Func()
	inputs := []int{1, 2, 2, 3, 3, 3, 4, 4, 4, 4, 5, 6, 7, 8}
	for _, x := range inputs {
		f(x)
	}
	apps := rec.Applications()
	if len(apps) != 8 {
		t.Fatalf("%d applications recorded, want 8 distinct inputs", len(apps))
	}
	// Repeat every application: duplicates must not count twice.
	doubled := slices.Concat(apps, apps)
	reversed := slices.Clone(doubled)
	slices.Reverse(reversed)
	for seed := range uint64(20) {
		a := mustMutate(t, double, blackbox.AtMostK(3, doubled), blackbox.Seed(seed))
		b := mustMutate(t, double, blackbox.AtMostK(3, reversed), blackbox.Seed(seed))
		var pa, pb []int
		for x := 1; x <= 8; x++ {
			if a(x) != double(x) {
				pa = append(pa, x)
			}
			if b(x) != double(x) {
				pb = append(pb, x)
			}
		}
		if len(pa) != 3 || !slices.Equal(pa, pb) {
			t.Fatalf("seed %d: perturbed at %v and, with the applications reversed, at %v; want the same 3 inputs", seed, pa, pb)
		}
	}
	// Different seeds choose different points (not always the first k).
	chosen := map[string]bool{}
	for seed := range uint64(20) {
		m := mustMutate(t, double, blackbox.AtMostK(3, apps), blackbox.Seed(seed))
		var p []int
		for x := 1; x <= 8; x++ {
			if m(x) != double(x) {
				p = append(p, x)
			}
		}
		chosen[fmt.Sprint(p)] = true
	}
	n := len(chosen)
	if n < 2 {
		t.Errorf("20 seeds chose the same points")
	}
}
