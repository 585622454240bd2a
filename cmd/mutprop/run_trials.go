package main

import (
	"github.com/mutprop/mutprop/internal/cli"
)

// trialsUsage is the help of mutprop run's --trials flag.
const trialsUsage = "run each test that reaches a killed mutant `N` times, with seeds from --seed, the mutant, the test and the trial, and answer per function which test finds its mutants faster (the geometric estimate of tests-to-failure with an exact 95% CI; pairs by Stouffer's combination of per-mutant Mann-Whitney tests, Holm-adjusted); not with --shard; the outcome cache is not used"

// trialBudgetUsage is the help of mutprop run's --trial-budget flag.
const trialBudgetUsage = "with --trials, the `cases` each trial runs at most: rapid's -rapid.checks, testing/quick's default MaxCount, mutproptest's -mutprop.tests (gopter reads no flag: its trials keep their own MinSuccessfulTests); a trial that passes them is censored, and counted; 0 leaves each library's default (100)"

// trialsDescription is the paragraph of mutprop run's help on --trials.
const trialsDescription = `
Trials: --trials N measures how fast each test finds each killed mutant.
Every test that reaches the mutant (covers or killed it) runs N times
alone against it, trial i with the seed TrialSeed(--seed, mutant ID,
test, i): rapid's -rapid.seed, testing/quick's default source (its
quick.go is replaced, through -overlay and never in GOROOT, by a copy that
reads MUTPROP_QUICK_SEED; every other run of the tests then uses --seed)
and mutproptest's -mutprop.seed. gopter seeds from the clock: its trials
are reported unseeded. --trial-budget C caps each trial at C cases
(gopter excepted: reported unbudgeted). A trial counts the cases it ran,
from the libraries' output and testing/quick's counted copy: to its
failure (a panic or an os.Exit is a failure at its case), or all of them
when it passed (censored). A timeout, whose case is unknown, is left
out. A test without a property library (an example) runs one case.

Per (mutant, test), the mean tests-to-failure is the geometric estimate:
every case run, censored trials' included, over the failures, with the
exact 95% interval that inverts Clopper-Pearson's (never below 1). Time
to failure (the test's own, from test2json) is estimated the same way.

The console answers first, one line per function under test (the
function a mutant lives in): which of the tests that reach its mutants
finds them faster. Then each function's tests ranked (mutants found in
every trial, in some, in none, the median estimate, Etna's buckets of
mutants found within 1, 10, 100 and 1,000 cases), and each two tests of a
function compared. A pair's verdict weighs the mutants that separate the
two: per mutant, a one-sided Mann-Whitney mid-p over the trials (a
censored trial ranks last) gives a z score; mutants whose trials are all
alike carry no information and are left out; Stouffer's Z = sum(z) /
sqrt(k) gives a two-sided p, adjusted by Holm over all pairs. Unlike a
vote over mutants (the sign test it replaces), three mutants one test
finds a hundred times faster are not outvoted by seven where both find
it at once; unlike Fisher's combination, evidence for each side cancels,
so the sign of Z says which test is faster overall. With -v follow the
explanation of each verdict (each mutant's z), Etna's time buckets (0.1,
1, 10 and 60 s), and per (mutant, test) the trials' figures and
comparisons. Every figure but the times is the same whatever --workers
is. Trials are not journaled: --resume runs them
again (same seeds, same figures); they do not combine with --shard. After
trials, each killed mutant's killedBy in the JSON report lists every test
that killed it in a trial, and the HTML report shows the kill matrix. The
JSON report holds them under "mutpropTrials", the HTML report in its
Trials section, with per function Etna's cumulative chart.
`

// validateTrials checks --trials and --trial-budget against the other
// flags.
func (f *runFlags) validateTrials() error {
	switch {
	case f.trials < 0:
		return cli.UsageError("--trials %d: want 0 (none) or more", f.trials)
	case f.trials > 0 && f.shard != "":
		return cli.UsageError("--trials does not combine with --shard: trials are not journaled, and 'mutprop merge' could not report them")
	case f.tbudget < 0:
		return cli.UsageError("--trial-budget %d: want 0 (each library's default) or more cases", f.tbudget)
	case f.tbudget > 0 && f.trials == 0:
		return cli.UsageError("--trial-budget needs --trials: it is the cases of each trial")
	}
	return nil
}
