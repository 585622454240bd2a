package cli

import (
	"os"
	"path/filepath"
	"strings"
)

// ModuleRoot returns the directory of the go.mod that holds the current
// directory, or "" outside any module.
func ModuleRoot() string {
	wd, err := os.Getwd()
	if err != nil {
		return ""
	}
	for d := wd; ; d = filepath.Dir(d) {
		if st, err := os.Stat(filepath.Join(d, "go.mod")); err == nil && !st.IsDir() {
			return d
		}
		if filepath.Dir(d) == d {
			return ""
		}
	}
}

// ErrNotInModule is the refusal of a current directory outside any
// module (as mutprop run words it).
func ErrNotInModule() error {
	wd, _ := os.Getwd()
	return UsageError("%s is not inside a Go module (no go.mod in it or any parent directory): run mutprop from the module of the packages", wd)
}

// badArguments are the messages of go list and package loading that
// blame the arguments, not the packages.
var badArguments = []string{
	"no packages match",
	"directory not found",
	"no such file or directory",
	"no required module provides package",
	"cannot find module providing package",
	"is not in std",
	"malformed import path",
	"outside main module",
	"outside module root",
	"does not contain main module",
	"go.mod file not found",
}

// LoadError gives an error of loading packages (mutate.Load: mutants,
// show, schemata) its exit code: outside any module, or for a path,
// package or pattern that names nothing, a usage error (ExitUsage); for a
// package that does not load (it does not compile), ExitError.
func LoadError(err error) error {
	if err == nil {
		return nil
	}
	if ModuleRoot() == "" && os.Getenv("GOWORK") == "" {
		return ErrNotInModule()
	}
	for _, s := range badArguments {
		if strings.Contains(err.Error(), s) {
			return WithCode(ExitUsage, err)
		}
	}
	return WithCode(ExitError, err)
}
