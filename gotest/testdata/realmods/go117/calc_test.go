package calc

import "testing"

func TestAbs(t *testing.T) {
	for x := -3; x <= 3; x++ {
		want := x
		if x < 0 {
			want = -x
		}
		if got := Abs(x); got != want {
			t.Errorf("Abs(%d) = %d, want %d", x, got, want)
		}
	}
}

func TestMul(t *testing.T) {
	cases := []struct{ a, b, want int }{{1, 1, 2}, {2, 3, 6}, {-2, 3, -6}, {0, 5, 0}, {1, 2, 2}}
	for _, c := range cases {
		t.Run("", func(t *testing.T) {
			if got := Mul(c.a, c.b); got != c.want {
				t.Errorf("Mul(%d, %d) = %d, want %d", c.a, c.b, got, c.want)
			}
		})
	}
}

func TestShl(t *testing.T) {
	cases := []struct{ x, n, want int }{{1, 0, 1}, {1, 3, 8}, {3, 2, 12}}
	for _, c := range cases {
		if got := Shl(c.x, c.n); got != c.want {
			t.Errorf("Shl(%d, %d) = %d, want %d", c.x, c.n, got, c.want)
		}
	}
}
