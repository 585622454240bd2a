package tcas

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/mutprop/mutprop/engine"
	"github.com/mutprop/mutprop/propsuite"
)

// The random-generation experiment as a propsuite.Suite: mean tests-to-failure
// of every scored version under uniform random generation over each domain,
// with the differential oracle and each safety property that holds on the
// original. Cells run in worker processes (one per version).

// generatorName is the propsuite name of uniform generation over a domain.
func generatorName(domain string) string { return "uniform-" + domain }

// mttfSpec is what parent and workers must agree on to build the suite.
type mttfSpec struct {
	Domains    []string
	Properties []string
}

func (s mttfSpec) String() string {
	return strings.Join(s.Domains, ",") + ";" + strings.Join(s.Properties, ",")
}

func parseMTTFSpec(s string) (mttfSpec, error) {
	d, p, ok := strings.Cut(s, ";")
	if !ok {
		return mttfSpec{}, fmt.Errorf("mttf worker spec %q: want DOMAINS;PROPERTIES", s)
	}
	return mttfSpec{Domains: strings.Split(d, ","), Properties: strings.Split(p, ",")}, nil
}

// mttfSuite builds the propsuite.Suite of spec over the scored versions.
func mttfSuite(spec mttfSpec) (*propsuite.Suite, error) {
	vs, err := versions()
	if err != nil {
		return nil, err
	}
	s := &propsuite.Suite{Name: "tcas-random", Properties: spec.Properties}
	for _, v := range vs {
		if v.NotPortable {
			continue
		}
		s.Mutants = append(s.Mutants, propsuite.Mutant{ID: v.ID, Origin: "named", Description: v.Description, Schema: v.Schema})
	}
	gens := make(map[string]propsuite.Generator[input])
	for _, d := range spec.Domains {
		vals, err := domainValues(d)
		if err != nil {
			return nil, err
		}
		s.Generators = append(s.Generators, generatorName(d))
		gens[generatorName(d)] = func(r *rand.Rand, _ int) input { return uniform(r, &vals) }
	}
	for _, p := range spec.Properties {
		if _, ok := propertyByName(p); !ok {
			return nil, fmt.Errorf("unknown property %q", p)
		}
	}
	s.Test = func(_ propsuite.Mutant, prop, gen string) (propsuite.Test, error) {
		p, ok := propertyByName(prop)
		if !ok {
			return nil, fmt.Errorf("unknown property %q", prop)
		}
		g, ok := gens[gen]
		if !ok {
			return nil, fmt.Errorf("unknown generator %q", gen)
		}
		return propsuite.ForAll(g, func(in input) bool { return p.Check(in, decide(in), reference(in)) }), nil
	}
	return s, s.Validate()
}

// ServeWorker is the worker side of both protocols: mode "eval" (or
// "eval-operators", with the operator copy) evaluates input sets; "mttf:" +
// spec serves propsuite cells. active
// is this process's MUTPROP_ACTIVE.
func ServeWorker(ctx context.Context, mode string, active int, in io.Reader, out io.Writer) error {
	switch mode {
	case workerEval:
		return serveEval(in, out, decide)
	case workerEvalOperators:
		return serveEval(in, out, decideOperators)
	}
	spec, ok := strings.CutPrefix(mode, workerMTTF+":")
	if !ok {
		return fmt.Errorf("tcas worker: unknown mode %q", mode)
	}
	sp, err := parseMTTFSpec(spec)
	if err != nil {
		return err
	}
	s, err := mttfSuite(sp)
	if err != nil {
		return err
	}
	if err := propsuite.Serve(ctx, s, active, in, out); err != nil {
		return fmt.Errorf("tcas worker: %w", err)
	}
	return nil
}

// MTTFHeader identifies the random experiment's cells in a journal
// (Config.Journal): a resume or a merge with another seed, number of
// trials, domains or sample size (which decides the properties that
// hold, and so the cells) is refused.
func MTTFHeader(cfg Config) (engine.Header, error) {
	trials, samples, domains := cfg.Trials, cfg.Samples, cfg.Domains
	if trials == 0 {
		trials = 100
	}
	if samples == 0 {
		samples = 1000000
	}
	if len(domains) == 0 {
		domains = allDomains
	}
	proto, err := json.Marshal(propsuite.Protocol{Kind: "mttf", Trials: trials})
	if err != nil {
		return engine.Header{}, fmt.Errorf("encode protocol: %w", err)
	}
	return engine.Header{Suite: "tcas-random", Seed: cfg.Seed, Protocol: proto,
		Extra: map[string]string{"domains": strings.Join(domains, ","), "samples": strconv.Itoa(samples)}}, nil
}
