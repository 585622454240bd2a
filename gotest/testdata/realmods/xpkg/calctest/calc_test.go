package calctest

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"example.com/xpkg/calc"
)

func TestAdd(t *testing.T) {
	if calc.Add(2, 3) != 5 {
		t.Fatal("Add(2, 3) != 5")
	}
}

// TestMax reads its cases beside its own package (calctest), not calc.
func TestMax(t *testing.T) {
	b, err := os.ReadFile("testdata/max.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		var x, y, want int
		if _, err := fmt.Sscan(line, &x, &y, &want); err != nil {
			t.Fatal(err)
		}
		if got := calc.Max(x, y); got != want {
			t.Errorf("Max(%d, %d) = %d, want %d", x, y, got, want)
		}
	}
}
