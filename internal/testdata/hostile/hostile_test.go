package hostile

import (
	"runtime/debug"
	"testing"
)

// A small stack makes the overflowing variant crash in milliseconds.
func init() { debug.SetMaxStack(1 << 20) }

func TestDouble(t *testing.T) {
	for _, x := range []int{-3, 0, 21} {
		if got := Double(x); got != x+x {
			t.Errorf("Double(%d) = %d, want %d", x, got, x+x)
		}
	}
}

func TestTriangle(t *testing.T) {
	for n, want := range []int{0, 1, 3, 6, 10} {
		if got := Triangle(n); got != want {
			t.Errorf("Triangle(%d) = %d, want %d", n, got, want)
		}
	}
}
