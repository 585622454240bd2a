// Package stats holds the statistics mutprop reports: summaries of
// tests-to-failure with confidence intervals (summary.go), proportions with
// Wilson intervals (summary.go), the Mann-Whitney U test used to compare
// generators (mannwhitney.go), the sign test (signtest.go), the geometric
// estimate of the mean cases to a failure under censoring with its exact
// Clopper-Pearson interval (geometric.go), and the one-sided Mann-Whitney
// mid-p, Stouffer's combination of z scores and Holm's adjustment that
// decide a pair of tests over many mutants (combine.go).
package stats
