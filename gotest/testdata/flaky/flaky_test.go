package flaky

import (
	"crypto/rand"
	"testing"
)

func TestAdd(t *testing.T) {
	if Add(2, 3) != 5 || Add(-1, 1) != 0 {
		t.Fatal("Add")
	}
}

func TestMax(t *testing.T) {
	if Max(2, 3) != 3 || Max(3, 2) != 3 || Max(1, 1) != 1 {
		t.Fatal("Max")
	}
}

// TestFlaky runs the code and fails at random, half of the time.
func TestFlaky(t *testing.T) {
	_ = Add(Max(1, 2), 3)
	var b [1]byte
	if _, err := rand.Read(b[:]); err != nil {
		t.Fatal(err)
	}
	if b[0]&1 == 1 {
		t.Fatal("bad luck")
	}
}
