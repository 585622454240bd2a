package tcas

// Doc describes the scenario, its configurations and what it prints: the
// help text of 'mutprop scenario tcas'.
const Doc = `
TCAS (Siemens/SIR) with its 41 faulty versions as named variants (v38 kept,
not portable, excluded from scores), scored by SIR's universe test plan,
the differential oracle and the safety properties that hold on the original,
over three domains of the six integer inputs: nist (NIST value sets),
int1001 ([0..1000]) and step10 ({0,10,...,1000}).

Experiments:
  universe    SIR's universe test plan (1,578 well-formed lines; 33 with
              Alt_Layer_Value outside 0..3 skipped)
  properties  which of P1a..P5b hold on the original; kills by them
  random      uniform random generation: NIST grid exhaustive, one 10^6
              sequence per domain (faults found vs tests), mean
              tests-to-failure with 95% CI per fault (propsuite, mttf)
  covering    plain covering arrays (IPOG), next to seed 000's ACTS figures;
              arrays whose lower bound exceeds --max-rows are reported with
              their projected size instead
  radix       Radix Coverage, next to seed 000's Tables 4 and 5 (with
              covering: the two side by side), in decimal digits (method
              radix) and, on int1001 and step10, with the smallest base
              (method radix-smallest: base 4 and 3, five digits); every
              array is verified complete and scored with its don't-cares
              filled at random and, as sensitivity checks, with each input's
              first value (flags false first, and in ACTS's order, flags
              true first), with --replicas other random seeds and with
              every constant value of the small inputs (--const-fills)
  generic     operator mutants of the subject (mutate) and 100 black-box
              mutants of the decision function (blackbox), scored by the
              universe, the properties and the differential oracle
  all         everything (default strengths: covering nist t=2..6, int1001
              t=2 (built, about 1.2M rows) and 3 (projected), step10 t=2, 3
              (built, about 1.5M rows) and 4 (projected); radix nist t=6
              (the 10-value separations split), int1001 t=2..3, step10
              t=2..4, both bases)

Every version runs in a worker process of its own (the schematized copy,
MUTPROP_ACTIVE). Equivalence classes of versions are reported per domain.

--journal, --resume and --shard hold the random experiment's cells (mean
tests-to-failure); the other experiments evaluate every version on lists
of inputs, which a resumed run repeats.`
