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
	e.owned = buildSubsets(&m, e.pos)
	e.ties = opts.ties()
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
	if how := opts.fill(); how != FillNone {
		if err := e.fill(ctx, how, opts.seed()); err != nil {
			return nil, fmt.Errorf("covering: final fill: %w", err)
		}
	}
	return e.rows, nil
}

// FillDontCares fills the don't-cares (-1) of rows generated for m with
// FillNone, in place, as Generate would have with how (FillRandom drawing
// from seed). It lets one generation be filled several ways; rows must not
// otherwise have been changed.
func FillDontCares(ctx context.Context, m Model, rows [][]int, how Fill, seed uint64) error {
	if err := m.validate(); err != nil {
		return err
	}
	if how == FillNone {
		return nil
	}
	e := newEngine(&m)
	e.rows = rows
	if err := e.fill(ctx, how, seed); err != nil {
		return fmt.Errorf("covering: fill: %w", err)
	}
	return nil
}

// engine holds the state of one IPOG run. Rows are in model order with -1
// for don't-care; parameters are added in e.order.
type engine struct {
	ties  TieBreak
	used  []int // rows holding each value of the parameter being added
	m     *Model
	order []int       // model indexes by non-increasing size (stable)
	pos   []int       // position of each model index in order
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
	return &engine{m: m, order: order, pos: pos, cons: cons}
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
// its gain; ties go as e.ties says (TieCyclic: the first value at or after
// start mod size).
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
		// g[v] += 1 - bit(pre*size + v), a word at a time.
		c := pre * size
		for v := 0; v < size; {
			w := s.bits[c>>6] >> (c & 63)
			k := min(64-(c&63), size-v)
			gv := g[v : v+k]
			for j := range gv {
				gv[j] += int(^w & 1)
				w >>= 1
			}
			v += k
			c += k
		}
	}
	best, gain = -1, -1
	if e.ties != TieCyclic {
		start = 0
	}
	least := e.ties == TieLeastUsed
	for k := range g {
		v := (start + k) % size
		if g[v] < gain || g[v] == gain && (!least || e.used[v] >= e.used[best]) {
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

// left returns the number of required tuples of position i's subsets not
// yet covered.
func (e *engine) left(i int) int {
	n := 0
	for _, s := range e.owned[i] {
		n += s.left
	}
	return n
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
	e.used = make([]int, e.m.Params[p].Size)
	for r, row := range e.rows {
		if r%256 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
			if e.left(i) == 0 {
				return nil // no row can gain: the rest keep don't-cares
			}
		}
		if v, g := e.rowGains(row, i, r); g > 0 {
			row[p] = v
			e.used[v]++
			e.markRow(row, i)
		}
	}
	return nil
}

// vertical is IPOG's vertical growth: every tuple still uncovered goes
// into the first row that can take it (don't-cares or equal values, the
// constraints still satisfiable), or into a new row.
//
// Only rows with a don't-care among the placed parameters ("open" rows)
// can take a tuple. Finding the first one fast matters when the array has
// a million rows (six parameters of 1001 values at t=2, or of 101 values at
// t=3), where scanning every open row per tuple is quadratic. Two indexes
// give the same first row as that scan:
//   - buckets: every tuple owned by position i holds a value c of the new
//     parameter p, so only open rows with p = c or p don't-care can take
//     it; open rows are bucketed by their value of p, in row order.
//   - keys: for a subset with many uncovered tuples, open rows are filed by
//     their values on the subset (-1 kept), and a tuple looks up the
//     2^t - 1 keys that equal it or don't-care on each position.
func (e *engine) vertical(ctx context.Context, i int) error {
	n := len(e.m.Params)
	placed := e.order[:i+1]
	p := e.order[i]
	b := &buckets{byValue: make([][]int, e.m.Params[p].Size+1)}
	open := 0
	for r, row := range e.rows {
		for _, q := range placed {
			if row[q] < 0 {
				b.add(row[p], r)
				open++
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
		var idx *keyIndex
		if s.left >= indexMinLeft && open >= indexMinOpen {
			idx = newKeyIndex(s, e.rows, b)
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
			var ok bool
			if idx != nil {
				ok = e.placeIndexed(s, vals, idx, b, changed, i)
			} else {
				ok = e.place(s, vals, b, changed, i)
			}
			if ok {
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
			if len(s.params) < len(placed) {
				// A new row holding only σ can take later tuples of other
				// subsets (not of s: it is exact on s); one that fills
				// every placed parameter (the first subset's full
				// factorial) never can.
				b.add(row[p], len(e.rows)-1)
				open++
			}
			e.markRow(row, i)
		}
	}
	return nil
}

// A subset gets a key index when it has at least indexMinLeft uncovered
// tuples and there are at least indexMinOpen open rows; below, the bucket
// scan is cheaper than building the index. Both find the same rows (the
// internal tests set these to force either).
var indexMinLeft, indexMinOpen = 64, 4096

// buckets holds the open rows of one vertical growth by their value of the
// new parameter (index value+1; 0 = don't-care), each in row order. A row
// whose don't-care gets a value is added to its value's bucket and stays in
// bucket 0, where the scan skips it.
type buckets struct{ byValue [][]int }

// add files row r under value v (-1 = don't-care).
func (b *buckets) add(v, r int) {
	l := b.byValue[v+1]
	if len(l) == 0 || l[len(l)-1] < r {
		b.byValue[v+1] = append(l, r)
		return
	}
	at, _ := slices.BinarySearch(l, r)
	b.byValue[v+1] = slices.Insert(l, at, r)
}

// tryRow puts the tuple vals of s into row r if the row agrees with it
// (don't-cares or equal values, at least one don't-care) and the
// constraints allow it. fits reports the agreement, taken whether the
// tuple went in.
func (e *engine) tryRow(s *subset, vals []int, r int, b *buckets, changed []int, i int) (fits, taken bool) {
	row := e.rows[r]
	changed = changed[:0]
	for j, q := range s.params {
		if w := row[q]; w == -1 {
			changed = append(changed, q)
		} else if w != vals[j] {
			return false, false
		}
	}
	if len(changed) == 0 {
		return false, false
	}
	p := s.params[len(s.params)-1]
	wasDC := row[p] < 0
	for j, q := range s.params {
		row[q] = vals[j]
	}
	if !e.allowsAll(row, changed) {
		for _, q := range changed {
			row[q] = -1
		}
		return true, false
	}
	e.markRow(row, i)
	if wasDC {
		b.add(vals[len(vals)-1], r)
	}
	return true, true
}

// place puts the tuple vals of s into the first open row that can take it
// and reports whether it found one. The last parameter of s is the new
// parameter p; the candidates are the rows with p = vals[last] or p
// don't-care, scanned in row order.
func (e *engine) place(s *subset, vals []int, b *buckets, changed []int, i int) bool {
	p := s.params[len(s.params)-1]
	eq, dc := b.byValue[vals[len(vals)-1]+1], b.byValue[0]
	for x, y := 0, 0; x < len(eq) || y < len(dc); {
		var r int
		if y == len(dc) || x < len(eq) && eq[x] < dc[y] {
			r, x = eq[x], x+1
		} else {
			r, y = dc[y], y+1
			if e.rows[r][p] >= 0 {
				continue // moved to its value's bucket
			}
		}
		if _, taken := e.tryRow(s, vals, r, b, changed, i); taken {
			return true
		}
	}
	return false
}

// keyIndex files the open rows that are not exact on a subset by their
// values on it (don't-care = -1), each list in row order. A row that takes
// a tuple of the subset becomes exact on it and can take no other, so a
// list head that no longer agrees is dropped for good.
type keyIndex struct {
	mult  []int // key = Σ (value+1)·mult[j]
	lists map[int]*rowList
	heads []*rowList // scratch
}

type rowList struct {
	rows  []int
	start int
}

func newKeyIndex(s *subset, rows [][]int, b *buckets) *keyIndex {
	ix := &keyIndex{mult: make([]int, len(s.params)), lists: make(map[int]*rowList)}
	m := 1
	for j := len(s.params) - 1; j >= 0; j-- {
		ix.mult[j] = m
		m *= s.sizes[j] + 1
	}
	p := s.params[len(s.params)-1]
	file := func(r int) {
		key, exact := 0, true
		for j, q := range s.params {
			v := rows[r][q]
			exact = exact && v >= 0
			key += (v + 1) * ix.mult[j]
		}
		if exact {
			return
		}
		l := ix.lists[key]
		if l == nil {
			l = &rowList{}
			ix.lists[key] = l
		}
		l.rows = append(l.rows, r)
	}
	// The open rows in row order: merge the buckets of p's values.
	for _, r := range mergeBuckets(b, p, rows) {
		file(r)
	}
	return ix
}

// mergeBuckets returns the open rows of b in row order, once each.
func mergeBuckets(b *buckets, p int, rows [][]int) []int {
	var out []int
	for v, l := range b.byValue {
		for _, r := range l {
			if v == 0 && rows[r][p] >= 0 {
				continue
			}
			out = append(out, r)
		}
	}
	slices.Sort(out)
	return out
}

// placeIndexed is place through the key index of s.
func (e *engine) placeIndexed(s *subset, vals []int, ix *keyIndex, b *buckets, changed []int, i int) bool {
	t := len(s.params)
	ix.heads = ix.heads[:0]
	for mask := 1; mask < 1<<t; mask++ {
		key := 0
		for j := range t {
			if mask&(1<<j) == 0 {
				key += (vals[j] + 1) * ix.mult[j]
			}
		}
		if l := ix.lists[key]; l != nil && l.start < len(l.rows) {
			ix.heads = append(ix.heads, l)
		}
	}
	// Walk the lists merged in row order; a candidate that no longer
	// agrees is dropped from its list, one the constraints refuse is kept.
	pos := make([]int, len(ix.heads))
	for k, l := range ix.heads {
		pos[k] = l.start
	}
	for {
		best := -1
		for k, l := range ix.heads {
			if pos[k] < len(l.rows) && (best < 0 || l.rows[pos[k]] < ix.heads[best].rows[pos[best]]) {
				best = k
			}
		}
		if best < 0 {
			return false
		}
		l := ix.heads[best]
		r := l.rows[pos[best]]
		fits, taken := e.tryRow(s, vals, r, b, changed, i)
		if !fits && pos[best] == l.start {
			l.start++
		}
		pos[best]++
		if taken {
			return true
		}
	}
}

// fill replaces every don't-care, in processing order, by a value drawn
// uniformly (from seed) among those that keep the row valid, or by the
// first of them (FillFirst).
func (e *engine) fill(ctx context.Context, how Fill, seed uint64) error {
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
			if how == FillFirst {
				row[p] = ok[0]
			} else {
				row[p] = ok[rng.IntN(len(ok))]
			}
		}
	}
	return nil
}
