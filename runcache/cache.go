package runcache

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/mutprop/mutprop/gotest"
	"github.com/mutprop/mutprop/mutate"
	"github.com/mutprop/mutprop/runlog"
)

// Options describe a run to the cache.
type Options struct {
	// Results is the results directory; the cache lives in its cache
	// subdirectory, and writing it creates the directory as
	// runlog.EnsureResultsDir does.
	Results string
	// Flags describes the run's flags that change verdicts: a cache made
	// with other flags is not used.
	Flags string
	// Packages are the import paths of the packages the run mutates and
	// of the packages that only hold tests (Config.TestPackages).
	Packages []string
	// Outputs are the absolute paths of the files the run writes (the
	// results directory, the journal, the reports): never hashed as the
	// packages' files, by this run or later ones.
	Outputs []string
	// Started is when the run started: a run served from the cache says
	// how long it took.
	Started time.Time
	// Logf prints a line about what the cache gave the run; Warnf a
	// warning (a cache ignored or not written). Nil prints nothing.
	Logf, Warnf func(format string, args ...any)
}

// cacheFormat versions the file; another version is ignored.
const cacheFormat = 1

// outcomeCache is the cache file.
type outcomeCache struct {
	Format int `json:"format"`
	// Env identifies what every verdict depends on (cacheRun.env): the go
	// command, mutprop's build, the flags, the module files, and each
	// environment variable but the volatile ones (environ.go), by a hash
	// of its value.
	Env map[string]string `json:"env"`
	// Exe is mutprop's executable when its hash was computed: an
	// executable with the same path, size and time keeps it.
	Exe      exeStamp                  `json:"exe"`
	Packages map[string]*cachedPackage `json:"packages"`
	// Outputs are the files mutprop runs wrote (reports, journals), by
	// absolute path: a later run does not take them for the user's files,
	// even where its own flags no longer name them.
	Outputs []string `json:"outputs,omitempty"`
}

type exeStamp struct {
	Path    string `json:"path"`
	Size    int64  `json:"size"`
	ModTime int64  `json:"modTime"`
	Hash    string `json:"hash"`
}

// cachedPackage is a mutated package in the cache.
type cachedPackage struct {
	// Code hashes the package's build inputs and those of the module's
	// packages it imports; Tests its own test package ("" without tests).
	Code  string `json:"code"`
	Tests string `json:"tests,omitempty"`
	// What the report needs besides the mutants, from the run that wrote
	// the package: its tests (gotest.PackageResult.Tests), the tests set
	// aside, the registered suites, the black-box strength's inputs
	// (gotest.PackageResult.Strength, as JSON) and a hash of the mutants
	// the suites and the strength measured.
	TestNames  []string                 `json:"testNames,omitempty"`
	SetAside   []gotest.SetAside        `json:"setAside,omitempty"`
	Suites     []gotest.SuiteResult     `json:"suites,omitempty"`
	Strength   json.RawMessage          `json:"strength,omitempty"`
	SuitesOver string                   `json:"suitesOver,omitempty"`
	Mutants    map[string]*cachedMutant `json:"mutants"`
}

// cachedMutant is one verdict: the journal's record of it, and the test
// packages it depends on with their hashes.
type cachedMutant struct {
	runlog.Mutant
	Deps map[string]string `json:"deps,omitempty"`
	// All says that Deps are every test package that counted for the
	// mutated package and linked it: the verdict needs that set unchanged.
	All bool `json:"all,omitempty"`
}

// cacheRun is the cache during one run: the file as read, the hashes of
// the tree as it is when the run starts, and the verdicts it serves.
type cacheRun struct {
	path string
	old  *outcomeCache // the file as read; empty when missing or unusable
	env  map[string]string
	exe  exeStamp
	// outputs are the files mutprop runs wrote: the earlier runs' and
	// this one's (outcomeCache.Outputs).
	outputs []string
	warnf   func(format string, args ...any)

	code  map[string]string          // mutated package -> hash of its build inputs
	tests map[string]string          // test package -> hash
	links map[string]map[string]bool // test package -> the packages its test binary links
	// counting lists, per mutated package, the test packages whose tests
	// count for it (as gotest.Score picks them) and link it.
	counting map[string][]string
	ownTests bool

	hits    map[string]map[string]gotest.MutantResult // package -> mutant ID -> cached verdict
	served  map[string]map[string]bool                // what the cache gave this run
	resumed int                                       // mutants the journal gave (--resume)
	total   int
	misses  map[string]int // why mutants were not in the cache, by reason
	envNote string         // why the whole cache was not used
}

// Score runs gotest.Score with cfg through the outcome cache: with every
// selected mutant in the cache, nothing is built and the result comes from
// it, through cfg's hooks (Prior, Ready, Finished) as a run's would; with
// some, those are given to Score as prior outcomes and sent to Finished as
// outcomes of this run. A cache that cannot be used (go env or go list
// fails) is left aside with a warning. cfg's hooks are replaced.
func Score(ctx context.Context, cfg *gotest.Config, o Options) (*gotest.Result, error) {
	logf, warnf := o.Logf, o.Warnf
	if logf == nil {
		logf = func(string, ...any) {}
	}
	if warnf == nil {
		warnf = func(string, ...any) {}
	}
	cr, err := open(ctx, o, cfg, warnf)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		warnf("outcome cache not used: %v", err)
		return gotest.Score(ctx, *cfg)
	}
	plan, err := cr.plan(ctx, cfg)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		// Score reports what does not load or enumerate.
		return gotest.Score(ctx, *cfg)
	}
	if res, ok := cr.fromCache(cfg, plan); ok {
		logf("%d of %d mutants from the cache, 0 run: nothing built (%.2f s)",
			cr.count(), cr.total, time.Since(o.Started).Seconds())
		if cr.old.Exe != cr.exe || !slices.Equal(cr.old.Outputs, cr.outputs) {
			cr.save(cfg, nil) // the executable's new stamp, this run's output files
		}
		return res, nil
	}
	cr.hook(cfg)
	res, err := gotest.Score(ctx, *cfg)
	if err != nil || res == nil {
		return res, err
	}
	logf("%d of %d mutants from the cache, %d run%s",
		cr.count(), cr.total, cr.total-cr.count()-cr.resumed, cr.missNote())
	if !res.Interrupted {
		cr.save(cfg, res)
	}
	return res, nil
}

// open reads the cache file and hashes what verdicts depend on.
func open(ctx context.Context, o Options, cfg *gotest.Config, warnf func(string, ...any)) (*cacheRun, error) {
	cr := &cacheRun{
		path:     filepath.Join(o.Results, "cache", "outcomes.json"),
		old:      &outcomeCache{},
		warnf:    warnf,
		ownTests: cfg.OwnTests,
		hits:     map[string]map[string]gotest.MutantResult{},
		served:   map[string]map[string]bool{},
		misses:   map[string]int{},
	}
	if b, err := os.ReadFile(cr.path); err == nil {
		var c outcomeCache
		switch err := json.Unmarshal(b, &c); {
		case err != nil:
			warnf("the outcome cache %s is corrupt (%v): ignored, and rewritten after this run", cr.path, err)
		case c.Format != cacheFormat:
			warnf("the outcome cache %s has format %d, not %d: ignored, and rewritten after this run", cr.path, c.Format, cacheFormat)
		default:
			cr.old = &c
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		warnf("the outcome cache %s cannot be read (%v): ignored", cr.path, err)
	}
	if cr.old.Packages == nil {
		cr.old.Packages = map[string]*cachedPackage{}
	}

	goEnv, err := goCommandEnv(ctx)
	if err != nil {
		return nil, err
	}
	if cr.exe, err = executableStamp(cr.old.Exe); err != nil {
		return nil, err
	}
	cr.outputs = mergeOutputs(cr.old.Outputs, o.Outputs)
	h := newTreeHasher(cr.outputs)
	modules, err := cr.hashPackages(ctx, h, o.Packages, cfg.Tags, goEnv["GOWORK"])
	if err != nil {
		return nil, err
	}
	cr.env = map[string]string{
		"go":      goEnvString(goEnv),
		"mutprop": cr.exe.Hash,
		"flags":   o.Flags,
		"modules": modules,
	}
	if len(cfg.Tags) > 0 {
		// Build tags select files: the run's go commands get them as -tags,
		// which neither go env nor the environment shows.
		cr.env["tags"] = strings.Join(cfg.Tags, ",")
	}
	maps.Copy(cr.env, processEnvironment())
	if len(cr.old.Env) > 0 {
		var changed []string
		for _, k := range sortedKeys(mergeKeys(cr.env, cr.old.Env)) {
			if cr.old.Env[k] != cr.env[k] {
				changed = append(changed, envName(k))
			}
		}
		if len(changed) > 0 {
			if len(changed) > 3 {
				changed = append(changed[:3], fmt.Sprintf("%d more", len(changed)-3))
			}
			cr.envNote = "the cache was made with another " + strings.Join(changed, ", ")
			cr.old.Packages = map[string]*cachedPackage{}
		}
	}
	return cr, nil
}

// envName names an entry of the cache's environment for the reader.
func envName(k string) string {
	switch k {
	case "go":
		return "go command (go env)"
	case "mutprop":
		return "mutprop build"
	case "flags":
		return "set of flags"
	case "modules":
		return "go.mod or go.sum"
	case "tags":
		return "set of build tags (--tags)"
	}
	if name, ok := strings.CutPrefix(k, envPrefix); ok {
		return "environment variable " + name
	}
	return k
}

// mergeKeys returns a map with the keys of a and b.
func mergeKeys(a, b map[string]string) map[string]bool {
	out := make(map[string]bool, len(a)+len(b))
	for k := range a {
		out[k] = true
	}
	for k := range b {
		out[k] = true
	}
	return out
}

// mergeOutputs returns the sorted union of two path lists.
func mergeOutputs(a, b []string) []string {
	out := append(slices.Clone(a), b...)
	slices.Sort(out)
	return slices.Compact(out)
}

// count is the number of mutants the cache gave this run.
func (cr *cacheRun) count() int {
	n := 0
	for _, ids := range cr.served {
		n += len(ids)
	}
	return n
}

func (cr *cacheRun) serve(p, id string) {
	if cr.served[p] == nil {
		cr.served[p] = map[string]bool{}
	}
	cr.served[p][id] = true
}

// missNote says why mutants ran: " (12: not in the cache; 3: tests of x changed)".
func (cr *cacheRun) missNote() string {
	if len(cr.misses) == 0 {
		return ""
	}
	reasons := sortedKeys(cr.misses)
	sort.SliceStable(reasons, func(i, j int) bool { return cr.misses[reasons[i]] > cr.misses[reasons[j]] })
	var parts []string
	for _, r := range reasons {
		parts = append(parts, strconv.Itoa(cr.misses[r])+": "+r)
	}
	return " (" + strings.Join(parts, "; ") + ")"
}

// save writes the cache: the verdicts of res with the hashes taken when
// the run started, over what the file held for this environment. With a
// nil res it only rewrites the file (a new executable stamp, new output
// files).
func (cr *cacheRun) save(cfg *gotest.Config, res *gotest.Result) {
	c := &outcomeCache{Format: cacheFormat, Env: cr.env, Exe: cr.exe, Packages: cr.old.Packages, Outputs: cr.outputs}
	if res != nil {
		for _, pr := range res.Packages {
			if pr.Universe == 0 && cfg.Filter != nil {
				continue // nothing selected: the package was not scored
			}
			p := pr.Path
			cp := c.Packages[p]
			if cp == nil || cp.Code != cr.code[p] {
				cp = &cachedPackage{Mutants: map[string]*cachedMutant{}}
				c.Packages[p] = cp
			}
			cp.Code, cp.Tests = cr.code[p], cr.tests[p]
			cp.TestNames = nil
			for _, t := range pr.Tests {
				cp.TestNames = append(cp.TestNames, t.Name)
			}
			cp.SetAside, cp.Suites, cp.Strength = pr.SetAside, pr.Suites, nil
			if len(pr.Strength) > 0 {
				sb, err := json.Marshal(pr.Strength)
				if err != nil {
					cr.warnf("the outcome cache was not written: %v", err)
					return
				}
				cp.Strength = sb
			}
			var muts []mutate.Mutant
			for _, m := range pr.Mutants {
				muts = append(muts, m.Mutant)
				if m.Outcome == "" {
					continue
				}
				rec := runlog.NewMutant(&gotest.PackageResult{}, m) // no diff: the report makes it
				rec.Mutant = runlog.Portable(rec.Mutant)
				deps, all := cr.deps(p, m, cfg.Matrix)
				cp.Mutants[m.Mutant.ID] = &cachedMutant{Mutant: rec, Deps: deps, All: all}
			}
			cp.SuitesOver = mutantsHash(muts)
		}
	}
	b, err := json.Marshal(c)
	if err == nil {
		err = writeCacheFile(cr.path, b)
	}
	if err != nil {
		cr.warnf("the outcome cache was not written: %v", err)
	}
}

// writeCacheFile writes b to path through a temporary file and a rename,
// so that a reader never sees half a cache.
func writeCacheFile(path string, b []byte) error {
	dir := filepath.Dir(path)
	if err := runlog.EnsureResultsDir(filepath.Dir(dir)); err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, ".outcomes-*.tmp")
	if err != nil {
		return err
	}
	_, err = tmp.Write(b)
	if err == nil {
		err = tmp.Chmod(0o644)
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}

// sortedKeys returns m's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	return slices.Sorted(maps.Keys(m))
}
