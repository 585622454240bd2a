package failmsg

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// broken makes every test fail without a mutant, for capturing the
// output of failures: FAILMSG_BROKEN=1.
var broken = os.Getenv("FAILMSG_BROKEN") != ""

func want(v int) int {
	if broken {
		return v + 1000
	}
	return v
}

// TestProgress prints progress lines, then fails.
func TestProgress(t *testing.T) {
	fmt.Println("progress: checking Neg")
	if got := Neg(2); got != want(-2) {
		t.Fatalf("Neg(2) = %d, want %d", got, want(-2))
	}
	fmt.Println("progress: done")
}

// TestHuge prints 50 MB, then fails.
func TestHuge(t *testing.T) {
	fmt.Println(strings.Repeat("x", 50<<20))
	if got := Half(6); got != want(3) {
		t.Fatalf("Half(6) = %d, want %d", got, want(3))
	}
}

// TestSub fails in a subtest.
func TestSub(t *testing.T) {
	t.Run("double", func(t *testing.T) {
		fmt.Println("progress: in the subtest")
		if got := Twice(4); got != want(8) {
			t.Errorf("Twice(4) = %d, want %d", got, want(8))
		}
	})
}

// TestLogThenFail logs, then fails with a message of two lines.
func TestLogThenFail(t *testing.T) {
	t.Log("checking Inc")
	if got := Inc(1); got != want(2) {
		t.Errorf("Inc(1) = %d, want %d\nsecond line", got, want(2))
	}
}

// TestPanic panics.
func TestPanic(t *testing.T) {
	t.Log("checking Sign")
	if got := Sign(-5); got != want(-1) {
		panic(fmt.Sprintf("Sign(-5) = %d", got))
	}
}

// TestRapid is a rapid property.
func TestRapid(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a, b := rapid.Int().Draw(t, "a"), rapid.Int().Draw(t, "b")
		fmt.Println("progress: a property run")
		if m := Max(a, b); m < a || m < b || broken && m != a+b+1000 {
			t.Fatalf("Max(%d, %d) = %d", a, b, m)
		}
	})
}
