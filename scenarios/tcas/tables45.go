package tcas

import (
	"fmt"
	"io"
	"slices"

	"github.com/mutprop/mutprop/report"
)

// cellKey is one array of the side-by-side table: domain, method,
// strength and fill.
type cellKey struct {
	domain, method string
	t              int
	fill           string
}

// tables45 are the array rows (differential oracle) of Tables 4 and 5, by
// array.
type tables45 struct {
	cells    map[cellKey]Row
	replicas map[cellKey][]int        // bugs of 38 of the random fills, main first
	union    map[cellKey]map[int]bool // versions of the 38 killed by some random fill
	doms     []string
	ts       map[string][]int
}

// collectTables45 gathers the array rows of the differential oracle.
func (r *Report) collectTables45() *tables45 {
	tb := &tables45{cells: map[cellKey]Row{}, replicas: map[cellKey][]int{}, union: map[cellKey]map[int]bool{}, ts: map[string][]int{}}
	for _, row := range r.Rows {
		if row.Oracle != differentialName || (row.Method != methodCovering && row.Method != methodRadix && row.Method != methodRadixSmallest) {
			continue
		}
		fill := row.Fill
		if fill == "" {
			fill = fillRandom
		}
		if (isMain(fill) || isReplica(fill)) && row.Skipped == "" {
			tb.addRandomFill(row, isMain(fill))
		}
		if isReplica(fill) {
			continue
		}
		tb.cells[cellKey{row.Domain, row.Method, row.T, fill}] = row
		if !slices.Contains(tb.doms, row.Domain) {
			tb.doms = append(tb.doms, row.Domain)
		}
		if !slices.Contains(tb.ts[row.Domain], row.T) {
			tb.ts[row.Domain] = append(tb.ts[row.Domain], row.T)
		}
	}
	return tb
}

// addRandomFill counts the bugs of a random fill's row, the main fill's
// first.
func (tb *tables45) addRandomFill(row Row, main bool) {
	k := cellKey{row.Domain, row.Method, row.T, fillRandom}
	if tb.union[k] == nil {
		tb.union[k] = map[int]bool{}
	}
	for _, f := range row.Faults {
		if f.Killed && !seedDuplicate[f.Version] {
			tb.union[k][f.Version] = true
		}
	}
	if main {
		tb.replicas[k] = append([]int{row.Seed38Killed}, tb.replicas[k]...)
	} else {
		tb.replicas[k] = append(tb.replicas[k], row.Seed38Killed)
	}
}

// writeTables45 prints seed 000's Tables 4 and 5 and its white-box remark
// next to the measured Radix Coverage and plain arrays (differential
// oracle), then the comparisons the seed draws from them.
func (r *Report) writeTables45(w io.Writer) error {
	tb := r.collectTables45()
	if len(tb.cells) == 0 {
		return nil
	}
	fmt.Fprintf(w, "\nSeed 000 Tables 4 (int1001) and 5 (step10) and the white-box remark (nist), side by side (differential oracle)\n")
	fmt.Fprintf(w, "bugs: versions killed among the seed's 38; faults: distinct faults of %d; gate: rows reaching the decision logic;\n", len(r.Faults))
	fmt.Fprintf(w, "radix: decimal digits (3 on step10, 4 on int1001) unless --radix-base; radix-min: the smallest base (5 digits each); bN: the digit base;\n")
	fmt.Fprintf(w, "dc: share of cells IPOG left don't-care (filled at random); first: bugs with every don't-care set to the input's first value\n")
	fmt.Fprintf(w, "(flags 0, enumerations their first code); acts: the same in the value order of ACTS's TCAS model (flags true first);\n")
	fmt.Fprintf(w, "const: min/median/max bugs over the 192 constant values of the six small inputs' don't-cares (arrays up to %d rows);\n", ConstFillMaxRows)
	fmt.Fprintf(w, "fills: bugs over the random fill and its replicas with other seeds, mean [min, max], all: killed by some fill (n fills);\n")
	fmt.Fprintf(w, "random: bugs found by the first `rows` uniform random tests of the domain; paper: seed 000 (ACTS for the plain arrays)\n")
	side := report.Table{
		Header: []string{"domain", "t", "method", "rows", "gen s", "gate", "dc", "faults", "bugs", "fills", "first", "acts", "const", "random", "paper"},
		Align: []report.Align{report.AlignLeft, report.AlignRight, report.AlignLeft, report.AlignRight, report.AlignRight, report.AlignRight, report.AlignRight,
			report.AlignRight, report.AlignRight, report.AlignLeft, report.AlignRight, report.AlignRight, report.AlignLeft, report.AlignRight},
	}
	for _, d := range tb.doms {
		slices.Sort(tb.ts[d])
		for _, t := range tb.ts[d] {
			for _, m := range []string{methodRadix, methodRadixSmallest, methodCovering} {
				if line, ok := tb.sideCells(cellKey{d, m, t, fillRandom}); ok {
					side.Rows = append(side.Rows, line)
				}
			}
		}
	}
	if err := writeTable(w, side); err != nil {
		return err
	}
	tb.writeComparisons(w)
	return nil
}

// sideCells is the line of the random fill k in the side-by-side table,
// if measured.
func (tb *tables45) sideCells(k cellKey) ([]string, bool) {
	row, ok := tb.cells[k]
	if !ok {
		return nil, false
	}
	d, m, t := k.domain, k.method, k.t
	name := map[string]string{methodRadix: "radix", methodRadixSmallest: "radix-min", methodCovering: "plain"}[m]
	if row.RadixBase > 0 {
		name += fmt.Sprintf(" b%d", row.RadixBase)
	}
	paper := "-"
	if row.Paper != nil {
		paper = row.Paper.Text
	}
	if row.Skipped != "" {
		return []string{d, fmt.Sprint(t), name, row.shortSkip(), "", "", "", "", "", "", "", "", "", "", paper}, true
	}
	first := "-"
	if f, ok := tb.cells[cellKey{d, m, t, fillFirst}]; ok {
		first = fmt.Sprint(f.Seed38Killed)
	}
	acts := "-"
	if f, ok := tb.cells[cellKey{d, m, t, fillACTS}]; ok {
		acts = fmt.Sprint(f.Seed38Killed)
	}
	consts := "-"
	if c := row.ConstFills; c != nil {
		consts = fmt.Sprintf("%d/%.0f/%d", c.Min, c.Median, c.Max)
	}
	random := "-"
	if row.RandomSeed38 >= 0 {
		random = fmt.Sprint(row.RandomSeed38)
	}
	fills := "-"
	if xs := tb.replicas[k]; len(xs) > 1 {
		sum := 0
		for _, x := range xs {
			sum += x
		}
		fills = fmt.Sprintf("%.1f [%d, %d] all %d (%d)", float64(sum)/float64(len(xs)), slices.Min(xs), slices.Max(xs), len(tb.union[k]), len(xs))
	}
	return []string{d, fmt.Sprint(t), name, fmt.Sprint(row.Rows), fmt.Sprintf("%.2f", row.GenSeconds), fmt.Sprint(row.GateOpen),
		fmt.Sprintf("%.0f%%", 100*row.DontCares), fmt.Sprintf("%d/%d", row.FaultsFound, row.FaultsTotal), fmt.Sprint(row.Seed38Killed), fills, first, acts, consts, random, paper}, true
}

// writeComparisons prints the seed's comparisons: same strength on
// [0..1000]; Radix at t against plain at t-1 on the step-10 range;
// white-box t=6.
func (tb *tables45) writeComparisons(w io.Writer) {
	fmt.Fprintln(w, "comparisons (bugs of 38):")
	for _, t := range tb.ts[domainInt1001] {
		tb.compare(w, fmt.Sprintf("int1001, both at t=%d", t), cellKey{domainInt1001, methodRadix, t, fillRandom}, cellKey{domainInt1001, methodCovering, t, fillRandom})
	}
	for _, d := range []string{domainStep10, domainInt1001} {
		for _, t := range tb.ts[d] {
			tb.compare(w, fmt.Sprintf("%s, radix t=%d vs plain t=%d", d, t, t-1), cellKey{d, methodRadix, t, fillRandom}, cellKey{d, methodCovering, t - 1, fillRandom})
		}
		for _, t := range tb.ts[d] {
			tb.compare(w, fmt.Sprintf("%s, radix-min t=%d vs plain t=%d", d, t, t-1), cellKey{d, methodRadixSmallest, t, fillRandom}, cellKey{d, methodCovering, t - 1, fillRandom})
		}
	}
	for _, t := range tb.ts[domainNIST] {
		tb.compare(w, fmt.Sprintf("nist (white-box), both at t=%d", t), cellKey{domainNIST, methodRadix, t, fillRandom}, cellKey{domainNIST, methodCovering, t, fillRandom})
	}
}

// compare prints one comparison of a radix array with a plain one, when
// both were measured and the radix one was built.
func (tb *tables45) compare(w io.Writer, label string, rad, pl cellKey) {
	a, okA := tb.cells[rad]
	b, okB := tb.cells[pl]
	if !okA || !okB || a.Skipped != "" {
		return
	}
	pa, pb := "-", "-"
	if a.Paper != nil && a.Paper.Bugs > 0 {
		pa = fmt.Sprint(a.Paper.Bugs)
	}
	if b.Paper != nil && b.Paper.Bugs > 0 {
		pb = fmt.Sprint(b.Paper.Bugs)
	}
	if b.Skipped != "" {
		fmt.Fprintf(w, "  %s: radix %d bugs in %d rows (%.2f s); plain %s (paper %s vs %s)\n", label, a.Seed38Killed, a.Rows, a.GenSeconds, b.shortSkip(), pa, pb)
		return
	}
	speed := "-"
	if a.GenSeconds > 0 && b.GenSeconds > 0 {
		if r := b.GenSeconds / a.GenSeconds; r >= 1 {
			speed = ratio(r) + " faster"
		} else {
			speed = ratio(1/r) + " slower"
		}
	}
	fmt.Fprintf(w, "  %s: radix %d vs plain %d bugs (paper %s vs %s); rows %d vs %d (%s fewer); built in %.2f s vs %.2f s (%s)\n",
		label, a.Seed38Killed, b.Seed38Killed, pa, pb, a.Rows, b.Rows, ratio(float64(b.Rows)/float64(a.Rows)), a.GenSeconds, b.GenSeconds, speed)
}

// ratio renders a factor: 2.53x, 148x, 1208x.
func ratio(r float64) string {
	if r >= 100 {
		return fmt.Sprintf("%.0fx", r)
	}
	return fmt.Sprintf("%.3gx", r)
}
