package tcas

import (
	"context"
	"fmt"
	"io"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/mutprop/mutprop/engine"
	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/proc"
	"github.com/mutprop/mutprop/runner"
	"github.com/mutprop/mutprop/stats"
)

// Experiments.
const (
	expUniverse   = "universe"
	expProperties = "properties"
	ExpRandom     = "random"
	expCovering   = "covering"
	expRadix      = "radix"
	expGeneric    = "generic"
	expAll        = "all"
)

// Config describes one run of the TCAS study.
type Config struct {
	// Experiment is universe, properties, random, covering, radix, generic
	// or all, or a comma-separated list of them.
	Experiment string
	// Domains restricts the domains (nil: all three).
	Domains []string
	// Ts are the strengths of the combinatorial experiments (nil: per
	// domain and method defaults).
	Ts   []int
	Seed uint64
	// Workers is the number of worker processes at once (>= 1).
	Workers int
	// Launch starts worker processes.
	Launch Launcher
	// Samples is the number of uniform random inputs per large domain used
	// for equivalence, the properties' check and the random curve (0:
	// 1,000,000).
	Samples int
	// Trials is the number of failing trials per failing random cell (0: 100).
	Trials int
	// GenTimeout bounds the generation of one array (0: none).
	GenTimeout time.Duration
	// MaxRows: plain arrays whose lower bound exceeds it are reported
	// infeasible instead of generated (0: DefaultMaxRows).
	MaxRows float64
	// Blackbox is the number of black-box mutants of the generic experiment
	// (0: 100).
	Blackbox int
	// RadixBase, when > 0, builds the radix arrays over int1001 and
	// step10 in this base instead of decimal digits.
	RadixBase int
	// Replicas is the number of extra random fills of each array of at
	// most 100,000 rows (0: none; negative: none either).
	Replicas int
	// ConstFills scores every array of at most ConstFillMaxRows rows also
	// with each of the 192 constant fills of the six small inputs'
	// don't-cares, and reports the spread of the bugs found (differential
	// oracle).
	ConstFills bool
	// Log receives progress lines (nil: none).
	Log io.Writer
	// Journal, when set, receives the random experiment's cells (mean
	// tests-to-failure) as they finish and holds those a resumed run
	// skips; the other experiments are evaluations, not cells, and run
	// again (see MTTFHeader).
	Journal *runner.Journal
	// Shard, when set (N > 1), runs only that shard of the random
	// experiment's cells, after evaluating the original alone for the
	// properties that hold; the Report then has the shard's MTTF cells
	// and the properties, nothing else.
	Shard engine.Shard
	// Progress, when set, is called after every finished random cell.
	Progress func(runner.Progress)
}

// ConstFillMaxRows is the largest array scored with the 192 constant
// fills: every array but the million-row plain ones and Radix t=4 over the
// step-10 range.
const ConstFillMaxRows = 20000

// FillSpread is the spread of the bugs an array finds (of the seed's 38,
// differential oracle) over the constant fills of its small inputs'
// don't-cares.
type FillSpread struct {
	Fills  int     `json:"fills"`
	Min    int     `json:"min"`
	Median float64 `json:"median"`
	Max    int     `json:"max"`
	Mean   float64 `json:"mean"`
	// Counts maps a number of bugs to how many fills find it.
	Counts map[int]int `json:"counts"`
}

// spreadOf summarizes bug counts.
func spreadOf(bugs []int) *FillSpread {
	if len(bugs) == 0 {
		return nil
	}
	xs := slices.Clone(bugs)
	slices.Sort(xs)
	sp := &FillSpread{Fills: len(xs), Min: xs[0], Max: xs[len(xs)-1], Counts: map[int]int{}}
	sum := 0
	for _, x := range xs {
		sum += x
		sp.Counts[x]++
	}
	sp.Mean = float64(sum) / float64(len(xs))
	sp.Median = float64(xs[(len(xs)-1)/2]+xs[len(xs)/2]) / 2
	return sp
}

// defaultTs are the strengths run when Config.Ts is nil: what finishes in
// minutes on two cores.
func defaultTs(domain, method string) []int {
	switch {
	case domain == domainNIST && method == methodCovering:
		return []int{2, 3, 4, 5, 6}
	case domain == domainNIST && method == methodRadix:
		return []int{6} // the seed's whitebox comparison (the 10-value separations split)
	case domain == domainNIST && method == methodRadixSmallest:
		return nil // the NIST sets already have at most 10 values
	case domain == domainInt1001 && (method == methodRadix || method == methodRadixSmallest):
		return []int{2, 3}
	case domain == domainStep10:
		// Table 5: Radix t=2..4; plain t=2, 3 (about 1.5M rows) and 4
		// (reported infeasible with its projection).
		return []int{2, 3, 4}
	case domain == domainInt1001 && method == methodCovering:
		// Table 4: t=2 is built (about 1.2M rows), t=3 projected.
		return []int{2, 3}
	}
	return nil
}

// ParseStrengths parses the strengths of the combinatorial experiments
// (Config.Ts): "" (the defaults), "3", a list "2,4" or a range "2..6".
func ParseStrengths(s string) ([]int, error) {
	if s == "" {
		return nil, nil
	}
	if lo, hi, ok := strings.Cut(s, ".."); ok {
		a, err1 := strconv.Atoi(lo)
		b, err2 := strconv.Atoi(hi)
		if err1 != nil || err2 != nil || a < 1 || b < a {
			return nil, fmt.Errorf("bad range %q", s)
		}
		var out []int
		for t := a; t <= b; t++ {
			out = append(out, t)
		}
		return out, nil
	}
	var out []int
	for _, f := range strings.Split(s, ",") {
		t, err := strconv.Atoi(f)
		if err != nil || t < 1 {
			return nil, fmt.Errorf("bad strength %q", f)
		}
		out = append(out, t)
	}
	return out, nil
}

// Row is one (experiment, domain, method, t) measurement.
type Row struct {
	Experiment string  `json:"experiment"`
	Domain     string  `json:"domain"`
	Method     string  `json:"method"`
	Oracle     string  `json:"oracle"`
	T          int     `json:"t,omitempty"`
	Rows       int     `json:"rows"`
	GenSeconds float64 `json:"gen_seconds"`
	// TestSeconds is the time to run every scored version on the rows
	// (inside the workers, process start excluded).
	TestSeconds float64 `json:"test_seconds"`
	PeakHeap    uint64  `json:"peak_heap_bytes,omitempty"`
	Allocated   uint64  `json:"allocated_bytes,omitempty"`
	Verified    bool    `json:"verified,omitempty"`
	// Fill is how the array's don't-cares were filled (random or first).
	Fill string `json:"fill,omitempty"`
	// DontCares is the share of the array's cells IPOG left don't-care.
	DontCares float64 `json:"dont_care_share,omitempty"`
	// GateOpen counts the rows on which the original's decision logic
	// runs (enabled and not an equipped intruder with known intent).
	GateOpen int `json:"gate_open_rows"`
	// RandomFaults and RandomSeed38 are what the first Rows tests of the
	// domain's uniform random sequence find with the same oracle (array
	// rows only; -1 when the sequence is shorter).
	RandomFaults int `json:"random_same_n_faults,omitempty"`
	RandomSeed38 int `json:"random_same_n_seed38,omitempty"`
	// RadixBase is the digit base of a Radix array's split inputs.
	RadixBase int `json:"radix_base,omitempty"`
	// FaultsFound counts the distinct faults (equivalence classes) with a
	// killed member, of FaultsTotal.
	FaultsFound int `json:"faults_found"`
	FaultsTotal int `json:"faults_total"`
	// VersionsKilled counts the scored versions (v38 excluded) killed.
	VersionsKilled int `json:"versions_killed"`
	VersionsScored int `json:"versions_scored"`
	// Seed38Killed counts the killed versions among the seed's 38 distinct
	// mutations, read as the 41 minus the textual duplicates v27 (of v5)
	// and v39 (of v25) and minus v38: the figure comparable to the seed's
	// bug counts.
	Seed38Killed int     `json:"seed38_killed"`
	Skipped      string  `json:"skipped,omitempty"`
	LowerBound   float64 `json:"lower_bound_rows,omitempty"`
	// CoverageBytes is the projected coverage map of a skipped array.
	CoverageBytes float64    `json:"projected_coverage_bytes,omitempty"`
	Paper         *Published `json:"paper,omitempty"`
	// ConstFills is the spread over the constant fills of the small
	// inputs (Config.ConstFills; main differential rows only).
	ConstFills *FillSpread `json:"const_fills,omitempty"`
	Faults     []Fault     `json:"faults,omitempty"`
}

// MTTF is one random cell: mean tests-to-failure of a version under a
// property and a uniform generator.
type MTTF struct {
	Version   int           `json:"version"`
	Property  string        `json:"property"`
	Domain    string        `json:"domain"`
	Fails     bool          `json:"fails"`
	Summary   stats.Summary `json:"summary"`
	Survived  int           `json:"survived,omitempty"`
	CrashNote string        `json:"crash,omitempty"`
}

// CurvePoint is the number of distinct faults found by the first Tests
// uniform random tests of one sequence.
type CurvePoint struct {
	Tests  int `json:"tests"`
	Faults int `json:"faults"`
}

// Curve is faults found against tests for one domain and oracle.
type Curve struct {
	Domain string       `json:"domain"`
	Oracle string       `json:"oracle"`
	Points []CurvePoint `json:"points"`
}

// VersionInfo describes a faulty version in the report.
type VersionInfo struct {
	Number      int    `json:"number"`
	ID          string `json:"id"`
	Category    string `json:"category"`
	Description string `json:"description"`
	NotPortable bool   `json:"not_portable,omitempty"`
	// Class is the distinct fault (index into Report.Faults) it belongs to,
	// -1 when equivalent to the original.
	Class int `json:"class"`
}

// UniverseInfo counts the universe test plan.
type UniverseInfo struct {
	Lines      int `json:"lines"`
	WellFormed int `json:"well_formed"`
	BadLayer   int `json:"bad_alt_layer_value"`
	Tests      int `json:"tests"`
}

// Report is everything a run measured.
type Report struct {
	Experiment  string          `json:"experiment"`
	Seed        uint64          `json:"seed"`
	Samples     int             `json:"samples"`
	Versions    []VersionInfo   `json:"versions"`
	Universe    UniverseInfo    `json:"universe"`
	Properties  []PropertyHold  `json:"properties"`
	Equivalence []EquivalenceOn `json:"equivalence"`
	// Faults are the distinct faults: classes of versions that no
	// evaluated input separates (all domains together), original and v38
	// excluded.
	Faults [][]int `json:"faults"`
	Rows   []Row   `json:"rows"`
	MTTF   []MTTF  `json:"mttf,omitempty"`
	Curves []Curve `json:"curves,omitempty"`
	// Generic is the generic-mutant experiment (operator and black-box).
	Generic      *GenericReport `json:"generic,omitempty"`
	EvalSeconds  float64        `json:"eval_seconds"`
	TotalSeconds float64        `json:"total_seconds"`
	MaxRSS       int64          `json:"max_rss_bytes"`
	ChildMaxRSS  int64          `json:"child_max_rss_bytes"`
}

// seedDuplicate are the textual duplicates left out of the seed's 38.
var seedDuplicate = map[int]bool{27: true, 39: true}

// ParseExperiments reads Config.Experiment: universe, properties,
// random, covering, radix, generic or all, or a comma-separated list of
// them. It returns the experiments named (all of them for all).
func ParseExperiments(list string) (map[string]bool, error) {
	exps := map[string]bool{}
	for _, x := range strings.Split(list, ",") {
		switch x {
		case expAll:
			for _, e := range []string{expUniverse, expProperties, ExpRandom, expCovering, expRadix, expGeneric} {
				exps[e] = true
			}
		case expUniverse, expProperties, ExpRandom, expCovering, expRadix, expGeneric:
			exps[x] = true
		default:
			return nil, fmt.Errorf("unknown experiment %q (want universe, properties, random, covering, radix, generic or all, or a comma-separated list)", x)
		}
	}
	return exps, nil
}

// Run runs the study.
func Run(ctx context.Context, cfg Config) (*Report, error) {
	start := time.Now()
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
	logf := func(format string, a ...any) {
		if cfg.Log != nil {
			fmt.Fprintf(cfg.Log, format+"\n", a...)
		}
	}
	all, err := versions()
	if err != nil {
		return nil, err
	}
	var scored []version
	for _, v := range all {
		if !v.NotPortable {
			scored = append(scored, v)
		}
	}
	rep := &Report{Experiment: cfg.Experiment, Seed: cfg.Seed, Samples: cfg.Samples}

	// Base input sets: the universe, the NIST grid, a uniform sample per
	// large domain. They give equivalence, the properties' check and the
	// random curves whatever the experiment.
	u, err := loadUniverse()
	if err != nil {
		return nil, err
	}
	rep.Universe = UniverseInfo{Lines: u.Lines, WellFormed: u.WellFormed, BadLayer: u.BadLayer, Tests: len(u.Tests)}
	type named struct {
		name, domain string
		set          *inputSet
	}
	sets := []named{{"universe", "", rowsSet(u.Tests)}, {"nist-grid", domainNIST, &inputSet{Kind: "grid", Domain: domainNIST}}}
	for i, d := range allDomains {
		sets = append(sets, named{"sample-" + d, d, &inputSet{Kind: "sample", Domain: d, N: cfg.Samples, Seed: cfg.Seed*31 + uint64(i)}})
	}
	baseSets := len(sets)
	baseNames := make([]string, baseSets)
	for i, s := range sets {
		baseNames[i] = s.name
	}
	if cfg.Shard.N > 1 {
		if !exps[ExpRandom] {
			return nil, fmt.Errorf("shard %s: only the random experiment's cells are sharded (add %s to the experiments)", cfg.Shard, ExpRandom)
		}
		// The shard's cells need the properties that hold on the
		// original: evaluate it alone on the base sets.
		base := make([]*inputSet, baseSets)
		for i, s := range sets {
			base[i] = s.set
		}
		logf("shard %s: evaluating the original on %d input sets ...", cfg.Shard, len(base))
		ev, err := evaluateSchemas(ctx, cfg.Launch, workerEval, nil, base, cfg.Workers)
		if err != nil {
			return nil, err
		}
		var holdNames []string
		if rep.Properties, _, holdNames, err = holdingOnBase(ev, baseNames); err != nil {
			return nil, err
		}
		logf("random generation, shard %s: mean tests-to-failure (%d failing trials per failing cell) ...", cfg.Shard, cfg.Trials)
		if rep.MTTF, err = runMTTF(ctx, cfg, mttfSpec{Domains: domains, Properties: append([]string{differentialName}, holdNames...)}); err != nil {
			return nil, err
		}
		rep.TotalSeconds = time.Since(start).Seconds()
		return rep, nil
	}

	// Combinatorial arrays.
	var arrays []*array
	arraySet := map[*array]int{}
	for _, method := range []string{methodCovering, methodRadix, methodRadixSmallest} {
		if !exps[experimentOf(method)] {
			continue
		}
		for _, d := range domains {
			if method == methodRadixSmallest && d == domainNIST {
				continue // the NIST sets have at most 10 values: the nist radix array already splits with the smallest base
			}
			ts := cfg.Ts
			if ts == nil {
				ts = defaultTs(d, method)
			}
			for _, t := range ts {
				spec := arraySpec{Domain: d, Method: method, T: t}
				if method == methodRadix && d != domainNIST {
					spec.Base = cfg.RadixBase
				}
				logf("generating %s ...", spec)
				// The don't-cares are filled at random (the array scored
				// everywhere) and, as sensitivity checks, with each
				// input's first value (flags false first, and in ACTS's
				// order), (arrays up to 100,000 rows) with Replicas other
				// random seeds and (ConstFills) with every constant value
				// of the small inputs.
				as, err := generateArrays(ctx, spec, arrayOptions{Seed: cfg.Seed, MaxRows: cfg.MaxRows, Timeout: cfg.GenTimeout, Verify: true,
					Replicas: cfg.Replicas, ReplicaMaxRows: 100000, ConstFills: cfg.ConstFills, ConstMaxRows: ConstFillMaxRows},
					[]string{fillRandom, fillFirst, fillACTS})
				if err != nil {
					return nil, err
				}
				consts := 0
				for _, a := range as {
					if isConst(a.Spec.Fill) {
						consts++
						arraySet[a] = len(sets)
						sets = append(sets, named{a.Spec.String(), d, rowsSet(a.Tests)})
						arrays = append(arrays, a)
						continue
					}
					if a.Skipped != "" {
						logf("  %s: %s", spec, a.Skipped)
					} else {
						check := "verified complete"
						if !a.Verified {
							check = "don't-cares of the verified array refilled"
						}
						logf("  %s: %d rows in %.2fs, %.1f%% don't-cares (%s)", a.Spec, len(a.Tests), a.GenSeconds, 100*a.DontCares, check)
						arraySet[a] = len(sets)
						sets = append(sets, named{a.Spec.String(), d, rowsSet(a.Tests)})
					}
					arrays = append(arrays, a)
				}
				if consts > 0 {
					logf("  %s: also %d constant fills of the small inputs' don't-cares", spec, consts)
				}
			}
		}
	}

	// One evaluation of every version on every set.
	evStart := time.Now()
	inSets := make([]*inputSet, len(sets))
	for i, s := range sets {
		inSets[i] = s.set
	}
	logf("evaluating the original and %d versions on %d input sets (%d workers) ...", len(all), len(sets), cfg.Workers)
	ev, err := evaluate(ctx, cfg.Launch, all, inSets, cfg.Workers)
	if err != nil {
		return nil, err
	}
	rep.EvalSeconds = time.Since(evStart).Seconds()
	logf("  done in %.1fs", rep.EvalSeconds)

	// Properties that hold on the original (NIST grid and samples).
	var holds []property
	var holdNames []string
	if rep.Properties, holds, holdNames, err = holdingOnBase(ev, baseNames); err != nil {
		return nil, err
	}

	// Equivalence per domain, and the distinct faults over everything.
	for i := 1; i < baseSets; i++ {
		ins, err := sets[i].set.materialize()
		if err != nil {
			return nil, err
		}
		rep.Equivalence = append(rep.Equivalence, equivalence(sets[i].name, len(ins), sets[i].set.Kind == "grid", partition(ev, all, []int{i})))
	}
	every := make([]int, len(sets))
	for i := range every {
		every[i] = i
	}
	classOf := map[int]int{}
	for _, g := range partition(ev, all, every) {
		if g[0] == "original" {
			continue
		}
		var nums []int
		for _, m := range g {
			var n int
			if _, err := fmt.Sscanf(m, "v%d", &n); err != nil {
				return nil, fmt.Errorf("class member %q: %w", m, err)
			}
			nums = append(nums, n)
		}
		if len(nums) == 1 && nums[0] == notPortableVersion {
			continue
		}
		for _, n := range nums {
			classOf[n] = len(rep.Faults)
		}
		rep.Faults = append(rep.Faults, nums)
	}
	for _, v := range all {
		c, ok := classOf[v.Number]
		if !ok {
			c = -1
		}
		rep.Versions = append(rep.Versions, VersionInfo{Number: v.Number, ID: v.ID, Category: v.Category, Description: v.Description, NotPortable: v.NotPortable, Class: c})
	}

	row := func(exp, domain, method, oracle string, t, set int, props []property) (Row, error) {
		ins, err := sets[set].set.materialize()
		if err != nil {
			return Row{}, err
		}
		faults, err := scoreSet(ev, set, scored, props)
		if err != nil {
			return Row{}, err
		}
		r := Row{Experiment: exp, Domain: domain, Method: method, Oracle: oracle, T: t, Rows: len(ins), TestSeconds: float64(ev.nanos[set]) / 1e9, FaultsTotal: len(rep.Faults), VersionsScored: len(scored), Faults: faults, GateOpen: countGateOpen(ins)}
		found := map[int]bool{}
		for _, f := range faults {
			if f.Killed {
				r.VersionsKilled++
				if !seedDuplicate[f.Version] {
					r.Seed38Killed++
				}
				if c, ok := classOf[f.Version]; ok {
					found[c] = true
				}
			}
		}
		r.FaultsFound = len(found)
		return r, nil
	}
	addRows := func(exp, domain, method string, t, set int) error {
		for _, o := range []struct {
			name  string
			props []property
		}{{differentialName, []property{differential}}, {"properties", holds}} {
			r, err := row(exp, domain, method, o.name, t, set, o.props)
			if err != nil {
				return err
			}
			rep.Rows = append(rep.Rows, r)
		}
		return nil
	}
	if exps[expUniverse] {
		if err := addRows(expUniverse, "sir", "universe", 0, 0); err != nil {
			return nil, err
		}
	}
	if exps[expProperties] || exps[ExpRandom] {
		exp := ExpRandom
		if !exps[ExpRandom] {
			exp = expProperties
		}
		if slices.Contains(domains, domainNIST) {
			if err := addRows(exp, domainNIST, "exhaustive", 0, 1); err != nil {
				return nil, err
			}
		}
		for i, d := range allDomains {
			if slices.Contains(domains, d) {
				if err := addRows(exp, d, "uniform", 0, 2+i); err != nil {
					return nil, err
				}
			}
		}
	}
	// firstN counts what the first n tests of an evaluated sequence find:
	// distinct faults and the seed's 38 (-1, -1 when it is shorter).
	memo := map[string][]Fault{}
	firstN := func(set int, props []property, n int) (faults, seed38 int, err error) {
		ins, err := sets[set].set.materialize()
		if err != nil || n > len(ins) {
			return -1, -1, err
		}
		key := fmt.Sprint(set, "/", len(props))
		if len(props) > 0 {
			key += props[0].Name
		}
		fs, ok := memo[key]
		if !ok {
			if fs, err = scoreSet(ev, set, scored, props); err != nil {
				return 0, 0, err
			}
			memo[key] = fs
		}
		found := map[int]bool{}
		for _, f := range fs {
			if f.Killed && f.TestsToFailure <= n {
				if !seedDuplicate[f.Version] {
					seed38++
				}
				if c, ok := classOf[f.Version]; ok {
					found[c] = true
				}
			}
		}
		return len(found), seed38, nil
	}
	constBugs := map[arraySpec][]int{} // by the spec of the main fill
	for _, a := range arrays {
		if !isConst(a.Spec.Fill) {
			continue
		}
		r, err := row(experimentOf(a.Spec.Method), a.Spec.Domain, a.Spec.Method, differentialName, a.Spec.T, arraySet[a], []property{differential})
		if err != nil {
			return nil, err
		}
		main := a.Spec
		main.Fill = fillRandom
		constBugs[main] = append(constBugs[main], r.Seed38Killed)
	}
	for _, a := range arrays {
		if isConst(a.Spec.Fill) {
			continue
		}
		p, hasPaper := published(a.Spec.Domain, a.Spec.Method, a.Spec.T)
		var pp *Published
		if hasPaper {
			pp = &p
		}
		if a.Skipped != "" {
			rep.Rows = append(rep.Rows, Row{Experiment: experimentOf(a.Spec.Method), Domain: a.Spec.Domain, Method: a.Spec.Method, Oracle: differentialName, T: a.Spec.T, Skipped: a.Skipped, LowerBound: a.Projection.LowerBound, CoverageBytes: a.Projection.CoverageBytes, GenSeconds: a.GenSeconds, FaultsTotal: len(rep.Faults), VersionsScored: len(scored), Paper: pp})
			continue
		}
		n := len(rep.Rows)
		if err := addRows(experimentOf(a.Spec.Method), a.Spec.Domain, a.Spec.Method, a.Spec.T, arraySet[a]); err != nil {
			return nil, err
		}
		for i := n; i < len(rep.Rows); i++ {
			r := &rep.Rows[i]
			r.GenSeconds, r.PeakHeap, r.Allocated, r.Verified, r.LowerBound = a.GenSeconds, a.PeakHeap, a.Allocated, a.Verified, a.Projection.LowerBound
			r.Fill, r.DontCares, r.RadixBase = a.Spec.Fill, a.DontCares, a.Base
			if r.Oracle == differentialName && isMain(a.Spec.Fill) {
				r.Paper = pp
				main := a.Spec
				main.Fill = fillRandom
				r.ConstFills = spreadOf(constBugs[main])
			}
			props := holds
			if r.Oracle == differentialName {
				props = []property{differential}
			}
			sampleSet := 2 + slices.Index(allDomains, a.Spec.Domain)
			if r.RandomFaults, r.RandomSeed38, err = firstN(sampleSet, props, r.Rows); err != nil {
				return nil, err
			}
		}
	}

	// Random generation: curves from the sample sequences, MTTF from the
	// runner.
	if exps[ExpRandom] {
		for i, d := range allDomains {
			if !slices.Contains(domains, d) {
				continue
			}
			for _, o := range []struct {
				name  string
				props []property
			}{{differentialName, []property{differential}}, {"properties", holds}} {
				faults, err := scoreSet(ev, 2+i, scored, o.props)
				if err != nil {
					return nil, err
				}
				rep.Curves = append(rep.Curves, curve(d, o.name, faults, classOf, cfg.Samples))
			}
		}
		logf("random generation: mean tests-to-failure (%d failing trials per failing cell) ...", cfg.Trials)
		spec := mttfSpec{Domains: domains, Properties: append([]string{differentialName}, holdNames...)}
		if rep.MTTF, err = runMTTF(ctx, cfg, spec); err != nil {
			return nil, err
		}
	}
	if exps[expGeneric] {
		n := min(cfg.Samples, 100000)
		names := []string{"universe"}
		gsets := []*inputSet{rowsSet(u.Tests)}
		if slices.Contains(domains, domainNIST) {
			names = append(names, "nist-grid")
			gsets = append(gsets, &inputSet{Kind: "grid", Domain: domainNIST})
		}
		for i, d := range allDomains {
			if !slices.Contains(domains, d) {
				continue
			}
			names = append(names, fmt.Sprintf("sample-%s (%d)", d, n))
			gsets = append(gsets, &inputSet{Kind: "sample", Domain: d, N: n, Seed: cfg.Seed*31 + uint64(i)})
		}
		logf("generic mutants: %d operator mutants (worker processes) and %d black-box mutants ...", len(operatorMutants()), cfg.Blackbox)
		g0 := time.Now()
		if rep.Generic, err = generic(ctx, cfg, names, gsets, holds, cfg.Blackbox); err != nil {
			return nil, err
		}
		logf("  done in %.1fs", time.Since(g0).Seconds())
	}
	rep.TotalSeconds = time.Since(start).Seconds()
	rep.MaxRSS, rep.ChildMaxRSS = maxRSS()
	return rep, nil
}

// holdingOnBase checks the safety properties on the original's outputs
// over the base sets 1.. (the NIST grid and the uniform samples; set 0,
// the universe, is left out): every property with its verdict, and those
// that hold, with their names.
func holdingOnBase(ev *evaluation, names []string) ([]PropertyHold, []property, []string, error) {
	var checkSets []int
	var checkNames []string
	for i := 1; i < len(names); i++ {
		checkSets = append(checkSets, i)
		checkNames = append(checkNames, names[i])
	}
	all, err := holding(ev, checkSets, checkNames)
	if err != nil {
		return nil, nil, nil, err
	}
	var holds []property
	var holdNames []string
	for i, h := range all {
		if h.Holds {
			holds = append(holds, safety[i])
			holdNames = append(holdNames, h.Name)
		}
	}
	return all, holds, holdNames, nil
}

// curve is the number of distinct faults found by the first n tests of one
// uniform sequence, at 1, 2, 5, 10, ... up to n.
func curve(domain, oracle string, faults []Fault, classOf map[int]int, n int) Curve {
	first := map[int]int{} // class -> first failure
	for _, f := range faults {
		c, ok := classOf[f.Version]
		if !ok || !f.Killed {
			continue
		}
		if cur, seen := first[c]; !seen || f.TestsToFailure < cur {
			first[c] = f.TestsToFailure
		}
	}
	var ttf []int
	for _, x := range first {
		ttf = append(ttf, x)
	}
	sort.Ints(ttf)
	cv := Curve{Domain: domain, Oracle: oracle}
	for e := 0.0; ; e += 0.25 {
		k := int(math.Round(math.Pow(10, e)))
		if k > n {
			k = n
		}
		if len(cv.Points) == 0 || cv.Points[len(cv.Points)-1].Tests != k {
			cv.Points = append(cv.Points, CurvePoint{Tests: k, Faults: sort.SearchInts(ttf, k+1)})
		}
		if k == n {
			return cv
		}
	}
}

// runMTTF runs the random-generation suite on worker processes.
func runMTTF(ctx context.Context, cfg Config, spec mttfSpec) ([]MTTF, error) {
	s, err := mttfSuite(spec)
	if err != nil {
		return nil, err
	}
	mode := workerMTTF + ":" + spec.String()
	res, err := runner.Run(ctx, s, &runner.Options{
		Seed:     cfg.Seed,
		Protocol: &runner.Protocol{Kind: "mttf", Trials: cfg.Trials},
		Workers:  cfg.Workers,
		Journal:  cfg.Journal,
		Shard:    cfg.Shard,
		Progress: cfg.Progress,
		Pool: &runner.Pool{
			CellTimeout: 5 * time.Minute,
			Command:     func() (proc.Spec, error) { return cfg.Launch(mode) },
		},
	})
	if err != nil {
		return nil, fmt.Errorf("random generation: %w", err)
	}
	var out []MTTF
	for _, c := range res.Cells {
		if c.Error != "" {
			return nil, fmt.Errorf("random generation: cell %s: %s", c.Key(), c.Error)
		}
		var n int
		if _, err := fmt.Sscanf(c.Mutant, "named:v%d", &n); err != nil {
			return nil, fmt.Errorf("random generation: mutant %q: %w", c.Mutant, err)
		}
		out = append(out, MTTF{Version: n, Property: c.Property, Domain: strings.TrimPrefix(c.Generator, "uniform-"), Fails: c.Fails, Summary: c.Summary, Survived: c.Outcomes[outcome.Survived], CrashNote: c.Crash})
	}
	return out, nil
}
