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
	// JSON is the run's JSON report, "" for none; with a baseline, its
	// verdicts are added to it (under the key "mutpropBaseline").
	JSON string
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

// Report prints and writes the CI outputs of a finished run: pkgs are its
// packages and score the score of all of them. gate is the error that
// fails the run (exit 1) when undetected mutants are not in the baseline;
// err is a failure to write (the run could not be reported).
func (r *Reporter) Report(pkgs []runlog.Package, score report.Score, run Run) (gate, err error) {
	getenv := run.Getenv
	if getenv == nil {
		getenv = func(string) string { return "" }
	}
	loc := newLocator(getenv, run.Dirs)
	var findings []finding
	var stale []StaleEntry
	var update []BaselineEntry
	var acceptedIDs, freshIDs []string
	matched := map[string]bool{}
	inRun := map[string]bool{}
	for _, p := range pkgs {
		inRun[p.Path] = true
		keys := baselineKeys(p)
		for _, m := range p.Mutants {
			f := finding{pkg: p.Path, m: m, id: m.Mutant.ID, entry: keys[m.Mutant.ID]}
			if len(pkgs) > 1 {
				f.id = p.Path + "/" + f.id
			}
			f.path, f.repoPath = loc.paths(p.Path, m.Mutant.File)
			k := f.entry.key()
			prev, inBaseline := r.accepted[k]
			for _, ref := range []string{m.Mutant.ID, mutantid.Alias(p.Path, m.Mutant.ID)} {
				if inBaseline {
					break
				}
				k = idKey(p.Path, ref)
				prev, inBaseline = r.accepted[k]
			}
			if inBaseline {
				matched[k] = true
			}
			show := m.Outcome == outcome.Survived || m.Outcome == outcome.Timeout
			if undetected(m.Outcome) {
				be := f.entry
				be.Reason = prev.Reason
				update = append(update, be)
				if r.accepted != nil {
					f.accepted, f.fresh = inBaseline, !inBaseline
					if f.accepted {
						acceptedIDs = append(acceptedIDs, f.id)
					} else {
						freshIDs = append(freshIDs, f.id)
						show = true // it fails the run: say which
					}
				}
			} else if inBaseline {
				stale = append(stale, StaleEntry{BaselineEntry: prev, Mutant: f.id, Now: m.Outcome, path: f.path, m: &m})
			}
			if show {
				findings = append(findings, f)
			}
		}
	}
	for _, k := range slices.Sorted(maps.Keys(r.accepted)) {
		b := r.accepted[k]
		switch {
		case matched[k]:
		case !inRun[b.Package] || !run.Complete:
			update = append(update, b) // its mutant was not part of this run
		default:
			stale = append(stale, StaleEntry{BaselineEntry: b, Now: "gone"})
		}
	}
	for i := range stale {
		stale[i].Status = ""
	}

	prefix := "mutprop " + run.Cmd + ": "
	if r.opts.Annotations.GitHub {
		for _, f := range findings {
			kind := "warning"
			switch {
			case f.accepted:
				kind = "notice"
			case f.fresh:
				kind = "error"
			}
			fmt.Fprintln(run.Stdout, githubCommand(kind, f.repoPath, f.m.Mutant.Line, f.m.Mutant.Col, f.message()))
		}
		for _, s := range stale {
			if s.m != nil {
				_, repoPath := loc.paths(s.Package, s.m.Mutant.File)
				fmt.Fprintln(run.Stdout, githubCommand("notice", repoPath, s.m.Mutant.Line, s.m.Mutant.Col, s.message(r.opts.Baseline)))
			} else {
				fmt.Fprintln(run.Stdout, githubCommand("notice", "", 0, 0, s.message(r.opts.Baseline)))
			}
		}
	} else {
		for _, f := range findings {
			fmt.Fprintf(run.Stderr, "%s:%d:%d: %s\n", f.path, f.m.Mutant.Line, f.m.Mutant.Col, f.message())
		}
		for _, s := range stale {
			if s.m != nil {
				fmt.Fprintf(run.Stderr, "%s:%d:%d: %s\n", s.path, s.m.Mutant.Line, s.m.Mutant.Col, s.message(r.opts.Baseline))
			} else {
				fmt.Fprintln(run.Stderr, prefix+s.message(r.opts.Baseline))
			}
		}
	}
	var baselineNote string
	if r.accepted != nil {
		baselineNote = fmt.Sprintf("baseline %s: %d accepted survivors, %d new, %d stale entries", r.opts.Baseline, len(acceptedIDs), len(freshIDs), len(stale))
		fmt.Fprintln(run.Stderr, prefix+baselineNote)
	}

	if path := getenv("GITHUB_STEP_SUMMARY"); r.opts.Annotations.GitHub && path != "" {
		if err := appendFile(path, stepSummary(pkgs, score, findings, baselineNote)); err != nil {
			return nil, fmt.Errorf("GITHUB_STEP_SUMMARY: %w", err)
		}
	}
	if path := r.opts.Annotations.GitLab; path != "" {
		b, err := gitlabReport(findings)
		if err == nil {
			err = atomicfile.Write(path, b)
		}
		if err != nil {
			return nil, fmt.Errorf("gitlab report: %w", err)
		}
	}
	if r.accepted != nil && run.JSON != "" {
		if err := markBaselineJSON(run.JSON, BaselineJSON{File: r.opts.Baseline, Accepted: nonNil(acceptedIDs), New: nonNil(freshIDs), Stale: stale}); err != nil {
			return nil, fmt.Errorf("json report: %w", err)
		}
	}
	if r.opts.UpdateBaseline {
		if err := writeBaseline(r.opts.Baseline, update); err != nil {
			return nil, fmt.Errorf("--update-baseline: %w", err)
		}
		fmt.Fprintf(run.Stderr, "%swrote %s: %d accepted survivors (%d stale entries dropped)\n", prefix, r.opts.Baseline, len(update), len(stale))
		return nil, nil
	}
	if len(freshIDs) > 0 {
		return fmt.Errorf("%d undetected mutants are not in the baseline %s: kill them, or accept them with --update-baseline", len(freshIDs), r.opts.Baseline), nil
	}
	return nil, nil
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// baselineJSONKey is the JSON report's top-level key that marks accepted
// survivors (BaselineJSON).
const baselineJSONKey = "mutpropBaseline"

// BaselineJSON is what the JSON report says of the baseline.
type BaselineJSON struct {
	File string `json:"file"`
	// Accepted and New are mutant IDs as in the report: undetected mutants
	// in the baseline and not in it.
	Accepted []string     `json:"accepted"`
	New      []string     `json:"new"`
	Stale    []StaleEntry `json:"stale"`
}

func markBaselineJSON(path string, v BaselineJSON) error {
	if v.Stale == nil {
		v.Stale = []StaleEntry{}
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if b, err = report.AddJSONKey(b, baselineJSONKey, v); err != nil {
		return err
	}
	return atomicfile.Write(path, b)
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
