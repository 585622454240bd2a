package calc

import "testing"

func TestSum(t *testing.T) {
	cases := []struct {
		xs   []int
		want int
	}{
		{nil, 0}, {[]int{1}, 1}, {[]int{1, 2, 3}, 6}, {[]int{-2, 5}, 3},
	}
	for _, c := range cases {
		if got := Sum(c.xs); got != c.want {
			t.Errorf("Sum(%v) = %d, want %d", c.xs, got, c.want)
		}
	}
}

func TestMax(t *testing.T) {
	cases := []struct{ a, b, want int }{{1, 2, 2}, {2, 1, 2}, {3, 3, 3}, {-1, -5, -1}}
	for _, c := range cases {
		if got := Max(c.a, c.b); got != c.want {
			t.Errorf("Max(%d, %d) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

func TestLowBits(t *testing.T) {
	cases := []struct {
		x    uint32
		n    uint
		want uint32
	}{{0xff, 4, 0xf}, {0xff, 0, 0}, {0x12345678, 8, 0x78}, {6, 1, 0}}
	for _, c := range cases {
		if got := LowBits(c.x, c.n); got != c.want {
			t.Errorf("LowBits(%#x, %d) = %#x, want %#x", c.x, c.n, got, c.want)
		}
	}
}

func TestHalf(t *testing.T) {
	for x := 0; x <= 9; x++ {
		if got := Half(x); got != x/2 {
			t.Errorf("Half(%d) = %d, want %d", x, got, x/2)
		}
	}
}
