// Package radix implements Radix Coverage: combinatorial coverage for
// parameters with large finite ordered ranges. Each large parameter of k
// values is split into p = ⌈log_b k⌉ digit subparameters over 0..b-1 (b the
// smallest base giving at most MaxDigits digits), constrained by
// Σ d_i·b^i ≤ k-1 and related among themselves at strength p, so that every
// value of the range appears in some row; all subparameters and the small
// parameters are related at the global strength t. The covering array
// (package covering, mixed strength with constraints) is recombined into
// indexes and values.
//
// This is seed 000 §4 step for step: the base rule (k=1001: base 4, 5
// digits; k=101: base 3, 5 digits), digit subparameters related at their
// own strength p on top of the global strength, the bound constraint
// (the seed's maximumValue .>=. parameterValue) and index i to value
// range[i]. The seed's fold makes v0 the most significant digit; here d0
// is the least significant, which only renames the subparameters.
//
// Files:
//   - param.go: Param, Small and Range.
//   - plan.go: Options, Plan and Split: the covering model of a parameter
//     list and the decoding of its rows.
//   - build.go: Build, Plan.Generate.
package radix
