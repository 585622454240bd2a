package covering

import (
	"cmp"
	"fmt"
	"math"
	"slices"
)

// Projection describes the size of a model before generating it. Counts
// are float64 because infeasible models overflow int64.
type Projection struct {
	// LowerBound is the product of the t largest domains of the most
	// demanding relation: no covering array has fewer rows (constraints
	// ignored).
	LowerBound float64
	// GreedyBound is LowerBound·(1+ln(subsets)), the classical bound met by
	// a density greedy; IPOG arrays are usually far below it.
	GreedyBound float64
	// Subsets is the number of parameter subsets to cover (before
	// removing subsets shared by several relations).
	Subsets float64
	// Tuples is the number of value combinations over those subsets.
	Tuples float64
	// CoverageBytes is the memory of the coverage map (one bit per tuple).
	CoverageBytes float64
	// RowsBytes is the memory of LowerBound rows.
	RowsBytes float64
}

// String renders p in one line.
func (p Projection) String() string {
	return fmt.Sprintf("at least %.0f rows (greedy bound %.0f), %.0f subsets, %.0f tuples, coverage map %s, rows %s",
		p.LowerBound, p.GreedyBound, p.Subsets, p.Tuples, bytesString(p.CoverageBytes), bytesString(p.RowsBytes))
}

// Project computes the Projection of m without enumerating its subsets.
func Project(m Model) (Projection, error) {
	if err := m.validate(); err != nil {
		return Projection{}, err
	}
	var p Projection
	for _, r := range m.Relations {
		sizes := make([]float64, len(r.Params))
		for i, q := range r.Params {
			sizes[i] = float64(m.Params[q].Size)
		}
		slices.SortFunc(sizes, func(a, b float64) int { return cmp.Compare(b, a) })
		lb := 1.0
		for _, s := range sizes[:r.Strength] {
			lb *= s
		}
		p.LowerBound = math.Max(p.LowerBound, lb)
		p.Subsets += binomial(len(sizes), r.Strength)
		// e[j] = elementary symmetric polynomial of degree j of sizes.
		e := make([]float64, r.Strength+1)
		e[0] = 1
		for _, s := range sizes {
			for j := r.Strength; j >= 1; j-- {
				e[j] += e[j-1] * s
			}
		}
		p.Tuples += e[r.Strength]
	}
	p.GreedyBound = p.LowerBound * (1 + math.Log(math.Max(1, p.Subsets)))
	p.CoverageBytes = p.Tuples / 8
	p.RowsBytes = p.LowerBound * float64(len(m.Params)) * 8
	return p, nil
}

func binomial(n, k int) float64 {
	r := 1.0
	for i := 0; i < k; i++ {
		r = r * float64(n-i) / float64(i+1)
	}
	return math.Round(r)
}

func bytesString(b float64) string {
	switch {
	case b >= 1<<30:
		return fmt.Sprintf("%.1f GiB", b/(1<<30))
	case b >= 1<<20:
		return fmt.Sprintf("%.1f MiB", b/(1<<20))
	case b >= 1<<10:
		return fmt.Sprintf("%.1f KiB", b/(1<<10))
	}
	return fmt.Sprintf("%.0f B", b)
}

// TooLargeError is returned by Generate when the coverage map plus the
// lower bound's rows would exceed Options.MaxCoverageBytes.
type TooLargeError struct {
	Projection Projection
	Limit      int64
}

// Error implements error.
func (e *TooLargeError) Error() string {
	return fmt.Sprintf("covering: model is infeasible: coverage map and rows need %s, over the limit of %s; %s",
		bytesString(e.Projection.CoverageBytes+e.Projection.RowsBytes), bytesString(float64(e.Limit)), e.Projection)
}
