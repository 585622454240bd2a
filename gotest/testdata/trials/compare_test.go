package trials

import (
	"math/rand"
	"reflect"
	"testing"
	"testing/quick"

	"pgregory.net/rapid"
)

// sign is the property's oracle: the sign of d.
func sign(d int) int {
	switch {
	case d < 0:
		return -1
	case d > 0:
		return 1
	}
	return 0
}

// agrees is the property: Compare agrees with the sign of a-b.
func agrees(a, b int) bool { return Compare(a, b) == sign(a-b) }

// The weak generator draws a and b independently from [0, 50): they are
// equal in 2% of the cases. The strong one makes b equal to a half the
// time.

func weakRapid(t *rapid.T) (int, int) {
	return rapid.IntRange(0, 49).Draw(t, "a"), rapid.IntRange(0, 49).Draw(t, "b")
}

func strongRapid(t *rapid.T) (int, int) {
	a := rapid.IntRange(0, 49).Draw(t, "a")
	if rapid.Bool().Draw(t, "equal") {
		return a, a
	}
	return a, rapid.IntRange(0, 49).Draw(t, "b")
}

func checkRapid(t *testing.T, gen func(*rapid.T) (int, int)) {
	rapid.Check(t, func(t *rapid.T) {
		if a, b := gen(t); !agrees(a, b) {
			t.Fatalf("Compare(%d, %d) = %d", a, b, Compare(a, b))
		}
	})
}

func TestCompareRapidWeak(t *testing.T)   { checkRapid(t, weakRapid) }
func TestCompareRapidStrong(t *testing.T) { checkRapid(t, strongRapid) }

// Config.Rand stays nil: testing/quick seeds its default source, which
// mutprop's trials pin.

func weakQuick(v []reflect.Value, r *rand.Rand) {
	v[0], v[1] = reflect.ValueOf(r.Intn(50)), reflect.ValueOf(r.Intn(50))
}

func strongQuick(v []reflect.Value, r *rand.Rand) {
	a, b := r.Intn(50), r.Intn(50)
	if r.Intn(2) == 0 {
		b = a
	}
	v[0], v[1] = reflect.ValueOf(a), reflect.ValueOf(b)
}

func checkQuick(t *testing.T, gen func([]reflect.Value, *rand.Rand)) {
	if err := quick.Check(agrees, &quick.Config{Values: gen}); err != nil {
		t.Error(err)
	}
}

func TestCompareQuickWeak(t *testing.T)   { checkQuick(t, weakQuick) }
func TestCompareQuickStrong(t *testing.T) { checkQuick(t, strongQuick) }
