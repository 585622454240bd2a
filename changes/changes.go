// Package changes finds the lines of a git working tree changed since a
// revision (git diff -U0 REV, staged and unstaged, plus untracked files)
// and selects the mutants on them: mutprop run --since.
package changes

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mutprop/mutprop/mutate"
)

// Lines maps an absolute file path (symlinks resolved) to its changed
// lines.
type Lines map[string]*lineSet

// lineSet is the changed lines of one file; all marks a file git does not
// track (every line is new).
type lineSet struct {
	all   bool
	lines map[int]bool
}

// InputError is an error of Since's arguments, not of git: a directory
// outside any git repository, or a revision the repository lacks.
type InputError struct{ msg string }

// Error returns the message.
func (e *InputError) Error() string { return e.msg }

// Since returns the lines changed since rev in the working trees of the
// git repositories that hold dirs: git diff -U0 rev (staged and unstaged
// changes), plus untracked files, every line of which counts. Errors of
// the arguments are *InputError; others are failures of git.
func Since(ctx context.Context, dirs []string, rev string) (Lines, error) {
	ch := Lines{}
	seen := map[string]bool{} // repositories already diffed
	for _, dir := range dirs {
		top, err := git(ctx, dir, "rev-parse", "--show-toplevel")
		if err != nil {
			return nil, &InputError{fmt.Sprintf("%s is not in a git repository (%v)", dir, err)}
		}
		top = strings.TrimSpace(top)
		if seen[top] {
			continue
		}
		seen[top] = true
		c, err := repoChanges(ctx, top, rev)
		if err != nil {
			return nil, err
		}
		for k, v := range c {
			ch[k] = v
		}
	}
	return ch, nil
}

// repoChanges returns the lines changed since rev in the repository whose
// top directory is top.
func repoChanges(ctx context.Context, top, rev string) (Lines, error) {
	if _, err := git(ctx, top, "rev-parse", "--verify", "--quiet", rev+"^{commit}"); err != nil {
		return nil, &InputError{fmt.Sprintf("%q is not a revision of the git repository %s", rev, top)}
	}
	diff, err := git(ctx, top, "-c", "core.quotePath=false", "diff", "-U0", "--no-color", "--no-ext-diff", "--no-renames",
		"--src-prefix=a/", "--dst-prefix=b/", rev, "--")
	if err != nil {
		return nil, fmt.Errorf("git diff %s: %w", rev, err)
	}
	ch, err := parseDiff(top, diff)
	if err != nil {
		return nil, err
	}
	untracked, err := git(ctx, top, "ls-files", "-z", "--others", "--exclude-standard")
	if err != nil {
		return nil, fmt.Errorf("git ls-files: %w", err)
	}
	for _, f := range strings.Split(untracked, "\x00") {
		if f != "" {
			ch[realPath(filepath.Join(top, f))] = &lineSet{all: true}
		}
	}
	return ch, nil
}

// git runs git in dir and returns its output; an error is the first line
// git printed on stderr.
func git(ctx context.Context, dir string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, "git", args...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		if msg := strings.TrimSpace(stderr.String()); msg != "" {
			return "", fmt.Errorf("%s", firstLineOf(msg))
		}
		return "", err
	}
	return stdout.String(), nil
}

func firstLineOf(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// parseDiff reads the new-side line numbers of a unified diff with zero
// lines of context. A hunk that only deletes marks the lines on both sides
// of the cut.
func parseDiff(top, diff string) (Lines, error) {
	ch := Lines{}
	var cur *lineSet
	sc := bufio.NewScanner(strings.NewReader(diff))
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "+++ "):
			name := strings.TrimPrefix(line, "+++ ")
			if uq, err := strconv.Unquote(name); err == nil {
				name = uq
			}
			cur = nil
			if name != "/dev/null" {
				path := realPath(filepath.Join(top, strings.TrimPrefix(name, "b/")))
				cur = &lineSet{lines: map[int]bool{}}
				ch[path] = cur
			}
		case strings.HasPrefix(line, "@@ ") && cur != nil:
			start, n, err := hunkNewSide(line)
			if err != nil {
				return nil, err
			}
			if n == 0 {
				cur.lines[start] = true
				cur.lines[start+1] = true
			}
			for l := start; l < start+n; l++ {
				cur.lines[l] = true
			}
		}
	}
	return ch, sc.Err()
}

// hunkNewSide parses "@@ -a,b +c,d @@" into c and d (d is 1 when absent).
func hunkNewSide(h string) (start, n int, err error) {
	fields := strings.Fields(h)
	if len(fields) < 3 || !strings.HasPrefix(fields[2], "+") {
		return 0, 0, fmt.Errorf("bad hunk header %q", h)
	}
	spec := strings.TrimPrefix(fields[2], "+")
	n = 1
	if i := strings.IndexByte(spec, ','); i >= 0 {
		if n, err = strconv.Atoi(spec[i+1:]); err != nil {
			return 0, 0, fmt.Errorf("bad hunk header %q", h)
		}
		spec = spec[:i]
	}
	if start, err = strconv.Atoi(spec); err != nil {
		return 0, 0, fmt.Errorf("bad hunk header %q", h)
	}
	return start, n, nil
}

func realPath(p string) string {
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return r
	}
	return filepath.Clean(p)
}

// Filter selects the mutants of pkg on changed lines: a mutant is kept
// when any line from its start to its end changed.
func (ch Lines) Filter(pkg *mutate.Package) func(mutate.Mutant) bool {
	dir := realPath(pkg.Dir)
	return func(m mutate.Mutant) bool {
		ls := ch[filepath.Join(dir, m.File)]
		if ls == nil {
			return false
		}
		if ls.all {
			return true
		}
		for l := m.Line; l <= max(m.Line, m.EndLine); l++ {
			if ls.lines[l] {
				return true
			}
		}
		return false
	}
}
