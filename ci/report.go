package ci

import (
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"

	"github.com/mutprop/mutprop/internal/atomicfile"
	"github.com/mutprop/mutprop/internal/mutantid"
	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/report"
	"github.com/mutprop/mutprop/runlog"
)

// Options are the CI settings of a command (mutprop run and mutprop merge
// take them as flags).
type Options struct {
	// Annotations are the kinds of annotations to write (--annotations).
	Annotations Annotations
	// Baseline is the baseline file of accepted survivors (--baseline);
	// "" for none.
	Baseline string
	// UpdateBaseline writes Baseline from the run's undetected mutants
	// instead of failing on new ones (--update-baseline).
	UpdateBaseline bool
}

// Reporter reports a finished run for CI: survivor lines or annotations,
// the step summary, the GitLab report and the baseline.
type Reporter struct {
	opts     Options
	accepted map[string]BaselineEntry // by key; nil without a baseline
}

// Open checks o and reads the baseline, before the run. args are the
// command's arguments after the flags. Its errors are bad usage or input.
func Open(o Options, args []string) (*Reporter, error) {
	if o.UpdateBaseline && o.Baseline == "" {
		return nil, errors.New("--update-baseline needs --baseline FILE")
	}
	if o.Annotations.gitlabBare && len(args) > 0 && strings.HasSuffix(args[0], ".json") {
		return nil, fmt.Errorf("--annotations gitlab %s: write --annotations gitlab=%s", args[0], args[0])
	}
	r := &Reporter{opts: o}
	if o.Baseline != "" {
		var err error
		if r.accepted, err = readBaseline(o.Baseline, o.UpdateBaseline); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// Run describes the run being reported, and where its output goes.
type Run struct {
	// Cmd is the command, "run" or "merge": messages start with
	// "mutprop CMD: ".
	Cmd string
	// Dirs maps package paths to their directories (live runs); packages
	// not in it are looked up in the module of the current directory.
	Dirs map[string]string
	// Complete is false when the run scored only some of its packages'
	// mutants (--shard, --since, --operators): a baseline entry without
	// a mutant may then belong to a mutant left out.
	Complete bool
	// Stdout gets the GitHub workflow commands; Stderr the survivor
	// lines and notes.
	Stdout, Stderr io.Writer
	// Getenv reads GITHUB_STEP_SUMMARY, GITHUB_WORKSPACE and
	// CI_PROJECT_DIR; nil reads nothing.
	Getenv func(string) string
}

// finding is a mutant the CI output shows.
type finding struct {
	pkg      string
	m        runlog.Mutant
	id       string // as in the JSON report
	entry    BaselineEntry
	path     string // relative to the current directory, for editors
	repoPath string // relative to the repository, for CI
	// accepted: in the baseline; fresh: undetected and not in it.
	accepted, fresh bool
}

func (f finding) label() string {
	switch {
	case f.accepted:
		return string(f.m.Outcome) + " (accepted)"
	case f.fresh:
		return string(f.m.Outcome) + " (new)"
	}
	return string(f.m.Outcome)
}

// message describes the finding: its status, description, ID and the
// ID's shell-safe alias (mutantid), which mutprop show and --baseline
// take unquoted.
func (f finding) message() string {
	return fmt.Sprintf("%s: %s (%s, alias %s)", f.label(), f.m.Mutant.Description, f.m.Mutant.ID, mutantid.Alias(f.pkg, f.m.Mutant.ID))
}

// StaleEntry is a baseline entry whose mutant is no longer undetected.
type StaleEntry struct {
	BaselineEntry
	// Mutant is the mutant's ID in the report and Now its status;
	// "" and "gone" when the run has no such mutant any more.
	Mutant string          `json:"mutant,omitempty"`
	Now    outcome.Outcome `json:"now"`
	path   string
	m      *runlog.Mutant
}

func (s StaleEntry) message(file string) string {
	what := "is no longer a mutant (its code changed)"
	if s.m != nil {
		what = "is now " + string(s.Now)
		if len(s.m.KilledBy) > 0 {
			what += " by " + strings.Join(slices.Sorted(slices.Values(s.m.KilledBy)), ", ")
		}
	}
	return fmt.Sprintf("stale baseline entry: the accepted survivor %s %s: remove it from %s or run with --update-baseline", s.BaselineEntry, what, file)
}

// Verdicts are a finished run seen by CI: the mutants its outputs show
// and, with a baseline, which undetected mutants it accepts, which are
// new and which of its entries are stale. Assess computes them before any
// report is written, so that the JSON report holds them (Baseline);
// Report prints and writes them.
type Verdicts struct {
	run      Run
	pkgs     []runlog.Package
	loc      *locator
	findings []finding
	stale    []StaleEntry
	// update is the baseline --update-baseline writes.
	update []BaselineEntry
	// accepted and fresh are the IDs, as in the JSON report, of the
	// undetected mutants in the baseline and not in it.
	accepted, fresh []string
	// baseline is the baseline file, "" for none.
	baseline string
}

// Assess finds what the CI outputs of a finished run show: pkgs are its
// packages.
func (r *Reporter) Assess(pkgs []runlog.Package, run Run) *Verdicts {
	if run.Getenv == nil {
		run.Getenv = func(string) string { return "" }
	}
	v := &Verdicts{run: run, pkgs: pkgs, loc: newLocator(run.Getenv, run.Dirs)}
	if r.accepted != nil {
		v.baseline = r.opts.Baseline
	}
	matched := map[string]bool{}
	for _, p := range pkgs {
		keys := baselineKeys(p)
		for _, m := range p.Mutants {
			if k := r.assessMutant(v, p.Path, m, keys[m.Mutant.ID]); k != "" {
				matched[k] = true
			}
		}
	}
	r.assessEntries(v, matched)
	return v
}

// assessMutant adds the mutant m of package pkg to v, with entry, its
// key for a baseline. It returns the key of the baseline entry that
// matches it, "" for none.
func (r *Reporter) assessMutant(v *Verdicts, pkg string, m runlog.Mutant, entry BaselineEntry) (matched string) {
	f := finding{pkg: pkg, m: m, id: m.Mutant.ID, entry: entry}
	if len(v.pkgs) > 1 {
		f.id = pkg + "/" + f.id
	}
	f.path, f.repoPath = v.loc.paths(pkg, m.Mutant.File)
	k := f.entry.key()
	prev, inBaseline := r.accepted[k]
	for _, ref := range []string{m.Mutant.ID, mutantid.Alias(pkg, m.Mutant.ID)} {
		if inBaseline {
			break
		}
		k = idKey(pkg, ref)
		prev, inBaseline = r.accepted[k]
	}
	if inBaseline {
		matched = k
	}
	show := m.Outcome == outcome.Survived || m.Outcome == outcome.Timeout
	if undetected(m.Outcome) {
		be := f.entry
		be.Reason = prev.Reason
		v.update = append(v.update, be)
		if r.accepted != nil {
			f.accepted, f.fresh = inBaseline, !inBaseline
			if f.accepted {
				v.accepted = append(v.accepted, f.id)
			} else {
				v.fresh = append(v.fresh, f.id)
				show = true // it fails the run: say which
			}
		}
	} else if inBaseline {
		v.stale = append(v.stale, StaleEntry{BaselineEntry: prev, Mutant: f.id, Now: m.Outcome, path: f.path, m: &m})
	}
	if show {
		v.findings = append(v.findings, f)
	}
	return matched
}

// assessEntries adds to v the baseline entries no mutant matched: kept
// when their mutant was not part of the run, stale otherwise.
func (r *Reporter) assessEntries(v *Verdicts, matched map[string]bool) {
	inRun := map[string]bool{}
	for _, p := range v.pkgs {
		inRun[p.Path] = true
	}
	for _, k := range slices.Sorted(maps.Keys(r.accepted)) {
		b := r.accepted[k]
		switch {
		case matched[k]:
		case !inRun[b.Package] || !v.run.Complete:
			v.update = append(v.update, b) // its mutant was not part of this run
		default:
			v.stale = append(v.stale, StaleEntry{BaselineEntry: b, Now: "gone"})
		}
	}
	for i := range v.stale {
		v.stale[i].Status = ""
	}
}

// Baseline is what the JSON report says of the baseline (under the key
// BaselineJSONKey); nil without one.
func (v *Verdicts) Baseline() *BaselineJSON {
	if v.baseline == "" {
		return nil
	}
	stale := v.stale
	if stale == nil {
		stale = []StaleEntry{}
	}
	return &BaselineJSON{File: v.baseline, Accepted: nonNil(v.accepted), New: nonNil(v.fresh), Stale: stale}
}

// Report prints and writes the CI outputs of the run v assessed: score is
// the score of all its packages. gate is the error that fails the run
// (exit 1) when undetected mutants are not in the baseline; err is a
// failure to write (the run could not be reported).
func (r *Reporter) Report(v *Verdicts, score report.Score) (gate, err error) {
	if r.opts.Annotations.GitHub {
		r.printGitHub(v)
	} else {
		r.printLines(v)
	}
	var baselineNote string
	if r.accepted != nil {
		baselineNote = fmt.Sprintf("baseline %s: %d accepted survivors, %d new, %d stale entries", r.opts.Baseline, len(v.accepted), len(v.fresh), len(v.stale))
		fmt.Fprintln(v.run.Stderr, v.prefix()+baselineNote)
	}
	if err := r.writeFiles(v, score, baselineNote); err != nil {
		return nil, err
	}
	if r.opts.UpdateBaseline {
		if err := writeBaseline(r.opts.Baseline, v.update); err != nil {
			return nil, fmt.Errorf("--update-baseline: %w", err)
		}
		fmt.Fprintf(v.run.Stderr, "%swrote %s: %d accepted survivors (%d stale entries dropped)\n", v.prefix(), r.opts.Baseline, len(v.update), len(v.stale))
		return nil, nil
	}
	if len(v.fresh) > 0 {
		return fmt.Errorf("%d undetected mutants are not in the baseline %s: kill them, or accept them with --update-baseline", len(v.fresh), r.opts.Baseline), nil
	}
	return nil, nil
}

// prefix starts the run's messages.
func (v *Verdicts) prefix() string { return "mutprop " + v.run.Cmd + ": " }

// printGitHub prints the findings and stale entries as GitHub workflow
// commands.
func (r *Reporter) printGitHub(v *Verdicts) {
	for _, f := range v.findings {
		kind := "warning"
		switch {
		case f.accepted:
			kind = "notice"
		case f.fresh:
			kind = "error"
		}
		fmt.Fprintln(v.run.Stdout, githubCommand(kind, f.repoPath, f.m.Mutant.Line, f.m.Mutant.Col, f.message()))
	}
	for _, s := range v.stale {
		if s.m != nil {
			_, repoPath := v.loc.paths(s.Package, s.m.Mutant.File)
			fmt.Fprintln(v.run.Stdout, githubCommand("notice", repoPath, s.m.Mutant.Line, s.m.Mutant.Col, s.message(r.opts.Baseline)))
		} else {
			fmt.Fprintln(v.run.Stdout, githubCommand("notice", "", 0, 0, s.message(r.opts.Baseline)))
		}
	}
}

// printLines prints the findings and stale entries as file:line:col lines.
func (r *Reporter) printLines(v *Verdicts) {
	for _, f := range v.findings {
		fmt.Fprintf(v.run.Stderr, "%s:%d:%d: %s\n", f.path, f.m.Mutant.Line, f.m.Mutant.Col, f.message())
	}
	for _, s := range v.stale {
		if s.m != nil {
			fmt.Fprintf(v.run.Stderr, "%s:%d:%d: %s\n", s.path, s.m.Mutant.Line, s.m.Mutant.Col, s.message(r.opts.Baseline))
		} else {
			fmt.Fprintln(v.run.Stderr, v.prefix()+s.message(r.opts.Baseline))
		}
	}
}

// writeFiles appends the GitHub step summary and writes the GitLab
// report, when asked.
func (r *Reporter) writeFiles(v *Verdicts, score report.Score, baselineNote string) error {
	if path := v.run.Getenv("GITHUB_STEP_SUMMARY"); r.opts.Annotations.GitHub && path != "" {
		if err := appendFile(path, stepSummary(v.pkgs, score, v.findings, baselineNote)); err != nil {
			return fmt.Errorf("GITHUB_STEP_SUMMARY: %w", err)
		}
	}
	if path := r.opts.Annotations.GitLab; path != "" {
		b, err := gitlabReport(v.findings)
		if err == nil {
			err = atomicfile.Write(path, b)
		}
		if err != nil {
			return fmt.Errorf("gitlab report: %w", err)
		}
	}
	return nil
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// BaselineJSONKey is the JSON report's top-level key that marks accepted
// survivors (BaselineJSON).
const BaselineJSONKey = "mutpropBaseline"

// BaselineJSON is what the JSON report says of the baseline.
type BaselineJSON struct {
	File string `json:"file"`
	// Accepted and New are mutant IDs as in the report: undetected mutants
	// in the baseline and not in it.
	Accepted []string     `json:"accepted"`
	New      []string     `json:"new"`
	Stale    []StaleEntry `json:"stale"`
}

func appendFile(path, s string) error {
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	_, err = io.WriteString(f, s)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
