package ci

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/mod/modfile"

	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/report"
	"github.com/mutprop/mutprop/runlog"
)

// DefaultGitLabReport is where --annotations gitlab writes without a file
// (the name GitLab's documentation uses).
const DefaultGitLabReport = "gl-code-quality-report.json"

// Annotations is the value of --annotations, a flag.Value: github,
// gitlab or gitlab=FILE, comma-separated or repeated.
type Annotations struct {
	// GitHub prints survivors as GitHub workflow commands (::warning
	// lines) instead of file:line:col lines, and appends a Markdown
	// summary to $GITHUB_STEP_SUMMARY.
	GitHub bool
	// GitLab is the path of the GitLab code-quality report; "" for none.
	GitLab string
	// gitlabBare is set by "gitlab" without a file.
	gitlabBare bool
}

// String returns the value as Set takes it.
func (a *Annotations) String() string {
	var s []string
	if a.GitHub {
		s = append(s, "github")
	}
	if a.GitLab != "" {
		s = append(s, "gitlab="+a.GitLab)
	}
	return strings.Join(s, ",")
}

// Set adds the kinds of annotations v names.
func (a *Annotations) Set(v string) error {
	for _, part := range strings.Split(v, ",") {
		kind, file, hasFile := strings.Cut(strings.TrimSpace(part), "=")
		if !hasFile {
			kind, file, hasFile = strings.Cut(kind, ":")
		}
		switch {
		case kind == "github" && !hasFile:
			a.GitHub = true
		case kind == "gitlab" && !hasFile:
			a.GitLab, a.gitlabBare = DefaultGitLabReport, true
		case kind == "gitlab" && file != "":
			a.GitLab, a.gitlabBare = file, false
		default:
			return fmt.Errorf("want github, gitlab or gitlab=FILE, not %q", part)
		}
	}
	return nil
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
func stepSummary(pkgs []runlog.Package, score report.Score, findings []finding, baselineNote string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "### mutprop: mutation score %s (%d of %d detected)\n\n", percent(score), score.Detected, score.Valid)
	b.WriteString("| package | mutants | killed | survived | timeout | no coverage | score |\n|---|--:|--:|--:|--:|--:|--:|\n")
	for _, p := range pkgs {
		s := report.ScoreOf(p.Report().Mutants)
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %d | %d | %s |\n", mdEscape(p.Path), s.Total,
			s.Counts[outcome.Killed], s.Counts[outcome.Survived], s.Counts[outcome.Timeout], s.Counts[outcome.NoCoverage], percent(s))
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

// GitLabIssue is one entry of a GitLab code-quality report.
type GitLabIssue struct {
	Description string         `json:"description"`
	CheckName   string         `json:"check_name"`
	Fingerprint string         `json:"fingerprint"`
	Severity    string         `json:"severity"`
	Location    GitLabLocation `json:"location"`
}

// GitLabLocation is where a GitLabIssue is: a path relative to the
// repository and a line.
type GitLabLocation struct {
	Path  string      `json:"path"`
	Lines GitLabLines `json:"lines"`
}

// GitLabLines are the lines of a GitLabLocation.
type GitLabLines struct {
	Begin int `json:"begin"`
}

// gitlabReport is the code-quality report of the findings. Severity:
// major for an undetected mutant missing from the baseline (it fails the
// run), minor for a survivor without a baseline, info for an accepted
// survivor and a timeout. The fingerprint hashes the mutant's baseline
// key (package, function, operator, text), not its line, so that GitLab
// follows a survivor across unrelated edits.
func gitlabReport(findings []finding) ([]byte, error) {
	issues := []GitLabIssue{}
	seen := map[string]bool{}
	for _, f := range findings {
		sev := "minor"
		switch {
		case f.fresh:
			sev = "major"
		case f.accepted || f.m.Outcome == outcome.Timeout:
			sev = "info"
		}
		key := f.entry.key()
		if seen[key] {
			key += "\x1f" + f.id
		}
		seen[key] = true
		sum := sha256.Sum256([]byte("mutprop\x1f" + string(f.m.Outcome) + "\x1f" + key))
		issues = append(issues, GitLabIssue{
			Description: f.message(),
			CheckName:   "mutprop/" + f.entry.Operator,
			Fingerprint: hex.EncodeToString(sum[:]),
			Severity:    sev,
			Location:    GitLabLocation{Path: f.repoPath, Lines: GitLabLines{Begin: max(f.m.Mutant.Line, 1)}},
		})
	}
	return marshalIndent(issues)
}
