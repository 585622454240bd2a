package covering

// Algorithm selects the horizontal-growth strategy.
type Algorithm int

const (
	// Default is IPOG, the better of the two on the NIST TCAS benchmark
	// (t=2..6: IPOG 100/408/1285/4279/10948 rows in 0.6 s at t=6; IPOG-F
	// 100/402/1328/4243/11431 rows in 3.7 s at t=6).
	Default Algorithm = iota
	// IPOG grows rows one by one, each taking its locally best value.
	IPOG
	// IPOGF grows rows in global greedy order of gain (IPOG-F).
	IPOGF
)

// DefaultMaxCoverageBytes is the coverage-map memory limit when
// Options.MaxCoverageBytes is 0: 1 GiB.
const DefaultMaxCoverageBytes = 1 << 30

// Options tunes Generate; nil means the defaults.
type Options struct {
	Algorithm Algorithm
	// Seed drives the final fill of don't-care positions.
	Seed uint64
	// MaxCoverageBytes bounds the projected memory (coverage map plus
	// the lower bound's rows); Generate returns a *TooLargeError instead of
	// allocating more. 0 = DefaultMaxCoverageBytes.
	MaxCoverageBytes int64
}

func (o *Options) algorithm() Algorithm {
	if o == nil || o.Algorithm == Default {
		return IPOG
	}
	return o.Algorithm
}

func (o *Options) seed() uint64 {
	if o == nil {
		return 0
	}
	return o.Seed
}

func (o *Options) maxBytes() int64 {
	if o == nil || o.MaxCoverageBytes <= 0 {
		return DefaultMaxCoverageBytes
	}
	return o.MaxCoverageBytes
}
