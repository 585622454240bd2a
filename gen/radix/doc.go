// Package radix implements Radix Coverage: combinatorial coverage for
// parameters with large finite ordered ranges. Each large parameter of k
// values is split into p = ⌈log_b k⌉ digit subparameters over 0..b-1 (b the
// smallest base from Options.MinBase up giving at most MaxDigits digits),
// constrained by
// Σ d_i·b^i ≤ k-1 and related among themselves at strength p, so that every
// value of the range appears in some row; all subparameters and the small
// parameters are related at the global strength t. The covering array
// (package covering, mixed strength with constraints) is recombined into
// indexes and values.
//
// This is seed 000 §4 step for step: the base rule, digit subparameters
// related at their
// own strength p on top of the global strength, the bound constraint
// (the seed's maximumValue .>=. parameterValue) and index i to value
// range[i]. The seed's fold makes v0 the most significant digit; here d0
// is the least significant, which only renames the subparameters.
//
// The seed states the base rule two ways: it splits a range into decimal
// digits and raises the base when more than six would be needed, and it
// says it chooses "the smallest such b". MinBase selects the reading:
// 0 takes the smallest base of all (k=1001: base 4, 5 digits; k=101:
// base 3, 5 digits), 10 keeps decimal digits up to a million values
// (k=1001: 4 digits; k=101: 3). The TCAS scenario measures both; decimal
// digits reproduce the seed's Tables 4 and 5 (step-10 range, t=2..4: 9,
// 31, 38 bugs against the seed's 9, 30, 35), the smallest base does not
// (13, 14, 26): its arrays are 2 to 76 times smaller.
//
// Generate the array of a Plan's Model with covering.Generate and turn each
// row into one value per input parameter with Plan.Decode.
//
// Files:
//   - param.go: Param, Small and Range.
//   - plan.go: Options, Plan and Split: the covering model of a parameter
//     list and the decoding of its rows.
package radix
