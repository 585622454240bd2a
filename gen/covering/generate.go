package covering

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
)

// Generate builds a covering array for m: every required tuple of every
// relation appears in some row and every row satisfies every constraint.
// Rows hold values 0..Size-1 in model order. Generate returns a
// *TooLargeError when the coverage map plus the rows of the lower bound
// would exceed the memory limit, and ctx's error when ctx is cancelled.
//
// Parameters are added by non-increasing size; the rows start empty, so
// the vertical growth of the first subset builds the full factorial of
// the first t parameters, as in IPOG.
func Generate(ctx context.Context, m Model, opts *Options) ([][]int, error) {
	proj, err := Project(m)
	if err != nil {
		return nil, err
	}
	if limit := opts.maxBytes(); proj.CoverageBytes+proj.RowsBytes > float64(limit) {
		return nil, &TooLargeError{Projection: proj, Limit: limit}
	}
	e := newEngine(&m)
	alg := opts.algorithm()
	for i, p := range e.order {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("covering: adding parameter %s: %w", m.name(p), err)
		}
		if len(e.owned[i]) == 0 {
			continue
		}
		if err := e.required(ctx, i); err != nil {
			return nil, err
		}
		if alg == IPOGF {
			err = e.horizontalF(ctx, i)
		} else {
			err = e.horizontal(ctx, i)
		}
		if err != nil {
			return nil, fmt.Errorf("covering: horizontal growth of %s: %w", m.name(p), err)
		}
		if err := e.vertical(ctx, i); err != nil {
			return nil, fmt.Errorf("covering: vertical growth of %s: %w", m.name(p), err)
		}
		e.owned[i] = nil // release the coverage map of finished subsets
	}
	if err := e.fill(ctx, opts.seed()); err != nil {
		return nil, fmt.Errorf("covering: final fill: %w", err)
	}
	return e.rows, nil
}

// engine holds the state of one IPOG run. Rows are in model order with -1
// for don't-care; parameters are added in e.order.
type engine struct {
	m     *Model
	order []int       // model indexes by non-increasing size (stable)
	owned [][]*subset // subsets by the position of their owner
	cons  [][]int     // constraint indexes by model index
	rows  [][]int     // the array under construction
	gains []int       // scratch, one per value of the current parameter
}

func newEngine(m *Model) *engine {
	n := len(m.Params)
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return m.Params[b].Size - m.Params[a].Size })
	pos := make([]int, n)
	for i, p := range order {
		pos[p] = i
	}
	cons := make([][]int, n)
	for ci, c := range m.Constraints {
		for _, p := range c.Params {
			cons[p] = append(cons[p], ci)
		}
	}
	return &engine{m: m, order: order, owned: buildSubsets(m, pos), cons: cons}
}

// allows reports whether the constraints reading parameter p accept row.
func (e *engine) allows(row []int, p int) bool {
	for _, ci := range e.cons[p] {
		if !e.m.Constraints[ci].Allow(row) {
			return false
		}
	}
	return true
}

// allowsAll reports whether the constraints reading any of ps accept row.
func (e *engine) allowsAll(row []int, ps []int) bool {
	for _, p := range ps {
		if !e.allows(row, p) {
			return false
		}
	}
	return true
}

// required marks the tuples of the subsets owned by position i that no
// valid test contains as covered, so that only required tuples remain.
func (e *engine) required(ctx context.Context, i int) error {
	row := make([]int, len(e.m.Params))
	for j := range row {
		row[j] = -1
	}
	for k, s := range e.owned[i] {
		constrained := false
		for _, p := range s.params {
			constrained = constrained || len(e.cons[p]) > 0
		}
		if !constrained {
			continue
		}
		if k%64 == 0 {
			if err := ctx.Err(); err != nil {
				return fmt.Errorf("covering: required tuples: %w", err)
			}
		}
		vals := make([]int, len(s.params))
		for c := 0; c < s.n; c++ {
			s.decode(c, vals)
			for j, p := range s.params {
				row[p] = vals[j]
			}
			if !e.allowsAll(row, s.params) {
				s.cover(c)
			}
		}
		for _, p := range s.params {
			row[p] = -1
		}
	}
	return nil
}

// rowGains fills e.gains with the number of uncovered tuples of position
// i's subsets that row would cover with each value of the new parameter,
// or -1 for values the constraints forbid. It returns the best value and
// its gain; ties go to the first value at or after start (cyclically), so
// that rows r = 0, 1, ... scanning from r mod size build cyclic Latin
// squares where a plain first-value tie-break gets stuck.
func (e *engine) rowGains(row []int, i, start int) (best, gain int) {
	p := e.order[i]
	size := e.m.Params[p].Size
	g := e.gains[:size]
	clear(g)
	for _, s := range e.owned[i] {
		pre, ok := s.prefix(row)
		if !ok {
			continue
		}
		base := pre * size
		for v := range g {
			if !s.has(base + v) {
				g[v]++
			}
		}
	}
	best, gain = -1, -1
	for k := range g {
		v := (start + k) % size
		if g[v] <= gain {
			continue
		}
		if len(e.cons[p]) > 0 {
			row[p] = v
			ok := e.allows(row, p)
			row[p] = -1
			if !ok {
				g[v] = -1
				continue
			}
		}
		best, gain = v, g[v]
	}
	return best, gain
}

// markRow covers every tuple of position i's subsets that row holds.
func (e *engine) markRow(row []int, i int) {
	for _, s := range e.owned[i] {
		if c, ok := s.code(row); ok {
			s.cover(c)
		}
	}
}

// horizontal is IPOG's horizontal growth: each row in turn takes the
// value of the new parameter covering the most uncovered tuples; rows
// where no value gains keep a don't-care.
func (e *engine) horizontal(ctx context.Context, i int) error {
	p := e.order[i]
	e.gains = make([]int, e.m.Params[p].Size)
	for r, row := range e.rows {
		if r%256 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		if v, g := e.rowGains(row, i, r); g > 0 {
			row[p] = v
			e.markRow(row, i)
		}
	}
	return nil
}

// vertical is IPOG's vertical growth: every tuple still uncovered goes
// into the first row that can take it (don't-cares or equal values, the
// constraints still satisfiable), or into a new row. Only rows with a
// don't-care among the placed parameters can take an uncovered tuple, so
// the scan is restricted to those ("open" rows, kept in row order).
func (e *engine) vertical(ctx context.Context, i int) error {
	n := len(e.m.Params)
	placed := e.order[:i+1]
	var open []int
	for r, row := range e.rows {
		for _, q := range placed {
			if row[q] < 0 {
				open = append(open, r)
				break
			}
		}
	}
	for k, s := range e.owned[i] {
		if s.left == 0 {
			continue
		}
		if k%16 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		vals := make([]int, len(s.params))
		changed := make([]int, 0, len(s.params))
		for c, m := s.nextUncovered(0), 1; c >= 0; c, m = s.nextUncovered(c+1), m+1 {
			if m%64 == 0 {
				if err := ctx.Err(); err != nil {
					return err
				}
			}
			s.decode(c, vals)
			if e.place(s, vals, open, changed, i) {
				continue
			}
			row := make([]int, n)
			for j := range row {
				row[j] = -1
			}
			for j, q := range s.params {
				row[q] = vals[j]
			}
			e.rows = append(e.rows, row)
			open = append(open, len(e.rows)-1)
			e.markRow(row, i)
		}
	}
	return nil
}

// place puts the tuple vals of s into the first open row that can take it
// and reports whether it found one.
func (e *engine) place(s *subset, vals, open, changed []int, i int) bool {
	for _, r := range open {
		row := e.rows[r]
		changed = changed[:0]
		fits := true
		for j, q := range s.params {
			if v := row[q]; v == -1 {
				changed = append(changed, q)
			} else if v != vals[j] {
				fits = false
				break
			}
		}
		if !fits || len(changed) == 0 {
			continue
		}
		for j, q := range s.params {
			row[q] = vals[j]
		}
		if e.allowsAll(row, changed) {
			e.markRow(row, i)
			return true
		}
		for _, q := range changed {
			row[q] = -1
		}
	}
	return false
}

// fill replaces every don't-care by a value drawn uniformly (from seed)
// among those that keep the row valid, in processing order.
func (e *engine) fill(ctx context.Context, seed uint64) error {
	rng := rand.New(rand.NewPCG(seed, 0x636f766572696e67))
	var ok []int
	for r, row := range e.rows {
		if r%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		for _, p := range e.order {
			if row[p] >= 0 {
				continue
			}
			ok = ok[:0]
			for v := range e.m.Params[p].Size {
				row[p] = v
				if e.allows(row, p) {
					ok = append(ok, v)
				}
			}
			if len(ok) == 0 {
				row[p] = -1
				return fmt.Errorf("row %d: no value of %s satisfies the constraints (is a constraint's Allow inexact?)", r, e.m.name(p))
			}
			row[p] = ok[rng.IntN(len(ok))]
		}
	}
	return nil
}
