package runlog

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/mutprop/mutprop/internal/testlog"
	"github.com/mutprop/mutprop/outcome"
)

// Tree is what verdicts depend on in the user's tree as a run starts, as
// package runcache hashes it (go list -deps -test): the journal records
// it beside the verdicts (Inputs), and the outcome cache keys them on it.
// Its hashes do not depend on where the module lies.
type Tree struct {
	// Code hashes each mutated package's build inputs (its non-test
	// source and embedded files) with those of the module's packages it
	// imports.
	Code map[string]string
	// TestFiles hashes each test package's own files: its test files, the
	// other files of its directory, its testdata and test-embedded files.
	// TestLinks hashes the build inputs of the module's packages its test
	// binary links.
	TestFiles, TestLinks map[string]string
	// Counting lists, per mutated package, the test packages whose tests
	// count for it (all of the run's, or its own with --own-tests) and
	// whose test binary links it, sorted.
	Counting map[string][]string
	// Roots are the test packages' module roots: what their tests read
	// in the module is recorded relative to it (testlog.Places.Map).
	Roots map[string]string
	// Env lists, per test package, the variables that the module's code
	// its test binary links, and its test files, name in a call
	// os.Getenv("NAME") or os.LookupEnv("NAME"): read where the test log
	// does not see them (an init function, TestMain before m.Run).
	Env map[string][]string
	// Outputs are the files and directories mutprop writes (reports,
	// journals, the results directory), by absolute path: not the user's,
	// so left out of the directories the tests list.
	Outputs []string

	mu     sync.Mutex
	hashes map[string]string // root, input -> hash: each input is hashed once, the first time asked
}

// TestInputs is what the verdicts that depend on a test package depend on
// in it.
type TestInputs struct {
	Files string `json:"files"`
	Links string `json:"links"`
	// Reads are what its tests read (the test log, testlog.Input in its
	// String form), and the variables its code names (Tree.Env), each
	// with the hash of its content then (testlog.Hasher).
	Reads map[string]string `json:"reads,omitempty"`
}

// Sum is one hash of the test package's inputs.
func (ti TestInputs) Sum() string {
	sum := sha256.Sum256([]byte(ti.Files + " " + ti.Links + " " + testlog.Digest(ti.Reads)))
	return hex.EncodeToString(sum[:16])
}

// Inputs is what a package's verdicts depend on, as the run that recorded
// them saw the tree: a journal record, written when the package is ready.
type Inputs struct {
	Code string `json:"code"`
	// Tests are the test packages whose tests counted for it
	// (Tree.Counting).
	Tests map[string]TestInputs `json:"tests,omitempty"`
}

// hasher hashes the inputs of test package q.
func (t *Tree) hasher(q string) testlog.Hasher {
	return testlog.Hasher{Root: t.Roots[q], Skip: func(path string) bool {
		for _, out := range t.Outputs {
			if path == out || path == out+".tmp" {
				return true
			}
		}
		return false
	}}
}

// hash hashes one input of test package q, once per run: the first hash
// is taken as early as possible, before the copy of the module the tests
// read (a file edited during the run then reruns its verdicts next time).
func (t *Tree) hash(q string, in testlog.Input) string {
	h := t.hasher(q)
	key := h.Root + "\x00" + in.String()
	t.mu.Lock()
	defer t.mu.Unlock()
	if s, ok := t.hashes[key]; ok {
		return s
	}
	if t.hashes == nil {
		t.hashes = map[string]string{}
	}
	s := h.Hash(in)
	t.hashes[key] = s
	return s
}

// TestInputs is test package q's inputs now: read (what a run of its tests
// read; nil when unknown) with the variables its code names.
func (t *Tree) TestInputs(q string, read []testlog.Input) TestInputs {
	ti := TestInputs{Files: t.TestFiles[q], Links: t.TestLinks[q], Reads: map[string]string{}}
	for _, name := range t.Env[q] {
		read = append(read, testlog.Input{Op: testlog.Getenv, Name: name})
	}
	for _, in := range read {
		ti.Reads[in.String()] = t.hash(q, in)
	}
	return ti
}

// Rehash is then (test package q's inputs as an earlier run recorded
// them) as they are now: the same reads hashed again, the files and code
// as the tree has them.
func (t *Tree) Rehash(q string, then TestInputs) TestInputs {
	return t.TestInputs(q, ReadsOf(then))
}

// ReadsOf returns the inputs a record holds, in name order.
func ReadsOf(ti TestInputs) []testlog.Input {
	var out []testlog.Input
	for _, s := range sortedKeys(ti.Reads) {
		in, err := testlog.ParseInput(s)
		if err != nil {
			in = testlog.Input{Op: testlog.Open, Name: s} // a record mutprop did not write: hashes as missing, and differs
		}
		out = append(out, in)
	}
	return out
}

// Inputs is what the verdicts of package pkg depend on now: its code, and
// the inputs of each test package that counts for it, with read (by test
// package) the reads of this run's tests (gotest.PackageResult.Inputs).
func (t *Tree) Inputs(pkg string, read map[string][]testlog.Input) Inputs {
	in := Inputs{Code: t.Code[pkg], Tests: map[string]TestInputs{}}
	for _, q := range t.Counting[pkg] {
		in.Tests[q] = t.TestInputs(q, read[q])
	}
	return in
}

// WhyChanged says what changed between then and now, two records of test
// package q's inputs ("" when nothing did): its files, the code it links,
// or the first input its tests read whose content is not the same.
func WhyChanged(q string, then, now TestInputs) string {
	switch {
	case then.Files != now.Files:
		return q + "'s tests changed"
	case then.Links != now.Links:
		return "the code " + q + "'s tests link changed"
	}
	for _, k := range sortedKeys(then.Reads) {
		if now.Reads[k] == then.Reads[k] {
			continue
		}
		what := k
		if in, err := testlog.ParseInput(k); err == nil {
			what = in.Name
			if in.Op == testlog.Getenv {
				what = "environment variable " + in.Name
			}
		}
		return fmt.Sprintf("%s, which %s's tests read, changed", what, q)
	}
	return ""
}

// Stamp identifies what a verdict that depends on the test packages deps
// (all: on every one that counts, and on that set) depends on in these
// inputs: the code, and each of those test packages' inputs. A journal's
// mutant record keeps it (Mutant.Stamp).
func (in Inputs) Stamp(deps []string, all bool) string {
	sum := sha256.New()
	fmt.Fprintf(sum, "code %s\n", in.Code)
	for _, q := range slices.Sorted(slices.Values(deps)) {
		ti, ok := in.Tests[q]
		fmt.Fprintf(sum, "tests %s %t %s\n", q, ok, ti.Sum())
	}
	if all {
		fmt.Fprintf(sum, "all %s\n", strings.Join(sortedKeys(in.Tests), " "))
	}
	return hex.EncodeToString(sum.Sum(nil)[:16])
}

// Changes compares the inputs a journal recorded for a package with the
// tree now (Tree.Changes).
type Changes struct {
	pkg       string
	known     bool   // the journal recorded the package's inputs, and the tree is known
	unknown   string // why not, when not
	then, now Inputs // now: then's reads hashed again, the tree's code and files
}

// Changes compares then, the inputs a journal recorded for package pkg
// (nil: none were), with the tree now.
func (t *Tree) Changes(pkg string, then *Inputs) Changes {
	c := Changes{pkg: pkg, known: then != nil}
	if then == nil {
		c.unknown = "the journal does not record what " + pkg + "'s verdicts depend on"
		return c
	}
	c.then = *then
	c.now = Inputs{Code: t.Code[pkg], Tests: map[string]TestInputs{}}
	for _, q := range t.Counting[pkg] {
		c.now.Tests[q] = t.Rehash(q, then.Tests[q])
	}
	return c
}

// Counting lists the test packages that counted for the package when the
// journal recorded it.
func (c Changes) Counting() []string { return sortedKeys(c.then.Tests) }

// Any reports whether anything the package's verdicts may depend on
// changed.
func (c Changes) Any() bool {
	return !c.known || !jsonEqual(c.then, c.now)
}

// Stale says why a verdict stamped stamp (Inputs.Stamp, "" for none) that
// depends on the test packages deps (all: on every one that counts, and
// on that set) no longer holds, or "" when it does: what changed "since
// the journal", or why the journal cannot tell.
func (c Changes) Stale(stamp string, deps []string, all bool) string {
	switch {
	case !c.known:
		return c.unknown
	case stamp == "":
		return "the journal does not record what " + c.pkg + "'s verdicts depend on"
	}
	if c.now.Stamp(deps, all) == stamp {
		return ""
	}
	return c.changed(deps, all) + " since the journal"
}

// changed says what changed for a verdict whose stamp differs.
func (c Changes) changed(deps []string, all bool) string {
	if c.then.Code != c.now.Code {
		return c.pkg + "'s code changed"
	}
	for _, q := range deps {
		now, ok := c.now.Tests[q]
		if !ok {
			return q + "'s tests no longer count"
		}
		if why := WhyChanged(q, c.then.Tests[q], now); why != "" {
			return why
		}
	}
	if all {
		for _, q := range sortedKeys(c.now.Tests) {
			if _, ok := c.then.Tests[q]; !ok {
				return q + "'s tests count now"
			}
		}
	}
	// The journal's record of the package is newer than the verdict: a
	// resumed run that changed it was interrupted too.
	return c.pkg + "'s inputs changed"
}

// DependsOn returns the test packages a verdict of package pkg depends on,
// of those whose tests count for it (counting): a kill, but with --matrix,
// on its killers' packages (its own tests are named bare, another
// package's "importpath.TestName"); any other verdict on every one that
// counts, and on that set (all).
func DependsOn(pkg string, o outcome.Outcome, killedBy, counting []string, matrix bool) (deps []string, all bool) {
	if o != outcome.Killed || matrix || len(killedBy) == 0 {
		return slices.Clone(counting), true
	}
	for _, name := range killedBy {
		q := ""
		for _, c := range counting {
			if c != pkg && strings.HasPrefix(name, c+".") && len(c) > len(q) {
				q = c
			}
		}
		if q == "" && slices.Contains(counting, pkg) {
			q = pkg // its own tests are named bare
		}
		if q == "" {
			return slices.Clone(counting), true
		}
		if !slices.Contains(deps, q) {
			deps = append(deps, q)
		}
	}
	return deps, false
}

// sortedKeys returns m's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	return slices.Sorted(maps.Keys(m))
}
