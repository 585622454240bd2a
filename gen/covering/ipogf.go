package covering

import (
	"container/heap"
	"context"
)

// horizontalF is IPOG-F's horizontal growth: repeatedly give the row with
// the largest gain over all rows its best value, until no row gains. Gains
// only decrease as tuples get covered, so a heap of possibly stale gains is
// an upper bound: a popped row whose recomputed gain still tops the heap
// is the global maximum (ties go to the lower row index).
func (e *engine) horizontalF(ctx context.Context, i int) error {
	p := e.order[i]
	e.gains = make([]int, e.m.Params[p].Size)
	e.used = make([]int, e.m.Params[p].Size)
	h := make(gainHeap, 0, len(e.rows))
	for r, row := range e.rows {
		if r%256 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
			if e.left(i) == 0 {
				break
			}
		}
		if _, g := e.rowGains(row, i, r); g > 0 {
			h = append(h, gainEntry{gain: g, row: r})
		}
	}
	heap.Init(&h)
	for n := 0; h.Len() > 0; n++ {
		if n%256 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		top := heap.Pop(&h).(gainEntry)
		row := e.rows[top.row]
		v, g := e.rowGains(row, i, top.row)
		if g <= 0 {
			continue
		}
		cur := gainEntry{gain: g, row: top.row}
		if h.Len() > 0 && h.less(0, cur) {
			heap.Push(&h, cur)
			continue
		}
		row[p] = v
		e.used[v]++
		e.markRow(row, i)
	}
	return nil
}

type gainEntry struct{ gain, row int }

// gainHeap is a max-heap on gain, then min row index.
type gainHeap []gainEntry

func (h gainHeap) before(a, b gainEntry) bool {
	return a.gain > b.gain || a.gain == b.gain && a.row < b.row
}
func (h gainHeap) less(i int, x gainEntry) bool { return h.before(h[i], x) }
func (h gainHeap) Len() int                     { return len(h) }
func (h gainHeap) Less(i, j int) bool           { return h.before(h[i], h[j]) }
func (h gainHeap) Swap(i, j int)                { h[i], h[j] = h[j], h[i] }
func (h *gainHeap) Push(x any)                  { *h = append(*h, x.(gainEntry)) }
func (h *gainHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
