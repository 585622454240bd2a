// Package preflight resolves mutprop run's package patterns with go list
// before anything is built, and refuses, with a reason on one line, what
// cannot be scored.
package preflight

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// ListedPackage is what go list says of a package.
type ListedPackage struct {
	ImportPath   string
	Dir          string
	Name         string
	GoFiles      []string
	CgoFiles     []string
	TestGoFiles  []string
	XTestGoFiles []string
	Error        *struct{ Err string }
}

// InputError is a preflight refusal caused by the arguments rather than
// the packages: a path or an import path that does not exist, a
// directory outside any module or outside the main module, a pattern that
// matches nothing.
type InputError struct{ msg string }

// Error returns the message.
func (e *InputError) Error() string { return e.msg }

func inputError(format string, args ...any) error {
	return &InputError{fmt.Sprintf(format, args...)}
}

// Run resolves the patterns with go list before anything is built,
// and refuses with a reason, on one line, what cannot be scored: a path
// that does not exist, a directory outside the main module (those are
// *InputError), a package without non-test files, using cgo, or whose
// files the build tags exclude, and a package without tests when no test
// can reach it (it is alone, or ownTests). With several packages, those
// that cannot be scored are passed to skip, with the reason, and left
// out; a pattern that names nothing is always an error. It returns the
// packages to mutate, and the packages that only hold tests (no non-test
// files), whose tests count for the others unless ownTests. tags are
// build tags for go list (its -tags flag); none for the default.
func Run(ctx context.Context, patterns, tags []string, ownTests bool, skip func(reason error)) (ok, testOnly []ListedPackage, err error) {
	args := []string{"list", "-e", "-json=ImportPath,Dir,Name,GoFiles,CgoFiles,TestGoFiles,XTestGoFiles,Error"}
	if len(tags) > 0 {
		args = append(args, "-tags="+strings.Join(tags, ","))
	}
	args = append(args, patterns...)
	cmd := exec.CommandContext(ctx, "go", args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return nil, nil, ctx.Err()
		}
		msg := strings.TrimSpace(stderr.String())
		if strings.Contains(msg, "go.mod file not found") {
			return nil, nil, notInModule()
		}
		if msg == "" {
			msg = err.Error()
		}
		return nil, nil, inputError("go list %s: %s", strings.Join(patterns, " "), msg)
	}
	var pkgs []ListedPackage
	dec := json.NewDecoder(&stdout)
	for {
		var p ListedPackage
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return nil, nil, fmt.Errorf("go list %s: %w", strings.Join(patterns, " "), err)
		}
		pkgs = append(pkgs, p)
	}
	if len(pkgs) == 0 {
		return nil, nil, inputError("%s matches no packages", strings.Join(patterns, " "))
	}
	var refused []error
	withTests := 0
	for _, p := range pkgs {
		if p.Error == nil && len(p.CgoFiles) == 0 && len(p.TestGoFiles)+len(p.XTestGoFiles) > 0 {
			withTests++
		}
	}
	for _, p := range pkgs {
		if p.Error != nil {
			return nil, nil, packageError(p)
		}
		if len(p.GoFiles) == 0 && len(p.CgoFiles) == 0 && len(p.TestGoFiles)+len(p.XTestGoFiles) > 0 && !ownTests && len(pkgs) > 1 {
			testOnly = append(testOnly, p)
			continue
		}
		if err := scorable(p, ownTests || withTests == 0); err != nil {
			refused = append(refused, err)
			continue
		}
		ok = append(ok, p)
	}
	if len(pkgs) == 1 && len(refused) == 1 {
		return nil, nil, refused[0]
	}
	if skip != nil {
		for _, err := range refused {
			skip(err)
		}
	}
	if len(ok) == 0 {
		return nil, nil, fmt.Errorf("no package of %s can be scored (%d skipped)", strings.Join(patterns, " "), len(refused))
	}
	return ok, testOnly, nil
}

// packageError explains a package go list could not load.
func packageError(p ListedPackage) error {
	msg := p.Error.Err
	switch {
	case strings.Contains(msg, "directory not found") || strings.Contains(msg, "no such file or directory"):
		return inputError("%s: no such directory", p.ImportPath)
	case strings.Contains(msg, "outside main module") || strings.Contains(msg, "outside module root"):
		return inputError("%s is outside the main module: run mutprop from the module that contains it (%s)", p.ImportPath, msg)
	case strings.Contains(msg, "build constraints exclude all Go files"):
		return fmt.Errorf("%s: %s (select build tags with --tags)", p.ImportPath, msg)
	case strings.Contains(msg, "cannot find main module"):
		return inputError("%s is not inside a Go module: %s", p.ImportPath, msg)
	case strings.Contains(msg, "does not contain main module"):
		// "./..." outside any module, or a directory outside the main one.
		if !inModule() {
			return notInModule()
		}
		return inputError("%s is outside the main module: run mutprop from the module that contains it (%s)", p.ImportPath, msg)
	case strings.Contains(msg, "no required module provides package") || strings.Contains(msg, "is not in std") ||
		strings.Contains(msg, "cannot find module providing package") || strings.Contains(msg, "malformed import path"):
		return inputError("%s: no such package (%s)", p.ImportPath, preflightLine(msg))
	}
	return fmt.Errorf("%s does not load: %s", p.ImportPath, msg)
}

// scorable says why a package cannot be scored, or nil; needTests says
// that it must have tests of its own (no other package's can reach it).
func scorable(p ListedPackage, needTests bool) error {
	switch {
	case len(p.CgoFiles) > 0:
		return fmt.Errorf("%s uses cgo (%s imports \"C\"): mutprop does not mutate cgo packages; leave it out of the patterns", p.ImportPath, p.CgoFiles[0])
	case len(p.GoFiles) == 0:
		return fmt.Errorf("%s has no non-test Go files to mutate", p.ImportPath)
	case needTests && len(p.TestGoFiles)+len(p.XTestGoFiles) == 0:
		return fmt.Errorf("%s has no test files: no test can kill its mutants", p.ImportPath)
	}
	return nil
}

// notInModule is the refusal of a current directory outside any module.
func notInModule() error {
	wd, _ := os.Getwd()
	return inputError("%s is not inside a Go module (no go.mod in it or any parent directory): run mutprop from the module of the packages to score", wd)
}

// inModule reports whether the current directory is inside a module: it
// or a parent holds go.mod (or GOWORK names a workspace).
func inModule() bool {
	if w := os.Getenv("GOWORK"); w != "" && w != "off" {
		return true
	}
	wd, err := os.Getwd()
	if err != nil {
		return true // cannot tell: let go list's message stand
	}
	for d := wd; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return true
		}
		if filepath.Dir(d) == d {
			return false
		}
	}
}

// preflightLine is msg up to its first line break ("to add it: go get ..."
// follows on the next).
func preflightLine(msg string) string {
	line, _, _ := strings.Cut(msg, "\n")
	return strings.TrimSuffix(strings.TrimSpace(line), "; to add it:")
}
