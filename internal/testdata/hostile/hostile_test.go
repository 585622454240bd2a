package hostile

import (
	"runtime"
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

// TestReserve reserves 8 GiB it never touches, as a healthy test may (a
// property-testing library sizing a buffer, a cache): it passes under any
// cap of resident memory; an address-space cap (RLIMIT_AS) killed it. It
// covers no code of the package, so it runs only in the baseline.
func TestReserve(t *testing.T) {
	b := make([]byte, 8<<30)
	b[0] = 1 // one page touched
	runtime.KeepAlive(b)
}
