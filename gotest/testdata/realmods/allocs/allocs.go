// Package allocs has a test that holds under go test but not on an
// instrumented build: it counts allocations (testing.AllocsPerRun) of a
// constructor that go test's build inlines, so its result stays on the
// stack, and that mutprop's schemata make too large to inline.
package allocs

// Point is a point in the plane.
type Point struct{ X, Y int }

// NewPoint returns the point (x+1, y*2).
func NewPoint(x, y int) *Point {
	return &Point{X: x + 1, Y: y * 2}
}

// Dist1 is the Manhattan distance of p from the origin.
func Dist1(p *Point) int {
	d := 0
	if p.X < 0 {
		d -= p.X
	} else {
		d += p.X
	}
	if p.Y < 0 {
		d -= p.Y
	} else {
		d += p.Y
	}
	return d
}
