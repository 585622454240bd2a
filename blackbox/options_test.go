package blackbox_test

import (
	"errors"
	"reflect"
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
		_, err := blackbox.MutateFunc(c.f)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("MutateFunc(%T): error %v, want one containing %q", c.f, err, c.want)
		}
	}
}

func TestOptionsRejectNilAndOutOfRangeArguments(t *testing.T) {
	t.Parallel()
	cases := []struct {
		opt  blackbox.Option
		want string
	}{
		{blackbox.Equal(nil), "Equal: nil equality"},
		{blackbox.WithMutator(nil, blackbox.MutatorFunc(nil)), "nil type or mutator"},
		{blackbox.WithMutator(reflect.TypeFor[int](), nil), "nil type or mutator"},
		{blackbox.WithLog(nil), "WithLog: nil log"},
		{blackbox.AtInputs(), "AtInputs: no input to perturb"},
	}
	for _, c := range cases {
		_, err := blackbox.MutateFunc(double, c.opt)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("error %v, want one containing %q", err, c.want)
		}
		if strings.Contains(c.want, "no input") && !errors.Is(err, blackbox.ErrNoCoverage) {
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
