// Package outcome names how a mutant's run, or one trial of a property,
// ends: the one set of names mutprop's console, JSON, HTML and journals
// use.
package outcome

// Outcome is how a mutant's run, or a trial, ended.
type Outcome string

// The outcomes. Their strings appear in JSON reports and journals: keep
// them stable.
const (
	Killed     Outcome = "killed"      // a test or property failed
	Crashed    Outcome = "crashed"     // the test binary or worker died (a fatal error, a stack overflow, os.Exit, a signal, a cap)
	Timeout    Outcome = "timeout"     // it ran past its deadline and was stopped
	Survived   Outcome = "survived"    // every test passed, or the whole budget
	NotViable  Outcome = "not-viable"  // the mutant does not build
	NoCoverage Outcome = "no-coverage" // no test runs the mutated code
	GaveUp     Outcome = "gave-up"     // too many generated inputs were discarded
	Ignored    Outcome = "ignored"     // excluded by the user (a known equivalent mutant)
	Error      Outcome = "error"       // the measurement could not run (a misused suite)
)

// Order lists every outcome in the order tables show them.
func Order() []Outcome {
	return []Outcome{Killed, Crashed, Timeout, Survived, NoCoverage, GaveUp, NotViable, Ignored}
}

// Detected reports whether the outcome counts as the mutant being found in
// a mutation score (killed, crashed or timed out, as in PIT and Stryker).
func (o Outcome) Detected() bool { return o == Killed || o == Crashed || o == Timeout }

// Valid reports whether the outcome counts in the denominator of a
// mutation score: everything but not-viable and ignored mutants.
func (o Outcome) Valid() bool { return o != NotViable && o != Ignored && o != "" }
