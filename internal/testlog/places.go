package testlog

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Places says where a test binary ran, so that Map can tell the user's
// inputs from mutprop's.
type Places struct {
	// Copy is the root of the module's copy the binary ran in; Template
	// the pristine copy Copy is reset to before each run (so a path of
	// Copy that Template lacks was written by the run).
	Copy, Template string
	// Own are directories whose content is mutprop's or the run's: the
	// binary's TMPDIR, the run's temporary directory.
	Own []string
	// OwnEnv reports the variables whose value the binary got from
	// mutprop, not from the user (testbin.OwnEnv); nil for none.
	OwnEnv func(name string) bool
}

// pseudo are the file systems whose files are no one's input: their
// content is the running system's (a process's status, a device).
var pseudo = []string{"/proc", "/sys", "/dev"}

// Map returns ins, read by a binary that ran in p.Copy after the run
// ended (the copy not yet reset), as the user's inputs:
//
//   - a path in the copy becomes a slash path relative to the module
//     root ("fixtures/mode.txt", "." for the root), which names the same
//     file in the user's module; one the run created there (missing
//     from the template, present in the copy) is left out, and so is
//     one under the copy's .mutprop;
//   - a path in one of p.Own, or on /proc, /sys or /dev, is left out;
//   - any other path (outside the module) stays absolute;
//   - a variable p.OwnEnv names is left out.
func (p Places) Map(ins []Input) []Input {
	var out []Input
	seen := map[Input]bool{}
	for _, in := range ins {
		in, ok := p.mapInput(in)
		if ok && !seen[in] {
			seen[in] = true
			out = append(out, in)
		}
	}
	return out
}

func (p Places) mapInput(in Input) (Input, bool) {
	if !in.path() {
		return in, p.OwnEnv == nil || !p.OwnEnv(in.Name)
	}
	path := filepath.Clean(in.Name)
	if rel, ok := under(path, p.Copy); ok {
		if rel == ".mutprop" || strings.HasPrefix(rel, ".mutprop/") {
			return in, false
		}
		if !exists(filepath.Join(p.Template, rel)) && exists(path) {
			return in, false // the run wrote it
		}
		in.Name = rel
		return in, true
	}
	for _, dir := range p.Own {
		if _, ok := under(path, dir); ok {
			return in, false
		}
	}
	for _, dir := range pseudo {
		if _, ok := under(path, dir); ok {
			return in, false
		}
	}
	in.Name = path
	return in, true
}

// under returns path relative to dir, as a slash path, when it lies in
// dir (or is dir: ".").
func under(path, dir string) (string, bool) {
	if dir == "" {
		return "", false
	}
	dir = filepath.Clean(dir)
	if path != dir && !strings.HasPrefix(path, dir+string(filepath.Separator)) {
		return "", false
	}
	rel, err := filepath.Rel(dir, path)
	if err != nil {
		return "", false
	}
	return filepath.ToSlash(rel), true
}

// exists reports whether path names an entry (a dangling link included).
func exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil || !errors.Is(err, fs.ErrNotExist)
}
