package runcache

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/mutprop/mutprop/internal/testbin"
)

// The environment's part of the key is what the tests read: a test
// package's verdicts depend on the variables its test binary's log shows
// its tests looking up (gotest.PackageResult.Inputs), as go test's cache
// keys them, and on those the runtime reads as the binary starts
// (testlog.RuntimeEnv). A variable no test reads changes nothing.
//
// The log starts in m.Run, so it misses what an init function or a
// TestMain reads before: getenvs adds the variables the module's code
// names in such calls.

// getenvRE matches a lookup of a variable named by a literal.
var getenvRE = regexp.MustCompile(`\b(?:os\.Getenv|os\.LookupEnv|syscall\.Getenv)\(\s*"([A-Za-z_][A-Za-z0-9_]*)"\s*\)`)

// getenvs returns the variables a test package in dir may read before its
// log starts: those that its test files and the non-test Go files of the
// module packages its test binary links (dirs) name in a call
// os.Getenv("NAME"), os.LookupEnv("NAME") or syscall.Getenv("NAME"),
// sorted, but those mutprop sets for the binary (testbin.OwnEnv).
func (h *treeHasher) getenvs(dir string, dirs map[string]*goListDep) []string {
	var names []string
	names = append(names, h.getenvsIn(dir, true)...)
	for d := range dirs {
		names = append(names, h.getenvsIn(d, false)...)
	}
	slices.Sort(names)
	return slices.Compact(names)
}

// getenvsIn returns the variables the Go files of dir name (getenvRE): its
// test files, or its other files.
func (h *treeHasher) getenvsIn(dir string, tests bool) []string {
	key := fmt.Sprintf("%s\x00%t", dir, tests)
	if names, ok := h.env[key]; ok {
		return names
	}
	var names []string
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil // the directory's hash says so
	}
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") != tests {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			continue // its hash says so
		}
		for _, m := range getenvRE.FindAllSubmatch(b, -1) {
			if v := string(m[1]); !testbin.OwnEnv(v) {
				names = append(names, v)
			}
		}
	}
	h.env[key] = names
	return names
}
