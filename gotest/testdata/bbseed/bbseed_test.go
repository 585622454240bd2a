package bbseed

import (
	"flag"
	"testing"

	"pgregory.net/rapid"
)

// TestDouble checks Double; it also fails at its first case, on any code,
// unless rapid's seed is 1 (mutprop's pinned --seed): a property that
// passes only with the pinned seed.
func TestDouble(t *testing.T) {
	seed := flag.Lookup("rapid.seed").Value.String()
	rapid.Check(t, func(t *rapid.T) {
		x := rapid.IntRange(-100, 100).Draw(t, "x")
		if seed != "1" {
			t.Fatalf("seed %s", seed)
		}
		if Double(x) != x+x {
			t.Fatalf("Double(%d) = %d", x, Double(x))
		}
	})
}
