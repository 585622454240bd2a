package allocs

import "testing"

var sink int

func TestNewPointDoesNotAllocate(t *testing.T) {
	n := testing.AllocsPerRun(100, func() {
		p := NewPoint(1, 2)
		sink = p.X + p.Y
	})
	if n != 0 {
		t.Fatalf("NewPoint allocates %v times per call", n)
	}
}

func TestNewPoint(t *testing.T) {
	if p := NewPoint(1, 2); p.X != 2 || p.Y != 4 {
		t.Fatalf("NewPoint(1, 2) = %+v", p)
	}
}

func TestDist1(t *testing.T) {
	for _, c := range []struct{ x, y, want int }{{1, 1, 2}, {-3, 4, 7}, {0, -2, 2}} {
		if got := Dist1(&Point{c.x, c.y}); got != c.want {
			t.Errorf("Dist1(%d, %d) = %d, want %d", c.x, c.y, got, c.want)
		}
	}
}
