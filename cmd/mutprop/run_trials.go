package main

import (
	"sort"

	"github.com/mutprop/mutprop/gotest"
	"github.com/mutprop/mutprop/internal/cli"
	"github.com/mutprop/mutprop/report"
)

// trialsUsage is the help of mutprop run's --trials flag.
const trialsUsage = "run each test that kills a mutant `N` times, with seeds from --seed, the mutant, the test and the trial, and compare the killing tests of each mutant (mean tests-to-failure, 95% CI, Mann-Whitney U); not with --shard; the outcome cache is not used"

// trialsDescription is the paragraph of mutprop run's help on --trials.
const trialsDescription = `
Trials: --trials N measures how fast each test that kills a mutant finds
it. After the mutants, each killed mutant's other tests run alone once, so
that every test that kills it is known; then each killing test runs N
times alone against it, trial i with the seed TrialSeed(--seed, mutant ID,
test, i): rapid's -rapid.seed, testing/quick's default source (its
quick.go is replaced, through -overlay and never in GOROOT, by a copy that
reads MUTPROP_QUICK_SEED; every other run of the tests then uses --seed)
and mutproptest's -mutprop.seed. gopter seeds from the clock: its trials
are reported unseeded.

The console answers first which test finds bugs fastest: per package, its
killing tests ranked (a property under a generator is one test), with the
mutants each kills in every trial and in some, the median of its mean
tests-to-failure, and the mutants it finds within 1, 10, 100 and 1,000
tests. A second table compares each two tests over the mutants both kill:
per-mutant Mann-Whitney U tests (wins, losses, ties) and one sign test.
With -v follow, per (mutant, test), fails and the mean tests-to-failure
with its 95% confidence interval, and the per-mutant comparisons; a trial
that does not fail ranks after every failing one. The figures are the
same whatever --workers is. Trials are not journaled: --resume runs
them again (same seeds, same figures); they do not combine with --shard.
The JSON report holds them under "mutpropTrials", the HTML report in its
Trials section.
`

// validateTrials checks --trials against the other flags.
func (f *runFlags) validateTrials() error {
	switch {
	case f.trials < 0:
		return cli.UsageError("--trials %d: want 0 (none) or more", f.trials)
	case f.trials > 0 && f.shard != "":
		return cli.UsageError("--trials does not combine with --shard: trials are not journaled, and 'mutprop merge' could not report them")
	}
	return nil
}

// trialsReport summarizes the trials of a finished run; nil without
// --trials.
func (f *runFlags) trialsReport(res *gotest.Result) (*report.TrialsReport, error) {
	if f.trials <= 0 || res == nil {
		return nil, nil
	}
	pkgs := append([]*gotest.PackageResult(nil), res.Packages...)
	sort.SliceStable(pkgs, func(i, j int) bool { return pkgs[i].Path < pkgs[j].Path })
	var cells []report.TrialCell
	for _, p := range pkgs {
		cells = append(cells, p.Trials...)
	}
	seed := f.seed
	if seed == 0 {
		seed = 1 // gotest.Config's default, which the trials used
	}
	r, err := report.SummarizeTrials(f.trials, seed, cells)
	if err != nil {
		return nil, cli.CannotRun("%v", err)
	}
	return &r, nil
}
