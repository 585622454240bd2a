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
	"github.com/mutprop/mutprop/propsuite"
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

// Config describes one run of the TCAS scenario.
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
	Journal *propsuite.CellLog
	// Shard, when set (N > 1), runs only that shard of the random
	// experiment's cells, after evaluating the original alone for the
	// properties that hold; the Report then has the shard's MTTF cells
	// and the properties, nothing else.
	Shard engine.Shard
	// Progress, when set, is called after every finished random cell.
	Progress func(propsuite.Progress)
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

// Run runs the scenario: the experiments cfg.Experiment names, over one
// evaluation of every version on every input set. With a shard it runs
// only that shard of the random experiment's cells.
func Run(ctx context.Context, cfg Config) (*Report, error) {
	start := time.Now()
	r, err := newScenarioRun(cfg)
	if err != nil {
		return nil, err
	}
	if err := r.addBaseSets(); err != nil {
		return nil, err
	}
	if r.cfg.Shard.N > 1 {
		if err := r.runShard(ctx); err != nil {
			return nil, err
		}
		r.rep.TotalSeconds = time.Since(start).Seconds()
		return r.rep, nil
	}
	steps := []func(context.Context) error{
		r.addArrays,    // combinatorial arrays
		r.evaluateAll,  // every version on every set
		r.classify,     // equivalence, distinct faults, versions
		r.addSuiteRows, // universe, NIST grid, uniform samples
		r.addArrayRows, // the combinatorial arrays
		r.runRandom,    // curves and mean tests-to-failure
		r.runGeneric,   // operator and black-box mutants
	}
	for _, step := range steps {
		if err := step(ctx); err != nil {
			return nil, err
		}
	}
	r.rep.TotalSeconds = time.Since(start).Seconds()
	r.rep.MaxRSS, r.rep.ChildMaxRSS = maxRSS()
	return r.rep, nil
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
	res, err := propsuite.Run(ctx, s, &propsuite.Options{
		Seed:     cfg.Seed,
		Protocol: &propsuite.Protocol{Kind: "mttf", Trials: cfg.Trials},
		Workers:  cfg.Workers,
		Journal:  cfg.Journal,
		Shard:    cfg.Shard,
		Progress: cfg.Progress,
		Processes: &propsuite.Processes{
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
