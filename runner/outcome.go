package runner

// Outcome is how a trial, or a mutant's run, ended.
type Outcome string

// The outcomes. Their strings appear in JSON and journals: keep them stable.
const (
	Killed    Outcome = "killed"      // a property was falsified
	Crashed   Outcome = "crashed"     // the property or the subject panicked, or the worker died
	Timeout   Outcome = "timeout"     // the trial ran past its deadline and was stopped
	Survived  Outcome = "survived"    // the whole budget passed
	NotViable Outcome = "not-viable"  // the mutant does not build
	NoCover   Outcome = "no-coverage" // no test runs the mutated code
	GaveUp    Outcome = "gave-up"     // too many inputs were discarded
)

// Detected reports whether the outcome counts as the mutant being found
// (killed, crashed or timed out, as in PIT and Stryker).
func (o Outcome) Detected() bool { return o == Killed || o == Crashed || o == Timeout }
