package calc

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// TestAddFromFile reads its cases beside the package: it passes only in
// calc's own directory.
func TestAddFromFile(t *testing.T) {
	b, err := os.ReadFile("testdata/add.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		var a, b, want int
		if _, err := fmt.Sscan(line, &a, &b, &want); err != nil {
			t.Fatal(err)
		}
		if got := Add(a, b); got != want {
			t.Errorf("Add(%d, %d) = %d, want %d", a, b, got, want)
		}
	}
}
