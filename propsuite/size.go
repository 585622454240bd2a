package propsuite

// MaxSize is QuickCheck's default maximum test size.
const MaxSize = 100

// Size returns the size QuickCheck uses for the next test, given the number
// of successful tests so far, the number of discards since the last success,
// and the test budget (maxSuccess). It is QuickCheck's computeSize with
// maxSize 100:
//
//	| n `roundTo` 100 + 100 <= budget || n >= budget || budget `mod` 100 == 0
//	    = (n `mod` 100 + d `div` 10) `min` 100
//	| otherwise
//	    = ((n `mod` 100) * 100 `div` (budget `mod` 100) + d `div` 10) `min` 100
//
// so for budgets that are multiples of 100 sizes cycle 0, 1, ..., 99.
func Size(successes, recentDiscards, budget int) int {
	n, d, ms := successes, recentDiscards, budget
	var s int
	if (n/MaxSize)*MaxSize+MaxSize <= ms || n >= ms || ms%MaxSize == 0 {
		s = n%MaxSize + d/10
	} else {
		s = (n%MaxSize)*MaxSize/(ms%MaxSize) + d/10
	}
	return min(s, MaxSize)
}
