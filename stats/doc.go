// Package stats holds the statistics mutprop reports: summaries of
// tests-to-failure with confidence intervals (summary.go), proportions with
// Wilson intervals (summary.go), and the Mann-Whitney U test used to compare
// generators (mannwhitney.go).
package stats
