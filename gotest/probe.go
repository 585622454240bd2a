package gotest

import (
	"fmt"

	"github.com/mutprop/mutprop/outcome"
)

// applyProbes sets each probed mutant's InfectedBy among jobs: its
// covering tests whose baseline run alone, with the schemata's recording
// on (mutate.SchemataOptions.Probes), infected it. A probed mutant that no
// test infects cannot be killed by them (their runs would be the
// original's): it is Survived without running; applyProbes returns those
// mutants' jobs. A test whose recording told nothing (a run that did not
// pass or whose file could not be read) counts as infecting every mutant
// it covers.
func applyProbes(jobs []job) []job {
	var uninfected []job
	for _, j := range jobs {
		r := j.result()
		if !r.Mutant.Probed {
			continue
		}
		j.t.pr.Probed++
		r.InfectedBy = []string{}
		for _, name := range r.CoveredBy {
			ref := j.t.refs[name]
			if inf, ok := ref.s.infected[ref.name]; !ok || inf[r.Mutant.Schema] {
				r.InfectedBy = append(r.InfectedBy, name)
			}
		}
		if len(r.InfectedBy) == 0 {
			r.Outcome = outcome.Survived
			r.Reason = fmt.Sprintf("not run: no covering test infects it (in the runs of its %d covering tests, its expression always had the original's value)", len(r.CoveredBy))
			uninfected = append(uninfected, j)
			j.t.pr.Uninfected++
		}
	}
	return uninfected
}
