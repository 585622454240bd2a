package bst

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/mutprop/mutprop/engine"
	"github.com/mutprop/mutprop/proc"
	"github.com/mutprop/mutprop/propsuite"
)

// This file runs the scenario as mutprop scenario bst does: the cells in
// worker processes (one per schemata mutant, ServeWorker on the other
// side), over a journal and shards when asked, then the analysis.

// WorkerSpec is what a worker process needs to build the suite it serves
// (ServeWorker): an experiment's generators, properties and bugs, or the
// suite-scoring experiment's options.
type WorkerSpec struct {
	Experiment string   `json:"experiment,omitempty"` // fig13, hughes or etna
	Generators []string `json:"generators,omitempty"`
	Properties []string `json:"properties,omitempty"`
	Bugs       []string `json:"bugs,omitempty"`
	// Mutants, when set, is the suite-scoring experiment (MutantSuite).
	Mutants *MutantOptions `json:"mutants,omitempty"`
}

// Launcher returns the process of a worker that serves spec: a program
// that calls ServeWorker with WorkerArgs(spec).
type Launcher func(spec WorkerSpec) (proc.Spec, error)

// WorkerArgs are the arguments ServeWorker reads spec back from.
func WorkerArgs(spec WorkerSpec) ([]string, error) {
	b, err := json.Marshal(spec)
	if err != nil {
		return nil, fmt.Errorf("encode bst worker spec: %w", err)
	}
	return []string{string(b)}, nil
}

// ServeWorker is the body of a worker process: it builds the suite that
// args (WorkerArgs) describe and serves its cells (propsuite.Serve) from in
// to out, as schemata mutant active (MUTPROP_ACTIVE). It tunes the
// process's garbage collector for persistent trees, and, for the
// suite-scoring experiment, runs a watchdog whose trip writes its reason
// to errOut and exits the process with status 3: a mutant that loops
// cannot be stopped otherwise.
func ServeWorker(ctx context.Context, args []string, active int, in io.Reader, out, errOut io.Writer) error {
	if len(args) != 1 {
		return fmt.Errorf("bst worker: want one argument, the worker spec (JSON); got %d", len(args))
	}
	var spec WorkerSpec
	if err := json.Unmarshal([]byte(args[0]), &spec); err != nil {
		return fmt.Errorf("bst worker: spec: %w", err)
	}
	var s *propsuite.Suite
	var err error
	if spec.Mutants != nil {
		if s, err = MutantSuite(*spec.Mutants); err != nil {
			return fmt.Errorf("bst worker: %w", err)
		}
		wd := &watchdog{}
		wd.guard(s)
		wctx, cancel := context.WithCancel(ctx)
		defer cancel()
		go wd.run(wctx, func(reason string) {
			fmt.Fprintln(errOut, reason)
			os.Exit(3)
		})
	} else {
		e, err := ExperimentByName(spec.Experiment)
		if err != nil {
			return fmt.Errorf("bst worker: %w", err)
		}
		e.PropertySet, e.Mutants = strings.Join(spec.Properties, ","), spec.Bugs
		if s, err = e.Suite(spec.Generators, false); err != nil {
			return fmt.Errorf("bst worker: %w", err)
		}
	}
	// Persistent trees allocate much and keep little: a worker collects
	// garbage only when its heap reaches 256 MiB (5% less CPU than
	// GOGC=400 on a fig13 subset), each collection marking little.
	debug.SetGCPercent(-1)
	debug.SetMemoryLimit(256 << 20)
	if err := propsuite.Serve(ctx, s, active, in, out); err != nil {
		return fmt.Errorf("bst worker: %w", err)
	}
	return nil
}

// RunConfig is one run of an experiment (fig13, hughes, etna).
type RunConfig struct {
	// Experiment, with the property set and bugs the run measures.
	Experiment Experiment
	// Generators are the generators measured (nil: the experiment's).
	Generators []string
	// Trials is the number of failing trials per failing cell.
	Trials int
	// Samples is the number of trees sampled per generator for key
	// presence and distributions.
	Samples int
	// Explain (fig13) also measures the readings that explain the gaps to
	// the paper (explainSuite), as a second phase over the same journal.
	Explain bool
	// Launch starts worker processes.
	Launch Launcher
	// Progress, when set, is called after every finished cell, with the
	// phase's label ("bst fig13", "bst explain").
	Progress func(label string, p propsuite.Progress)
}

// explainPhase is the propsuite phase (propsuite.Options.Phase) of the
// explanation's cells: they share the journal with the main run's.
const explainPhase = "explain"

// cellTimeout bounds one cell of an experiment.
const cellTimeout = 10 * time.Minute

// Run measures the experiment's cells and analyses them. opts carries the
// seed, the workers, the journal and the shard; the protocol (mttf), the
// pool and the phases are set here. With a shard (opts.Shard.N > 1) Run
// measures the shard's cells into the journal and returns a nil Report:
// the analysis needs every cell. An explanation cell that the main cells
// select is in the shard of the main cell it depends on, so a resume from
// the shards' merged journal measures nothing.
func Run(ctx context.Context, cfg RunConfig, opts propsuite.Options) (*Report, error) {
	exp := cfg.Experiment
	gens := cfg.Generators
	if gens == nil {
		gens = exp.Generators
	}
	suite, err := exp.Suite(gens, false)
	if err != nil {
		return nil, err
	}
	run := func(label, phase string, s *propsuite.Suite, sel func(propsuite.Mutant, string, string) bool) (*propsuite.Result, error) {
		o := opts
		o.Protocol = &propsuite.Protocol{Kind: "mttf", Trials: cfg.Trials}
		o.Select, o.Phase = sel, phase
		if phase == explainPhase {
			o.ShardBy = explainShardKey
		}
		o.Processes = &propsuite.Processes{CellTimeout: cellTimeout, Command: func() (proc.Spec, error) {
			return cfg.Launch(WorkerSpec{Experiment: exp.Name, Generators: s.Generators, Properties: s.Properties, Bugs: exp.Mutants})
		}}
		if cfg.Progress != nil {
			o.Progress = func(p propsuite.Progress) { cfg.Progress(label, p) }
		}
		return propsuite.Run(ctx, s, &o)
	}
	start := time.Now()
	res, err := run("bst "+exp.Name, "", suite, nil)
	if err != nil {
		return nil, err
	}
	elapsed := time.Since(start)
	explain := cfg.Explain && exp.Name == "fig13"
	if opts.Shard.N > 1 {
		if explain {
			xs, sel, err := explainSuite(exp, gens, res)
			if err != nil {
				return nil, err
			}
			if _, err := run("bst explain", explainPhase, xs, sel); err != nil {
				return nil, err
			}
		}
		return nil, nil
	}
	rep, err := analyze(exp, res, gens, cfg.Samples)
	if err != nil {
		return nil, err
	}
	rep.Elapsed = elapsed
	if exp.Name == "fig13" {
		if rep.PresenceReadings, err = keyPresenceReadings(cfg.Samples, opts.Seed); err != nil {
			return nil, err
		}
	}
	if explain {
		xs, sel, err := explainSuite(exp, gens, res)
		if err != nil {
			return nil, err
		}
		xres, err := run("bst explain", explainPhase, xs, sel)
		if err != nil {
			return nil, err
		}
		if rep.Explanation, err = buildExplanation(exp, gens, res, xres); err != nil {
			return nil, err
		}
	}
	return rep, nil
}

// explainShardKey shards an explanation cell whose selection depends on a
// main cell (bug 2 under a validOnlySuffix generator, explainSuite) with
// that cell, and the others by their own key.
func explainShardKey(m propsuite.Mutant, property, generator string) string {
	if base, valid := splitGenerator(generator); valid {
		return (&propsuite.Cell{Mutant: m.ID, Property: property, Generator: base}).Key()
	}
	return (&propsuite.Cell{Phase: explainPhase, Mutant: m.ID, Property: property, Generator: generator}).Key()
}

// RunMutants measures the suite-scoring experiment (MutantSuite) with
// tests tests per (mutant, property) and scores it. opts is as for Run;
// with a shard it returns a nil MutantReport.
func RunMutants(ctx context.Context, mo MutantOptions, tests int, launch Launcher, progress func(propsuite.Progress), opts propsuite.Options) (*MutantReport, error) {
	suite, err := MutantSuite(mo)
	if err != nil {
		return nil, err
	}
	opts.Protocol = &propsuite.Protocol{Kind: "trials", Trials: 1, DecideBudget: tests}
	opts.Progress = progress
	opts.Processes = &propsuite.Processes{CellTimeout: 2 * time.Minute, Command: func() (proc.Spec, error) {
		return launch(WorkerSpec{Mutants: &mo})
	}}
	start := time.Now()
	res, err := propsuite.Run(ctx, suite, &opts)
	if err != nil || opts.Shard.N > 1 {
		return nil, err
	}
	st, err := scoreMutants(suite, res)
	if err != nil {
		return nil, err
	}
	st.Measured, st.Elapsed = len(res.Cells), time.Since(start)
	return st, nil
}

// JournalHeader identifies the run in a journal: a resume or a merge with
// another experiment, generators, property set, bugs, number of trials or
// explanation is refused. The caller sets the seed and the shard.
func (c RunConfig) JournalHeader() (engine.Header, error) {
	gens := c.Generators
	if gens == nil {
		gens = c.Experiment.Generators
	}
	proto, err := json.Marshal(propsuite.Protocol{Kind: "mttf", Trials: c.Trials})
	if err != nil {
		return engine.Header{}, fmt.Errorf("encode protocol: %w", err)
	}
	return engine.Header{Suite: "bst-" + c.Experiment.Name, Protocol: proto, Extra: map[string]string{
		"generators": strings.Join(gens, ","), "properties": c.Experiment.PropertySet,
		"bugs": strings.Join(c.Experiment.Mutants, ","), "explain": strconv.FormatBool(c.Explain && c.Experiment.Name == "fig13"),
	}}, nil
}

// MutantsHeader identifies a run of RunMutants in a journal, as
// JournalHeader does.
func MutantsHeader(mo MutantOptions, tests int) (engine.Header, error) {
	proto, err := json.Marshal(propsuite.Protocol{Kind: "trials", Trials: 1, DecideBudget: tests})
	if err != nil {
		return engine.Header{}, fmt.Errorf("encode protocol: %w", err)
	}
	mo = mo.withDefaults()
	return engine.Header{Suite: "bst-mutants", Protocol: proto, Extra: map[string]string{
		"generator": mo.Generator, "properties": mo.PropertySet, "bb-seeds": strconv.Itoa(mo.BlackBoxSeeds), "bugs": strconv.FormatBool(mo.Bugs),
	}}, nil
}
