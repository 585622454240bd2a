// Package ci reports a finished mutprop run for continuous integration:
// its survivors and timeouts as file:line:col lines for editors, as GitHub
// workflow commands (::warning, with a Markdown summary appended to
// $GITHUB_STEP_SUMMARY) or as a GitLab code-quality report; and its gate
// on a baseline of accepted survivors (--baseline, --update-baseline):
// only undetected mutants missing from the baseline fail the run, and
// entries whose mutants are now detected are reported stale.
//
// Open checks the options and reads the baseline before the run;
// Reporter.Report writes the outputs after it. docs/ci.md describes the
// formats.
//
// ci draws no console table: those are report's, rendered by runreport.
// The step summary's Markdown tables are its own text, like the
// annotations, escaped as GitHub reads them (mdEscape), which report's
// Markdown format does not do.
package ci
