package looptime

import (
	"testing"
	"time"
)

// TestQuick runs first, alone: the variant passes it.
func TestQuick(t *testing.T) {
	if Step(1) != 2 {
		t.Fatal("Step(1) != 2")
	}
}

// TestLoop takes 10 ms; the variant loops in it.
func TestLoop(t *testing.T) {
	time.Sleep(10 * time.Millisecond)
	if Step(3) != 4 {
		t.Fatal("Step(3) != 4")
	}
}

// TestSlow takes 2 s: a deadline for the whole process would give the
// loop the deadline factor x that.
func TestSlow(t *testing.T) {
	time.Sleep(2 * time.Second)
	if Step(5) != 6 {
		t.Fatal("Step(5) != 6")
	}
}
