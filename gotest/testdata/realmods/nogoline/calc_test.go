package calc

import "testing"

func TestSign(t *testing.T) {
	cases := []struct{ x, want int }{{-7, -1}, {-1, -1}, {0, 0}, {1, 1}, {9, 1}}
	for _, c := range cases {
		if got := Sign(c.x); got != c.want {
			t.Errorf("Sign(%d) = %d, want %d", c.x, got, c.want)
		}
	}
}

func TestDist(t *testing.T) {
	cases := []struct{ a, b, want int }{{1, 4, 3}, {4, 1, 3}, {2, 2, 0}, {-1, 1, 2}}
	for _, c := range cases {
		if got := Dist(c.a, c.b); got != c.want {
			t.Errorf("Dist(%d, %d) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

func TestDouble(t *testing.T) {
	for x := -2; x <= 2; x++ {
		if got := Double(x); got != 2*x {
			t.Errorf("Double(%d) = %d, want %d", x, got, 2*x)
		}
	}
}
