// Package testlog reads what a test binary's tests read, as the binary's
// -test.testlogfile log records it: the log go test's own cache keys on
// (cmd/go's computeTestInputsID). A passing test binary started with
// -test.testlogfile FILE writes "# test log", then one line per
// environment lookup, file open, stat and change of directory its tests
// made once m.Run started: "getenv NAME", "open PATH", "stat PATH",
// "chdir PATH".
//
//   - testlog.go: Input, Parse (the log) and RuntimeEnv (what the runtime
//     reads before the log starts).
//   - places.go: Places.Map, the inputs of a run in a copy of a module
//     mapped back to the user's: paths relative to the module root,
//     mutprop's own files and variables left out.
//   - hash.go: Hasher, each input's content as it is now.
package testlog

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"
)

// header is the log's first line (testing/internal/testdeps).
const header = "# test log"

// The operations a log records (Input.Op).
const (
	Getenv = "getenv" // os.Getenv, os.LookupEnv: Name is the variable
	Open   = "open"   // os.Open and what calls it (os.ReadFile, os.ReadDir): Name is the path
	Stat   = "stat"   // os.Stat, os.Lstat: Name is the path
	Chdir  = "chdir"  // os.Chdir, t.Chdir: Name is the new working directory
)

// An Input is one thing the tests read: a variable looked up, or a path
// opened, stat'ed or made the working directory.
type Input struct {
	Op   string
	Name string
}

// String is the input as a log line: "open fixtures/mode.txt".
func (in Input) String() string { return in.Op + " " + in.Name }

// ParseInput parses an input from its String form.
func ParseInput(s string) (Input, error) {
	op, name, ok := strings.Cut(s, " ")
	in := Input{Op: op, Name: name}
	if !ok || name == "" || !in.known() {
		return Input{}, fmt.Errorf("test log: malformed input %q", s)
	}
	return in, nil
}

func (in Input) known() bool {
	switch in.Op {
	case Getenv, Open, Stat, Chdir:
		return true
	}
	return false
}

// path reports whether the input names a path (not a variable).
func (in Input) path() bool { return in.Op != Getenv }

// Parse reads the log of a test binary started in the directory dir. A
// relative path is made absolute from dir, or from the directory of the
// last chdir before it (which the log records absolute). Each input is
// kept once, in the order first read. A log without its header, a
// malformed line or an unknown operation is an error, as go test's cache
// treats it.
func Parse(log []byte, dir string) ([]Input, error) {
	rest, ok := bytes.CutPrefix(log, []byte(header+"\n"))
	if !ok {
		return nil, fmt.Errorf("test log: no %q header", header)
	}
	wd := dir
	seen := map[Input]bool{}
	var out []Input
	for _, line := range strings.Split(string(rest), "\n") {
		if line == "" || line == header { // a TestMain that calls m.Run twice writes no second header; tolerate one
			continue
		}
		in, err := ParseInput(line)
		if err != nil {
			return nil, err
		}
		if in.path() && !filepath.IsAbs(in.Name) {
			in.Name = filepath.Join(wd, in.Name)
		}
		if in.path() {
			in.Name = filepath.Clean(in.Name)
		}
		if in.Op == Chdir {
			wd = in.Name
		}
		if !seen[in] {
			seen[in] = true
			out = append(out, in)
		}
	}
	return out, nil
}

// RuntimeEnv returns the variables the Go runtime reads as the test binary
// starts, before its log does: go test's cache keys GODEBUG for that
// reason; GOGC, GOMAXPROCS and GOTRACEBACK change memory use, timing and
// crash reports, which verdicts depend on.
func RuntimeEnv() []Input {
	return []Input{{Getenv, "GODEBUG"}, {Getenv, "GOGC"}, {Getenv, "GOMAXPROCS"}, {Getenv, "GOTRACEBACK"}}
}
