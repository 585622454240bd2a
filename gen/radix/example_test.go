package radix_test

import (
	"context"
	"fmt"

	"github.com/mutprop/mutprop/gen/covering"
	"github.com/mutprop/mutprop/gen/radix"
)

// The seed's Table 3: 0..999 × Bool, pairwise. Split into three decimal
// digits related at strength 3, every value appears and the array has
// 1,000 rows instead of the 2,000 of plain pairwise coverage.
func ExampleNewPlan() {
	ints := make([]int, 1000)
	for i := range ints {
		ints[i] = i
	}
	params := []radix.Param{radix.Range{Name: "Int", Values: ints}, radix.Small{Name: "Bool", Size: 2}}
	pl, err := radix.NewPlan(params, 2, &radix.Options{Base: 10})
	if err != nil {
		fmt.Println(err)
		return
	}
	rows, err := covering.Generate(context.Background(), pl.Model, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	seen := make(map[int]bool)
	for _, r := range rows {
		seen[pl.Decode(r)[0]] = true
	}
	fmt.Println(len(rows), "rows,", len(seen), "distinct values")
	// Output: 1000 rows, 1000 distinct values
}
