package tcas

import (
	"context"
	"fmt"
	"slices"
	"time"
)

// The steps of Run, in order: base sets, arrays, evaluation,
// classification, rows, and the random and generic experiments.

// namedSet is an input set with the name and the domain the report gives
// it.
type namedSet struct {
	name, domain string
	set          *inputSet
}

// scenarioRun is the state of one Run: the configuration with its
// defaults, the input sets, the evaluation, and the report it fills step
// by step.
type scenarioRun struct {
	cfg     Config
	exps    map[string]bool
	domains []string
	all     []version // every version
	scored  []version // the portable ones
	rep     *Report
	u       *universe

	// sets are the base sets (the first baseSets: universe, NIST grid,
	// a uniform sample per domain), then the arrays'.
	sets      []namedSet
	baseSets  int
	baseNames []string
	arrays    []*array
	arraySet  map[*array]int // index in sets

	ev        *evaluation
	holds     []property // the safety properties that hold on the original
	holdNames []string
	classOf   map[int]int // version -> distinct fault
	memo      map[string][]Fault
}

// newScenarioRun checks cfg and sets its defaults.
func newScenarioRun(cfg Config) (*scenarioRun, error) {
	exps, err := ParseExperiments(cfg.Experiment)
	if err != nil {
		return nil, err
	}
	if (cfg.Journal != nil || cfg.Shard.N > 1) && !exps[ExpRandom] {
		return nil, fmt.Errorf("a journal or a shard holds the %s experiment's cells: add %s to the experiments", ExpRandom, ExpRandom)
	}
	domains := cfg.Domains
	if len(domains) == 0 {
		domains = allDomains
	}
	for _, d := range domains {
		if _, err := domainValues(d); err != nil {
			return nil, err
		}
	}
	if cfg.Samples == 0 {
		cfg.Samples = 1000000
	}
	if cfg.Blackbox == 0 {
		cfg.Blackbox = 100
	}
	if cfg.Trials == 0 {
		cfg.Trials = 100
	}
	if cfg.Workers <= 0 {
		cfg.Workers = 1
	}
	all, err := versions()
	if err != nil {
		return nil, err
	}
	r := &scenarioRun{cfg: cfg, exps: exps, domains: domains, all: all, arraySet: map[*array]int{}, classOf: map[int]int{}, memo: map[string][]Fault{},
		rep: &Report{Experiment: cfg.Experiment, Seed: cfg.Seed, Samples: cfg.Samples}}
	for _, v := range all {
		if !v.NotPortable {
			r.scored = append(r.scored, v)
		}
	}
	return r, nil
}

// logf writes a progress line to cfg.Log.
func (r *scenarioRun) logf(format string, a ...any) {
	if r.cfg.Log != nil {
		fmt.Fprintf(r.cfg.Log, format+"\n", a...)
	}
}

// addBaseSets loads the universe and adds the base input sets: the
// universe, the NIST grid, a uniform sample per large domain. They give
// equivalence, the properties' check and the random curves whatever the
// experiment.
func (r *scenarioRun) addBaseSets() error {
	u, err := loadUniverse()
	if err != nil {
		return err
	}
	r.u = u
	r.rep.Universe = UniverseInfo{Lines: u.Lines, WellFormed: u.WellFormed, BadLayer: u.BadLayer, Tests: len(u.Tests)}
	r.sets = []namedSet{{"universe", "", rowsSet(u.Tests)}, {"nist-grid", domainNIST, &inputSet{Kind: "grid", Domain: domainNIST}}}
	for i, d := range allDomains {
		r.sets = append(r.sets, namedSet{"sample-" + d, d, &inputSet{Kind: "sample", Domain: d, N: r.cfg.Samples, Seed: r.cfg.Seed*31 + uint64(i)}})
	}
	r.baseSets = len(r.sets)
	r.baseNames = make([]string, r.baseSets)
	for i, s := range r.sets {
		r.baseNames[i] = s.name
	}
	return nil
}

// runShard runs a shard of the random experiment's cells. The cells need
// the properties that hold on the original: it evaluates the original
// alone on the base sets first.
func (r *scenarioRun) runShard(ctx context.Context) error {
	cfg := r.cfg
	if !r.exps[ExpRandom] {
		return fmt.Errorf("shard %s: only the random experiment's cells are sharded (add %s to the experiments)", cfg.Shard, ExpRandom)
	}
	base := make([]*inputSet, r.baseSets)
	for i, s := range r.sets {
		base[i] = s.set
	}
	r.logf("shard %s: evaluating the original on %d input sets ...", cfg.Shard, len(base))
	ev, err := evaluateSchemas(ctx, cfg.Launch, workerEval, nil, base, cfg.Workers)
	if err != nil {
		return err
	}
	var holdNames []string
	if r.rep.Properties, _, holdNames, err = holdingOnBase(ev, r.baseNames); err != nil {
		return err
	}
	r.logf("random generation, shard %s: mean tests-to-failure (%d failing trials per failing cell) ...", cfg.Shard, cfg.Trials)
	r.rep.MTTF, err = runMTTF(ctx, cfg, mttfSpec{Domains: r.domains, Properties: append([]string{differentialName}, holdNames...)})
	return err
}

// addArrays generates the combinatorial arrays of the experiments
// named, every strength and domain, and adds their sets.
func (r *scenarioRun) addArrays(ctx context.Context) error {
	for _, method := range []string{methodCovering, methodRadix, methodRadixSmallest} {
		if !r.exps[experimentOf(method)] {
			continue
		}
		for _, d := range r.domains {
			if method == methodRadixSmallest && d == domainNIST {
				continue // the NIST sets have at most 10 values: the nist radix array already splits with the smallest base
			}
			ts := r.cfg.Ts
			if ts == nil {
				ts = defaultTs(d, method)
			}
			for _, t := range ts {
				spec := arraySpec{Domain: d, Method: method, T: t}
				if method == methodRadix && d != domainNIST {
					spec.Base = r.cfg.RadixBase
				}
				if err := r.addArray(ctx, spec); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// addArray generates the arrays of one spec, one per fill. The
// don't-cares are filled at random (the array scored everywhere) and, as
// sensitivity checks, with each input's first value (flags false first,
// and in ACTS's order), (arrays up to 100,000 rows) with Replicas other
// random seeds and (ConstFills) with every constant value of the small
// inputs.
func (r *scenarioRun) addArray(ctx context.Context, spec arraySpec) error {
	cfg := r.cfg
	r.logf("generating %s ...", spec)
	as, err := generateArrays(ctx, spec, arrayOptions{Seed: cfg.Seed, MaxRows: cfg.MaxRows, Timeout: cfg.GenTimeout, Verify: true,
		Replicas: cfg.Replicas, ReplicaMaxRows: 100000, ConstFills: cfg.ConstFills, ConstMaxRows: ConstFillMaxRows},
		[]string{fillRandom, fillFirst, fillACTS})
	if err != nil {
		return err
	}
	consts := 0
	for _, a := range as {
		switch {
		case isConst(a.Spec.Fill):
			consts++
			r.addArraySet(a)
		case a.Skipped != "":
			r.logf("  %s: %s", spec, a.Skipped)
		default:
			check := "verified complete"
			if !a.Verified {
				check = "don't-cares of the verified array refilled"
			}
			r.logf("  %s: %d rows in %.2fs, %.1f%% don't-cares (%s)", a.Spec, len(a.Tests), a.GenSeconds, 100*a.DontCares, check)
			r.addArraySet(a)
		}
		r.arrays = append(r.arrays, a)
	}
	if consts > 0 {
		r.logf("  %s: also %d constant fills of the small inputs' don't-cares", spec, consts)
	}
	return nil
}

// addArraySet adds the rows of a as an input set.
func (r *scenarioRun) addArraySet(a *array) {
	r.arraySet[a] = len(r.sets)
	r.sets = append(r.sets, namedSet{a.Spec.String(), a.Spec.Domain, rowsSet(a.Tests)})
}

// evaluateAll evaluates every version on every set, then checks the safety
// properties on the original (NIST grid and samples).
func (r *scenarioRun) evaluateAll(ctx context.Context) error {
	evStart := time.Now()
	inSets := make([]*inputSet, len(r.sets))
	for i, s := range r.sets {
		inSets[i] = s.set
	}
	r.logf("evaluating the original and %d versions on %d input sets (%d workers) ...", len(r.all), len(r.sets), r.cfg.Workers)
	ev, err := evaluate(ctx, r.cfg.Launch, r.all, inSets, r.cfg.Workers)
	if err != nil {
		return err
	}
	r.ev = ev
	r.rep.EvalSeconds = time.Since(evStart).Seconds()
	r.logf("  done in %.1fs", r.rep.EvalSeconds)
	r.rep.Properties, r.holds, r.holdNames, err = holdingOnBase(ev, r.baseNames)
	return err
}

// classify reports the equivalence per domain, the distinct faults over
// every set and each version's fault.
func (r *scenarioRun) classify(context.Context) error {
	for i := 1; i < r.baseSets; i++ {
		s := r.sets[i]
		ins, err := s.set.materialize()
		if err != nil {
			return err
		}
		r.rep.Equivalence = append(r.rep.Equivalence, equivalence(s.name, len(ins), s.set.Kind == "grid", partition(r.ev, r.all, []int{i})))
	}
	every := make([]int, len(r.sets))
	for i := range every {
		every[i] = i
	}
	for _, g := range partition(r.ev, r.all, every) {
		if g[0] == "original" {
			continue
		}
		var nums []int
		for _, m := range g {
			var n int
			if _, err := fmt.Sscanf(m, "v%d", &n); err != nil {
				return fmt.Errorf("class member %q: %w", m, err)
			}
			nums = append(nums, n)
		}
		if len(nums) == 1 && nums[0] == notPortableVersion {
			continue
		}
		for _, n := range nums {
			r.classOf[n] = len(r.rep.Faults)
		}
		r.rep.Faults = append(r.rep.Faults, nums)
	}
	for _, v := range r.all {
		c, ok := r.classOf[v.Number]
		if !ok {
			c = -1
		}
		r.rep.Versions = append(r.rep.Versions, VersionInfo{Number: v.Number, ID: v.ID, Category: v.Category, Description: v.Description, NotPortable: v.NotPortable, Class: c})
	}
	return nil
}

// row scores the versions on one set with props.
func (r *scenarioRun) row(exp, domain, method, oracle string, t, set int, props []property) (Row, error) {
	ins, err := r.sets[set].set.materialize()
	if err != nil {
		return Row{}, err
	}
	faults, err := scoreSet(r.ev, set, r.scored, props)
	if err != nil {
		return Row{}, err
	}
	row := Row{Experiment: exp, Domain: domain, Method: method, Oracle: oracle, T: t, Rows: len(ins), TestSeconds: float64(r.ev.nanos[set]) / 1e9, FaultsTotal: len(r.rep.Faults), VersionsScored: len(r.scored), Faults: faults, GateOpen: countGateOpen(ins)}
	found := map[int]bool{}
	for _, f := range faults {
		if f.Killed {
			row.VersionsKilled++
			if !seedDuplicate[f.Version] {
				row.Seed38Killed++
			}
			if c, ok := r.classOf[f.Version]; ok {
				found[c] = true
			}
		}
	}
	row.FaultsFound = len(found)
	return row, nil
}

// oracle is a way to judge a version's outputs: the differential oracle
// (same output as the original) or properties.
type oracle struct {
	name  string
	props []property
}

// oraclesOf are the two oracles every suite is scored with: the
// differential one and the safety properties that hold.
func oraclesOf(holds []property) []oracle {
	return []oracle{{differentialName, []property{differential}}, {"properties", holds}}
}

// addRows adds the rows of one set, one per oracle.
func (r *scenarioRun) addRows(exp, domain, method string, t, set int) error {
	for _, o := range oraclesOf(r.holds) {
		row, err := r.row(exp, domain, method, o.name, t, set, o.props)
		if err != nil {
			return err
		}
		r.rep.Rows = append(r.rep.Rows, row)
	}
	return nil
}

// addSuiteRows adds the rows of the universe, the NIST grid and the
// uniform samples.
func (r *scenarioRun) addSuiteRows(context.Context) error {
	if r.exps[expUniverse] {
		if err := r.addRows(expUniverse, "sir", "universe", 0, 0); err != nil {
			return err
		}
	}
	if !r.exps[expProperties] && !r.exps[ExpRandom] {
		return nil
	}
	exp := ExpRandom
	if !r.exps[ExpRandom] {
		exp = expProperties
	}
	if slices.Contains(r.domains, domainNIST) {
		if err := r.addRows(exp, domainNIST, "exhaustive", 0, 1); err != nil {
			return err
		}
	}
	for i, d := range allDomains {
		if slices.Contains(r.domains, d) {
			if err := r.addRows(exp, d, "uniform", 0, 2+i); err != nil {
				return err
			}
		}
	}
	return nil
}

// firstN counts what the first n tests of an evaluated sequence find:
// distinct faults and the seed's 38 (-1, -1 when it is shorter).
func (r *scenarioRun) firstN(set int, props []property, n int) (faults, seed38 int, err error) {
	ins, err := r.sets[set].set.materialize()
	if err != nil || n > len(ins) {
		return -1, -1, err
	}
	key := fmt.Sprint(set, "/", len(props))
	if len(props) > 0 {
		key += props[0].Name
	}
	fs, ok := r.memo[key]
	if !ok {
		if fs, err = scoreSet(r.ev, set, r.scored, props); err != nil {
			return 0, 0, err
		}
		r.memo[key] = fs
	}
	found := map[int]bool{}
	for _, f := range fs {
		if f.Killed && f.TestsToFailure <= n {
			if !seedDuplicate[f.Version] {
				seed38++
			}
			if c, ok := r.classOf[f.Version]; ok {
				found[c] = true
			}
		}
	}
	return len(found), seed38, nil
}

// constBugs are the seed's bugs each constant fill finds (differential
// oracle), by the spec of the main fill.
func (r *scenarioRun) constBugs() (map[arraySpec][]int, error) {
	bugs := map[arraySpec][]int{}
	for _, a := range r.arrays {
		if !isConst(a.Spec.Fill) {
			continue
		}
		row, err := r.row(experimentOf(a.Spec.Method), a.Spec.Domain, a.Spec.Method, differentialName, a.Spec.T, r.arraySet[a], []property{differential})
		if err != nil {
			return nil, err
		}
		main := a.Spec
		main.Fill = fillRandom
		bugs[main] = append(bugs[main], row.Seed38Killed)
	}
	return bugs, nil
}

// addArrayRows adds the rows of the arrays (constant fills only as the
// spread of their main fill's row).
func (r *scenarioRun) addArrayRows(context.Context) error {
	constBugs, err := r.constBugs()
	if err != nil {
		return err
	}
	for _, a := range r.arrays {
		if isConst(a.Spec.Fill) {
			continue
		}
		p, hasPaper := published(a.Spec.Domain, a.Spec.Method, a.Spec.T)
		var pp *Published
		if hasPaper {
			pp = &p
		}
		if a.Skipped != "" {
			r.rep.Rows = append(r.rep.Rows, Row{Experiment: experimentOf(a.Spec.Method), Domain: a.Spec.Domain, Method: a.Spec.Method, Oracle: differentialName, T: a.Spec.T, Skipped: a.Skipped, LowerBound: a.Projection.LowerBound, CoverageBytes: a.Projection.CoverageBytes, GenSeconds: a.GenSeconds, FaultsTotal: len(r.rep.Faults), VersionsScored: len(r.scored), Paper: pp})
			continue
		}
		n := len(r.rep.Rows)
		if err := r.addRows(experimentOf(a.Spec.Method), a.Spec.Domain, a.Spec.Method, a.Spec.T, r.arraySet[a]); err != nil {
			return err
		}
		for i := n; i < len(r.rep.Rows); i++ {
			if err := r.completeArrayRow(&r.rep.Rows[i], a, pp, constBugs); err != nil {
				return err
			}
		}
	}
	return nil
}

// completeArrayRow adds to an array's row what the array measured, the
// paper's figures, the constant fills' spread and what as many uniform
// random tests find.
func (r *scenarioRun) completeArrayRow(row *Row, a *array, pp *Published, constBugs map[arraySpec][]int) error {
	row.GenSeconds, row.PeakHeap, row.Allocated, row.Verified, row.LowerBound = a.GenSeconds, a.PeakHeap, a.Allocated, a.Verified, a.Projection.LowerBound
	row.Fill, row.DontCares, row.RadixBase = a.Spec.Fill, a.DontCares, a.Base
	if row.Oracle == differentialName && isMain(a.Spec.Fill) {
		row.Paper = pp
		main := a.Spec
		main.Fill = fillRandom
		row.ConstFills = spreadOf(constBugs[main])
	}
	props := r.holds
	if row.Oracle == differentialName {
		props = []property{differential}
	}
	sampleSet := 2 + slices.Index(allDomains, a.Spec.Domain)
	var err error
	row.RandomFaults, row.RandomSeed38, err = r.firstN(sampleSet, props, row.Rows)
	return err
}

// runRandom runs the random experiment: curves from the sample
// sequences, mean tests-to-failure from propsuite.
func (r *scenarioRun) runRandom(ctx context.Context) error {
	if !r.exps[ExpRandom] {
		return nil
	}
	for i, d := range allDomains {
		if !slices.Contains(r.domains, d) {
			continue
		}
		for _, o := range oraclesOf(r.holds) {
			faults, err := scoreSet(r.ev, 2+i, r.scored, o.props)
			if err != nil {
				return err
			}
			r.rep.Curves = append(r.rep.Curves, curve(d, o.name, faults, r.classOf, r.cfg.Samples))
		}
	}
	r.logf("random generation: mean tests-to-failure (%d failing trials per failing cell) ...", r.cfg.Trials)
	spec := mttfSpec{Domains: r.domains, Properties: append([]string{differentialName}, r.holdNames...)}
	var err error
	r.rep.MTTF, err = runMTTF(ctx, r.cfg, spec)
	return err
}

// runGeneric runs the generic experiment on the universe, the NIST grid
// and uniform samples of at most 100,000 inputs.
func (r *scenarioRun) runGeneric(ctx context.Context) error {
	if !r.exps[expGeneric] {
		return nil
	}
	cfg := r.cfg
	n := min(cfg.Samples, 100000)
	names := []string{"universe"}
	gsets := []*inputSet{rowsSet(r.u.Tests)}
	if slices.Contains(r.domains, domainNIST) {
		names = append(names, "nist-grid")
		gsets = append(gsets, &inputSet{Kind: "grid", Domain: domainNIST})
	}
	for i, d := range allDomains {
		if !slices.Contains(r.domains, d) {
			continue
		}
		names = append(names, fmt.Sprintf("sample-%s (%d)", d, n))
		gsets = append(gsets, &inputSet{Kind: "sample", Domain: d, N: n, Seed: cfg.Seed*31 + uint64(i)})
	}
	r.logf("generic mutants: %d operator mutants (worker processes) and %d black-box mutants ...", len(operatorMutants()), cfg.Blackbox)
	g0 := time.Now()
	var err error
	if r.rep.Generic, err = generic(ctx, cfg, names, gsets, r.holds, cfg.Blackbox); err != nil {
		return err
	}
	r.logf("  done in %.1fs", time.Since(g0).Seconds())
	return nil
}
