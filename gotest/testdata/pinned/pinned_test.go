package pinned

import (
	"flag"
	"testing"
	"time"

	"pgregory.net/rapid"
)

// seed is rapid's -rapid.seed: "0" when go test runs the test (a random
// seed).
func seed() string {
	return flag.Lookup("rapid.seed").Value.String()
}

func TestAdd(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a, b := rapid.IntRange(-100, 100).Draw(t, "a"), rapid.IntRange(-100, 100).Draw(t, "b")
		if Add(a, b) != a+b {
			t.Fatalf("Add(%d, %d) = %d", a, b, Add(a, b))
		}
	})
}

func TestMax(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a, b := rapid.IntRange(-100, 100).Draw(t, "a"), rapid.IntRange(-100, 100).Draw(t, "b")
		if m := Max(a, b); m < a || m < b || m != a && m != b {
			t.Fatalf("Max(%d, %d) = %d", a, b, m)
		}
	})
}

// TestSeedOne fails when rapid's seed is pinned to 1 and passes for any
// other seed.
func TestSeedOne(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		_ = Add(Max(1, 2), rapid.Int().Draw(t, "n"))
		if seed() == "1" {
			t.Fatalf("fails for -rapid.seed=1 only")
		}
	})
}

// TestSeedOneGrows allocates without end when rapid's seed is pinned to 1
// (until a memory cap stops it), and passes for any other seed.
func TestSeedOneGrows(t *testing.T) {
	var kept [][]byte
	rapid.Check(t, func(t *rapid.T) {
		for seed() == "1" {
			b := make([]byte, 8<<20)
			for i := range b {
				b[i] = byte(i)
			}
			kept = append(kept, b)
		}
	})
	_ = len(kept)
}

// TestAlways fails for every seed.
func TestAlways(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		if Add(1, 1) == 2 {
			t.Fatalf("fails for every seed")
		}
	})
}

// TestSeedOneHangs fails when rapid's seed is pinned to 1, and never ends
// without it: as go test runs it, only a deadline stops it.
func TestSeedOneHangs(t *testing.T) {
	if seed() == "1" {
		t.Fatal("fails for -rapid.seed=1")
	}
	for {
		time.Sleep(10 * time.Millisecond)
	}
}
