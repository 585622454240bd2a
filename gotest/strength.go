package gotest

import (
	"strconv"
	"strings"

	"github.com/mutprop/mutprop/mutate"
	"github.com/mutprop/mutprop/report"
)

// strengthFuncs returns the black-box mutants of t by wrapped function, in
// the order of its mutants, with the tests that call each function and
// their data coverage (the recording's "d" lines, mutate.BlackboxData):
// what report.SummarizeStrength needs. A test that covers a function's
// mutants without a data line (its recording was not read) has nil data.
func (t *target) strengthFuncs(sessions []*session) []report.StrengthFunc {
	var out []report.StrengthFunc
	index := map[string]int{}
	for _, r := range t.pr.Mutants {
		m := r.Mutant
		if m.Origin != mutate.OriginBlackbox {
			continue
		}
		i, ok := index[m.Original]
		if !ok {
			i = len(out)
			index[m.Original] = i
			out = append(out, report.StrengthFunc{Package: t.pkg.Path, Function: m.Original, Callers: map[string]*report.DataCoverage{}})
			if first := blackboxFirst(m); first > 0 {
				for _, s := range sessions {
					for _, test := range s.tests {
						if d, ok := s.data[test][first]; ok {
							out[i].Callers[t.name(s, test)] = &report.DataCoverage{Distinct: d.Distinct, DistinctAtLeast: d.AtLeast(), MinSize: d.MinSize, MaxSize: d.MaxSize}
						}
					}
				}
			}
		}
		f := &out[i]
		f.Mutants = append(f.Mutants, report.StrengthMutant{ID: m.ID, Outcome: r.Outcome, PerTest: r.PerTest})
		for _, name := range r.CoveredBy {
			if _, ok := f.Callers[name]; !ok {
				f.Callers[name] = nil
			}
		}
	}
	return out
}

// blackboxFirst returns the schema number of the first black-box mutant
// of m's function (its k = 0), which the function's data lines name: m's
// number less its k (the ID ends in ":k"); 0 when m has no number.
func blackboxFirst(m mutate.Mutant) int {
	k, err := strconv.Atoi(m.ID[strings.LastIndexByte(m.ID, ':')+1:])
	if err != nil || m.Schema == 0 {
		return 0
	}
	return m.Schema - k
}
