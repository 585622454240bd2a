// Package bigtable is a fixture for enumerating a package beside a big
// generated table: the benchmark and tests write table.gen.go (a table of
// tableRows rows) into their copy of it.
package bigtable

import (
	"math/bits"
	"strconv"
	"strings"
	"unicode"
)

// weights and masks are tables of a hand-written file: their mutants are
// checked with their table kept (-1 and 256 overflow a uint8).
var weights = []int{1, 2 + 3, 4 * 5}

var masks = []uint8{0, 255}

var words = [...]string{"a" + "b", "c"}

// fns and classes name an import in a table: emptying them would leave
// unicode unused.
var fns = []func(string) string{strings.ToUpper}

var classes = []func(rune) bool{unicode.IsDigit, unicode.IsLetter}

var label = &struct {
	name string
	bits uint8
}{name: "bits" + "et", bits: 0}

// Extract gathers the bits of x that mask selects, low bits first.
func Extract(x, mask uint64) uint64 {
	var out uint64
	k := 0
	for i := 0; i < 64; i++ {
		if mask&(1<<uint(i)) != 0 {
			if x&(1<<uint(i)) != 0 {
				out |= 1 << uint(k)
			}
			k++
		}
	}
	return out
}

// Count returns the number of set bits of x.
func Count(x uint64) int { return bits.OnesCount64(x) }

// Format writes x in base 2, padded to n digits.
func Format(x uint64, n int) string {
	s := strconv.FormatUint(x, 2)
	if len(s) < n {
		s = strings.Repeat("0", n-len(s)) + s
	}
	return s
}

// Weight sums the weights of the first n entries.
func Weight(n int) int {
	total := 0
	for i := 0; i < n && i < len(weights); i++ {
		total += weights[i] * (i + 1)
	}
	if total > 100 {
		return 100
	}
	return total
}

// Word returns the word at i, upper-cased by the first function of fns.
func Word(i int) string {
	if i < 0 || i >= len(words) || !classes[1]('x') {
		return ""
	}
	return fns[0](words[i]) + label.name + strconv.Itoa(int(masks[i%2]&label.bits))
}
