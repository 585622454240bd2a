package tcas

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/mutprop/mutprop/mutate"
	"github.com/mutprop/mutprop/scenarios/tcas/subject"
)

// plain converts an Input of the schematized copy to the subject's.
func plain(in input) subject.Input { return subject.Input(in) }

func TestTheOriginalAgreesWithTheClosedFormOnTheWholeNISTGrid(t *testing.T) {
	t.Parallel()
	vals, err := domainValues(domainNIST)
	if err != nil {
		t.Fatal(err)
	}
	ins := grid(vals)
	if len(ins) != 460800 {
		t.Fatalf("NIST grid has %d inputs, want 460,800", len(ins))
	}
	counts := [3]int{}
	for _, in := range ins {
		want := reference(in)
		if got := decide(in); got != want {
			t.Fatalf("schematized copy: %v -> %d, closed form %d", values(in), got, want)
		}
		if got := subject.Decide(plain(in)); got != want {
			t.Fatalf("subject: %v -> %d, closed form %d", values(in), got, want)
		}
		counts[want]++
	}
	// Every output occurs, so the check is not vacuous.
	for o, n := range counts {
		if n == 0 {
			t.Errorf("output %d never occurs on the NIST grid", o)
		}
	}
}

func TestTheOriginalAgreesWithTheClosedFormOnAMillionRandomInputs(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(7, 11))
	// Integers around the thresholds and far from them, flags with C
	// truthiness (any int), enumerations slightly out of their sets.
	num := func() int {
		if r.IntN(2) == 0 {
			return r.IntN(2001) - 500
		}
		return int(r.Int32())
	}
	small := func() int { return r.IntN(5) - 1 }
	for range 1000000 {
		in := input{
			CurVerticalSep: num(), HighConfidence: small(), TwoOfThreeReportsValid: small(),
			OwnTrackedAlt: num(), OwnTrackedAltRate: num(), OtherTrackedAlt: num(),
			AltLayerValue: r.IntN(4), UpSeparation: num(), DownSeparation: num(),
			OtherRAC: small(), OtherCapability: small(), ClimbInhibit: small(),
		}
		if got, want := decide(in), reference(in); got != want {
			t.Fatalf("%v -> %d, closed form %d", values(in), got, want)
		}
	}
}

func TestEveryVersionIsInTheSchematizedCopy(t *testing.T) {
	t.Parallel()
	vs, err := versions()
	if err != nil {
		t.Fatal(err)
	}
	if len(vs) != 41 {
		t.Fatalf("%d versions, want 41", len(vs))
	}
	schemas := map[int]bool{}
	for i, v := range vs {
		if v.Number != i+1 || v.Schema <= 0 || schemas[v.Schema] || v.Description == "" || v.Category == "" {
			t.Errorf("version %d: %+v", i+1, v)
		}
		schemas[v.Schema] = true
		if v.NotPortable != (v.Number == 38) {
			t.Errorf("v%d: NotPortable = %v", v.Number, v.NotPortable)
		}
	}
}

func TestTheSchematizedCopiesAreUpToDate(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pkgs, err := mutate.Load(ctx, ".", "./subject")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		dir  string
		opts *mutate.Options
	}{{"internal/mutated", &mutate.Options{NamedOnly: true}}, {"internal/operators", nil}} {
		dir := t.TempDir()
		if _, _, err := mutate.Generate(ctx, dir, pkgs[0], c.opts); err != nil {
			t.Fatal(err)
		}
		fresh, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		committed, err := filepath.Glob(filepath.Join(c.dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		if len(committed) != len(fresh) {
			t.Errorf("%s has %d files, a fresh copy %d: run go generate ./scenarios/tcas/subject", c.dir, len(committed), len(fresh))
		}
		for _, f := range fresh {
			want, err := os.ReadFile(filepath.Join(dir, f.Name()))
			if err != nil {
				t.Fatal(err)
			}
			got, err := os.ReadFile(filepath.Join(c.dir, f.Name()))
			if err != nil || string(got) != string(want) {
				t.Errorf("%s/%s is out of date: run go generate ./scenarios/tcas/subject", c.dir, f.Name())
			}
		}
	}
}

func TestOperatorMutantsRunFromTheOperatorCopy(t *testing.T) {
	t.Parallel()
	ops := operatorMutants()
	if len(ops) < 150 {
		t.Fatalf("%d operator mutants in the copy", len(ops))
	}
	u, err := loadUniverse()
	if err != nil {
		t.Fatal(err)
	}
	// The first mutants replace enabled() by false: the advisory is always 0.
	var schemas []int
	for _, m := range ops[:12] {
		schemas = append(schemas, m.Schema)
	}
	ev, err := evaluateSchemas(context.Background(), testLauncher(t), workerEvalOperators, schemas, []*inputSet{rowsSet(u.Tests)}, 2)
	if err != nil {
		t.Fatal(err)
	}
	for i, in := range u.Tests {
		if int(ev.out[0][0][i]) != reference(in) {
			t.Fatalf("schema 0 of the operator copy differs from the original on test %d", i+1)
		}
	}
	if ops[0].Operator != "return-zero" || ops[0].File != "altsep.go" {
		t.Fatalf("first operator mutant %+v", ops[0])
	}
	for i, b := range ev.out[ops[0].Schema][0] {
		if b != 0 {
			t.Fatalf("%s: output %d on test %d, want 0", ops[0].ID, b, i+1)
		}
	}
}
