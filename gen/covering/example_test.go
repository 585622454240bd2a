package covering_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/mutprop/mutprop/gen/covering"
)

// A model too large to generate is refused with its projection.
func ExampleProject() {
	sizes := []int{1001, 2, 2, 1001, 1001, 1001, 4, 1001, 1001, 3, 2, 2} // TCAS over [0..1000]
	ps := make([]covering.Param, len(sizes))
	for i, s := range sizes {
		ps[i] = covering.Param{Size: s}
	}
	m := covering.Uniform(ps, 3)
	p, err := covering.Project(m)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("t=3 on [0..1000]: at least %.0f rows, coverage map %.1f GiB\n", p.LowerBound, p.CoverageBytes/(1<<30))
	_, err = covering.Generate(context.Background(), m, nil)
	var tl *covering.TooLargeError
	fmt.Println(errors.As(err, &tl))
	// Output:
	// t=3 on [0..1000]: at least 1003003001 rows, coverage map 2.4 GiB
	// true
}

// Pairwise coverage of three booleans takes four rows.
func ExampleGenerate() {
	m := covering.Uniform([]covering.Param{{Name: "x", Size: 2}, {Name: "y", Size: 2}, {Name: "z", Size: 2}}, 2)
	rows, err := covering.Generate(context.Background(), m, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(rows), covering.Check(m, rows))
	// Output: 4 <nil>
}
