package tcas

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"time"

	"github.com/mutprop/mutprop/gen/covering"
	"github.com/mutprop/mutprop/gen/radix"
)

// Methods of building a test suite from a domain.
const (
	MethodCovering = "covering" // plain covering array (IPOG) over the domain's values
	MethodRadix    = "radix"    // Radix Coverage over the domain's values
)

// arraySpec names one combinatorial suite.
type arraySpec struct {
	Domain, Method string
	T              int
}

func (s arraySpec) String() string { return fmt.Sprintf("%s/%s/t=%d", s.Domain, s.Method, s.T) }

// array is a generated combinatorial suite, or why there is none.
type array struct {
	Spec       arraySpec
	Tests      []Input
	GenSeconds float64
	// PeakHeap is the largest growth of the heap in use over its level
	// after a GC before generating (sampled every 20 ms); Allocated the
	// bytes allocated by the generation.
	PeakHeap, Allocated uint64
	// Verified: covering.Check accepted the array against its model (and,
	// for Radix Coverage, every value of every range appears).
	Verified bool
	// Projection is the size projection of the model.
	Projection covering.Projection
	// Skipped says why no array was generated (infeasible, timeout).
	Skipped string
}

// arrayOptions bound generation.
type arrayOptions struct {
	Seed uint64
	// MaxRows skips a model whose lower bound exceeds it (0: 250,000).
	MaxRows float64
	// Timeout bounds one generation (0: none).
	Timeout time.Duration
	// Verify runs covering.Check (brute force) on the array.
	Verify bool
}

// arrayModel returns the covering model of a spec, the plan when it is a
// Radix Coverage, and the domain's value sets.
func arrayModel(spec arraySpec) (covering.Model, *radix.Plan, [12][]int, error) {
	vals, err := domainValues(spec.Domain)
	if err != nil {
		return covering.Model{}, nil, vals, err
	}
	switch spec.Method {
	case MethodCovering:
		ps := make([]covering.Param, 12)
		for i := range ps {
			ps[i] = covering.Param{Name: paramNames[i], Size: len(vals[i])}
		}
		return covering.Uniform(ps, spec.T), nil, vals, nil
	case MethodRadix:
		ps := make([]radix.Param, 12)
		for i := range ps {
			ps[i] = radix.Range{Name: paramNames[i], Values: vals[i]}
		}
		var ro *radix.Options
		if spec.Domain == DomainNIST {
			// Every NIST set has at most 10 values, which radix keeps
			// whole; split the two 10-value separations (base 2, 4
			// digits) so that Radix Coverage differs from the plain array.
			ro = &radix.Options{MaxDirectSize: 4}
		}
		pl, err := radix.NewPlan(ps, spec.T, ro)
		if err != nil {
			return covering.Model{}, nil, vals, fmt.Errorf("%s: %w", spec, err)
		}
		return pl.Model, pl, vals, nil
	}
	return covering.Model{}, nil, vals, fmt.Errorf("unknown method %q (want covering or radix)", spec.Method)
}

// generateArray builds the suite of spec.
func generateArray(ctx context.Context, spec arraySpec, o arrayOptions) (*array, error) {
	m, pl, vals, err := arrayModel(spec)
	if err != nil {
		return nil, err
	}
	a := &array{Spec: spec}
	if a.Projection, err = covering.Project(m); err != nil {
		return nil, fmt.Errorf("%s: project: %w", spec, err)
	}
	maxRows := o.MaxRows
	if maxRows == 0 {
		maxRows = 250000
	}
	if a.Projection.LowerBound > maxRows {
		a.Skipped = fmt.Sprintf("infeasible: at least %.0f rows (lower bound), projected coverage map %s", a.Projection.LowerBound, bytesString(a.Projection.CoverageBytes))
		return a, nil
	}
	gctx := ctx
	if o.Timeout > 0 {
		var cancel context.CancelFunc
		gctx, cancel = context.WithTimeout(ctx, o.Timeout)
		defer cancel()
	}
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	peak, stopSampler := heapSampler()
	start := time.Now()
	raw, err := covering.Generate(gctx, m, &covering.Options{Seed: o.Seed})
	a.GenSeconds = time.Since(start).Seconds()
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	stopSampler()
	a.PeakHeap, a.Allocated = max(*peak, before.HeapInuse)-before.HeapInuse, after.TotalAlloc-before.TotalAlloc
	var tooLarge *covering.TooLargeError
	switch {
	case errors.As(err, &tooLarge):
		a.Skipped = "infeasible: " + tooLarge.Error()
		return a, nil
	case err != nil && ctx.Err() == nil && gctx.Err() != nil:
		a.Skipped = fmt.Sprintf("did not finish within %s", o.Timeout)
		return a, nil
	case err != nil:
		return nil, fmt.Errorf("%s: %w", spec, err)
	}
	if o.Verify {
		if err := covering.Check(m, raw); err != nil {
			return nil, fmt.Errorf("%s: array incomplete: %w", spec, err)
		}
	}
	a.Tests = make([]Input, len(raw))
	for i, r := range raw {
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
	if o.Verify && pl != nil {
		if err := everyValueAppears(a.Tests, vals); err != nil {
			return nil, fmt.Errorf("%s: %w", spec, err)
		}
	}
	a.Verified = o.Verify
	return a, nil
}

// everyValueAppears checks the Radix Coverage guarantee.
func everyValueAppears(tests []Input, vals [12][]int) error {
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
