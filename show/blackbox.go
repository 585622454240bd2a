package show

import (
	"fmt"
	"io"
	"strings"

	"github.com/mutprop/mutprop/internal/cli"
	"github.com/mutprop/mutprop/internal/mutantid"
	"github.com/mutprop/mutprop/mutate"
	"github.com/mutprop/mutprop/runlog"
)

// blackboxID is what a black-box mutant's ID says: the function's
// package and name, the mutant's number among its mutants, and its
// points (0: every input).
type blackboxID struct {
	pkg, fn   string
	k, points int
}

// parseBlackboxID reads a black-box mutant's ID, blackbox:PKG.Func:K or
// blackbox:PKG.Func:K/pP (mutate.ParseBlackboxID), of the package pkg;
// false when id is none of pkg's. Every reading of such an ID goes
// through it.
func parseBlackboxID(id, pkg string) (blackboxID, bool) {
	fn, k, points, ok := mutate.ParseBlackboxID(id)
	name, inPkg := strings.CutPrefix(fn, pkg+".")
	if !ok || !inPkg {
		return blackboxID{}, false
	}
	return blackboxID{pkg: pkg, fn: name, k: k, points: points}, true
}

// blackboxMutant returns the black-box mutant of pkg that id names, as
// mutprop run --blackbox defines it; false when id names no function of
// pkg that can be wrapped. The ID holds the points: one without them
// names an every-point mutant, and none when points (show's
// --blackbox-points) asks for p-point ones.
func blackboxMutant(pkg *mutate.Package, id string, points int) (mutate.Mutant, bool) {
	b, ok := parseBlackboxID(id, pkg.Path)
	if !ok || b.points == 0 && points > 0 {
		return mutate.Mutant{}, false
	}
	w, err := mutate.BlackboxWrap(pkg, mutate.BlackboxOptions{Funcs: []string{b.fn}, PerFunc: b.k + 1, Points: b.points})
	if err != nil || w.Mutants[b.k].ID != id {
		return mutate.Mutant{}, false
	}
	return w.Mutants[b.k], true
}

// journaledBlackbox finds the black-box mutant r names (its ID or alias)
// among the last run's records: its definition as that run made it.
func journaledBlackbox(last []runlog.Journaled, r ref) (runlog.Journaled, bool) {
	for _, j := range last {
		if j.Mutant.Mutant.Origin == mutate.OriginBlackbox && r.matches(j.Package, j.Mutant.Mutant.ID) {
			return j, true
		}
	}
	return runlog.Journaled{}, false
}

// checkJournaledBlackbox refuses to run h, a black-box mutant made with
// --blackbox-points (pointsSet) or its default, when the last run made
// the mutant of that ID otherwise: the tests would meet another mutant
// than the one the run scored.
func checkJournaledBlackbox(last []runlog.Journaled, h hit, pointsSet bool) error {
	for _, j := range last {
		if j.Package != h.pkg.Path || j.Mutant.Mutant.ID != h.m.ID || j.Mutant.Mutant.Description == h.m.Description {
			continue
		}
		if pointsSet {
			return cli.UsageError("%s: the last run (%s) made it as %q, not as --blackbox-points makes it (%q): pass the run's --blackbox-points",
				h.m.ID, j.Journal, j.Mutant.Mutant.Description, h.m.Description)
		}
		return cli.UsageError("%s: the last run (%s) made it as %q: pass the run's --blackbox-points", h.m.ID, j.Journal, j.Mutant.Mutant.Description)
	}
	return nil
}

// printBlackbox prints black-box mutant m of package pkg as
// mutate.WriteMutant prints an operator mutant, with its alias and no
// diff, then its status in the last run.
func printBlackbox(w io.Writer, last []runlog.Journaled, pkg string, m mutate.Mutant) error {
	fmt.Fprintf(w, "%s\n%s at %s: %s\n\n", m.ID, m.Origin, m.Location(), m.Description)
	fmt.Fprintln(w, "No source diff: a black-box mutant perturbs the function's results as the tests run (see mutprop run --blackbox).")
	fmt.Fprintf(w, "\npackage %s, alias %s\n", pkg, mutantid.Alias(pkg, m.ID))
	fmt.Fprintln(w, status(last, pkg, m.ID))
	return nil
}
