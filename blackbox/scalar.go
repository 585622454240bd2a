package blackbox

import (
	"math"
	"math/rand/v2"
	"strings"
	"unicode/utf8"
)

// mutateInt returns a value of a bits-wide signed integer type that
// differs from x: x±1 (most often), -x, 0, a nearby value or a value up
// to a million in magnitude (any value of a narrower type).
func mutateInt(r *rand.Rand, x int64, bits int) int64 {
	var y int64
	switch r.IntN(8) {
	case 0, 1:
		y = x + 1
	case 2, 3:
		y = x - 1
	case 4:
		y = -x
	case 5:
		y = 0
	case 6:
		y = x + int64(r.IntN(201)) - 100
	default:
		y = r.Int64N(2_000_001) - 1_000_000
	}
	shift := 64 - bits
	y = y << shift >> shift // wrap to the type's width
	if y == x {
		y = x ^ 1 // fits in every width and always differs
	}
	return y
}

// mutateUint is mutateInt for unsigned integers (x-1 wraps around).
func mutateUint(r *rand.Rand, x uint64, bits int) uint64 {
	var y uint64
	switch r.IntN(7) {
	case 0, 1:
		y = x + 1
	case 2, 3:
		y = x - 1
	case 4:
		y = 0
	case 5:
		y = x + uint64(r.IntN(201)) - 100
	default:
		y = r.Uint64N(1_000_001)
	}
	if bits < 64 {
		y &= 1<<bits - 1
	}
	if y == x {
		y = x ^ 1
	}
	return y
}

// mutateFloat returns a finite value of a bits-wide float type that
// differs from x under ==: x±1, -x, 0, 2x, x/2 or a nearby value. A NaN
// becomes 0; an infinity its opposite.
func mutateFloat(r *rand.Rand, x float64, bits int) float64 {
	if math.IsNaN(x) {
		return 0
	}
	if math.IsInf(x, 0) {
		return -x
	}
	var y float64
	switch r.IntN(7) {
	case 0:
		y = x + 1
	case 1:
		y = x - 1
	case 2:
		y = -x
	case 3:
		y = 0
	case 4:
		y = x * 2
	case 5:
		y = x / 2
	default:
		y = x + r.Float64()*200 - 100
	}
	if bits == 32 {
		y = float64(float32(y))
	}
	if y == x || math.IsInf(y, 0) || math.IsNaN(y) {
		// The step was lost to rounding or overflowed: take the next
		// representable value toward zero (x is finite here, and nonzero
		// unless rounding lost x±1, so this always moves).
		if bits == 32 {
			y = float64(math.Nextafter32(float32(x), float32(math.Copysign(0, -x))))
		} else {
			y = math.Nextafter(x, math.Copysign(0, -x))
		}
		if y == x { // x is ±0
			y = 1
		}
	}
	return y
}

// printable is the alphabet of inserted and replaced characters.
const printable = " !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~"

// The string operations.
const (
	strInsert = iota
	strDrop
	strChange
	strEmpty
)

// mutateString drops, inserts or changes a character, or empties the
// string. It works on runes when s is valid UTF-8 (so the result stays
// valid) and on bytes otherwise.
func mutateString(r *rand.Rand, s string) string {
	op := strInsert
	if s != "" {
		switch k := r.IntN(8); {
		case k < 3:
			op = strDrop
		case k < 5:
			op = strInsert
		case k < 7:
			op = strChange
		default:
			op = strEmpty
		}
	}
	if op == strEmpty {
		return ""
	}
	if utf8.ValidString(s) {
		rs := []rune(s)
		return string(editUnits(r, rs, op, func(c byte) rune { return rune(c) }))
	}
	return string(editUnits(r, []byte(s), op, func(c byte) byte { return c }))
}

// editUnits applies a drop, insert or change to a fresh copy of units.
func editUnits[U rune | byte](r *rand.Rand, units []U, op int, conv func(byte) U) []U {
	n := len(units)
	c := conv(printable[r.IntN(len(printable))])
	switch op {
	case strDrop:
		i := r.IntN(n)
		out := make([]U, 0, n-1)
		out = append(out, units[:i]...)
		return append(out, units[i+1:]...)
	case strChange:
		i := r.IntN(n)
		out := append([]U(nil), units...)
		if c == units[i] {
			j := strings.IndexByte(printable, byte(c))
			c = conv(printable[(j+1)%len(printable)])
		}
		out[i] = c
		return out
	default: // strInsert
		i := r.IntN(n + 1)
		out := make([]U, 0, n+1)
		out = append(out, units[:i]...)
		out = append(out, c)
		return append(out, units[i:]...)
	}
}
