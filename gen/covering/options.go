package covering

// Algorithm selects the horizontal-growth strategy.
type Algorithm int

const (
	// Default is IPOG (Lei et al., ECBS 2007), the algorithm of ACTS and
	// FireEye. With the default TieLeastUsed it builds the NIST TCAS model
	// at t=2..6 in 100/400/1358/4236/10948 rows against ACTS's published
	// 100/400/1361/4219/10919 (all within 0.4%), t=6 in about a second
	// (BenchmarkNISTTCAS: 1.3 s/op on two shared, heavily loaded cores).
	Default Algorithm = iota
	// IPOG grows rows one by one, each taking its locally best value.
	IPOG
	// IPOGF grows rows in global greedy order of gain (IPOG-F, Forbes et
	// al. 2008). NIST TCAS, TieLeastUsed: 100/400/1340/4224/11413 rows,
	// t=6 about 9 times slower than IPOG; it pays on models dominated by a
	// few large parameters (six 101-value parameters and six small ones at
	// t=2: 11,696 rows against IPOG's 13,264) but not on TCAS's.
	IPOGF
)

// TieBreak selects the value a row takes in horizontal growth when several
// values cover equally many new tuples.
type TieBreak int

const (
	// TieLeastUsed takes the value the fewest rows hold so far, then the
	// smallest: it keeps each column balanced. It is the default because it
	// reproduces ACTS's published NIST TCAS sizes most closely (see
	// Default); ACTS's own tie rule is not documented.
	TieLeastUsed TieBreak = iota
	// TieFirst takes the smallest value, as the IPOG pseudo-code reads.
	// NIST TCAS, IPOG, t=2..6: 100/405/1374/4225/10878 rows (within 1.3% of
	// ACTS).
	TieFirst
	// TieCyclic takes the first value at or after the row index mod the
	// domain size, so consecutive rows rotate through the values and build
	// cyclic Latin squares: the seed's Table 3 model (three decimal digits
	// and a Bool, pairwise) gets its 100 rows (TieLeastUsed 124, TieFirst
	// 112), but NIST TCAS at t=4 gets 1285 rows, 5.6% below ACTS.
	TieCyclic
)

// Fill selects how the don't-care positions left after the last parameter
// are filled.
type Fill int

const (
	// FillRandom draws each don't-care uniformly (from Options.Seed) among
	// the values that keep the row valid, like ACTS's "randomize don't-care
	// values" option.
	FillRandom Fill = iota
	// FillFirst gives each don't-care the smallest value that keeps the row
	// valid: what a reader that maps ACTS's "*" to a parameter's first value
	// would test. In arrays dominated by a few large parameters most small
	// parameters are don't-cares, so this fill changes what the array tests.
	FillFirst
	// FillNone leaves don't-cares as -1 for FillDontCares; such rows are
	// not valid tests and Check rejects them.
	FillNone
)

// defaultMaxCoverageBytes is the coverage-map memory limit when
// Options.MaxCoverageBytes is 0: 1 GiB.
const defaultMaxCoverageBytes = 1 << 30

// Options tunes Generate; nil means the defaults.
type Options struct {
	Algorithm Algorithm
	Ties      TieBreak
	Fill      Fill
	// Seed drives FillRandom.
	Seed uint64
	// MaxCoverageBytes bounds the projected memory (coverage map plus
	// the lower bound's rows); Generate returns a *TooLargeError instead of
	// allocating more. 0 (or less) means 1 GiB.
	MaxCoverageBytes int64
}

func (o *Options) algorithm() Algorithm {
	if o == nil || o.Algorithm == Default {
		return IPOG
	}
	return o.Algorithm
}

func (o *Options) ties() TieBreak {
	if o == nil {
		return TieLeastUsed // the zero value: nil and &Options{} agree
	}
	return o.Ties
}

func (o *Options) fill() Fill {
	if o == nil {
		return FillRandom
	}
	return o.Fill
}

func (o *Options) seed() uint64 {
	if o == nil {
		return 0
	}
	return o.Seed
}

func (o *Options) maxBytes() int64 {
	if o == nil || o.MaxCoverageBytes <= 0 {
		return defaultMaxCoverageBytes
	}
	return o.MaxCoverageBytes
}
