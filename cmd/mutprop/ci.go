package main

import (
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/mod/modfile"

	"github.com/mutprop/mutprop/report"
)

// defaultGitlabReport is where --annotations gitlab writes without a file
// (the name GitLab's documentation uses).
const defaultGitlabReport = "gl-code-quality-report.json"

// annotationsFlag is --annotations: github, gitlab or gitlab=FILE,
// comma-separated or repeated.
type annotationsFlag struct {
	github bool
	gitlab string // the code-quality report's path; "" for none
	// gitlabBare is set by "gitlab" without a file.
	gitlabBare bool
}

func (a *annotationsFlag) String() string {
	var s []string
	if a.github {
		s = append(s, "github")
	}
	if a.gitlab != "" {
		s = append(s, "gitlab="+a.gitlab)
	}
	return strings.Join(s, ",")
}

func (a *annotationsFlag) Set(v string) error {
	for _, part := range strings.Split(v, ",") {
		kind, file, hasFile := strings.Cut(strings.TrimSpace(part), "=")
		if !hasFile {
			kind, file, hasFile = strings.Cut(kind, ":")
		}
		switch {
		case kind == "github" && !hasFile:
			a.github = true
		case kind == "gitlab" && !hasFile:
			a.gitlab, a.gitlabBare = defaultGitlabReport, true
		case kind == "gitlab" && file != "":
			a.gitlab, a.gitlabBare = file, false
		default:
			return fmt.Errorf("want github, gitlab or gitlab=FILE, not %q", part)
		}
	}
	return nil
}

// ciFlags are the CI flags of mutprop run and mutprop merge.
type ciFlags struct {
	annotations    annotationsFlag
	baseline       string
	updateBaseline bool
}

func (c *ciFlags) register(fs *flag.FlagSet) {
	fs.Var(&c.annotations, "annotations", "`KIND` of CI annotations for survivors and timeouts: github (::warning lines on stdout, and a Markdown summary appended to $GITHUB_STEP_SUMMARY), gitlab=FILE (a GitLab code-quality report; gitlab alone writes "+defaultGitlabReport+"); repeat or comma-separate for both")
	fs.StringVar(&c.baseline, "baseline", "", "accepted survivors: `FILE` lists the undetected mutants that do not fail the run (keyed by package, function, operator and text, not lines); an undetected mutant missing from it exits 1, an entry whose mutant is now detected is reported stale")
	fs.BoolVar(&c.updateBaseline, "update-baseline", false, "write --baseline FILE from this run's undetected mutants (keeping the entries' reasons, dropping stale entries) instead of failing on new ones")
}

// ciReport reports a finished run for CI: survivor lines or annotations,
// the step summary, the GitLab report and the baseline.
type ciReport struct {
	flags    *ciFlags
	accepted map[string]baselineEntry // by key; nil without --baseline
}

// open checks the CI flags and reads the baseline, before the run. args
// are the command's arguments after the flags.
func (c *ciFlags) open(args []string) (*ciReport, error) {
	if c.updateBaseline && c.baseline == "" {
		return nil, usageError("--update-baseline needs --baseline FILE")
	}
	if c.annotations.gitlabBare && len(args) > 0 && strings.HasSuffix(args[0], ".json") {
		return nil, usageError("--annotations gitlab %s: write --annotations gitlab=%s", args[0], args[0])
	}
	r := &ciReport{flags: c}
	if c.baseline != "" {
		var err error
		if r.accepted, err = readBaseline(c.baseline, c.updateBaseline); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// ciRun describes the run being reported.
type ciRun struct {
	cmd  string // "run" or "merge"
	json string // the JSON report, "" for none
	// dirs maps package paths to their directories (live runs); packages
	// not in it are looked up in the module of the current directory.
	dirs map[string]string
	// complete is false when the run scored only some of its packages'
	// mutants (--shard, --since, --operators): a baseline entry without
	// a mutant may then belong to a mutant left out.
	complete bool
}

// listedDirs maps the packages' import paths to their directories.
func listedDirs(ps []listedPackage) map[string]string {
	out := map[string]string{}
	for _, p := range ps {
		out[p.ImportPath] = p.Dir
	}
	return out
}

// finding is a mutant the CI output shows.
type finding struct {
	pkg      string
	m        runMutant
	id       string // as in the JSON report
	entry    baselineEntry
	path     string // relative to the current directory, for editors
	repoPath string // relative to the repository, for CI
	// accepted: in the baseline; fresh: undetected and not in it.
	accepted, fresh bool
}

func (f finding) label() string {
	switch {
	case f.accepted:
		return f.m.Outcome + " (accepted)"
	case f.fresh:
		return f.m.Outcome + " (new)"
	}
	return f.m.Outcome
}

func (f finding) message() string {
	return fmt.Sprintf("%s: %s (%s)", f.label(), f.m.Mutant.Description, f.m.Mutant.ID)
}

// staleEntry is a baseline entry whose mutant is no longer undetected.
type staleEntry struct {
	baselineEntry
	// Mutant is the mutant's ID in the report and Now its status;
	// "" and "gone" when the run has no such mutant any more.
	Mutant string `json:"mutant,omitempty"`
	Now    string `json:"now"`
	path   string
	m      *runMutant
}

func (s staleEntry) message(file string) string {
	what := "is no longer a mutant (its code changed)"
	if s.m != nil {
		what = "is now " + s.Now
		if len(s.m.KilledBy) > 0 {
			what += " by " + strings.Join(sortedCopy(s.m.KilledBy), ", ")
		}
	}
	return fmt.Sprintf("stale baseline entry: the accepted survivor %s %s: remove it from %s or run with --update-baseline", s.baselineEntry, what, file)
}

// report prints and writes the CI outputs of a finished run. gate is the
// error that fails the run (exit 1) when undetected mutants are not in
// the baseline; err is a failure to write.
func (r *ciReport) report(e *env, pkgs []runPackage, score report.Score, run ciRun) (gate, err error) {
	getenv := e.getenv
	if getenv == nil {
		getenv = func(string) string { return "" }
	}
	loc := newLocator(getenv, run.dirs)
	var findings []finding
	var stale []staleEntry
	var update []baselineEntry
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
			if inBaseline {
				matched[k] = true
			}
			show := m.Outcome == string(report.Survived) || m.Outcome == string(report.Timeout)
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
				stale = append(stale, staleEntry{baselineEntry: prev, Mutant: f.id, Now: m.Outcome, path: f.path, m: &m})
			}
			if show {
				findings = append(findings, f)
			}
		}
	}
	for _, k := range sortedKeys(r.accepted) {
		b := r.accepted[k]
		switch {
		case matched[k]:
		case !inRun[b.Package] || !run.complete:
			update = append(update, b) // its mutant was not part of this run
		default:
			stale = append(stale, staleEntry{baselineEntry: b, Now: "gone"})
		}
	}
	for i := range stale {
		stale[i].Status = ""
	}

	prefix := "mutprop " + run.cmd + ": "
	if r.flags.annotations.github {
		for _, f := range findings {
			kind := "warning"
			switch {
			case f.accepted:
				kind = "notice"
			case f.fresh:
				kind = "error"
			}
			fmt.Fprintln(e.stdout, githubCommand(kind, f.repoPath, f.m.Mutant.Line, f.m.Mutant.Col, f.message()))
		}
		for _, s := range stale {
			if s.m != nil {
				_, repoPath := loc.paths(s.Package, s.m.Mutant.File)
				fmt.Fprintln(e.stdout, githubCommand("notice", repoPath, s.m.Mutant.Line, s.m.Mutant.Col, s.message(r.flags.baseline)))
			} else {
				fmt.Fprintln(e.stdout, githubCommand("notice", "", 0, 0, s.message(r.flags.baseline)))
			}
		}
	} else {
		for _, f := range findings {
			fmt.Fprintf(e.stderr, "%s:%d:%d: %s\n", f.path, f.m.Mutant.Line, f.m.Mutant.Col, f.message())
		}
		for _, s := range stale {
			if s.m != nil {
				fmt.Fprintf(e.stderr, "%s:%d:%d: %s\n", s.path, s.m.Mutant.Line, s.m.Mutant.Col, s.message(r.flags.baseline))
			} else {
				fmt.Fprintln(e.stderr, prefix+s.message(r.flags.baseline))
			}
		}
	}
	var baselineNote string
	if r.accepted != nil {
		baselineNote = fmt.Sprintf("baseline %s: %d accepted survivors, %d new, %d stale entries", r.flags.baseline, len(acceptedIDs), len(freshIDs), len(stale))
		fmt.Fprintln(e.stderr, prefix+baselineNote)
	}

	if path := getenv("GITHUB_STEP_SUMMARY"); r.flags.annotations.github && path != "" {
		if err := appendFile(path, stepSummary(pkgs, score, findings, baselineNote)); err != nil {
			return nil, cannotRun("GITHUB_STEP_SUMMARY: %v", err)
		}
	}
	if path := r.flags.annotations.gitlab; path != "" {
		b, err := gitlabReport(findings)
		if err == nil {
			err = writeFileAtomic(path, b)
		}
		if err != nil {
			return nil, cannotRun("gitlab report: %v", err)
		}
	}
	if r.accepted != nil && run.json != "" {
		if err := markBaselineJSON(run.json, baselineJSON{File: r.flags.baseline, Accepted: nonNil(acceptedIDs), New: nonNil(freshIDs), Stale: stale}); err != nil {
			return nil, cannotRun("json report: %v", err)
		}
	}
	if r.flags.updateBaseline {
		if err := writeBaseline(r.flags.baseline, update); err != nil {
			return nil, cannotRun("--update-baseline: %v", err)
		}
		fmt.Fprintf(e.stderr, "%swrote %s: %d accepted survivors (%d stale entries dropped)\n", prefix, r.flags.baseline, len(update), len(stale))
		return nil, nil
	}
	if len(freshIDs) > 0 {
		return &codedError{code: exitFailed, err: fmt.Errorf("%d undetected mutants are not in the baseline %s: kill them, or accept them with --update-baseline", len(freshIDs), r.flags.baseline)}, nil
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
// survivors.
const baselineJSONKey = "mutpropBaseline"

type baselineJSON struct {
	File string `json:"file"`
	// Accepted and New are mutant IDs as in the report: undetected mutants
	// in the baseline and not in it.
	Accepted []string     `json:"accepted"`
	New      []string     `json:"new"`
	Stale    []staleEntry `json:"stale"`
}

func markBaselineJSON(path string, v baselineJSON) error {
	if v.Stale == nil {
		v.Stale = []staleEntry{}
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if b, err = report.AddJSONKey(b, baselineJSONKey, v); err != nil {
		return err
	}
	return writeFileAtomic(path, b)
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

// locator turns a package path and a file's base name into paths.
type locator struct {
	cwd  string
	root string // where repository-relative paths start
	dirs map[string]string

	modRoot, modPath string
}

func newLocator(getenv func(string) string, dirs map[string]string) *locator {
	cwd, _ := os.Getwd()
	l := &locator{cwd: cwd, root: cwd, dirs: dirs}
	switch {
	case getenv("GITHUB_WORKSPACE") != "":
		l.root = getenv("GITHUB_WORKSPACE")
	case getenv("CI_PROJECT_DIR") != "":
		l.root = getenv("CI_PROJECT_DIR")
	default:
		for d := cwd; ; d = filepath.Dir(d) {
			if _, err := os.Stat(filepath.Join(d, ".git")); err == nil {
				l.root = d
				break
			}
			if filepath.Dir(d) == d {
				break
			}
		}
	}
	for d := cwd; ; d = filepath.Dir(d) {
		if b, err := os.ReadFile(filepath.Join(d, "go.mod")); err == nil {
			l.modRoot, l.modPath = d, modfile.ModulePath(b)
			break
		}
		if filepath.Dir(d) == d {
			break
		}
	}
	return l
}

// paths returns the file's path relative to the current directory (for
// editors) and to the repository's root (for CI annotations), with
// forward slashes. A package outside the current module gives its import
// path.
func (l *locator) paths(pkg, file string) (local, repo string) {
	dir, ok := l.dirs[pkg]
	if !ok && l.modPath != "" {
		if pkg == l.modPath {
			dir = l.modRoot
		} else if rest, found := strings.CutPrefix(pkg, l.modPath+"/"); found {
			dir = filepath.Join(l.modRoot, filepath.FromSlash(rest))
		}
	}
	if dir == "" {
		return pkg + "/" + file, pkg + "/" + file
	}
	abs := filepath.Join(dir, file)
	rel := func(base string) string {
		r, err := filepath.Rel(base, abs)
		if err != nil {
			return filepath.ToSlash(abs)
		}
		return filepath.ToSlash(r)
	}
	local, repo = rel(l.cwd), rel(l.root)
	if strings.HasPrefix(repo, "../") {
		repo = local
	}
	return local, repo
}

// githubCommand is a workflow command (::warning file=F,line=L,col=C::MSG),
// escaped as GitHub's runner unescapes it.
func githubCommand(kind, file string, line, col int, msg string) string {
	var props []string
	if file != "" {
		props = append(props, "file="+escapeGithubProperty(file))
		if line > 0 {
			props = append(props, fmt.Sprintf("line=%d", line))
		}
		if col > 0 {
			props = append(props, fmt.Sprintf("col=%d", col))
		}
	}
	s := "::" + kind
	if len(props) > 0 {
		s += " " + strings.Join(props, ",")
	}
	return s + "::" + escapeGithubData(msg)
}

func escapeGithubData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

func escapeGithubProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}

// maxSummarySurvivors bounds the survivors the step summary lists.
const maxSummarySurvivors = 20

// stepSummary is the Markdown appended to $GITHUB_STEP_SUMMARY: the
// score, a table per package and the first survivors (new ones first).
func stepSummary(pkgs []runPackage, score report.Score, findings []finding, baselineNote string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "### mutprop: mutation score %s (%d of %d detected)\n\n", percent(score), score.Detected, score.Valid)
	b.WriteString("| package | mutants | killed | survived | timeout | no coverage | score |\n|---|--:|--:|--:|--:|--:|--:|\n")
	for _, p := range pkgs {
		s := report.ScoreOf(p.toReport().Mutants)
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %d | %d | %s |\n", mdEscape(p.Path), s.Total,
			s.Counts[report.Killed], s.Counts[report.Survived], s.Counts[report.Timeout], s.Counts[report.NoCoverage], percent(s))
	}
	if baselineNote != "" {
		fmt.Fprintf(&b, "\n%s.\n", mdEscape(strings.ToUpper(baselineNote[:1])+baselineNote[1:]))
	}
	var survivors []finding
	for _, f := range findings {
		if undetected(f.m.Outcome) {
			survivors = append(survivors, f)
		}
	}
	sort.SliceStable(survivors, func(i, j int) bool { return survivors[i].fresh && !survivors[j].fresh })
	if len(survivors) > 0 {
		fmt.Fprintf(&b, "\n#### Survivors (%d)\n\n| location | status | description |\n|---|---|---|\n", len(survivors))
		for i, f := range survivors {
			if i == maxSummarySurvivors {
				fmt.Fprintf(&b, "\nand %d more (see the report).\n", len(survivors)-i)
				break
			}
			fmt.Fprintf(&b, "| %s | %s | %s |\n", mdEscape(fmt.Sprintf("%s:%d", f.repoPath, f.m.Mutant.Line)), mdEscape(f.label()), mdEscape(f.m.Mutant.Description))
		}
	}
	b.WriteString("\n")
	return b.String()
}

func percent(s report.Score) string {
	if s.Valid == 0 {
		return "n/a"
	}
	return fmt.Sprintf("%.1f %%", s.Percent)
}

// mdEscape makes s literal text in a Markdown table cell.
func mdEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '\n', '\r':
			b.WriteByte(' ')
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '\\', '`', '*', '_', '[', ']', '|', '#', '~', '!':
			b.WriteByte('\\')
			b.WriteRune(r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// gitlabIssue is one entry of a GitLab code-quality report.
type gitlabIssue struct {
	Description string         `json:"description"`
	CheckName   string         `json:"check_name"`
	Fingerprint string         `json:"fingerprint"`
	Severity    string         `json:"severity"`
	Location    gitlabLocation `json:"location"`
}

type gitlabLocation struct {
	Path  string      `json:"path"`
	Lines gitlabLines `json:"lines"`
}

type gitlabLines struct {
	Begin int `json:"begin"`
}

// gitlabReport is the code-quality report of the findings. Severity:
// major for an undetected mutant missing from the baseline (it fails the
// run), minor for a survivor without a baseline, info for an accepted
// survivor and a timeout. The fingerprint hashes the mutant's baseline
// key (package, function, operator, text), not its line, so that GitLab
// follows a survivor across unrelated edits.
func gitlabReport(findings []finding) ([]byte, error) {
	issues := []gitlabIssue{}
	seen := map[string]bool{}
	for _, f := range findings {
		sev := "minor"
		switch {
		case f.fresh:
			sev = "major"
		case f.accepted || f.m.Outcome == string(report.Timeout):
			sev = "info"
		}
		key := f.entry.key()
		if seen[key] {
			key += "\x1f" + f.id
		}
		seen[key] = true
		sum := sha256.Sum256([]byte("mutprop\x1f" + f.m.Outcome + "\x1f" + key))
		issues = append(issues, gitlabIssue{
			Description: f.message(),
			CheckName:   "mutprop/" + f.entry.Operator,
			Fingerprint: hex.EncodeToString(sum[:]),
			Severity:    sev,
			Location:    gitlabLocation{Path: f.repoPath, Lines: gitlabLines{Begin: max(f.m.Mutant.Line, 1)}},
		})
	}
	return marshalIndent(issues)
}
