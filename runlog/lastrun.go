package runlog

import (
	"cmp"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/mutprop/mutprop/engine"
)

// Journaled is a mutant's record in the journal of an earlier run, as
// mutprop show reads it.
type Journaled struct {
	Package string
	Mutant  Mutant
	// Journal is the journal's path; ModTime its modification time,
	// which tells the newest of several journals.
	Journal string
	ModTime time.Time
}

// LastRun reads the mutant records of the run journals (run*.jsonl) in
// the directories dirs, each journal once, through the journal's one
// parser (engine.ReadLog, with its repair of a torn last line). A file
// that is not the journal of a mutprop run, or that cannot be read, is
// skipped: the status it gives is a courtesy. The records come sorted by
// journal, package and mutant ID.
func LastRun(dirs ...string) []Journaled {
	seen := map[string]bool{}
	var out []Journaled
	for _, d := range dirs {
		paths, _ := filepath.Glob(filepath.Join(d, "run*.jsonl"))
		for _, p := range paths {
			abs, err := filepath.Abs(p)
			if err != nil || seen[abs] {
				continue
			}
			seen[abs] = true
			out = append(out, journaledIn(p)...)
		}
	}
	slices.SortFunc(out, func(a, b Journaled) int {
		return cmp.Or(cmp.Compare(a.Journal, b.Journal), cmp.Compare(a.Package, b.Package), cmp.Compare(a.Mutant.Mutant.ID, b.Mutant.Mutant.ID))
	})
	return out
}

// journaledIn reads the mutant records of the run journal at path; none
// when it is not one, or cannot be read.
func journaledIn(path string) []Journaled {
	st, err := os.Stat(path)
	if err != nil {
		return nil
	}
	h, records, _, err := engine.ReadLog(path, (*Record).Key)
	if err != nil || h.Suite != suite {
		return nil
	}
	var out []Journaled
	for _, r := range records {
		if r.Mutant == nil || r.Package == "" {
			continue // a package's description, a strength record
		}
		out = append(out, Journaled{Package: r.Package, Mutant: *r.Mutant, Journal: path, ModTime: st.ModTime()})
	}
	return out
}
