package radix

import (
	"context"
	"fmt"

	"github.com/mutprop/mutprop/gen/covering"
)

// Generate builds the covering array of the plan's model and decodes it:
// one row of values per test, in input parameter order.
func (pl *Plan) Generate(ctx context.Context, opts *Options) ([][]int, error) {
	var co *covering.Options
	if opts != nil {
		co = opts.Covering
	}
	rows, err := covering.Generate(ctx, pl.Model, co)
	if err != nil {
		return nil, fmt.Errorf("radix: %w", err)
	}
	out := make([][]int, len(rows))
	for i, r := range rows {
		out[i] = pl.Decode(r)
	}
	return out, nil
}

// Build is NewPlan followed by Plan.Generate.
func Build(ctx context.Context, params []Param, t int, opts *Options) ([][]int, error) {
	pl, err := NewPlan(params, t, opts)
	if err != nil {
		return nil, err
	}
	return pl.Generate(ctx, opts)
}
