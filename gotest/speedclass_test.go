package gotest

import (
	"testing"
	"time"
)

func TestSpeedClassesArePowersOfTenFrom100ms(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		d    time.Duration
		want int
	}{
		{0, 0}, {99 * time.Millisecond, 0}, {100 * time.Millisecond, 1}, {999 * time.Millisecond, 1},
		{time.Second, 2}, {15 * time.Second, 3}, {10 * time.Hour, 6},
	} {
		if got := speedClass(c.d); got != c.want {
			t.Errorf("speedClass(%v) = %d, want %d", c.d, got, c.want)
		}
	}
}
