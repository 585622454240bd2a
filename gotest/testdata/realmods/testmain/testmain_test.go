package testmain

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

var greeting string

// TestMain reads testdata before any test runs, as many real packages do:
// it fails unless the binary runs in the package's directory.
func TestMain(m *testing.M) {
	b, err := os.ReadFile("testdata/greeting.txt")
	if err != nil {
		fmt.Fprintln(os.Stderr, "TestMain:", err)
		os.Exit(2)
	}
	greeting = strings.TrimSpace(string(b))
	os.Exit(m.Run())
}

func TestShoutGolden(t *testing.T) {
	want, err := os.ReadFile("shout.golden")
	if err != nil {
		t.Fatal(err)
	}
	if got := Shout(greeting); got != strings.TrimSpace(string(want)) {
		t.Fatalf("Shout(%q) = %q, want %q", greeting, got, want)
	}
}

func TestShoutEmpty(t *testing.T) {
	if got := Shout(""); got != "" {
		t.Fatalf("Shout(\"\") = %q", got)
	}
}

func TestSumFromSourceDir(t *testing.T) {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		t.Fatal("no caller")
	}
	b, err := os.ReadFile(filepath.Join(filepath.Dir(file), "testdata", "numbers.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var xs []int
	for _, f := range strings.Fields(string(b)) {
		var x int
		fmt.Sscan(f, &x)
		xs = append(xs, x)
	}
	if got := Sum(xs); got != 10 {
		t.Fatalf("Sum(%v) = %d, want 10", xs, got)
	}
}
