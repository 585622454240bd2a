package radix

// Index exposes index to the tests of package radix_test.
func (pl *Plan) Index(row []int, i int) int { return pl.index(row, i) }
