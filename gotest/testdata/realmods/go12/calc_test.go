package calc

import "testing"

func TestClamp(t *testing.T) {
	cases := []struct{ x, lo, hi, want int }{
		{-5, 0, 10, 0}, {0, 0, 10, 0}, {5, 0, 10, 5}, {10, 0, 10, 10}, {15, 0, 10, 10},
	}
	for _, c := range cases {
		if got := Clamp(c.x, c.lo, c.hi); got != c.want {
			t.Errorf("Clamp(%d, %d, %d) = %d, want %d", c.x, c.lo, c.hi, got, c.want)
		}
	}
}

func TestScale(t *testing.T) {
	for x := -3; x <= 3; x++ {
		if got := Scale(x); got != 4*x {
			t.Errorf("Scale(%d) = %d, want %d", x, got, 4*x)
		}
	}
}

func TestEven(t *testing.T) {
	for x := -4; x <= 4; x++ {
		want := x == -4 || x == -2 || x == 0 || x == 2 || x == 4
		if got := Even(x); got != want {
			t.Errorf("Even(%d) = %v, want %v", x, got, want)
		}
	}
}
