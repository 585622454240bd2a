package tcas

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/mutprop/mutprop/gen/covering"
	"github.com/mutprop/mutprop/gen/radix"
)

// Methods of building a test suite from a domain.
const (
	methodCovering = "covering" // plain covering array (IPOG) over the domain's values
	methodRadix    = "radix"    // Radix Coverage over the domain's values (decimal digits on int1001 and step10)
	// methodRadixSmallest is Radix Coverage with the smallest base of all
	// (the other reading of seed 000 §4: base 4 on [0..1000], base 3 on
	// step-10, five digits each), measured next to methodRadix on int1001
	// and step10 under the radix experiment.
	methodRadixSmallest = "radix-smallest"
)

// experimentOf names the experiment a method's arrays belong to.
func experimentOf(method string) string {
	if method == methodRadixSmallest {
		return expRadix
	}
	return method
}

// Fills of the don't-cares a covering array leaves. Replicas of the random
// fill with other seeds are named "random#1", "random#2", ...
const (
	fillRandom = "random" // uniform among the valid values (the default)
	fillFirst  = "first"  // each input's first value: flags 0, layer 0, Other_RAC 0, Other_Capability 1
	// fillACTS gives each don't-care the input's first value in the value
	// order of ACTS's TCAS model (examples/tcas.txt lists the booleans as
	// true,false): flags 1, layer 0, Other_RAC 0 (NO_INTENT),
	// Other_Capability 1 (TCAS_TA), integers their smallest value. It is
	// what a harness reading ACTS's unrandomized "*" as the first listed
	// value would test.
	fillACTS = "acts"
)

// actsFirst is the value each input takes under fillACTS where it is a
// don't-care, or -1 for its smallest value.
var actsFirst = [12]int{-1, 1, 1, -1, -1, -1, 0, -1, -1, 0, 1, 1}

// smallInputs are the inputs kept whole in every domain: the flags and the
// enumerations (High_Confidence, Two_of_Three_Reports_Valid,
// Alt_Layer_Value, Other_RAC, Other_Capability, Climb_Inhibit).
var smallInputs = [6]int{1, 2, 6, 9, 10, 11}

// constPrefix names a constant fill: "const=HC,TT,ALV,RAC,CAP,CI" gives
// the don't-cares of the six small inputs these values (and every other
// don't-care its first value).
const constPrefix = "const="

// constFills lists the 192 constant fills of the small inputs, in
// lexicographic order of their values.
func constFills() ([]string, error) {
	vals, err := domainValues(domainNIST)
	if err != nil {
		return nil, err
	}
	out := []string{""}
	for _, in := range smallInputs {
		var next []string
		for _, prefix := range out {
			for _, v := range vals[in] {
				sep := ","
				if prefix == "" {
					sep = ""
				}
				next = append(next, prefix+sep+strconv.Itoa(v))
			}
		}
		out = next
	}
	for i := range out {
		out[i] = constPrefix + out[i]
	}
	return out, nil
}

// constValues parses a constant fill into the value of each input (-1:
// its first value).
func constValues(fill string) ([12]int, error) {
	var out [12]int
	for i := range out {
		out[i] = -1
	}
	parts := strings.Split(strings.TrimPrefix(fill, constPrefix), ",")
	if len(parts) != len(smallInputs) {
		return out, fmt.Errorf("fill %q: want %d values", fill, len(smallInputs))
	}
	for k, in := range smallInputs {
		v, err := strconv.Atoi(parts[k])
		if err != nil {
			return out, fmt.Errorf("fill %q: %w", fill, err)
		}
		out[in] = v
	}
	return out, nil
}

// isReplica reports whether fill names a replica of the random fill.
func isReplica(fill string) bool { return strings.HasPrefix(fill, fillRandom+"#") }

// isConst reports whether fill is one of the constant fills.
func isConst(fill string) bool { return strings.HasPrefix(fill, constPrefix) }

// isMain reports whether fill is the array scored everywhere.
func isMain(fill string) bool { return fill == "" || fill == fillRandom }

// arraySpec names one combinatorial suite.
type arraySpec struct {
	Domain, Method string
	T              int
	// Fill is how the don't-cares were filled: fillRandom ("" too),
	// fillFirst, fillACTS, a replica or a constant fill.
	Fill string
	// Base, when > 0, is the digit base of a methodRadix array over int1001
	// or step10 instead of decimal digits.
	Base int
}

func (s arraySpec) String() string {
	out := fmt.Sprintf("%s/%s/t=%d", s.Domain, s.Method, s.T)
	if s.Base > 0 {
		out += fmt.Sprintf("/base=%d", s.Base)
	}
	if !isMain(s.Fill) {
		out += "/fill=" + s.Fill
	}
	return out
}

// array is a generated combinatorial suite, or why there is none.
type array struct {
	Spec       arraySpec
	Tests      []input
	GenSeconds float64
	// PeakHeap is the largest growth of the heap in use over its level
	// after a GC before generating (sampled every 20 ms); Allocated the
	// bytes allocated by the generation.
	PeakHeap, Allocated uint64
	// Verified: covering.Check accepted the array against its model (and,
	// for Radix Coverage, every value of every range appears).
	Verified bool
	// DontCares is the share of the cells that IPOG left as don't-cares
	// (then filled as Spec.Fill says).
	DontCares float64
	// Projection is the size projection of the model.
	Projection covering.Projection
	// Base is the digit base of the split inputs (0: none split).
	Base int
	// Skipped says why no array was generated (infeasible, timeout).
	Skipped string
}

// arrayOptions bound generation.
type arrayOptions struct {
	Seed uint64
	// MaxRows skips a model whose lower bound exceeds it (0:
	// DefaultMaxRows).
	MaxRows float64
	// Timeout bounds one generation (0: none).
	Timeout time.Duration
	// Verify runs covering.Check (brute force) on the array.
	Verify bool
	// Replicas adds that many more random fills (seeds Seed+1, ...,
	// fills "random#1", ...) of arrays of at most ReplicaMaxRows rows, to
	// measure how much the faults found depend on the don't-cares.
	Replicas, ReplicaMaxRows int
	// ConstFills adds the 192 constant fills of the small inputs (fills
	// "const=...") to arrays of at most ConstMaxRows rows.
	ConstFills   bool
	ConstMaxRows int
}

// arrayModel returns the covering model of a spec, the plan when it is a
// Radix Coverage, and the domain's value sets.
func arrayModel(spec arraySpec) (covering.Model, *radix.Plan, [12][]int, error) {
	vals, err := domainValues(spec.Domain)
	if err != nil {
		return covering.Model{}, nil, vals, err
	}
	switch spec.Method {
	case methodCovering:
		ps := make([]covering.Param, 12)
		for i := range ps {
			ps[i] = covering.Param{Name: paramNames[i], Size: len(vals[i])}
		}
		return covering.Uniform(ps, spec.T), nil, vals, nil
	case methodRadix, methodRadixSmallest:
		ps := make([]radix.Param, 12)
		for i := range ps {
			ps[i] = radix.Range{Name: paramNames[i], Values: vals[i]}
		}
		var ro *radix.Options
		switch {
		case spec.Domain == domainNIST:
			// Every NIST set has at most 10 values, which radix keeps
			// whole; split the two 10-value separations (base 2, 4
			// digits) so that Radix Coverage differs from the plain array.
			ro = &radix.Options{MaxDirectSize: 4}
		case spec.Method == methodRadix && spec.Base > 0:
			ro = &radix.Options{Base: spec.Base}
		case spec.Method == methodRadix:
			// Decimal digits: 3 for the step-10 range, 4 for [0..1000]
			// (see package radix on the two readings of the base rule).
			ro = &radix.Options{MinBase: 10}
		}
		pl, err := radix.NewPlan(ps, spec.T, ro)
		if err != nil {
			return covering.Model{}, nil, vals, fmt.Errorf("%s: %w", spec, err)
		}
		return pl.Model, pl, vals, nil
	}
	return covering.Model{}, nil, vals, fmt.Errorf("unknown method %q (want covering, radix or radix-smallest)", spec.Method)
}

// DefaultMaxRows is the largest lower bound of a plain array that is
// generated: the million-row arrays of six 1001-value inputs at t=2 and
// six 101-value inputs at t=3 are built (about 1.2M and 1.5M rows); t=3
// over [0..1000] (at least 1001^3 rows) and t=4 over the step-10 range
// (101^4) are reported with their projection.
const DefaultMaxRows = 2e6

// generateArray builds the suite of spec.
func generateArray(ctx context.Context, spec arraySpec, o arrayOptions) (*array, error) {
	as, err := generateArrays(ctx, spec, o, []string{spec.Fill})
	if err != nil {
		return nil, err
	}
	return as[0], nil
}

// generateArrays builds the suite of spec once and fills its don't-cares
// each way of fills: one array per fill, sharing the generation figures.
func generateArrays(ctx context.Context, spec arraySpec, o arrayOptions, fills []string) ([]*array, error) {
	m, pl, vals, err := arrayModel(spec)
	if err != nil {
		return nil, err
	}
	a := &array{Spec: spec}
	a.Spec.Fill = ""
	if pl != nil {
		for _, sp := range pl.Splits {
			a.Base = max(a.Base, sp.Base)
		}
	}
	if a.Projection, err = covering.Project(m); err != nil {
		return nil, fmt.Errorf("%s: project: %w", spec, err)
	}
	maxRows := o.MaxRows
	if maxRows == 0 {
		maxRows = DefaultMaxRows
	}
	if a.Projection.LowerBound > maxRows {
		a.Skipped = fmt.Sprintf("infeasible: at least %s rows (product of the %d largest domains), coverage map %s, rows %s as int64",
			groupDigits(a.Projection.LowerBound), spec.T, bytesString(a.Projection.CoverageBytes), bytesString(a.Projection.RowsBytes))
		return []*array{a}, nil
	}
	raw, err := a.generate(ctx, spec, m, o.Timeout)
	if err != nil {
		return nil, err
	}
	if a.Skipped != "" {
		return []*array{a}, nil
	}
	if len(raw) > 0 {
		a.DontCares = float64(countDontCares(raw)) / float64(len(raw)*len(m.Params))
	}
	if fills, err = moreFills(fills, len(raw), o); err != nil {
		return nil, err
	}
	f := &filler{spec: spec, model: m, plan: pl, vals: vals, raw: raw}
	var out []*array
	for k, fill := range fills {
		// The last fill fills raw in place; the others fill a copy.
		b, err := f.fill(ctx, a, fill, o, k == len(fills)-1)
		if err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, nil
}

// generate generates the unfilled rows of m, within timeout (0: none),
// and records the time and memory it took. An infeasible or timed out
// generation sets a.Skipped and returns no rows.
func (a *array) generate(ctx context.Context, spec arraySpec, m covering.Model, timeout time.Duration) ([][]int, error) {
	gctx := ctx
	if timeout > 0 {
		var cancel context.CancelFunc
		gctx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	peak, stopSampler := heapSampler()
	start := time.Now()
	raw, err := covering.Generate(gctx, m, &covering.Options{Fill: covering.FillNone})
	a.GenSeconds = time.Since(start).Seconds()
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	stopSampler()
	a.PeakHeap, a.Allocated = max(*peak, before.HeapInuse)-before.HeapInuse, after.TotalAlloc-before.TotalAlloc
	var tooLarge *covering.TooLargeError
	switch {
	case errors.As(err, &tooLarge):
		a.Skipped = "infeasible: " + tooLarge.Error()
		return nil, nil
	case err != nil && ctx.Err() == nil && gctx.Err() != nil:
		a.Skipped = fmt.Sprintf("did not finish within %s", timeout)
		return nil, nil
	case err != nil:
		return nil, fmt.Errorf("%s: %w", spec, err)
	}
	return raw, nil
}

// countDontCares counts the don't-care cells of rows.
func countDontCares(rows [][]int) int {
	n := 0
	for _, r := range rows {
		for _, x := range r {
			if x < 0 {
				n++
			}
		}
	}
	return n
}

// moreFills adds to fills the replicas and the constant fills that o asks
// for an array of n rows.
func moreFills(fills []string, n int, o arrayOptions) ([]string, error) {
	if n <= o.ReplicaMaxRows {
		for k := 1; k <= o.Replicas; k++ {
			fills = append(fills, fmt.Sprintf("%s#%d", fillRandom, k))
		}
	}
	if o.ConstFills && n <= o.ConstMaxRows {
		cs, err := constFills()
		if err != nil {
			return nil, err
		}
		fills = append(fills, cs...)
	}
	return fills, nil
}

// filler fills the don't-cares of one generated array, each fill in turn.
type filler struct {
	spec  arraySpec // as generateArrays was given it, for errors
	model covering.Model
	plan  *radix.Plan
	vals  [12][]int
	raw   [][]int
	open  [][]bool // the don't-care cells of raw, once a fill needs them
}

// fill returns a filled one way: a copy of a with its rows. The last
// fill fills raw in place.
func (f *filler) fill(ctx context.Context, a *array, fill string, o arrayOptions, last bool) (*array, error) {
	b := *a
	b.Spec.Fill = fill
	rows := f.raw
	if !last {
		rows = make([][]int, len(f.raw))
		for i, r := range f.raw {
			rows[i] = slices.Clone(r)
		}
	}
	how, seed := covering.FillRandom, o.Seed
	var small [12]int
	var err error
	constant := isConst(fill)
	switch {
	case fill == fillFirst:
		how = covering.FillFirst
	case fill == fillACTS || constant:
		how, small = covering.FillFirst, actsFirst
		if constant {
			if small, err = constValues(fill); err != nil {
				return nil, fmt.Errorf("%s: %w", f.spec, err)
			}
		}
		if f.open == nil {
			f.open = dontCares(f.raw) // raw is filled in place only by the last fill
		}
	}
	if _, rep, ok := strings.Cut(fill, "#"); ok && how == covering.FillRandom {
		n, err := strconv.Atoi(rep)
		if err != nil {
			return nil, fmt.Errorf("%s: fill %q: %w", f.spec, fill, err)
		}
		seed += uint64(n)
	}
	if err := covering.FillDontCares(ctx, f.model, rows, how, seed); err != nil {
		return nil, fmt.Errorf("%s: %w", b.Spec, err)
	}
	if fill == fillACTS || constant {
		setSmall(rows, f.open, f.plan, f.vals, small)
	}
	// Replicas and constant fills change only don't-cares of an array
	// whose named fills were checked, so they stay complete (and
	// FillDontCares keeps every row valid); the brute-force check,
	// minutes for the largest Radix arrays, is kept for the named
	// fills.
	if err := b.decode(f.model, f.plan, f.vals, rows, o.Verify && !constant && !isReplica(fill)); err != nil {
		return nil, err
	}
	return &b, nil
}

// dontCares marks the don't-care cells of rows.
func dontCares(rows [][]int) [][]bool {
	out := make([][]bool, len(rows))
	for i, r := range rows {
		out[i] = make([]bool, len(r))
		for j, x := range r {
			out[i][j] = x < 0
		}
	}
	return out
}

// setSmall gives the don't-care cells of each whole (unsplit) input that
// small names (value >= 0) the index of that value; the others keep the
// first value fillFirst gave them. Only unsplit inputs of at most 4 values
// are changed, so no constraint of a Radix model (which reads digits only)
// is involved.
func setSmall(rows [][]int, dontCare [][]bool, pl *radix.Plan, vals [12][]int, small [12]int) {
	for in, want := range small {
		if want < 0 {
			continue
		}
		col := in
		if pl != nil {
			if len(pl.Splits[in].Columns) != 1 {
				continue
			}
			col = pl.Splits[in].Columns[0]
		}
		idx := slices.Index(vals[in], want)
		if idx < 0 {
			continue
		}
		for i, r := range rows {
			if dontCare[i][col] {
				r[col] = idx
			}
		}
	}
}

// decode checks rows (when verify) and turns them into tests.
func (a *array) decode(m covering.Model, pl *radix.Plan, vals [12][]int, rows [][]int, verify bool) error {
	if verify {
		if err := covering.Check(m, rows); err != nil {
			return fmt.Errorf("%s: array incomplete: %w", a.Spec, err)
		}
	}
	a.Tests = make([]input, len(rows))
	for i, r := range rows {
		var v [12]int
		if pl != nil {
			copy(v[:], pl.Decode(r))
		} else {
			for j, x := range r {
				v[j] = vals[j][x]
			}
		}
		a.Tests[i] = fromValues(v[:])
	}
	if verify && pl != nil {
		if err := everyValueAppears(a.Tests, vals); err != nil {
			return fmt.Errorf("%s: %w", a.Spec, err)
		}
	}
	a.Verified = verify
	return nil
}

// gateOpen reports whether the original's decision logic runs on in:
// enabled ∧ (¬tcasEquipped ∨ intentUnknown). Elsewhere the original and
// every version but those that change the gate (v3, v5, v12, v13, v14,
// v15, v26, v27, v34) answer UNRESOLVED, so the rows where it holds bound
// what a suite can find.
func gateOpen(in input) bool {
	enabled := in.HighConfidence != 0 && in.OwnTrackedAltRate <= 600 && in.CurVerticalSep > 600
	equipped := in.OtherCapability == 1
	intentUnknown := in.TwoOfThreeReportsValid != 0 && in.OtherRAC == 0
	return enabled && (!equipped || intentUnknown)
}

// countGateOpen counts the inputs of ins on which gateOpen holds.
func countGateOpen(ins []input) int {
	n := 0
	for _, in := range ins {
		if gateOpen(in) {
			n++
		}
	}
	return n
}

// groupDigits renders a whole number with thousands separators.
func groupDigits(x float64) string {
	s := fmt.Sprintf("%.0f", x)
	var b []byte
	for i := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b = append(b, ',')
		}
		b = append(b, s[i])
	}
	return string(b)
}

// everyValueAppears checks the Radix Coverage guarantee.
func everyValueAppears(tests []input, vals [12][]int) error {
	for i := range vals {
		seen := make(map[int]bool)
		for _, in := range tests {
			seen[values(in)[i]] = true
		}
		for _, v := range vals[i] {
			if !seen[v] {
				return fmt.Errorf("value %d of %s appears in no row", v, paramNames[i])
			}
		}
	}
	return nil
}

// heapSampler samples HeapInuse every 20 ms until stop is called and keeps
// the largest value.
func heapSampler() (*uint64, func()) {
	peak := new(uint64)
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick := time.NewTicker(20 * time.Millisecond)
		defer tick.Stop()
		var ms runtime.MemStats
		for {
			runtime.ReadMemStats(&ms)
			if ms.HeapInuse > *peak {
				*peak = ms.HeapInuse
			}
			select {
			case <-done:
				return
			case <-tick.C:
			}
		}
	}()
	return peak, func() { close(done); wg.Wait() }
}

// bytesString renders a byte count.
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
