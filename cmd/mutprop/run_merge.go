package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"

	"github.com/mutprop/mutprop/engine"
)

// mergeFlags are the flags of mutprop merge that only run journals use.
type mergeFlags struct {
	json, html string
	minScore   string
	ci         ciFlags
}

func (m *mergeFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&m.json, "json", "", "run journals: write the report (mutation-testing-report-schema) to `FILE`")
	fs.StringVar(&m.html, "html", "", "run journals: write a self-contained HTML report to `FILE`")
	fs.StringVar(&m.minScore, "min-score", "", "run journals: exit 1 when the mutation score is below `P` percent")
	m.ci.register(fs)
}

// isRunJournal reports whether the journal at path was written by
// mutprop run (its header names the run suite).
func isRunJournal(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	line, err := bufio.NewReader(f).ReadBytes('\n')
	if err != nil {
		return false
	}
	var h engine.Header
	return json.Unmarshal(line, &h) == nil && h.Suite == runSuite
}

// mergeRun combines the journals of the shards of one mutprop run: it
// prints the tables and writes the reports the unsharded run gives, and
// with out the merged journal. Every shard must be there and complete.
func mergeRun(e *env, out string, mf mergeFlags, paths []string) error {
	min := -1.0
	if mf.minScore != "" {
		v, err := strconv.ParseFloat(strings.TrimSuffix(mf.minScore, "%"), 64)
		if err != nil || v < 0 || v > 100 {
			return usageError("--min-score %q: want a percentage from 0 to 100", mf.minScore)
		}
		min = v
	}
	ci, err := mf.ci.open(paths)
	if err != nil {
		return err
	}
	header, records, warnings, err := engine.Merge(paths, (*runRecord).key, sameRecord)
	for _, w := range warnings {
		fmt.Fprintln(e.stderr, "mutprop merge: warning:", w)
	}
	if err != nil {
		return usageError("%v", err)
	}
	if header.Suite != runSuite {
		return usageError("%s is not the journal of a mutprop run (suite %q)", paths[0], header.Suite)
	}
	for _, r := range records {
		if err := validRunRecord(r); err != nil {
			return usageError("%v", err)
		}
	}
	pkgs, err := gatherRun(records)
	if err != nil {
		return err
	}
	if out != "" {
		if err := engine.WriteLog(out, header, records, (*runRecord).key); err != nil {
			return cannotRun("merged journal: %v", err)
		}
	}
	score, err := writeRunOutputs(e, pkgs, runOutputs{json: mf.json, html: mf.html, matrix: header.Extra["matrix"] == "true"})
	if err != nil {
		return cannotRun("%v", err)
	}
	gate, err := ci.report(e, pkgs, score, ciRun{cmd: "merge", json: mf.json, complete: header.Extra["since"] == "" && header.Extra["operators"] == ""})
	if err != nil {
		return err
	}
	n := 0
	for _, p := range pkgs {
		n += len(p.Mutants)
	}
	fmt.Fprintf(e.stderr, "mutprop merge: %d mutants of %d packages from %d journals\n", n, len(pkgs), len(paths))
	if min >= 0 && score.Valid > 0 && score.Percent < min {
		return errGate(score, min)
	}
	return gate
}

// sameRecord reports whether two journals recorded the same for a key:
// the durations of two runs of the same mutant differ.
func sameRecord(p, q *runRecord) bool {
	a, b := *p, *q
	if a.Mutant != nil && b.Mutant != nil {
		x, y := *a.Mutant, *b.Mutant
		x.Duration, y.Duration = 0, 0
		a.Mutant, b.Mutant = &x, &y
	}
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}

// gatherRun groups records by package, in package order, and checks that
// every mutant of every package is there.
func gatherRun(records map[string]runRecord) ([]runPackage, error) {
	byPath := map[string]*runPackage{}
	var infos []string
	for _, r := range records {
		p := byPath[r.Package]
		if p == nil {
			p = &runPackage{Path: r.Package}
			byPath[r.Package] = p
		}
		if r.Info != nil {
			p.Info = *r.Info
			infos = append(infos, r.Package)
		} else {
			p.Mutants = append(p.Mutants, *r.Mutant)
		}
	}
	var out []runPackage
	for _, path := range sortedKeys(byPath) {
		p := byPath[path]
		if !containsString(infos, path) {
			return nil, usageError("the journals hold mutants of %s but no description of it: a shard stopped before its baseline; resume it", path)
		}
		sort.Slice(p.Mutants, func(i, j int) bool { return p.Mutants[i].Index < p.Mutants[j].Index })
		if len(p.Mutants) != p.Info.Universe {
			return nil, usageError("%s: the journals hold %d of its %d mutants: a shard is missing or unfinished (finish it with --resume)", path, len(p.Mutants), p.Info.Universe)
		}
		for i, m := range p.Mutants {
			if m.Index != i {
				return nil, usageError("%s: mutant %d is missing and %s has index %d: the journals do not fit together", path, i, m.Mutant.ID, m.Index)
			}
		}
		out = append(out, *p)
	}
	return out, nil
}

func containsString(s []string, x string) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}
