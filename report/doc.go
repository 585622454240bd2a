// Package report turns mutprop results into bytes: terminal tables,
// Markdown, CSV, JSON in the mutation-testing-report-schema, a
// self-contained HTML page, and charts. It is a leaf: pure functions from
// its own data model to output, with no knowledge of how the results were
// produced (callers convert their results into a Run, an Experiment, a
// KillMatrix or TrialCells); it imports no mutprop package but outcome
// and stats.
//
// Files:
//   - model.go: the data model. Run (files, mutants with a Status, tests),
//     KillMatrix and KillMatrixOf, Score; Experiment (cells of
//     tests-to-failure per mutant, property and generator) and
//     generatorSummary with Etna's buckets.
//   - killmatrix.go: the analyses of a KillMatrix (kills per test,
//     redundant and subsumed tests, a greedy minimal killing set): the one
//     kill matrix that mutprop run's --matrix and the BST scenario's
//     property scores both read.
//   - trials.go: mutprop run --trials's figures: TrialCell,
//     SummarizeTrials (per mutant and test, the geometric estimate of the
//     mean tests-to-failure under censoring with its exact 95% CI, and in
//     time; per mutant, Mann-Whitney U comparisons of its tests with
//     their one-sided z scores), TrialsTables and TrialsJSONKey.
//   - ranking.go: per function under test, its tests ranked, each two
//     decided by Stouffer's combination of the per-mutant z scores,
//     Holm-adjusted over the report, and one answer line
//     (FunctionAnswer); RankingTables, VerdictTables, TimeTables.
//   - trialcharts.go: per function, Etna's cumulative chart of the
//     mutants each test finds within N cases, and for a few dozen
//     mutants the per-mutant estimates with their intervals.
//   - table.go: Table, the one table value, rendered as text
//     (tablewriter), Markdown or CSV; Write renders several.
//   - tables.go: the common tables: StatusTable, KillRateTable,
//     generatorTable, cellTable, beatsTable.
//   - strength.go: mutprop run --blackbox's figures: SummarizeStrength
//     (per-case and killed % with Wilson intervals, the rows' ranking, the
//     data coverage warnings), PctInterval, StrengthTables and
//     StrengthJSONKey; implications.go: FitSpec's implications between
//     the tests of a function (StrengthImplication, ImplicationsTable).
//   - schema.go: Schema, the mutation-testing-report-schema (version 2)
//     part of a JSON report (NewSchema), which a caller embeds in a
//     document with its own keys and encodes once (Encode); JSON, a run's
//     schema alone; Mutant's MarshalJSON, the schema's mutant; and
//     schemaStatus, the outcome mapping.
//   - charts.go: histogram, barChart (grouped bars or dots, with
//     whiskers), lineChart and cumulativeChart drawn with
//     gonum.org/v1/plot to SVG (plotSVG), in a palette that gives each
//     series its own colour, the legend beside the plot where asked.
//   - plots.go: experimentCharts, the standard charts of a generator
//     comparison.
//   - html.go, html.tmpl: HTML, the one-file report page: for a run, the
//     mutation-testing-elements viewer (<mutation-test-report-app>) fed
//     the run's schema JSON, both inline, beside mutprop's own views
//     (outcomes, undetected mutants with diffs, the kill matrix when every
//     killer is known: Page.Matrix or Page.Trials); for an
//     experiment, the generator tables and charts.
//   - elements/: the viewer's standalone bundle, mutation-test-elements.js
//     from the npm package mutation-testing-elements (Apache-2.0, its
//     LICENSE beside it) at the version in VERSION, embedded in the
//     binary so an installed mutprop needs no Node; SHA256SUMS records
//     its checksum and fetch.sh re-fetches it from the npm registry and
//     checks it (fetch.sh --update after changing VERSION).
//
// Tests: golden files under testdata/ (go test ./report -run Golden
// -update rewrites them); schema_test.go validates JSON output against the
// official schema fetched from the npm registry; report_test.go checks
// that the embedded bundle matches elements/SHA256SUMS and that nothing
// inlined can close its <script> early; html_browser_test.go loads the
// HTML page offline in headless Chromium (testdata/install-chromium.sh
// installs Debian's package), checks the console, and with a probe script
// that walks the viewer's shadow DOM checks that the viewer lists every
// file of the JSON and marks every mutant in its source (a negative
// control without the bundle must fail the same check); it saves
// screenshots to $MUTPROP_ARTIFACTS.
package report
