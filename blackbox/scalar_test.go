package blackbox

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

// The scalar mutators' doc comments promise a mix of perturbations; these
// tests pin the mix (by frequency over many draws) as well as the rule
// that the result always differs from the input.

const scalarDraws = 8000

// share reports whether n of scalarDraws is within 3 points of want
// (a fraction); 8000 draws make a 3-point miss a > 5-sigma event.
func share(n int, want float64) bool {
	got := float64(n) / scalarDraws
	return math.Abs(got-want) < 0.03
}

func TestMutateIntMixesPlusMinusOneNegationZeroNearbyAndFar(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(1, 1))
	const x = 1000
	var plus, minus, neg, zero, near, far int
	for range scalarDraws {
		y := mutateInt(r, x, 64)
		switch {
		case y == x:
			t.Fatalf("mutateInt(%d) returned its input", x)
		case y == x+1:
			plus++
		case y == x-1:
			minus++
		case y == -x:
			neg++
		case y == 0:
			zero++
		case y >= x-100 && y <= x+100:
			near++
		case y >= -1_000_000 && y <= 1_000_000:
			far++
		default:
			t.Fatalf("mutateInt(%d) = %d, beyond a million", x, y)
		}
	}
	// Cases 0-1 +1, 2-3 -1, 4 negation, 5 zero, 6 nearby (x±100, which
	// includes ±1 and x itself with probability 3/201), 7 anywhere in ±1e6.
	if !share(plus, 2.0/8+1.0/8/201) || !share(minus, 2.0/8+1.0/8/201) || !share(neg, 1.0/8) || !share(zero, 1.0/8) ||
		!share(near, 1.0/8*198/201) || !share(far, 1.0/8) {
		t.Errorf("of %d draws: +1 %d, -1 %d, -x %d, 0 %d, nearby %d, far %d; want about 2:2:1:1:1:1",
			scalarDraws, plus, minus, neg, zero, near, far)
	}
}

func TestMutateIntWrapsToItsWidth(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(2, 2))
	sawWrap := false
	for range scalarDraws {
		y := mutateInt(r, math.MaxInt8, 8)
		if y < math.MinInt8 || y > math.MaxInt8 || y == math.MaxInt8 {
			t.Fatalf("mutateInt(127, 8 bits) = %d", y)
		}
		sawWrap = sawWrap || y == math.MinInt8 // 127+1 wraps
	}
	if !sawWrap {
		t.Errorf("127+1 never wrapped to -128 in an int8")
	}
}

func TestMutateUintMixesAndWraps(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(3, 3))
	const x = 5000
	var plus, minus, zero, near, far int
	for range scalarDraws {
		y := mutateUint(r, x, 64)
		switch {
		case y == x:
			t.Fatalf("mutateUint(%d) returned its input", x)
		case y == x+1:
			plus++
		case y == x-1:
			minus++
		case y == 0:
			zero++
		case y >= x-100 && y <= x+100:
			near++
		case y <= 1_000_000:
			far++
		default:
			t.Fatalf("mutateUint(%d) = %d, beyond a million", x, y)
		}
	}
	if !share(plus, 2.0/7) || !share(minus, 2.0/7) || !share(zero, 1.0/7) || !share(near, 1.0/7) || !share(far, 1.0/7) {
		t.Errorf("of %d draws: +1 %d, -1 %d, 0 %d, nearby %d, far %d; want about 2:2:1:1:1",
			scalarDraws, plus, minus, zero, near, far)
	}
	wrapped := false
	for range 200 {
		y := mutateUint(r, 0, 16)
		if y > math.MaxUint16 || y == 0 {
			t.Fatalf("mutateUint(0, 16 bits) = %d", y)
		}
		wrapped = wrapped || y == math.MaxUint16 // 0-1 wraps
	}
	if !wrapped {
		t.Errorf("0-1 never wrapped to 65535 in a uint16")
	}
	for range 200 {
		if y := mutateUint(r, math.MaxUint64, 64); y == math.MaxUint64 {
			t.Fatalf("mutateUint(max) returned its input")
		}
	}
}

func TestMutateFloatMixesAndHandlesSpecialValues(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(4, 4))
	const x = 10.0
	n := map[string]int{}
	for range scalarDraws {
		y := mutateFloat(r, x, 64)
		switch {
		case y == x || math.IsNaN(y) || math.IsInf(y, 0):
			t.Fatalf("mutateFloat(%v) = %v", x, y)
		case y == 11:
			n["+1"]++
		case y == 9:
			n["-1"]++
		case y == -10:
			n["neg"]++
		case y == 0:
			n["zero"]++
		case y == 20:
			n["double"]++
		case y == 5:
			n["half"]++
		case y >= -90 && y <= 110:
			n["near"]++
		default:
			t.Fatalf("mutateFloat(%v) = %v, not one of the documented perturbations", x, y)
		}
	}
	for _, k := range []string{"+1", "-1", "neg", "zero", "double", "half", "near"} {
		if !share(n[k], 1.0/7) {
			t.Errorf("%s: %d of %d draws, want about 1/7 (%v)", k, n[k], scalarDraws, n)
		}
	}
	if y := mutateFloat(r, math.NaN(), 64); y != 0 {
		t.Errorf("mutateFloat(NaN) = %v, want 0", y)
	}
	if y := mutateFloat(r, math.Inf(1), 64); !math.IsInf(y, -1) {
		t.Errorf("mutateFloat(+Inf) = %v, want -Inf", y)
	}
	if y := mutateFloat(r, math.Inf(-1), 32); !math.IsInf(y, 1) {
		t.Errorf("mutateFloat(-Inf) = %v, want +Inf", y)
	}
}

func TestMutateFloatStepsTowardZeroWhenTheChangeIsLost(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(5, 5))
	big := math.MaxFloat64
	big32 := float64(math.MaxFloat32)
	for range 500 {
		// x±1 rounds back to x and 2x overflows: the fallback takes the
		// next value toward zero.
		if y := mutateFloat(r, big, 64); y == big || math.IsInf(y, 0) || y > big {
			t.Fatalf("mutateFloat(MaxFloat64) = %v", y)
		}
		y := mutateFloat(r, big32, 32)
		if y == big32 || math.IsInf(y, 0) || float64(float32(y)) != y {
			t.Fatalf("mutateFloat(MaxFloat32, 32 bits) = %v, want a float32 value below it", y)
		}
		if y := mutateFloat(r, -big, 64); y == -big || math.IsInf(y, 0) || y < -big {
			t.Fatalf("mutateFloat(-MaxFloat64) = %v", y)
		}
	}
	want64 := math.Nextafter(big, 0)
	want32 := float64(math.Nextafter32(math.MaxFloat32, 0))
	saw64, saw32 := false, false
	for range 500 {
		saw64 = saw64 || mutateFloat(r, big, 64) == want64
		saw32 = saw32 || mutateFloat(r, big32, 32) == want32
	}
	if !saw64 || !saw32 {
		t.Errorf("the next value toward zero never came up (64-bit %v, 32-bit %v)", saw64, saw32)
	}
	// Zero has no next value toward zero: a draw that leaves it (0, -0,
	// 2*0, 0/2) must still move it (to 1).
	for range 200 {
		if y := mutateFloat(r, 0, 64); y == 0 {
			t.Fatalf("mutateFloat(0) = 0")
		}
	}
}

func TestMutateStringMixesDropInsertChangeAndEmpty(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(6, 6))
	const s = "héllo"
	n := map[string]int{}
	for range scalarDraws {
		y := mutateString(r, s)
		ny, ns := utf8.RuneCountInString(y), utf8.RuneCountInString(s)
		switch {
		case y == s || !utf8.ValidString(y):
			t.Fatalf("mutateString(%q) = %q", s, y)
		case y == "":
			n["empty"]++
		case ny == ns-1:
			n["drop"]++
		case ny == ns+1:
			n["insert"]++
		case ny == ns:
			n["change"]++
		default:
			t.Fatalf("mutateString(%q) = %q: not one edit", s, y)
		}
	}
	// k < 3 drop, k < 5 insert, k < 7 change, else empty (k uniform on 0..7).
	if !share(n["drop"], 3.0/8) || !share(n["insert"], 2.0/8) || !share(n["change"], 2.0/8) || !share(n["empty"], 1.0/8) {
		t.Errorf("edits of %q: %v, want drop:insert:change:empty about 3:2:2:1", s, n)
	}
	for range 200 {
		if y := mutateString(r, ""); utf8.RuneCountInString(y) != 1 || !strings.ContainsAny(y, printable) {
			t.Fatalf("mutateString(\"\") = %q, want one printable character", y)
		}
	}
}

func TestEditUnitsDropsInsertsAndChangesOneUnit(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(7, 7))
	id := func(c byte) byte { return c }
	in := []byte("abcdef")
	for range 500 {
		d := editUnits(r, in, strDrop, id)
		if len(d) != 5 || !isSubsequence(d, in) {
			t.Fatalf("drop of %q gave %q", in, d)
		}
		i := editUnits(r, in, strInsert, id)
		if len(i) != 7 || !isSubsequence(in, i) {
			t.Fatalf("insert into %q gave %q", in, i)
		}
		c := editUnits(r, in, strChange, id)
		diff := 0
		for k := range in {
			if c[k] != in[k] {
				diff++
			}
		}
		if len(c) != 6 || diff != 1 {
			t.Fatalf("change of %q gave %q", in, c)
		}
		if string(in) != "abcdef" {
			t.Fatalf("editUnits changed its input to %q", in)
		}
	}
	// A change that draws the unit already there takes the next printable
	// character instead: with a one-unit input every printable character
	// is drawn eventually, so all of them must come out changed.
	for _, ch := range []byte(printable) {
		for range 20 {
			out := editUnits(r, []byte{ch}, strChange, id)
			if len(out) != 1 || out[0] == ch || !strings.ContainsRune(printable, rune(out[0])) {
				t.Fatalf("change of %q gave %q", ch, out)
			}
		}
	}
}

// isSubsequence reports whether a is b with one or more units removed
// (or equal).
func isSubsequence(a, b []byte) bool {
	j := 0
	for i := 0; i < len(b) && j < len(a); i++ {
		if a[j] == b[i] {
			j++
		}
	}
	return j == len(a)
}
