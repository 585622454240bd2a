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
// Files:
//   - param.go: Param, Small and Range.
//   - plan.go: Options, Plan and Split: the covering model of a parameter
//     list and the decoding of its rows.
//   - build.go: Build, Plan.Generate.
package radix
