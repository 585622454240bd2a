package runlog

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/mutprop/mutprop/engine"
	"github.com/mutprop/mutprop/gotest"
	"github.com/mutprop/mutprop/internal/suitehost"
	"github.com/mutprop/mutprop/report"
)

// Live gathers the records of a finished run, in package order.
func Live(res *gotest.Result) ([]Package, error) {
	var out []Package
	for _, p := range res.Packages {
		info, err := newPackageInfo(p)
		if err != nil {
			return nil, err
		}
		rp := Package{Path: p.Path, Info: info, Suites: p.Suites, Stages: stages(p), Trials: p.Trials, Strength: p.Strength,
			Floor: p.Floor(), FloorBuild: p.FloorBuild, FloorTests: p.FloorTests, Workers: p.Workers,
			FloorProcesses: p.FloorProcesses, FloorOverhead: p.FloorOverhead, ConfirmTime: p.Confirm.Time}
		for _, m := range p.Mutants {
			if m.Outcome != "" {
				rp.Mutants = append(rp.Mutants, NewMutant(p, m))
			}
		}
		out = append(out, rp)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out, nil
}

// stages describes the durations of p's stages, as the status table
// notes them.
func stages(p *gotest.PackageResult) string {
	s := fmt.Sprintf("stages: build %v, baseline %v, coverage and probes %v, mutants %v",
		p.Build.Round(time.Millisecond), p.Baseline.Round(time.Millisecond), p.Coverage.Round(time.Millisecond),
		p.Run.Round(time.Millisecond))
	if p.Probed > 0 {
		s += fmt.Sprintf("; %d of %d probed mutants infected by no covering test", p.Uninfected, p.Probed)
	}
	return s
}

// IsJournal reports whether the file at path is the journal of a mutprop
// run (its header names suite).
func IsJournal(path string) bool {
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
	return json.Unmarshal(line, &h) == nil && h.Suite == suite
}

// Merged is the journals of the shards of one run, combined.
type Merged struct {
	Header  engine.Header
	Records map[string]Record // by Record.Key
	// Packages are the records gathered, in package order.
	Packages []Package
}

// Merge combines the journals at paths, the shards of one mutprop run (or
// a run and its resumption): every shard must be there and complete.
// warnings list what was repaired while reading. Its errors are the
// journals' fault: torn beyond repair, of other runs, disagreeing or
// incomplete.
func Merge(paths []string) (m *Merged, warnings []string, err error) {
	for _, p := range paths {
		if err := checkRecords(p); errors.Is(err, errOlder) {
			return nil, nil, fmt.Errorf("journal %s was %w; run its shard again with this mutprop", p, errOlder)
		}
	}
	header, records, warnings, err := engine.Merge(paths, (*Record).Key, sameRecord)
	if err != nil {
		return nil, warnings, err
	}
	if header.Suite != suite {
		return nil, warnings, fmt.Errorf("%s is not the journal of a mutprop run (suite %q)", paths[0], header.Suite)
	}
	for _, r := range records {
		if err := r.validate(); err != nil {
			return nil, warnings, err
		}
	}
	pkgs, err := gather(records)
	if err != nil {
		return nil, warnings, err
	}
	return &Merged{Header: header, Records: records, Packages: pkgs}, warnings, nil
}

// sameRecord reports whether two journals recorded the same for a key:
// the durations of two runs of the same mutant differ.
func sameRecord(p, q *Record) bool {
	a, b := *p, *q
	if a.Inputs != nil && b.Inputs != nil {
		return true // shards on other machines read other files outside the module
	}
	if a.Ended != nil && b.Ended != nil {
		return true // a run and its resumption measure the suites again, in other times
	}
	if a.Mutant != nil && b.Mutant != nil {
		x, y := *a.Mutant, *b.Mutant
		x.Duration, y.Duration = 0, 0
		a.Mutant, b.Mutant = &x, &y
	}
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}

// gather groups records by package, in package order, and checks that
// every mutant of every package is there.
func gather(records map[string]Record) ([]Package, error) {
	byPath := map[string]*Package{}
	var infos []string
	parts := map[string][]report.StrengthFunc{}
	ends := map[string][]Ended{}
	for _, r := range records {
		p := byPath[r.Package]
		if p == nil {
			p = &Package{Path: r.Package}
			byPath[r.Package] = p
		}
		switch {
		case r.Info != nil:
			p.Info = *r.Info
			infos = append(infos, r.Package)
		case r.Mutant != nil:
			p.Mutants = append(p.Mutants, *r.Mutant)
		case r.Strength != nil:
			parts[r.Package] = append(parts[r.Package], *r.Strength)
		case r.Ended != nil:
			ends[r.Package] = append(ends[r.Package], *r.Ended)
		}
	}
	var out []Package
	for _, path := range slices.Sorted(maps.Keys(byPath)) {
		p := byPath[path]
		if !slices.Contains(infos, path) {
			return nil, fmt.Errorf("the journals hold mutants of %s but no description of it: a shard stopped before its baseline (finish it with mutprop run --resume)", path)
		}
		sort.Slice(p.Mutants, func(i, j int) bool { return p.Mutants[i].Index < p.Mutants[j].Index })
		if len(p.Mutants) != p.Info.Universe {
			return nil, fmt.Errorf("%s: the journals hold %d of its %d mutants: a shard is missing or unfinished (finish it with mutprop run --resume)", path, len(p.Mutants), p.Info.Universe)
		}
		for i, m := range p.Mutants {
			if m.Index != i {
				return nil, fmt.Errorf("%s: mutant %d is missing and %s has index %d: the journals do not fit together", path, i, m.Mutant.ID, m.Index)
			}
		}
		var err error
		if p.Strength, err = joinStrength(p.Mutants, parts[path]); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		if err := p.joinEnded(ends[path]); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		out = append(out, *p)
	}
	return out, nil
}

// joinStrength joins the shards' parts of a package's wrapped functions
// (strength records) into what the unsharded run computes
// (blackboxmut.Strength): the functions in the order of their first
// mutant, each function's mutants in index order, its callers the union
// of the parts' (a test's data coverage from the part that recorded it).
// mutants are the package's, in index order; a part's mutant missing
// from them is an error.
func joinStrength(mutants []Mutant, parts []report.StrengthFunc) ([]report.StrengthFunc, error) {
	if len(parts) == 0 {
		return nil, nil
	}
	index := make(map[string]int, len(mutants))
	for _, m := range mutants {
		index[m.Mutant.ID] = m.Index
	}
	type placed struct {
		index int
		m     report.StrengthMutant
	}
	byFunc := map[string]*report.StrengthFunc{}
	placedBy := map[string][]placed{}
	for _, part := range parts {
		f := byFunc[part.Function]
		if f == nil {
			f = &report.StrengthFunc{Package: part.Package, Function: part.Function, NoArgs: part.NoArgs, Callers: map[string]*report.DataCoverage{}}
			byFunc[part.Function] = f
		}
		for test, d := range part.Callers {
			if d != nil || f.Callers[test] == nil {
				f.Callers[test] = d
			}
		}
		for _, m := range part.Mutants {
			i, ok := index[m.ID]
			if !ok {
				return nil, fmt.Errorf("the strength of %s names mutant %s, which the journals do not hold", part.Function, m.ID)
			}
			placedBy[part.Function] = append(placedBy[part.Function], placed{i, m})
		}
	}
	var out []report.StrengthFunc
	for name, f := range byFunc {
		ms := placedBy[name]
		sort.Slice(ms, func(a, b int) bool { return ms[a].index < ms[b].index })
		for k, m := range ms {
			if k > 0 && m.index == ms[k-1].index {
				return nil, fmt.Errorf("the strength of %s holds mutant %s twice", name, m.m.ID)
			}
			f.Mutants = append(f.Mutants, m.m)
		}
		out = append(out, *f)
	}
	first := func(f report.StrengthFunc) int { return index[f.Mutants[0].ID] }
	sort.Slice(out, func(a, b int) bool { return first(out[a]) < first(out[b]) })
	return out, nil
}

// joinEnded joins the shards' Ended parts of p into what the unsharded
// run measured: the stages of each shard, and its suites joined
// (suitehost.Join, the white-box mutants in index order). A whole run's
// part, when there is one, stands alone. p.Mutants must be gathered. No
// part (a journal of a run that did not end) leaves p without them.
func (p *Package) joinEnded(parts []Ended) error {
	if len(parts) == 0 {
		return nil
	}
	for _, e := range parts {
		if e.Shard == "" {
			// A whole run's part (a merged journal resumed) measured every
			// mutant: the shards' parts are what it replaced.
			parts = []Ended{e}
			break
		}
	}
	sort.Slice(parts, func(i, j int) bool { // K/N by K
		a, b := parts[i].Shard, parts[j].Shard
		return len(a) < len(b) || len(a) == len(b) && a < b
	})
	index := make(map[string]int, len(p.Mutants))
	for _, m := range p.Mutants {
		index[m.Mutant.ID] = m.Index
	}
	var stages []string
	var suites [][]gotest.SuiteResult
	for _, e := range parts {
		if len(parts) > 1 && e.Stages != "" {
			e.Stages = "shard " + e.Shard + " " + e.Stages
		}
		if e.Stages != "" {
			stages = append(stages, e.Stages)
		}
		suites = append(suites, e.Suites)
	}
	p.Stages = strings.Join(stages, "; ")
	var err error
	p.Suites, err = suitehost.Join(suites, index)
	return err
}
