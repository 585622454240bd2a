// Package covering builds mixed-strength, constrained covering arrays with
// IPOG (Lei et al., ECBS 2007) and IPOG-F (Forbes et al., J. Res. NIST 2008),
// and checks them independently.
//
// A Model lists parameters (values 0..Size-1), relations (ACTS style: a
// relation over a parameter set S at strength t_S requires every value
// combination of every t_S-subset of S) and constraints. A tuple is required
// only if some valid full test contains it; every row returned satisfies
// every constraint. Rows are returned in the model's parameter order.
//
// Constraints are given as exact extendability oracles over partial rows
// (-1 = not chosen yet) with a declared scope; scopes must be pairwise
// disjoint so that their conjunction is exact. Bound builds the Radix
// Coverage digit bound Σ d_i·b^i ≤ max in O(digits) per call.
//
// Files:
//   - model.go: Param, Relation, Constraint, Model, Uniform, Bound and
//     model validation.
//   - options.go: Options, Algorithm, TieBreak, Fill and their defaults
//     (IPOG with least-used tie-breaking: NIST TCAS sizes within 0.4% of
//     ACTS's at t=2..6).
//   - coverage.go: the coverage map: one bitset per parameter subset,
//     indexed by the mixed-radix value code with the subset's last
//     parameter (in processing order) as least-significant digit.
//   - generate.go: Generate and the IPOG engine (ordering, horizontal and
//     vertical growth, final fill), FillDontCares. Vertical growth finds
//     the first row that can take a tuple through indexes (open rows by
//     the new parameter's value; by their values on the subset), so
//     million-row arrays (six 1001-value parameters at t=2) take about a
//     minute instead of days.
//   - ipogf.go: IPOG-F horizontal growth as a lazy global greedy (gains only
//     decrease, so a max-heap of stale upper bounds is exact).
//   - project.go: Project (size and memory projection, lower bound) and the
//     TooLargeError memory guard.
//   - check.go: Check, an independent brute-force verifier, and
//     MissingError.
package covering
