// Package runsettings holds the settings of a mutprop run: one value,
// made from the command line, from which the engine's configuration
// (Config), the journal's header (Header) and the outcome cache's key
// (Key) are derived, so that a setting that changes verdicts reaches
// both records or neither.
//
// Each field is tagged with its class:
//
//	settings:"verdict"  changes verdicts: in the cache's key and the journal's header
//	settings:"run"      names the run's mutants (packages, --since, --shard): in the header only, since the cache keys each mutant
//	settings:"-"        changes no verdict (--workers): in neither
//
// settings_test.go checks, field by field, that each reaches what its
// tag says.
package runsettings

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/mutprop/mutprop/engine"
	"github.com/mutprop/mutprop/gotest"
	"github.com/mutprop/mutprop/mutate"
	"github.com/mutprop/mutprop/proc"
)

// Settings are mutprop run's settings, as its flags give them: a zero
// field is the flag's zero value, not its default.
type Settings struct {
	// Packages are the patterns of the command line.
	Packages []string `settings:"run"`
	// Since is --since: only the mutants on lines changed since a git
	// revision.
	Since string `settings:"run"`
	// Shard is --shard K/N ("" for the whole run).
	Shard string `settings:"run"`

	// Seed is --seed: rapid's and testing/quick's seed.
	Seed uint64 `settings:"verdict"`
	// Mode is --mode: gotest.ModeSchemata or gotest.ModeOverlay.
	Mode string `settings:"verdict"`
	// Operators is --operators, comma-separated ("" for all).
	Operators string `settings:"verdict"`
	// Run is --run: only the tests matching this regular expression.
	Run string `settings:"verdict"`
	// Skip is --skip: leave out the tests matching this regular expression.
	Skip string `settings:"verdict"`
	// Tags are --tags' build tags.
	Tags []string `settings:"verdict"`
	// Matrix is --matrix: every covering test against every mutant.
	Matrix bool `settings:"verdict"`
	// NoProbes is --probes=false.
	NoProbes bool `settings:"verdict"`
	// TimeoutFactor and TimeoutConst are --timeout-factor and
	// --timeout-const (0 for none).
	TimeoutFactor float64       `settings:"verdict"`
	TimeoutConst  time.Duration `settings:"verdict"`
	// TestLimit is --test-limit: each test's limit in the baseline's runs
	// together (gotest.Config.TestLimit; 0 for none). A journal written
	// before the limit, which had none, resumes at the default: it differs
	// only for a test past the limit, which the baseline then sets aside
	// and names.
	TestLimit time.Duration `settings:"verdict"`
	// MemLimit is --mem-limit in MiB: -1 sizes the cap from the machine's
	// memory and the workers, 0 is none.
	MemLimit int64 `settings:"verdict"`
	// OwnTests is --own-tests: only a package's own tests count for it.
	OwnTests bool `settings:"verdict"`
	// StrictBaseline is --strict-baseline.
	StrictBaseline bool `settings:"verdict"`
	// Flaky is --flaky: gotest.FlakyRefuse ("" too) or gotest.FlakySkip.
	Flaky string `settings:"verdict"`
	// Trials is --trials: with trials, testing/quick's seed is pinned in
	// every run, which can change verdicts (the number of trials does
	// not: they are neither journaled nor cached).
	Trials int `settings:"verdict"`
	// Blackbox is --blackbox and its counts; nil without black-box
	// mutants.
	Blackbox *gotest.Blackbox `settings:"verdict"`

	// Workers is --workers: it changes no verdict. With MemLimit -1 it
	// sizes the memory cap, which ends a mutant past hundreds of MiB.
	Workers int `settings:"-"`
	// NoFloor is --no-floor: the floor's build is skipped.
	NoFloor bool `settings:"-"`
	// BaselineTimeout is --baseline-timeout: it bounds the baseline (a
	// run past it stops), not a verdict.
	BaselineTimeout time.Duration `settings:"-"`
	// TrialBudget is --trial-budget: the cases of each trial, which are
	// neither journaled nor cached.
	TrialBudget int `settings:"-"`
	// Isolation is --isolation: batches give the verdicts of one process
	// per mutant (gotest's leak checks leave out what they could not), so
	// it changes no verdict, as --workers changes none.
	Isolation string `settings:"-"`
	// VerifyIsolation is --verify-isolation: a check after the mutants.
	VerifyIsolation int `settings:"-"`
}

// Config is the engine's configuration of the settings, without what
// needs the packages (Patterns, TestPackages, Filter, Shard) or wires the
// run (the hooks, Log). Its errors are the settings' (a bad --run, --skip or
// --operators), which mutprop run's flag checks catch first.
func (s Settings) Config() (gotest.Config, error) {
	var memory *proc.MemoryCap // nil: gotest sizes it from the machine and the workers
	if s.MemLimit >= 0 {
		memory = &proc.MemoryCap{Soft: proc.SoftFor(s.MemLimit << 20), Hard: s.MemLimit << 20}
	}
	cfg := gotest.Config{
		Memory:         memory,
		Workers:        s.Workers,
		Seed:           s.Seed,
		Timeouts:       proc.Timeouts{Factor: s.TimeoutFactor, Const: s.TimeoutConst, Floor: proc.DefaultTimeouts.Floor},
		Mode:           gotest.Mode(s.Mode),
		Tags:           slices.Clone(s.Tags),
		Matrix:         s.Matrix,
		Trials:         s.Trials,
		NoProbes:       s.NoProbes,
		StrictBaseline: s.StrictBaseline,
		Flaky:          s.Flaky,
		NoFloor:        s.NoFloor,
		OwnTests:       s.OwnTests,

		BaselineTimeout: s.BaselineTimeout,
		TestLimit:       s.TestLimit,
		TrialBudget:     s.TrialBudget,
		Isolation:       s.Isolation,
		VerifyIsolation: s.VerifyIsolation,
	}
	if s.TimeoutConst == 0 {
		cfg.Timeouts.Const = -1 // none, not the default
	}
	if s.TestLimit == 0 {
		cfg.TestLimit = -1 // none, not the default
	}
	if s.Blackbox != nil {
		b := *s.Blackbox
		b.Funcs = slices.Clone(b.Funcs)
		cfg.Blackbox = &b
	}
	if s.Run != "" {
		re, err := regexp.Compile(s.Run)
		if err != nil {
			return cfg, fmt.Errorf("--run: %w", err)
		}
		cfg.Run = re
	}
	if s.Skip != "" {
		re, err := regexp.Compile(s.Skip)
		if err != nil {
			return cfg, fmt.Errorf("--skip: %w", err)
		}
		cfg.Skip = re
	}
	if s.Operators != "" {
		ops, err := mutate.SelectOperators(s.Operators)
		if err != nil {
			return cfg, fmt.Errorf("--operators: %w", err)
		}
		cfg.Operators = ops
	}
	return cfg, nil
}

// class is a field's settings tag.
type class string

const (
	verdict class = "verdict"
	run     class = "run"
)

// entry is one setting as the header and the key write it.
type entry struct {
	name, value string
	class       class
}

// entries lists the settings that reach a record, by the name the
// journal's header gives them. A setting at its flag's default is left
// out when journals written before it existed leave it out too (skip,
// probes, own-tests, strict-baseline, flaky, quick-seed, blackbox), so that they
// still resume.
func (s Settings) entries() []entry {
	e := []entry{
		{"packages", strings.Join(s.Packages, " "), run},
		{"since", s.Since, run},
		{engine.ShardKey, s.Shard, run},
		{"seed", strconv.FormatUint(s.Seed, 10), verdict},
		{"mode", s.Mode, verdict},
		{"operators", s.Operators, verdict},
		{"run", s.Run, verdict},
		{"tags", strings.Join(s.Tags, ","), verdict},
		{"matrix", strconv.FormatBool(s.Matrix), verdict},
		{"timeout-factor", strconv.FormatFloat(s.TimeoutFactor, 'g', -1, 64), verdict},
		{"timeout-const", s.TimeoutConst.String(), verdict},
		{"mem-limit", strconv.FormatInt(s.MemLimit, 10), verdict},
	}
	add := func(name, value string) { e = append(e, entry{name, value, verdict}) }
	if s.Skip != "" {
		add("skip", s.Skip)
	}
	if s.NoProbes {
		add("probes", "false")
	}
	if s.OwnTests {
		add("own-tests", "true")
	}
	if s.StrictBaseline {
		add("strict-baseline", "true")
	}
	if s.Flaky != "" && s.Flaky != gotest.FlakyRefuse {
		add("flaky", s.Flaky)
	}
	if s.Trials > 0 {
		add("quick-seed", "pinned")
	}
	if s.TestLimit != gotest.DefaultTestLimit {
		add("test-limit", s.TestLimit.String())
	}
	if b := s.Blackbox; b != nil {
		// per-test: every test that calls the function runs against each
		// mutant (strength), which verdicts recorded before it lack.
		k := fmt.Sprintf("blackbox=%q blackbox-mutants=%d blackbox-points=%d per-test", strings.Join(b.Funcs, ","), b.PerFunc, b.Points)
		if b.Points > 0 {
			// The IDs of p-point mutants end in /p<p> (mutate.BlackboxID):
			// a journal written before has other IDs, and a resume refuses it.
			k += " ids=k/p"
		}
		if b.Classic != 0 && b.Classic != gotest.DefaultBlackboxClassic {
			// The per-case samples' statuses (ignored) differ.
			k += fmt.Sprintf(" blackbox-classic=%d", max(b.Classic, 0))
		}
		add("blackbox", k)
	}
	return e
}

// Header is the journal's header of a run with these settings (its Suite
// is the journal's to set): the seed, and every other setting of class
// verdict or run in Extra.
func (s Settings) Header() engine.Header {
	h := engine.Header{Seed: s.Seed, Extra: map[string]string{}}
	for _, e := range s.entries() {
		if e.name != "seed" {
			h.Extra[e.name] = e.value
		}
	}
	return h
}

// Key is the outcome cache's key of the settings: every setting of class
// verdict, by name. Two runs whose keys differ keep their verdicts apart.
func (s Settings) Key() map[string]string {
	k := map[string]string{}
	for _, e := range s.entries() {
		if e.class == verdict {
			k[e.name] = e.value
		}
	}
	return k
}

// FlagName is the flag a key entry comes from, for messages: "--tags".
func FlagName(key string) string {
	switch key {
	case "quick-seed":
		return "--trials"
	case "probes":
		return "--probes"
	}
	return "--" + key
}
