package calctest

import (
	"testing"

	"example.com/xpkg/calc"
)

func TestAdd(t *testing.T) {
	if calc.Add(2, 3) != 5 {
		t.Fatal("Add(2, 3) != 5")
	}
}

func TestMax(t *testing.T) {
	if calc.Max(2, 3) != 3 || calc.Max(4, 1) != 4 {
		t.Fatal("Max")
	}
}
