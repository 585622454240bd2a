package blackbox_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"pgregory.net/rapid"

	"github.com/mutprop/mutprop/blackbox"
)

// insert is Data.List.insert: x into the sorted list xs.
func insert(x int, xs []int) []int {
	i, _ := slices.BinarySearch(xs, x)
	return slices.Insert(slices.Clone(xs), i, x)
}

func sorted(xs []int) []int {
	out := slices.Clone(xs)
	slices.Sort(out)
	return out
}

// fataler is what mustMutate needs of a *testing.T or a *rapid.T.
type fataler interface {
	Helper()
	Fatal(args ...any)
}

func mustMutate[F any](t fataler, f F, opts ...blackbox.Option) F {
	t.Helper()
	m, err := blackbox.MutateFunc(f, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestMutantKeepsTheExactTypeOfItsFunction(t *testing.T) {
	t.Parallel()
	type named func(int, []int) []int
	fs := []any{
		insert,
		named(insert),
		func(format string, args ...any) string { return fmt.Sprintf(format, args...) },
		func(xs ...int) (int, bool) { return len(xs), len(xs) > 0 },
		func(a, b int) (q, r int, err error) { return a / 3, a % 3, nil },
		func(s string) (struct{}, int) { return struct{}{}, len(s) },
	}
	for _, f := range fs {
		m, err := blackbox.MutateFunc(f)
		if err != nil {
			t.Fatalf("MutateFunc(%T): %v", f, err)
		}
		if reflect.TypeOf(m) != reflect.TypeOf(f) {
			t.Errorf("MutateFunc(%T) returned a %T", f, m)
		}
	}
	n := mustMutate(t, named(insert))
	if reflect.DeepEqual(n(1, []int{0, 2}), []int{0, 1, 2}) {
		t.Errorf("the named-type mutant answered like the original")
	}
}

func TestVariadicAndMultiResultMutantsDifferAndPassArgumentsThrough(t *testing.T) {
	t.Parallel()
	count := func(xs ...int) (int, bool) { return len(xs), len(xs) > 0 }
	m := mustMutate(t, count, blackbox.Seed(4))
	for _, args := range [][]int{nil, {}, {1}, {1, 2, 3}} {
		n, ok := m(args...)
		wn, wok := count(args...)
		if n == wn && ok == wok {
			t.Errorf("count(%v...) = (%d, %v) on the mutant too", args, n, ok)
		}
	}
	// Exactly one of the results changes, the other keeps its value.
	div := func(a, b int) (q, r int, err error) { return a / b, a % b, nil }
	seen := map[string]bool{}
	for seed := range uint64(60) {
		md := mustMutate(t, div, blackbox.Seed(seed))
		q, r, err := md(17, 5)
		changed := []string{}
		if q != 3 {
			changed = append(changed, "q")
		}
		if r != 2 {
			changed = append(changed, "r")
		}
		if err != nil {
			changed = append(changed, "err")
		}
		if len(changed) != 1 {
			t.Fatalf("seed %d: changed %v, want exactly one result", seed, changed)
		}
		seen[changed[0]] = true
	}
	if len(seen) != 3 {
		t.Errorf("over 60 seeds only %v were perturbed", seen)
	}
}

func TestANonNilErrorIsTheResultPerturbed(t *testing.T) {
	t.Parallel()
	parse := func(s string) (int, error) {
		if s == "" {
			return 0, errors.New("empty")
		}
		return len(s), nil
	}
	injected := false
	for seed := range uint64(40) {
		m := mustMutate(t, parse, blackbox.Seed(seed))
		if n, err := m(""); err != nil || n != 0 {
			t.Fatalf("seed %d: a failing call became (%d, %v), want (0, nil)", seed, n, err)
		}
		if _, err := m("abc"); err != nil {
			if err.Error() != "mutprop: injected error" {
				t.Fatalf("seed %d: error %q", seed, err)
			}
			injected = true
		}
	}
	if !injected {
		t.Errorf("no seed injected an error into a successful call")
	}
}

func TestMutateRejectsWhatIsNotAFunction(t *testing.T) {
	t.Parallel()
	for _, f := range []any{nil, 3, (func(int) int)(nil), []int{1}} {
		if _, err := blackbox.MutateFunc(f); err == nil {
			t.Errorf("MutateFunc(%#v) succeeded", f)
		}
	}
	if _, err := blackbox.MutateFunc((func() int)(nil)); err == nil {
		t.Errorf("MutateFunc(nil func) succeeded")
	}
}

func TestResultsThatCannotBePerturbedAreErrorsNamingTheType(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		f    any
		want string
	}{
		{func() struct{} { return struct{}{} }, "struct {}"},
		{func(int) [0]int { return [0]int{} }, "[0]int"},
		{func() func() { return nil }, "func()"},
		{func() chan int { return nil }, "chan int"},
		{func() time.Time { return time.Time{} }, "time.Time"},
		{func() (struct{}, func()) { return struct{}{}, nil }, "struct {}"},
		{func(int) {}, "no results"},
	} {
		_, err := blackbox.MutateFunc(tc.f)
		if !errors.Is(err, blackbox.ErrCannotPerturb) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("MutateFunc(%T) = %v, want ErrCannotPerturb naming %q", tc.f, err, tc.want)
		}
	}
}

func TestAMutantIsADeterministicFunctionOfItsInput(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		seed := rapid.Uint64().Draw(t, "seed")
		x := rapid.IntRange(-50, 50).Draw(t, "x")
		xs := sorted(rapid.SliceOfN(rapid.IntRange(-50, 50), 0, 20).Draw(t, "xs"))
		m1 := mustMutate(t, insert, blackbox.Seed(seed))
		m2 := mustMutate(t, insert, blackbox.Seed(seed))
		a, b, c := m1(x, xs), m1(x, slices.Clone(xs)), m2(x, xs)
		if !reflect.DeepEqual(a, b) || !reflect.DeepEqual(a, c) {
			t.Fatalf("insert(%d, %v): %v, %v, %v", x, xs, a, b, c)
		}
		if reflect.DeepEqual(a, insert(x, xs)) {
			t.Fatalf("insert(%d, %v) = %v on the mutant too", x, xs, a)
		}
	})
}

func TestDifferentSeedsUsuallyGiveDifferentMutants(t *testing.T) {
	t.Parallel()
	outs := map[string]bool{}
	for seed := range uint64(20) {
		m := mustMutate(t, insert, blackbox.Seed(seed))
		outs[fmt.Sprint(m(5, []int{1, 3, 7, 9}))] = true
	}
	if len(outs) < 5 {
		t.Errorf("20 seeds gave %d distinct answers: %v", len(outs), outs)
	}
}

func TestOutputsThatAliasInputsAreNeverModifiedInPlace(t *testing.T) {
	t.Parallel()
	type box struct {
		Items []int
		Index map[string]int
		Next  *box
	}
	ident := func(b *box) *box { return b }
	identSlice := func(xs []int) []int { return xs }
	identArr := func(a *[2][]int) *[2][]int { return a }
	identMap := func(m map[string][]int) map[string][]int { return m }
	mk := func() *box {
		return &box{Items: []int{1, 2, 3}, Index: map[string]int{"a": 1}, Next: &box{Items: []int{4}}}
	}
	for seed := range uint64(300) {
		b := mk()
		out := mustMutate(t, ident, blackbox.Seed(seed))(b)
		if !reflect.DeepEqual(b, mk()) {
			t.Fatalf("seed %d: the input box changed to %+v", seed, b)
		}
		if reflect.DeepEqual(out, b) {
			t.Fatalf("seed %d: the output equals the input", seed)
		}
		xs := []int{1, 2, 3, 4}
		mustMutate(t, identSlice, blackbox.Seed(seed))(xs)
		if !reflect.DeepEqual(xs, []int{1, 2, 3, 4}) {
			t.Fatalf("seed %d: the input slice changed to %v", seed, xs)
		}
		a := &[2][]int{{1}, {2, 3}}
		mustMutate(t, identArr, blackbox.Seed(seed))(a)
		if !reflect.DeepEqual(a, &[2][]int{{1}, {2, 3}}) {
			t.Fatalf("seed %d: the input array changed to %v", seed, a)
		}
		m := map[string][]int{"a": {1}, "b": {2}}
		mustMutate(t, identMap, blackbox.Seed(seed))(m)
		if !reflect.DeepEqual(m, map[string][]int{"a": {1}, "b": {2}}) {
			t.Fatalf("seed %d: the input map changed to %v", seed, m)
		}
	}
}

func square(x int) int { return x * x }

func TestAtInputsPerturbsOnlyTheNamedInputs(t *testing.T) {
	t.Parallel()
	m := mustMutate(t, square, blackbox.AtInputs(blackbox.Hash(reflect.ValueOf(12))))
	if m(12) == 144 || m(11) != 121 || m(13) != 169 {
		t.Errorf("AtInputs(hash of 12): m(11), m(12), m(13) = %d, %d, %d", m(11), m(12), m(13))
	}
	inputs := []int{10, 11, 12, 13, 14, 15}
	hashes := []uint64{blackbox.Hash(reflect.ValueOf(11)), blackbox.Hash(reflect.ValueOf(14))}
	m = mustMutate(t, square, blackbox.AtInputs(hashes...))
	var perturbed []int
	for _, x := range inputs {
		if m(x) != square(x) {
			perturbed = append(perturbed, x)
		}
	}
	if !slices.Equal(perturbed, []int{11, 14}) {
		t.Errorf("AtInputs(hashes of 11 and 14) perturbed %v", perturbed)
	}
	if _, err := blackbox.MutateFunc(square, blackbox.AtInputs()); !errors.Is(err, blackbox.ErrNoCoverage) {
		t.Errorf("AtInputs(): %v, want ErrNoCoverage", err)
	}
}

// celsius has only unexported fields: the built-in mutators cannot change
// it, a registered one can.
type celsius struct{ deg float64 }

func TestRegisteredMutatorsAreUsedAtAnyDepth(t *testing.T) {
	t.Parallel()
	read := func(s string) celsius { return celsius{float64(len(s))} }
	if _, err := blackbox.MutateFunc(read); !errors.Is(err, blackbox.ErrCannotPerturb) ||
		!strings.Contains(err.Error(), "blackbox_test.celsius") {
		t.Fatalf("without a mutator: %v, want ErrCannotPerturb naming the type", err)
	}
	var mu sync.Mutex
	calls := 0
	warmer := blackbox.WithMutator(reflect.TypeFor[celsius](),
		blackbox.MutatorFunc(func(r *rand.Rand, v reflect.Value) (reflect.Value, error) {
			mu.Lock()
			calls++
			mu.Unlock()
			c := v.Interface().(celsius)
			return reflect.ValueOf(celsius{c.deg + 1 + float64(r.IntN(3))}), nil
		}))
	m := mustMutate(t, read, warmer)
	if got := m("abc"); got.deg < 4 || got.deg > 6 {
		t.Errorf("m(\"abc\") = %v, want 4..6 degrees", got)
	}
	pair := func(s string) [1]celsius { return [1]celsius{{float64(len(s))}} }
	if got := mustMutate(t, pair, warmer)("ab"); got[0].deg <= 2 {
		t.Errorf("nested: %v", got)
	}
	if calls != 2 {
		t.Errorf("the registered mutator ran %d times, want 2", calls)
	}
}

func TestEqualOptionDecidesWhatCountsAsDifferent(t *testing.T) {
	t.Parallel()
	asSet := func(a, b any) bool {
		return reflect.DeepEqual(sorted(a.([]int)), sorted(b.([]int)))
	}
	shuffle := func(xs []int) []int { return slices.Clone(xs) }
	for seed := range uint64(200) {
		m := mustMutate(t, shuffle, blackbox.Seed(seed), blackbox.Equal(asSet))
		in := []int{1, 2, 3}
		if out := m(in); asSet(out, in) {
			t.Fatalf("seed %d: %v is a permutation of %v", seed, out, in)
		}
	}
	never := mustMutate(t, square, blackbox.Equal(func(a, b any) bool { return true }))
	defer func() {
		err, _ := recover().(error)
		if !errors.Is(err, blackbox.ErrCannotPerturb) || !strings.Contains(err.Error(), "square") {
			t.Errorf("panic %v, want an ErrCannotPerturb naming square", err)
		}
	}()
	never(3)
	t.Errorf("a mutant with no admissible perturbation returned")
}

func TestANilInterfaceResultThatCannotChangeMakesTheMutantPanic(t *testing.T) {
	t.Parallel()
	f := func() fmt.Stringer { return nil }
	m := mustMutate(t, f)
	defer func() {
		err, _ := recover().(error)
		if !errors.Is(err, blackbox.ErrCannotPerturb) {
			t.Errorf("panic %v, want ErrCannotPerturb", err)
		}
	}()
	m()
	t.Errorf("the mutant returned")
}

func TestTheLogDescribesTheLastPerturbedApplication(t *testing.T) {
	t.Parallel()
	var log blackbox.Log
	if d := log.Describe(); !strings.Contains(d, "no perturbed application") {
		t.Errorf("empty log: %q", d)
	}
	m := mustMutate(t, insert, blackbox.Name("Insert"), blackbox.WithLog(&log), blackbox.Seed(1))
	m(0, nil)
	m(3, []int{1, 2})
	re := regexp.MustCompile(`^Insert\(3, \[1 2\]\) returned \[.*\], original \[1 2 3\]$`)
	if d := log.Describe(); !re.MatchString(d) {
		t.Errorf("Describe() = %q", d)
	}
	first, ok := log.First()
	if !ok || first.Input != "0, []" || first.Original != "[0]" {
		t.Errorf("First() = %+v, %v", first, ok)
	}
	if calls, perturbed := log.Counts(); calls != 2 || perturbed != 2 {
		t.Errorf("Counts() = %d, %d", calls, perturbed)
	}
	var log2 blackbox.Log
	mustMutate(t, func(s string) (int, error) { return len(s), nil },
		blackbox.WithLog(&log2), blackbox.Seed(2))("hi")
	re2 := regexp.MustCompile(`\("hi"\) returned \(.+\), original \(2, <nil>\)$`)
	if e, _ := log2.Last(); !re2.MatchString(e.String()) {
		t.Errorf("multi-result event %q", e)
	}
}

func TestWrappersAreSafeForConcurrentUse(t *testing.T) {
	t.Parallel()
	var log blackbox.Log
	m := mustMutate(t, insert, blackbox.WithLog(&log), blackbox.Seed(9))
	want := make([][]int, 50)
	for i := range want {
		want[i] = m(i, []int{1, 2, 3})
	}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := range 50 {
				if got := m(i, []int{1, 2, 3}); !reflect.DeepEqual(got, want[i]) {
					t.Errorf("goroutine %d: m(%d) = %v, want %v", g, i, got, want[i])
				}
			}
		})
	}
	wg.Wait()
	if calls, _ := log.Counts(); calls != 450 {
		t.Errorf("log counted %d calls, want 450", calls)
	}
}
